// "Getting stuck": a patient with no usable email on record, who gave none, is not sent
// back and forth between "We will use the email address we have on record for you." and "We do
// not have an email address for you": they add one, or ask the practice to phone them, and the
// practice stores that choice (the associated PATIENT_REFUSED_UPDATE_CONTACT).
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, openPage } from './harness';
import { useBrowser } from './use-browser';
import { practiceRequests } from './practice-controls';
import { clickButton, declineLogin, demoPatient, fillContact, fillDetails, passEmergencyCheck } from './admin-steps';
import { fillCurrentPage, form, loadDocument, pressSubmit } from './form-filler';
import type { FormData } from '../../renderer/core/index';
import { answerQuestionnaire, loadPathway, openTriage, patientParams, search } from './triage-steps';

const SCREENS = process.env.SCREENS_DIR ?? '/work/screens/px27';

const browser = useBrowser({ resetAfterEach: true });

async function expectAccessible(page: Page, where: string) {
  expect(await axeViolations(page), where).toEqual([]);
}

async function screenshot(page: Page, name: string) {
  if (!process.env.SCREENS) return;
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: `${SCREENS}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
}

/** The demo record with no email on it (the seed's "Nomail"), giving none in the request. */
const NOMAIL = demoPatient('Nomail', '1979-09-30', 'LS2 7EE');
/** The demo record whose email does not work. */
const BADMAIL = demoPatient('Bademail', '1990-02-14', 'LS3 1AB');
const PHONE_OFFER = 'Add an email address so the practice can reply by email, or ask the practice to phone you instead.';

/** Details and contact details without an email, "No email address given" → Continue: the record check's answer. */
async function giveDetailsWithoutEmail(page: Page, patient = NOMAIL) {
  await declineLogin(page);
  await fillDetails(page, patient);
  await clickButton(page, 'Next');
  await fillContact(page, patient);
  await clickButton(page, 'Next');
  await page.getByRole('dialog', { name: 'No email address given' }).getByRole('button', { name: 'Continue' }).click();
}

describe('no usable email: add one or ask for a phone reply', () => {
  for (const width of [390, 1280]) {
    it(`admin request at ${width} px: "Ask the practice to phone me" goes on to the form and the practice stores the choice`, async () => {
      const { page } = await openPage(browser, { viewport: { width, height: 900 } });
      // A form that checks the patient against the practice record.
      await page.goto('/admin-request/form?request=REPEAT_PRESCRIPTION');
      await passEmergencyCheck(page);
      await giveDetailsWithoutEmail(page);
      const dialog = page.getByRole('dialog', { name: 'Please provide an email address' });
      await dialog.waitFor();
      await expect.poll(() => dialog.textContent()).toContain(PHONE_OFFER);
      expect(await dialog.textContent()).toContain('they will call 07400 654321');
      // Both ways on are there; the one focused on opening is adding an email.
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Add an email address');
      await expectAccessible(page, 'no email modal');
      await screenshot(page, 'no-email-modal');
      await dialog.getByRole('button', { name: 'Ask the practice to phone me' }).click();
      await page.waitForURL((url) => url.pathname === '/admin-request/form');
      const doc = loadDocument('REPEAT_PRESCRIPTION');
      const answersSoFar = async (): Promise<FormData> =>
        page.evaluate(
          () => (JSON.parse(sessionStorage.getItem('flow:admin') ?? '{}') as { answers?: Record<string, FormData> }).answers?.REPEAT_PRESCRIPTION ?? {},
        );
      for (let i = 0; i < doc.pages.length; i++) {
        await page.getByRole('heading', { level: 1, name: doc.pages[i]!.title }).waitFor();
        await fillCurrentPage(page, doc, i, {}, new Date(), answersSoFar);
        await pressSubmit(page, doc, i);
      }
      // No second "Before we send your request" question: the choice is made.
      await page.getByRole('heading', { name: 'Your administrative request has been sent.' }).waitFor();
      const [stored] = await practiceRequests();
      expect(stored?.formType).toBe('REPEAT_PRESCRIPTION');
      expect(stored?.body.associatedRequest).toEqual({ formType: 'PATIENT_REFUSED_UPDATE_CONTACT', triageRequestType: 'PATIENT_REFUSED_UPDATE_CONTACT' });
      expect(stored?.body.patient).toMatchObject({ contactDetails: { preferredContact: { type: 'OWN_NUMBER', phoneNumber: '+447400654321' } } });
      expect(stored?.body.patient).not.toHaveProperty('contactDetails.emailAddress');
    });
  }

  it('"Add an email address" focuses the email box; the message on the page still offers the phone reply', async () => {
    const { page } = await openPage(browser);
    await page.goto('/admin-request/form?request=REPEAT_PRESCRIPTION');
    await passEmergencyCheck(page);
    await giveDetailsWithoutEmail(page, BADMAIL);
    const dialog = page.getByRole('dialog', { name: 'Please enter an email address that works' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Add an email address' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('field-emailAddress');
    const notice = page.locator('#record-check-outcome');
    expect(await notice.textContent()).toContain(PHONE_OFFER);
    await expectAccessible(page, 'no email notice');
    await screenshot(page, 'no-email-notice');
    await notice.getByRole('button', { name: 'Ask the practice to phone me' }).click();
    await page.waitForURL((url) => url.pathname === '/admin-request/form');
  });

  it('medical request: the phone reply is said before Send and stored with the consultation', { timeout: 180_000 }, async () => {
    const doc = loadPathway('Triage.DiarrhoeaVomiting');
    const ex = doc.examples!.find((e) => e.name === 'Routine stomach bug')!;
    const { page } = await openPage(browser);
    await openTriage(page);
    await search(page, 'diarrhoea and being sick');
    await page.getByTestId('search-results').getByRole('link', { name: doc.label, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/triage/patient-details');
    await giveDetailsWithoutEmail(page);
    await page.getByRole('dialog', { name: 'Please provide an email address' }).getByRole('button', { name: 'Ask the practice to phone me' }).click();
    await page.waitForURL((url) => url.pathname === '/triage/questionnaire');
    await form(page).waitFor();
    await answerQuestionnaire(page, doc, ex.answers, patientParams(NOMAIL));
    await page.waitForURL((url) => url.pathname === '/triage/your-own-words');
    await page.getByRole('combobox', { name: /What do you hope for from the practice/ }).selectOption({ label: 'I need advice' });
    await page.getByRole('textbox', { name: /Is there anything else it would help the practice to know/ }).fill('No');
    await form(page).getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('heading', { name: 'Send your request?' }).waitFor();
    expect(await page.getByTestId('phone-reply').textContent()).toContain('the practice will phone you on 07400 654321');
    expect(await page.getByText('You will get a confirmation email within 15 minutes.').count()).toBe(0);
    await expectAccessible(page, 'send your request, phone reply');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('heading', { name: 'Your request for medical advice has been sent.' }).waitFor();
    // The confirmation shows the reference, what was sent and how the practice will reply.
    const [stored] = await practiceRequests();
    expect(await page.getByTestId('sent-reference').textContent()).toBe(
      stored!.id
        .replace(/[^A-Za-z0-9]/g, '')
        .slice(0, 8)
        .toUpperCase(),
    );
    expect(await page.getByTestId('sent-reply').textContent()).toBe('The practice will reply by phone on 07400 654321.');
    expect(await page.getByTestId('sent-summary').textContent()).toContain(doc.label);
    expect(await axeViolations(page), 'medical confirmation').toEqual([]);
    await screenshot(page, 'medical-confirmation');
    expect(stored?.kind).toBe('UNVERIFIED_REQUESTS');
    const body = stored?.body as { primaryRequest: { patient: unknown }; associatedRequest: Record<string, unknown> };
    expect(body.associatedRequest).toMatchObject({ formType: 'PATIENT_REFUSED_UPDATE_CONTACT', triageRequestType: 'PATIENT_REFUSED_UPDATE_CONTACT' });
    expect(body.primaryRequest.patient).toMatchObject({ contactDetails: { preferredContact: { phoneNumber: '+447400654321' } } });
  });
});
