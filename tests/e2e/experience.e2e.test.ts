// A patient never gets lost, stuck or left exposed. One test per point of that promise (each
// failed on the code before it), then a keyboard-only pass, axe at 320 and
// 1280 px on every admin screen, and screenshots written to test-results/ (not committed).
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, openPage } from './harness';
import { useBrowser } from './use-browser';
import { practiceRequests, setControls } from './practice-controls';
import {
  AMELIA,
  clickButton,
  confirmDiscard,
  declineLogin,
  demoPatient,
  fillContact,
  fillDetails,
  passEmergencyCheck,
  reachForm,
  reachPostcodeNotFound,
} from './admin-steps';

const browser = useBrowser({ resetAfterEach: true });

const OUTPUT_DIR = path.join(process.cwd(), 'test-results');
const SENT = 'Your administrative request has been sent.';
const SEND_FAILED = 'There was a problem. Please check your connection and press the send button again.';

async function focusedText(page: Page): Promise<{ tag: string; text: string; id: string }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { tag: el?.tagName ?? '', text: el?.textContent?.trim() ?? '', id: el?.id ?? '' };
  });
}

async function fillOtherEnquiry(page: Page, description: string) {
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByLabel('Medication', { exact: true }).check();
  await page.getByLabel(/^Details of your enquiry/).fill(description);
  await page.getByLabel(/^I confirm my enquiry is not urgent/).check();
}

function flowKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('flow:') || k.startsWith('patient-details:') || k.startsWith('journey:')));
}

describe('page changes, leaving, logging out and errors', () => {
  it('1. Cancel on an admin form leaves the request and stays home', async () => {
    const { page } = await openPage(browser);
    await reachForm(page, 'OTHER_ENQUIRY');
    await clickButton(page, 'Cancel');
    await confirmDiscard(page);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // It used to bounce to the login choice of the same form.
    expect(await page.getByRole('heading', { name: 'Do you want to use NHS login?' }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await flowKeys(page)).toEqual([]);
  });

  it('1b. Cancel on an answered admin form asks first: "No" keeps every answer on screen, "Yes" discards', async () => {
    const { page } = await openPage(browser);
    await reachForm(page, 'OTHER_ENQUIRY');
    await fillOtherEnquiry(page, 'Can I collect my sick note on Friday?');
    const url = page.url();
    await clickButton(page, 'Cancel');
    const dialog = page.getByRole('dialog', { name: 'Discard your request?' });
    await dialog.waitFor();
    await dialog.getByText('If you cancel now, your answers will be deleted and your request will not be sent to the practice.').waitFor();
    // Opens on the safe choice: Enter by habit keeps the request.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('No, go back to my request');
    expect(await axeViolations(page), 'discard your request?').toEqual([]);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    expect(page.url()).toBe(url);
    // Focus goes back to Cancel, and every answer is still there.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    expect(await page.getByLabel('Medication', { exact: true }).isChecked()).toBe(true);
    expect(await page.getByLabel(/^Details of your enquiry/).inputValue()).toBe('Can I collect my sick note on Friday?');
    expect(await page.getByLabel(/^I confirm my enquiry is not urgent/).isChecked()).toBe(true);
    expect(await flowKeys(page)).toContain('flow:admin');
    // Escape is "No" too.
    await clickButton(page, 'Cancel');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByLabel(/^Details of your enquiry/).inputValue()).toBe('Can I collect my sick note on Friday?');
    await clickButton(page, 'Cancel');
    await confirmDiscard(page);
    await page.waitForURL((u) => u.pathname === '/');
    expect(await flowKeys(page)).toEqual([]);
  });

  it('2. Logout clears the patient from the tab and confirms it on a page', async () => {
    const { page } = await openPage(browser);
    await page.goto('/admin-request/form?request=OTHER_ENQUIRY');
    await passEmergencyCheck(page);
    await page.getByRole('link', { name: 'Continue to NHS login' }).click();
    await page.getByRole('button', { name: /^Continue as/ }).click();
    await page.getByRole('button', { name: 'My NHS login account' }).waitFor();
    await page.getByLabel(/^Which phone number should the practice call/).fill('07400 999888');
    await expect.poll(() => flowKeys(page)).toContain('patient-details:ADMIN_REQUEST');
    await page.getByRole('button', { name: 'My NHS login account' }).click();
    await page.getByRole('dialog', { name: 'My NHS login account' }).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/logged-out');
    await page.getByRole('heading', { name: 'You are logged out' }).waitFor();
    expect(await flowKeys(page)).toEqual([]);
    expect(await page.getByRole('button', { name: 'My NHS login account' }).count()).toBe(0);
  });

  it('3. a new page opens at the top, focuses its h1 and is announced', async () => {
    const { page } = await openPage(browser, { viewport: { width: 390, height: 700 } });
    await page.goto('/emergency-symptoms?next=/admin-request');
    await page.getByRole('button', { name: 'I have none of these' }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await clickButton(page, 'I have none of these');
    await page.getByRole('heading', { name: 'I need admin help' }).waitFor();
    await expect.poll(() => focusedText(page)).toMatchObject({ tag: 'H1', text: 'I need admin help' });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect.poll(() => page.getByTestId('route-announcer').textContent()).toBe('Your GP practice - I need admin help');
  });

  it('4. each step has its own address, title and history entry; one back link at the top agrees with Back', async () => {
    const { page } = await openPage(browser);
    await page.goto('/admin-request/form?request=OTHER_ENQUIRY');
    await passEmergencyCheck(page);
    await page.getByRole('heading', { name: 'Do you want to use NHS login?' }).waitFor();
    await expect.poll(() => page.title()).toBe('Your GP practice - Do you want to use NHS login?');
    await declineLogin(page);
    await expect.poll(() => new URL(page.url()).searchParams.get('step')).toBe('details');
    await expect.poll(() => page.title()).toBe('Your GP practice - Your details');
    await fillDetails(page, AMELIA);
    await clickButton(page, 'Next');
    await page.getByRole('heading', { name: 'Your contact details' }).waitFor();
    expect(new URL(page.url()).searchParams.get('step')).toBe('contact');
    await expect.poll(() => page.title()).toBe('Your GP practice - Your contact details');
    // The back link is the first thing in the page's column, before the h1, and there is one.
    expect(await page.locator('main .nhsuk-back-link').count()).toBe(1);
    const before = await page.evaluate(() => {
      const link = document.querySelector('main .nhsuk-back-link');
      const h1 = document.querySelector('main h1');
      return Boolean(link && h1 && link.compareDocumentPosition(h1) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(before).toBe(true);
    // Browser Back goes to the details, not to the menu; the back link goes where Back goes.
    await page.goBack();
    await page.getByRole('heading', { name: 'Your details' }).waitFor();
    await page.goForward();
    await page.getByRole('heading', { name: 'Your contact details' }).waitFor();
    await page.getByTestId('back-link').click();
    await page.getByRole('heading', { name: 'Your details' }).waitFor();
    await page.getByTestId('back-link').click();
    await page.getByRole('heading', { name: 'Do you want to use NHS login?' }).waitFor();
    // No Back button among the form's buttons any more.
    await declineLogin(page);
    expect(await page.getByRole('button', { name: 'Back', exact: true }).count()).toBe(0);
  });

  it('5. a record-check outcome stays on the page and takes focus to what must be fixed', async () => {
    const { page } = await openPage(browser);
    const nobody = demoPatient('Nobodyknown', '1990-01-01', 'LS1 4AP', 'nobody@example.com');
    await page.goto('/admin-request/form?request=FIT_NOTE');
    await passEmergencyCheck(page);
    await declineLogin(page);
    await fillDetails(page, nobody);
    await clickButton(page, 'Next');
    await fillContact(page, nobody);
    await clickButton(page, 'Next');
    const dialog = page.getByRole('dialog', { name: 'Please check the details you have provided' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    // Back on the details (where the details to check are), first of them focused, message on the page.
    await page.getByRole('heading', { name: 'Your details' }).waitFor();
    await expect.poll(() => focusedText(page)).toMatchObject({ id: 'field-firstName' });
    await expect(page.locator('#record-check-outcome').textContent()).resolves.toContain("We can't find a record matching this information.");
  });

  it('5b. "Postcode not found" → No (or Escape) puts focus back on the postcode that was checked', async () => {
    const { page } = await openPage(browser);
    const dialog = await reachPostcodeNotFound(page, 'FIT_NOTE');
    await dialog.getByRole('button', { name: 'No' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => focusedText(page)).toMatchObject({ tag: 'INPUT', id: 'field-postCode' });
    expect(new URL(page.url()).searchParams.get('step')).toBe('details');
    // Escape says No too.
    await clickButton(page, 'Next');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => focusedText(page)).toMatchObject({ tag: 'INPUT', id: 'field-postCode' });
  });

  it('6. the character count shows', async () => {
    const { page } = await openPage(browser);
    await reachForm(page, 'OTHER_ENQUIRY');
    const count = page.locator('[data-testid$="-count"]').first();
    await count.waitFor({ state: 'attached' });
    expect(await count.isVisible()).toBe(true);
    await page.getByLabel(/^Details of your enquiry/).fill('Hello');
    await expect.poll(() => count.textContent()).toMatch(/295/);
  });

  it('7. error summaries name their question, the title says Error, date parts are marked one by one, hints fit', async () => {
    const { page } = await openPage(browser);
    await page.goto('/admin-request/form?request=FIT_NOTE');
    await passEmergencyCheck(page);
    await declineLogin(page);
    await page.getByRole('heading', { name: 'Your details' }).waitFor();
    await page.locator('#field-dateOfBirth').fill('12');
    await page.locator('#field-dateOfBirth-month').fill('13');
    await page.locator('#field-dateOfBirth-year').fill('1985');
    await clickButton(page, 'Next');
    const summary = page.locator('.nhsuk-error-summary');
    await summary.waitFor();
    const entries = await summary.locator('li').allInnerTexts();
    expect(new Set(entries).size).toBe(entries.length);
    expect(entries.some((e) => e.startsWith('First name'))).toBe(true);
    await expect.poll(() => page.title()).toBe('Error: Your GP practice - Your details');
    expect(await page.locator('#field-dateOfBirth-month').getAttribute('class')).toContain('nhsuk-input--error');
    expect(await page.locator('#field-dateOfBirth').getAttribute('class')).not.toContain('nhsuk-input--error');
    expect(await page.locator('#field-dateOfBirth-year').getAttribute('class')).not.toContain('nhsuk-input--error');
    // A date that must not be before the start date gets a future example, not 1984.
    await fillDetails(page, AMELIA);
    await clickButton(page, 'Next');
    await fillContact(page, AMELIA);
    await clickButton(page, 'Next');
    await page.waitForURL((url) => url.pathname === '/admin-request/form');
    await page.getByLabel('No', { exact: true }).first().waitFor();
    const hint = (await page.locator('#field-endDate-hint').textContent()) ?? '';
    const year = Number(hint.match(/(\d{4})$/)?.[1]);
    expect(year).toBeGreaterThanOrEqual(new Date().getFullYear());
  });

  it('8. the consent box has something to consent to: plain words and the practice privacy policy, once', async () => {
    const { page } = await openPage(browser);
    await page.goto('/admin-request/form?request=OTHER_ENQUIRY');
    await passEmergencyCheck(page);
    await declineLogin(page);
    await fillDetails(page, AMELIA);
    await clickButton(page, 'Next');
    await page.getByRole('heading', { name: 'Your contact details' }).waitFor();
    expect(await page.getByText('How your information is used').count()).toBe(1);
    const section = page.locator('details', { hasText: 'How your information is used' });
    await section.locator('summary').click();
    const policy = section.getByRole('link', { name: /privacy policy/ });
    await expect.poll(() => section.innerHTML()).toContain('privacy policy');
    expect(await policy.getAttribute('href')).toBe('https://riverside-practice.example/privacy');
    // Signed in: the short form shows the section once too.
    const signedIn = await openPage(browser);
    await signedIn.page.goto('/admin-request/form?request=OTHER_ENQUIRY');
    await passEmergencyCheck(signedIn.page);
    await signedIn.page.getByRole('link', { name: 'Continue to NHS login' }).click();
    await signedIn.page.getByRole('button', { name: /^Continue as/ }).click();
    await signedIn.page.getByRole('button', { name: 'My NHS login account' }).waitFor();
    await signedIn.page.locator('summary', { hasText: 'How your information is used' }).waitFor();
    expect(await signedIn.page.getByText('How your information is used').count()).toBe(1);
  });

  it('9. the confirmation is a receipt; a direct visit claims nothing', async () => {
    const { page } = await openPage(browser);
    await reachForm(page, 'OTHER_ENQUIRY');
    await fillOtherEnquiry(page, 'Receipt test enquiry');
    await clickButton(page, 'Send');
    await page.getByText(SENT).waitFor();
    const reference = (await page.getByTestId('receipt-reference').textContent()) ?? '';
    expect(reference).toMatch(/^[A-Z0-9]{8}$/);
    const stored = await practiceRequests();
    expect(
      stored.some((r) =>
        r.id
          .replace(/[^A-Za-z0-9]/g, '')
          .toUpperCase()
          .startsWith(reference),
      ),
    ).toBe(true);
    expect(await page.getByTestId('receipt-reply').textContent()).toContain(AMELIA.email);
    expect(await page.getByTestId('receipt-summary').textContent()).toContain('Receipt test enquiry');
    expect(await page.getByRole('button', { name: 'Print this page' }).count()).toBe(1);
    const fresh = await openPage(browser);
    await fresh.page.goto('/admin-request/complete');
    await fresh.page.getByRole('heading', { name: 'Your request details are not shown here' }).waitFor();
    expect(await fresh.page.getByText(SENT).count()).toBe(0);
    // A new tab cannot know whether a request was sent: it never claims none was, and
    // tells the patient not to send it again.
    const text = (await fresh.page.locator('main').textContent()) ?? '';
    expect(text).not.toMatch(/has not been sent|No request has been sent/);
    expect(text).toContain('Please do not send it again.');
    expect(await fresh.page.title()).toContain('Your request details are not shown here');
  });

  it('10. a deep link passes the emergency check first, once per journey', async () => {
    const { page } = await openPage(browser);
    await page.goto('/admin-request/form?request=FIT_NOTE');
    await page.getByRole('heading', { name: 'Call 999 for help if you have any of these' }).waitFor();
    await clickButton(page, 'I have none of these');
    await page.getByRole('heading', { name: 'Do you want to use NHS login?' }).waitFor();
    expect(new URL(page.url()).searchParams.get('request')).toBe('FIT_NOTE');
    await page.goto('/admin-request');
    await page.getByRole('heading', { name: 'I need admin help' }).waitFor();
  });

  it('11. the service closing mid-request keeps the answers and offers the way back', async () => {
    const { page } = await openPage(browser);
    await reachForm(page, 'OTHER_ENQUIRY');
    await fillOtherEnquiry(page, 'Sent after hours');
    await setControls({ operationalState: { admin: { practiceCalendar: 'OUT_OF_HOURS' } } });
    await clickButton(page, 'Send');
    await page.waitForURL((url) => url.pathname === '/triage/service-closed');
    await page.getByTestId('answers-kept').waitFor();
    // "Service unavailable" and its message once: the screen's heading, not a popup above it too.
    expect(await page.getByText('Service unavailable', { exact: true }).count()).toBe(1);
    expect(await page.getByText('We are sorry, the service is now closed and we can’t complete your request.').count()).toBe(1);
    await setControls({ operationalState: { admin: { practiceCalendar: 'IN_HOURS' } } });
    await page.getByRole('link', { name: 'Go back to your request' }).click();
    await page.waitForURL((url) => url.pathname === '/admin-request/form');
    await expect.poll(() => page.getByLabel(/^Details of your enquiry/).inputValue()).toBe('Sent after hours');
  });

  it('12. registering needs no patient record', async () => {
    const { page } = await openPage(browser);
    const newcomer = demoPatient('Newcomer', '1992-06-06', 'LS1 4AP', 'new@example.com');
    await reachForm(page, 'PATIENT_REGISTRATION_FORM', newcomer);
    expect(await page.getByRole('dialog', { name: 'Please check the details you have provided' }).count()).toBe(0);
    // The date of birth was given on the details step: the form does not ask it again.
    await page
      .getByRole('heading', { name: /About you/ })
      .first()
      .waitFor();
    expect(await page.getByRole('group', { name: /Date of birth/ }).count()).toBe(0);
    expect(await page.getByText('Date of birth').count()).toBe(0);
  });

  it('13. a call that hangs times out with the answers kept; unsent answers guard the page', async () => {
    const { page } = await openPage(browser);
    await reachForm(page, 'OTHER_ENQUIRY');
    await fillOtherEnquiry(page, 'Hanging enquiry');
    // The short deadline only for the send: the steps before load their form documents from the
    // server, whose first answer (the validator compiled) may take longer on a busy machine.
    await page.evaluate(() => sessionStorage.setItem('e2e:apiTimeoutMs', '1500'));
    await page.route('**/api/v1/triage/patient/admin/request', () => {
      /* never answered */
    });
    await clickButton(page, 'Send');
    await page.getByText(SEND_FAILED).waitFor();
    expect(await page.getByLabel(/^Details of your enquiry/).inputValue()).toBe('Hanging enquiry');
    const dialog = new Promise<string>((resolve) =>
      page.once('dialog', (d) => {
        resolve(d.type());
        void d.dismiss();
      }),
    );
    void page.evaluate(() => location.reload());
    expect(await dialog).toBe('beforeunload');
  });

  it('14. forms sit in the two-thirds column', async () => {
    const { page } = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    await reachForm(page, 'OTHER_ENQUIRY');
    await page.getByRole('button', { name: 'Send', exact: true }).waitFor();
    expect(await page.locator('.nhsuk-grid-column-two-thirds form').count()).toBe(1);
    // The column is two thirds of the 1280 px page's width container, not the whole width.
    const width = await page
      .locator('.nhsuk-grid-column-two-thirds')
      .first()
      .evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeLessThan(800);
  });
});

describe('keyboard, axe and screenshots', () => {
  async function tabTo(page: Page, match: (el: { tag: string; text: string; id: string }) => boolean): Promise<void> {
    for (let i = 0; i < 80; i += 1) {
      await page.keyboard.press('Tab');
      if (match(await focusedText(page))) return;
    }
    throw new Error('could not reach the element with Tab');
  }
  async function expectH1Focused(page: Page, name: string) {
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await expect.poll(() => focusedText(page)).toMatchObject({ tag: 'H1', text: name });
  }

  it('the whole admin journey by keyboard alone, to the receipt: focus lands on each page h1', async () => {
    const { page } = await openPage(browser);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await tabTo(page, (el) => el.text.startsWith('Questions and admin'));
    await page.keyboard.press('Enter');
    await expectH1Focused(page, 'Call 999 for help if you have any of these');
    await tabTo(page, (el) => el.text === 'I have none of these');
    await page.keyboard.press('Enter');
    await expectH1Focused(page, 'I need admin help');
    await tabTo(page, (el) => el.text.startsWith('Other enquiry'));
    await page.keyboard.press('Enter');
    await expectH1Focused(page, 'Do you want to use NHS login?');
    await tabTo(page, (el) => el.text === 'Continue without logging in');
    await page.keyboard.press('Enter');
    await expectH1Focused(page, 'Your details');
    const type = async (id: string, text: string) => {
      await tabTo(page, (el) => el.id === id);
      await page.keyboard.type(text);
    };
    await type('field-dateOfBirth', '12');
    await type('field-dateOfBirth-month', '4');
    await type('field-dateOfBirth-year', '1985');
    await tabTo(page, (el) => el.id.startsWith('field-sexAtBirth'));
    await page.keyboard.press('Space');
    await type('field-firstName', AMELIA.firstName);
    await type('field-lastName', AMELIA.lastName);
    await type('field-postCode', AMELIA.postcode);
    await tabTo(page, (el) => el.text === 'Next');
    await page.keyboard.press('Enter');
    await expectH1Focused(page, 'Your contact details');
    await type('field-emailAddress', AMELIA.email ?? '');
    await type('field-phoneNumber', AMELIA.phone);
    await tabTo(page, (el) => el.id.startsWith('field-type'));
    await page.keyboard.press('Space');
    await tabTo(page, (el) => el.id === 'field-acceptance');
    await page.keyboard.press('Space');
    await tabTo(page, (el) => el.text === 'Next');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/admin-request/form');
    await expect.poll(() => focusedText(page)).toMatchObject({ tag: 'H1' });
    // The form itself, sent with the keyboard: the first kind of question, the details, the
    // not-urgent confirmation, Send; the receipt's heading takes the focus.
    await tabTo(page, (el) => el.id.startsWith('field-questionType'));
    await page.keyboard.press('Space');
    await type('field-description', 'A question about my repeat medication.');
    await tabTo(page, (el) => el.id === 'field-confirmedItsNotUrgent');
    await page.keyboard.press('Space');
    await tabTo(page, (el) => el.text === 'Send');
    await page.keyboard.press('Enter');
    await expectH1Focused(page, SENT);
    const [stored] = await practiceRequests();
    expect(stored?.formType).toBe('OTHER_ENQUIRY');
  });

  // One test per width: the journey with ten axe passes takes about 25 s on a loaded CI machine.
  it.each([320, 1280])('every admin screen has no axe violations at %i px', { timeout: 120_000 }, async (width) => {
    const { page } = await openPage(browser, { viewport: { width, height: 800 } });
    const check = async (where: string) => expect(await axeViolations(page), `${where} at ${width}px`).toEqual([]);
    await page.goto('/admin-request/form?request=OTHER_ENQUIRY');
    await page.getByRole('heading', { name: 'Call 999 for help if you have any of these' }).waitFor();
    await check('emergency symptoms');
    await clickButton(page, 'I have none of these');
    await page.getByRole('heading', { name: 'Do you want to use NHS login?' }).waitFor();
    await check('login choice');
    await declineLogin(page);
    await page.getByRole('heading', { name: 'Your details' }).waitFor();
    await check('details');
    await clickButton(page, 'Next');
    await page.locator('.nhsuk-error-summary').waitFor();
    await check('details with errors');
    await fillDetails(page, AMELIA);
    await clickButton(page, 'Next');
    await page.getByRole('heading', { name: 'Your contact details' }).waitFor();
    await check('contact details');
    await fillContact(page, AMELIA);
    await clickButton(page, 'Next');
    await page.waitForURL((url) => url.pathname === '/admin-request/form');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await check('form');
    await fillOtherEnquiry(page, 'Axe enquiry');
    await clickButton(page, 'Send');
    await page.getByText(SENT).waitFor();
    await check('complete');
    await page.goto('/admin-request');
    await page.getByRole('heading', { name: 'Call 999 for help if you have any of these' }).waitFor();
    await clickButton(page, 'I have none of these');
    await page.getByRole('heading', { name: 'I need admin help' }).waitFor();
    await check('menu');
    await page.goto('/logged-out');
    await page.getByRole('heading', { name: 'You are logged out' }).waitFor();
    await check('logged out');
    await page.goto('/admin-request/complete');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await check('complete, direct visit');
  });

  it('fits home and a form into 390 px and 1280 px without sideways scrolling (screenshots in test-results/)', async () => {
    /** The page's layout width, and the widest element's right edge, against the viewport's width. */
    const fits = async (page: Page, name: string, width: number) => {
      const layout = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        rightmost: Math.max(...[...document.body.querySelectorAll('*')].map((el) => el.getBoundingClientRect().right)),
      }));
      expect(layout.scrollWidth, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(width);
      expect(layout.rightmost, `${name} at ${width} px: something sticks out to the right`).toBeLessThanOrEqual(width);
      const png = await page.screenshot({ path: path.join(OUTPUT_DIR, `experience-${name}-${width}.png`), fullPage: true });
      // A PNG's width is bytes 16–19 of its header: the full-page screenshot is exactly the viewport wide.
      expect(png.readUInt32BE(16)).toBe(width);
    };
    for (const width of [390, 1280]) {
      const { page } = await openPage(browser, { viewport: { width, height: 900 } });
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await fits(page, 'home', width);
      await reachForm(page, 'OTHER_ENQUIRY');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await fits(page, 'form', width);
    }
  });
});
