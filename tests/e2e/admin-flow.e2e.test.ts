import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, openPage } from './harness';
import { useBrowser } from './use-browser';
import { practiceOutbox, practiceRequests, setControls } from './practice-controls';
import {
  AMELIA,
  clickButton,
  confirmDiscard,
  declineLogin,
  passEmergencyCheck,
  demoPatient,
  fillContact,
  fillDetails,
  reachForm,
  reachPostcodeNotFound,
  type DemoPatient,
} from './admin-steps';
import { ADMIN_FORMS, fillCurrentPage, loadDocument, pressSubmit } from './form-filler';
import { prune, toWire, type FormData } from '../../renderer/core/index';
import { withCanonicalFormPhones } from '../../server/identity';

const browser = useBrowser({ resetAfterEach: true });

const SENT = 'Your administrative request has been sent.';
const SEND_FAILED = 'There was a problem. Please check your connection and press the send button again.';

async function expectAccessible(page: Page, where: string) {
  const violations = await axeViolations(page);
  expect(violations, where).toEqual([]);
}

async function fillOtherEnquiry(page: Page, description: string) {
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByLabel('Medication', { exact: true }).check();
  await page.getByLabel(/^Details of your enquiry/).fill(description);
  await page.getByLabel(/^I confirm my enquiry is not urgent/).check();
}

describe('admin request journey in Chromium', () => {
  it('goes from the home card through the emergency check to the menu of enabled forms', async () => {
    const { page, cspViolations } = await openPage(browser);
    await page.goto('/');
    await page.getByRole('link', { name: /Questions and admin/ }).click();
    await page.getByRole('heading', { name: 'Call 999 for help if you have any of these' }).waitFor();
    await page
      .getByRole('button', { name: 'I have none of these' })
      .or(page.getByRole('link', { name: 'I have none of these' }))
      .click();
    await page.getByRole('heading', { name: 'I need admin help' }).waitFor();
    await expect.poll(() => page.title()).toBe('Your GP practice - I need admin help');
    await expect.poll(() => page.getByText('Please select an option below.').count()).toBe(1);
    const options = await page.locator('.app-admin-menu__option').count();
    expect(options).toBe(10);
    await expectAccessible(page, 'admin menu');

    await setControls({ patientEnabledForms: ['FIT_NOTE', 'OTHER_ENQUIRY'] });
    await page.reload();
    await page.getByRole('heading', { name: 'I need admin help' }).waitFor();
    expect(await page.locator('.app-admin-menu__option').allInnerTexts()).toEqual([
      expect.stringContaining('Fit note'),
      expect.stringContaining('Other enquiry'),
    ]);
    // A form that is not enabled for the patient goes back to the menu; an unknown one goes home.
    await page.goto('/admin-request/form?request=DOCTOR_LETTER');
    await page.waitForURL('**/admin-request');
    await page.goto('/admin-request/form?request=NOT_A_FORM');
    await page.waitForURL((url) => url.pathname === '/');
    // The address changes before the home page has drawn (and ended the journey): wait for it.
    await page.getByRole('heading', { level: 1, name: /^Welcome to / }).waitFor();
    // Back home the journey is over, so the next deep link meets the emergency check again;
    // with no enabled forms the menu then sends the patient home.
    await setControls({ patientEnabledForms: [] });
    await page.goto('/admin-request');
    await passEmergencyCheck(page);
    await page.waitForURL((url) => url.pathname === '/');
    expect(await cspViolations()).toEqual([]);
  });

  it('sends an other enquiry and the practice receives exactly what was answered', async () => {
    const { page, cspViolations, errors } = await openPage(browser);
    await page.goto('/admin-request/form?request=OTHER_ENQUIRY');
    await passEmergencyCheck(page); // a deep link meets the emergency check first
    await expectAccessible(page, 'login choice');
    await declineLogin(page);
    await page.getByRole('heading', { name: 'Your details' }).waitFor();
    await expectAccessible(page, 'details pristine');
    await clickButton(page, 'Next');
    await page.getByText('Please enter a date of birth').first().waitFor();
    await expect.poll(() => page.getByText('Please select sex at birth').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'details after a failed Next');
    await fillDetails(page, AMELIA);
    await clickButton(page, 'Next');
    await page.getByRole('heading', { name: 'Your contact details' }).waitFor();
    await expectAccessible(page, 'contact details pristine');
    await clickButton(page, 'Next');
    await page.getByText('Please select an option').first().waitFor();
    await expectAccessible(page, 'contact details after a failed Next');
    await fillContact(page, AMELIA);
    await clickButton(page, 'Next');

    await page.waitForURL((url) => url.pathname === '/admin-request/form');
    await expect.poll(() => page.title()).toBe('Your GP practice - Other enquiry');
    await expectAccessible(page, 'form pristine');
    await clickButton(page, 'Send');
    await page.getByText('Please complete the errors in this form').waitFor();
    await expect.poll(() => page.getByText('Please enter details of your enquiry.').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'form after a failed Send');
    await fillOtherEnquiry(page, '  Can I change my repeat medication review date?  ');
    await clickButton(page, 'Send');
    await page.getByRole('heading', { name: SENT }).waitFor();
    // One timescale: the other enquiry form's own reply time, as its email says it, never the default 48 hours.
    await expect.poll(() => page.getByTestId('receipt-reply-time').textContent()).toBe('The practice aims to respond within two working days.');
    await expect.poll(() => page.getByText('48 hours').count()).toBe(0);
    await expectAccessible(page, 'complete');

    const [stored] = await practiceRequests();
    expect(stored?.formType).toBe('OTHER_ENQUIRY');
    const body = stored!.body;
    expect(body).toMatchObject({
      formType: 'OTHER_ENQUIRY',
      triageRequestType: 'OTHER_ENQUIRY',
      questionType: 'Medication',
      description: 'Can I change my repeat medication review date?',
      confirmedItsNotUrgent: true,
      patient: {
        firstName: 'Amelia',
        lastName: 'Testwell',
        dateOfBirth: '1985-04-12',
        sexAtBirth: 'female',
        postCode: 'LS1 4AP',
        contactDetails: { emailAddress: 'amelia.testwell@example.com', preferredContact: { type: 'OWN_NUMBER', phoneNumber: '+447400123456' } },
      },
    });
    expect(Number.isNaN(Date.parse(String(body.submittedDate)))).toBe(false);
    // The confirmation the screen promises reaches the patient (the embedded outbox stands in for email).
    await expect.poll(async () => (await practiceOutbox()).length, { timeout: 10_000 }).toBe(1);
    const [email] = await practiceOutbox();
    expect(email).toMatchObject({ channel: 'EMAIL', to: 'amelia.testwell@example.com', subject: 'Riverside Medical Practice: we have received your request' });
    expect(email!.body).toContain(`Your reference: ${stored!.id.replace(/-/g, '').slice(0, 8).toUpperCase()}`);
    expect(email!.body).toContain('The practice aims to respond within two working days.');
    expect(email!.body).not.toContain('repeat medication review');
    // Sent: the answers and the patient-details steps are forgotten; the tab keeps only the receipt
    // (so a reload of the confirmation still shows it, until logout or the tab closes) and the
    // index of stores that logout clears; nothing ever in localStorage.
    expect(
      await page.evaluate(() =>
        Object.keys(sessionStorage)
          .filter((k) => !k.startsWith('__'))
          .sort(),
      ),
    ).toEqual(['flow-store-keys', 'flow:admin-receipt']);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    expect(await cspViolations()).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('never sends an answer whose question was hidden after it was answered', async () => {
    const { page } = await openPage(browser);
    await reachForm(page, 'TEST_RESULTS');
    await page.getByLabel('Other', { exact: true }).check();
    await page.getByLabel(/^Which type of test/).fill('Allergy patch test');
    await page.getByLabel('Blood test', { exact: true }).check();
    expect(await page.getByLabel(/^Which type of test/).count()).toBe(0);
    const today = new Date();
    await page.locator('#field-when').fill(String(today.getDate()));
    await page.locator('#field-when-month').fill(String(today.getMonth() + 1));
    await page.locator('#field-when-year').fill(String(today.getFullYear() - 1));
    await page.getByLabel(/^Where did you have the test/).fill('Leeds General Infirmary');
    await clickButton(page, 'Send');
    await page.getByRole('heading', { name: SENT }).waitFor();
    const [stored] = await practiceRequests();
    expect(stored?.body.type).toBe('Blood test');
    expect(stored?.body).not.toHaveProperty('otherType');
    expect(stored?.body.where).toBe('Leeds General Infirmary');
  });

  it('keeps every answer through a page reload in the same tab', async () => {
    const { page } = await openPage(browser);
    await reachForm(page, 'OTHER_ENQUIRY');
    await fillOtherEnquiry(page, 'Typed before the reload');
    await page.reload();
    await page.getByLabel(/^Details of your enquiry/).waitFor();
    expect(await page.getByLabel(/^Details of your enquiry/).inputValue()).toBe('Typed before the reload');
    expect(await page.getByLabel('Medication', { exact: true }).isChecked()).toBe(true);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  });

  it('keeps the answers when a send fails, and a retry stores exactly one request', async () => {
    const { page } = await openPage(browser);
    await reachForm(page, 'OTHER_ENQUIRY');
    await fillOtherEnquiry(page, 'Sent through a flaky connection');
    // The practice stores the request but the answer never reaches the browser.
    let calls = 0;
    await page.route('**/api/v1/triage/patient/admin/request', async (route) => {
      calls += 1;
      if (calls === 1) {
        await route.fetch();
        await route.abort('connectionclosed');
      } else {
        await route.continue();
      }
    });
    await clickButton(page, 'Send');
    await page.getByText(SEND_FAILED).waitFor();
    expect(await page.getByLabel(/^Details of your enquiry/).inputValue()).toBe('Sent through a flaky connection');
    await expectAccessible(page, 'failed send');
    await clickButton(page, 'Send');
    await page.getByRole('heading', { name: SENT }).waitFor();
    expect(calls).toBe(2);
    const stored = (await practiceRequests()).filter((r) => r.formType === 'OTHER_ENQUIRY');
    expect(stored).toHaveLength(1);
  });

  it('sends one request when Send is double-clicked', async () => {
    const { page } = await openPage(browser);
    await reachForm(page, 'OTHER_ENQUIRY');
    await fillOtherEnquiry(page, 'Double click');
    await page.getByRole('button', { name: 'Send', exact: true }).dblclick();
    await page.getByRole('heading', { name: SENT }).waitFor();
    expect((await practiceRequests()).filter((r) => r.formType === 'OTHER_ENQUIRY')).toHaveLength(1);
  });

  it('offers to add an email before sending when the patient gave none; "Send request only" tells the practice', async () => {
    const { page } = await openPage(browser);
    await reachForm(page, 'OTHER_ENQUIRY', { ...AMELIA, email: undefined });
    await fillOtherEnquiry(page, 'No email for me');
    await clickButton(page, 'Send');
    await page.getByRole('heading', { name: 'Before we send your request' }).waitFor();
    await expect.poll(() => page.title()).toBe('Your GP practice - Before we send your request');
    await expectAccessible(page, 'add contact details');
    await clickButton(page, 'Send request only');
    await page.getByRole('heading', { name: SENT }).waitFor();
    const [stored] = await practiceRequests();
    expect(stored?.body.associatedRequest).toEqual({ formType: 'PATIENT_REFUSED_UPDATE_CONTACT', triageRequestType: 'PATIENT_REFUSED_UPDATE_CONTACT' });
    expect(stored?.body.description).toBe('No email for me');
  });

  it('"Add email and send request" sends the request with the new contact details', async () => {
    const { page } = await openPage(browser);
    await reachForm(page, 'OTHER_ENQUIRY', { ...AMELIA, email: undefined });
    await fillOtherEnquiry(page, 'Adding my email');
    await clickButton(page, 'Send');
    await clickButton(page, 'Add email and send request');
    await page.getByRole('heading', { name: 'Change your contact details' }).waitFor();
    await expectAccessible(page, 'change of contact details pristine');
    await clickButton(page, 'Send');
    await page.getByText('This field is required.').first().waitFor();
    await expectAccessible(page, 'change of contact details after a failed Send');
    await page.getByRole('textbox', { name: /^Email address/ }).fill('amelia.new@example.com');
    await clickButton(page, 'Send');
    await page.getByRole('heading', { name: SENT }).waitFor();
    const [stored] = await practiceRequests();
    expect(stored?.kind).toBe('UNVERIFIED_REQUESTS');
    const body = stored?.body as { primaryRequest: Record<string, unknown>; associatedRequest: Record<string, unknown> };
    expect(body.primaryRequest.description).toBe('Adding my email');
    expect(body.associatedRequest).toMatchObject({ formType: 'CHANGE_OF_CONTACT_DETAILS', newEmail: 'amelia.new@example.com' });
  });

  it('checks the pharmacy postcode of the prescription service form and asks before using an unknown one', async () => {
    const { page } = await openPage(browser);
    await reachForm(page, 'ELECTRONIC_PRESCRIPTION_SERVICE');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('textbox', { name: /^Email address/ }).fill('amelia.testwell@example.com');
    await page.getByLabel(/pharmacy name/i).fill('Riverside Pharmacy');
    await page.getByLabel(/pharmacy address/i).fill('1 High Street, Leeds');
    await page.getByLabel(/pharmacy postcode/i).fill('LS99 9ZZ');
    await clickButton(page, 'Send');
    const dialog = page.getByRole('dialog', { name: 'Postcode not found' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByText("This may be a new postcode. Pick Yes to continue if you're sure it's right.").count()).toBe(1);
    await expectAccessible(page, 'postcode modal');
    // No goes back to the pharmacy postcode, focused; Send asks again.
    await dialog.getByRole('button', { name: 'No' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('field-pharmacyPostcode');
    await clickButton(page, 'Send');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await page.getByRole('heading', { name: SENT }).waitFor();
    const [stored] = await practiceRequests();
    expect(stored?.body.pharmacyPostcode).toBe('LS99 9ZZ');
  });

  it('a patient logged in with NHS login gets the short form and the practice receives their record details', async () => {
    const { page } = await openPage(browser);
    await page.goto('/admin-request/form?request=OTHER_ENQUIRY');
    await passEmergencyCheck(page); // a deep link meets the emergency check first
    await page.getByRole('link', { name: 'Continue to NHS login' }).click();
    await page.getByRole('button', { name: /Continue as Amelia Testwell/ }).click();
    await page.waitForURL((url) => url.pathname === '/admin-request/patient-details');
    await page.getByRole('heading', { name: 'Your details' }).waitFor();
    await expectAccessible(page, 'logged-in short form');
    // Sex at birth is left blank for the patient; the phone starts as their NHS login mobile.
    expect(await page.getByLabel('Female', { exact: true }).isChecked()).toBe(false);
    await page.getByLabel('Female', { exact: true }).check();
    expect(await page.getByRole('textbox', { name: /phone/i }).inputValue()).toBe('07400 123456');
    await page.getByRole('checkbox').check();
    await clickButton(page, 'Next');
    await page.waitForURL((url) => url.pathname === '/admin-request/form');
    await fillOtherEnquiry(page, 'Sent while logged in');
    await clickButton(page, 'Send');
    await page.getByRole('heading', { name: SENT }).waitFor();
    const [stored] = await practiceRequests();
    expect(stored?.body.patient).toMatchObject({
      firstName: 'Amelia',
      lastName: 'Testwell',
      dateOfBirth: '1985-04-12',
      postCode: 'LS1 4AP',
      sexAtBirth: 'female',
      contactDetails: { emailAddress: 'amelia.testwell@example.com', preferredContact: { type: 'OWN_NUMBER', phoneNumber: '+447400123456' } },
    });
  });

  it('the NHS login choice and the logged-in short form have Back and Cancel', async () => {
    const { page } = await openPage(browser);
    await page.goto('/admin-request/form?request=OTHER_ENQUIRY');
    await passEmergencyCheck(page);
    await page.getByRole('heading', { name: 'Do you want to use NHS login?' }).waitFor();
    expect(await page.locator('.nhsuk-back-link').count()).toBe(1);
    await clickButton(page, 'Cancel');
    await confirmDiscard(page);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/admin-request/form?request=OTHER_ENQUIRY');
    await passEmergencyCheck(page);
    await page.getByRole('link', { name: 'Continue to NHS login' }).click();
    await page.getByRole('button', { name: /Continue as Amelia Testwell/ }).click();
    await page.waitForURL((url) => url.pathname === '/admin-request/patient-details');
    await page.getByRole('heading', { name: 'Your details' }).waitFor();
    expect(await page.locator('.nhsuk-back-link').count()).toBe(1);
    await expectAccessible(page, 'logged-in short form with Cancel');
    await clickButton(page, 'Cancel');
    await confirmDiscard(page);
    await page.waitForURL((url) => url.pathname === '/');
    expect(await practiceRequests()).toEqual([]);
  });

  it('stops the flow when the admin service closes while the patient is filling the form (412)', async () => {
    const { page, cspViolations } = await openPage(browser);
    await reachForm(page, 'OTHER_ENQUIRY');
    await fillOtherEnquiry(page, 'Too late today');
    await setControls({ operationalState: { admin: { practiceCalendar: 'OUT_OF_HOURS' } } });
    await clickButton(page, 'Send');
    await page.waitForURL((url) => url.pathname === '/triage/service-closed');
    // The spec's popup words are the screen's heading and first line, shown once.
    await page.getByRole('heading', { level: 1, name: 'Service unavailable' }).waitFor();
    await expect.poll(() => page.getByText('We are sorry, the service is now closed and we can’t complete your request.').count()).toBe(1);
    expect(await page.getByText('Service unavailable', { exact: true }).count()).toBe(1);
    expect(await practiceRequests()).toEqual([]);
    await expectAccessible(page, 'service closed after 412');
    expect(await cspViolations()).toEqual([]);
  });

  it('completes a form with the keyboard alone', async () => {
    const { page } = await openPage(browser);
    await reachForm(page, 'OTHER_ENQUIRY');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const tabTo = async (description: string, isTarget: () => Promise<boolean>) => {
      for (let i = 0; i < 80; i++) {
        await page.keyboard.press('Tab');
        if (await isTarget()) return;
      }
      throw new Error(`Tab never reached ${description}`);
    };
    const focusedMatches = (selector: string) => () => page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);
    await tabTo('the first radio', focusedMatches('input[type=radio]'));
    await page.keyboard.press('Space');
    await tabTo('the enquiry text', focusedMatches('textarea'));
    await page.keyboard.type('Typed with the keyboard');
    await tabTo('the not-urgent checkbox', focusedMatches('input[type=checkbox]'));
    await page.keyboard.press('Space');
    await tabTo('Send', () => page.evaluate(() => document.activeElement?.tagName === 'BUTTON' && document.activeElement.textContent?.trim() === 'Send'));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: SENT }).waitFor();
    const [stored] = await practiceRequests();
    expect(stored?.body.description).toBe('Typed with the keyboard');
  });
});

describe('every admin form sent end to end', () => {
  it.each(ADMIN_FORMS)('%s: the practice stores exactly the answers that apply', async (formType) => {
    const { page, cspViolations } = await openPage(browser);
    await reachForm(page, formType);
    const doc = loadDocument(formType);
    // The flow's own state (sessionStorage) is what the patient has answered so far.
    const answersSoFar = async (): Promise<FormData> =>
      page.evaluate(
        (type) => (JSON.parse(sessionStorage.getItem('flow:admin') ?? '{}') as { answers?: Record<string, FormData> }).answers?.[type] ?? {},
        formType,
      );
    let answers: FormData = {};
    for (let i = 0; i < doc.pages.length; i++) {
      await page.getByRole('heading', { level: 1, name: doc.pages[i]!.title }).waitFor();
      await fillCurrentPage(page, doc, i, {}, new Date(), answersSoFar);
      answers = await answersSoFar();
      await pressSubmit(page, doc, i);
    }
    await page.getByRole('heading', { name: SENT }).waitFor();

    const stored = (await practiceRequests()).find((r) => r.formType === formType);
    expect(stored, `${formType} stored`).toBeDefined();
    const params = { patientAge: 41, askPharmacyPostcode: false };
    // As the API takes them: a sendAs valueLabel answer is stored as { value, label } entries, a
    // phone answer in E.164 (the registration's emergency contact), as the server spells it.
    const expected = withCanonicalFormPhones(doc.schema, toWire(doc, prune(doc, answers, params).data));
    expect(Object.keys(expected).length).toBeGreaterThan(0);
    for (const field of Object.keys(doc.schema.properties)) {
      if (field in expected) expect(stored!.body[field], `${formType}.${field}`).toEqual(expected[field]);
      else expect(stored!.body, `${formType}.${field} not sent`).not.toHaveProperty(field);
    }
    expect(stored!.body).toMatchObject({ formType, triageRequestType: formType, patient: { lastName: 'Testwell' } });
    expect(await cspViolations()).toEqual([]);
  });
});

describe('patient check statuses', () => {
  const NOBODY = demoPatient('Nobody', '1990-01-01', 'LS1 1AA', 'nobody@example.com');
  const cases: Array<[string, DemoPatient, string, string?]> = [
    ['NOT_VALIDATED', NOBODY, 'Please check the details you have provided', "We can't find a record matching this information."],
    ['NO_EMAIL', demoPatient('Nomail', '1979-09-30', 'LS2 7EE', 'noah@example.com'), 'Please register an email address'],
    ['NO_EMAIL_ON_EPR_AND_REQUEST', demoPatient('Nomail', '1979-09-30', 'LS2 7EE'), 'Please provide an email address'],
    ['INVALID_EMAIL', demoPatient('Bademail', '1990-02-14', 'LS3 1AB', 'ivy@example.com'), 'Please register a valid email address'],
    ['INVALID_EMAIL_ON_EPR_AND_NO_EMAIL_REQUEST', demoPatient('Bademail', '1990-02-14', 'LS3 1AB'), 'Please enter an email address that works'],
    [
      'INVALID_STATUS',
      demoPatient('Inactive', '1968-07-21', 'LS4 2HX', 'isaac@example.com'),
      'Practice admin needed',
      'Please call the practice on 0113 496 0000 so they can help.',
    ],
    [
      'SERVICE_UNAVAILABLE',
      demoPatient('Outage', '1995-12-05', 'LS5 3JR', 'sam@example.com'),
      'Sorry, there is a problem',
      'The patient record system is not available at the moment. Please try later or call the practice.',
    ],
    ['TEMPORARY_ERROR', demoPatient('Timeout', '2000-03-09', 'LS7 4DN', 'tara@example.com'), 'Sorry, there is a problem'],
    ['UPDATE_CONTACT_REQUESTED', demoPatient('Update', '1958-05-17', 'LS8 1PL', 'ursula@example.com'), 'Your new contact details are not on your record yet'],
  ];

  it.each(cases)('%s opens its modal and does not move on', async (_status, patient, title, content) => {
    const { page } = await openPage(browser);
    await page.goto('/admin-request/form?request=REPEAT_PRESCRIPTION');
    await passEmergencyCheck(page); // a deep link meets the emergency check first
    await declineLogin(page);
    await fillDetails(page, patient);
    await clickButton(page, 'Next');
    await fillContact(page, patient);
    await clickButton(page, 'Next');
    if (!patient.email) await page.getByRole('dialog', { name: 'No email address given' }).getByRole('button', { name: 'Continue' }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor();
    if (content) await expect.poll(() => dialog.textContent()).toContain(content);
    await expectAccessible(page, `${title} modal`);
    // No usable email anywhere: the dialog offers adding one or a phone reply instead of Close.
    const noEmail = _status === 'NO_EMAIL_ON_EPR_AND_REQUEST' || _status === 'INVALID_EMAIL_ON_EPR_AND_NO_EMAIL_REQUEST';
    // An email given that the record lacks: the dialog offers sending with it or a phone reply (Escape stays).
    const givenEmail = _status === 'NO_EMAIL' || _status === 'INVALID_EMAIL';
    if (givenEmail) {
      await dialog.getByRole('button', { name: 'Ask the practice to phone me' }).waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await page.locator('#record-check-outcome').getByRole('button', { name: 'Send with this email' }).waitFor();
    } else await dialog.getByRole('button', { name: noEmail ? 'Add an email address' : 'Close' }).click();
    expect(new URL(page.url()).pathname).toBe('/admin-request/patient-details');
  });

  it('a network failure during the check means TEMPORARY_ERROR', async () => {
    const { page } = await openPage(browser);
    await page.route('**/api/v1/triage/nhs/next/validate/patient', (route) => route.abort('failed'));
    await page.goto('/admin-request/form?request=REPEAT_PRESCRIPTION');
    await passEmergencyCheck(page); // a deep link meets the emergency check first
    await declineLogin(page);
    await fillDetails(page, AMELIA);
    await clickButton(page, 'Next');
    await fillContact(page, AMELIA);
    await clickButton(page, 'Next');
    await page.getByRole('dialog', { name: 'Sorry, there is a problem' }).waitFor();
  });

  async function checkAnswered(page: Page, status: number) {
    await page.route('**/api/v1/triage/nhs/next/validate/patient', (route) =>
      route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ statusCode: status, message: 'x' }) }),
    );
    await page.goto('/admin-request/form?request=REPEAT_PRESCRIPTION');
    await passEmergencyCheck(page);
    await declineLogin(page);
    await fillDetails(page, AMELIA);
    await clickButton(page, 'Next');
    await fillContact(page, AMELIA);
    await clickButton(page, 'Next');
  }
  const UNEXPECTED = 'An unexpected error has occurred, please contact the practice directly.';

  it('an error answer that matches no status says to contact the practice, not to try later', async () => {
    const { page } = await openPage(browser);
    await checkAnswered(page, 500);
    const dialog = page.getByRole('dialog', { name: 'An error has occurred' });
    await dialog.waitFor();
    await expect.poll(() => dialog.textContent()).toContain(UNEXPECTED);
    expect(await dialog.textContent()).not.toContain('try later');
    await expectAccessible(page, 'unexpected error modal');
  });

  it('a not-found answer shows no dialog; its message stays on the page', async () => {
    const { page } = await openPage(browser);
    await checkAnswered(page, 404);
    const notice = page.locator('#record-check-outcome');
    await notice.waitFor();
    await expect.poll(() => notice.textContent()).toContain(UNEXPECTED);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expectAccessible(page, 'not-found outcome');
  });

  it('VALIDATED moves on to the form; an unknown postcode is confirmed first', async () => {
    const { page } = await openPage(browser);
    const dialog = await reachPostcodeNotFound(page, 'REPEAT_PRESCRIPTION');
    await dialog.getByRole('button', { name: 'No' }).click();
    await page.getByRole('textbox', { name: /^Postcode/ }).fill(AMELIA.postcode);
    await clickButton(page, 'Next');
    await fillContact(page, AMELIA);
    await clickButton(page, 'Next');
    await page.waitForURL('**/admin-request/form?request=REPEAT_PRESCRIPTION');
    await page
      .getByLabel(/Name of the medicine/)
      .first()
      .waitFor();
  });
});
