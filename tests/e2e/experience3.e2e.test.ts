// The patient experience, third round (docs/patient-app.md "Experience, third round"): a way out of every list, closed means closed, the
// add-email path, safety screens in plain words, one calm urgency pattern. One test per point
// (each fails on the code before it), axe on every screen checked; screenshots at 390 px in
// test-results/experience3-*.png (not committed).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, openPage } from './harness';
import { useBrowser } from './use-browser';
import { practiceRequests, setControls } from './practice-controls';
import { clickButton, declineLogin, demoPatient, fillContact, fillDetails, passEmergencyCheck } from './admin-steps';
import { fillCurrentPage, loadDocument, pressSubmit } from './form-filler';
import type { FormData } from '../../renderer/core/index';
import { BOOKED_LINK, startSymptomBooking } from './booking-steps';

const browser = useBrowser({ resetAfterEach: true });
const NONE_SUIT = 'None of these times suit me — send my request';
const JOURNEY_TIMEOUT = 240_000;

async function expectAccessible(page: Page, where: string) {
  expect(await axeViolations(page), where).toEqual([]);
}

async function heading(page: Page, name: string | RegExp) {
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

/** Focus on the page's h1, then Tab until the focused control's text matches: the number of presses. */
async function tabsFromHeading(page: Page, target: RegExp, max: number): Promise<number> {
  await page.evaluate(() => {
    const h1 = document.querySelector('h1');
    if (!h1) throw new Error('no h1');
    if (!h1.hasAttribute('tabindex')) h1.setAttribute('tabindex', '-1');
    h1.focus();
  });
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press('Tab');
    const text = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    if (target.test(text)) return presses;
  }
  return Infinity;
}

describe('issue 43: patient experience, third round', () => {
  it(
    '1. the booking list: the way out within 30 Tab presses of the h1 and named in the intro; every time says its type; a back link',
    async () => {
      const { page } = await openPage(browser);
      page.setDefaultTimeout(90_000);
      await startSymptomBooking(page, 'ref-nurse');
      // The intro names the way out before the list starts.
      const intro = await page.locator('main').innerText();
      expect(intro.indexOf('If none of the times suit you, you can send your request without an appointment')).toBeGreaterThan(-1);
      expect(intro.indexOf('If none of the times suit you')).toBeLessThan(intro.indexOf('Morning'));
      const presses = await tabsFromHeading(page, new RegExp(`^${NONE_SUIT}$`), 30);
      expect(presses).toBeLessThanOrEqual(30);
      // The list did not grow while the keyboard went there (it loads more days as its end comes into view).
      expect(await page.locator('.app-booking-day').count()).toBeLessThan(20);
      // Every time button says what kind of appointment it is and how it is held.
      const times = await page.locator('.app-booking-time').allInnerTexts();
      expect(times.length).toBeGreaterThan(0);
      for (const time of times) expect(time).toMatch(/(appointment|call|physiotherapist|review).*(in person|Telephone call)|Telephone call with a GP/i);
      await page.getByTestId('back-link').waitFor();
      await expectAccessible(page, 'booking list after a questionnaire');
      // The way out at the top works: the request goes without an appointment.
      await page.getByTestId('none-suit-top').getByRole('button', { name: NONE_SUIT }).click();
      await page.waitForURL((url) => url.pathname === '/appointment/not-accessible');
    },
    JOURNEY_TIMEOUT,
  );

  it(
    '1b. rescheduling shows the appointment being changed; Back returns to it',
    async () => {
      const { page } = await openPage(browser);
      page.setDefaultTimeout(90_000);
      await page.goto(`/a/d?lid=${BOOKED_LINK}`);
      await heading(page, 'Your appointment');
      const date = await page.locator('.nhsuk-summary-list__row').filter({ hasText: 'Date' }).locator('dd').innerText();
      await page.getByRole('button', { name: /^Reschedule your appointment on / }).click();
      await heading(page, 'Book your appointment');
      const current = page.getByTestId('current-appointment');
      await current.getByRole('heading', { name: 'Your current appointment' }).waitFor();
      expect(await current.innerText()).toContain(date);
      await page.locator('.app-booking-time').first().waitFor();
      await expectAccessible(page, 'reschedule with the current appointment');
      // No way out to "send my request" here: rescheduling is not a request.
      expect(await page.getByRole('button', { name: NONE_SUIT }).count()).toBe(0);
      await page.getByTestId('back-link').click();
      await heading(page, 'Your appointment');
    },
    JOURNEY_TIMEOUT,
  );

  it('2. closed means closed: the child card and child pages close out of hours and when the medical service is off, with the child emergency list and the reopening time', async () => {
    const reopensAt = new Date(Date.now() + 36 * 3600_000).toISOString();
    await setControls({ operationalState: { medical: { practiceCalendar: 'OUT_OF_HOURS', reopensAt } } });
    const { page } = await openPage(browser);
    await page.goto('/');
    await page.getByTestId('category-child-off').waitFor();
    expect(await page.getByRole('link', { name: 'Child request (under 16s)' }).count()).toBe(0);
    expect(await page.getByTestId('category-medical-off').count()).toBe(1);
    // Admin is its own service: still open.
    expect(await page.getByTestId('category-admin-off').count()).toBe(0);
    expect(await page.getByTestId('service-reopens').innerText()).toMatch(/^Online requests open again at \d{1,2}(:\d\d)?(am|pm) on \w+day \d{1,2} \w+\.$/);
    await expectAccessible(page, 'home out of hours');

    // A deep link to the child request meets the closed screen at once, with the child's emergency list.
    for (const path of ['/child-request', '/child-request/menu']) {
      await page.goto(path);
      await heading(page, 'Service unavailable');
      expect(await page.title()).toBe('Your GP practice - Service unavailable');
      await page.getByText('Child requests are closed at the moment.').waitFor();
      await page.getByRole('heading', { name: /take the child to A&E if you answer yes/ }).waitFor();
      expect(await page.getByTestId('ae-questions').innerText()).toContain('Is the child floppy, not responding, or very hard to wake?');
      expect(await page.getByTestId('reopens').innerText()).toMatch(/^Online requests open again at /);
    }
    await expectAccessible(page, 'child request out of hours');
    // The adult search too: before the emergency screen or any question.
    await page.goto('/triage');
    await heading(page, 'Service unavailable');
    expect(new URL(page.url()).pathname).toBe('/triage');
    expect(await page.getByTestId('ae-questions').innerText()).toContain('Do you have chest pain?');

    // The medical service switched off in hours: the same, with no reopening time to give.
    await setControls({ operationalState: { medical: { practiceCalendar: 'IN_HOURS', operationalStatus: 'SERVICE_OFF', reopensAt: null } } });
    await page.goto('/');
    await page.getByTestId('category-child-off').waitFor();
    await page.goto('/child-request');
    await heading(page, 'Service unavailable');
    expect(await page.getByTestId('reopens').count()).toBe(0);

    // Closed during a child request (a 412 on the way): the closed page lists the child's signs.
    await setControls({ operationalState: { medical: { operationalStatus: 'SERVICE_ON' } } });
    await page.evaluate(() => sessionStorage.setItem('flow:child', JSON.stringify({ dateOfBirth: '2020-01-01', checklistPage: 0, ticks: {} })));
    await page.goto('/triage/service-closed');
    await heading(page, 'Service unavailable');
    await page.getByRole('heading', { name: /take the child to A&E if you answer yes/ }).waitFor();
    await expectAccessible(page, 'service closed during a child request');
  });

  it('3. the add-email path ends in a sent request: the email given goes with it for the practice to add', { timeout: JOURNEY_TIMEOUT }, async () => {
    // The demo record with no email on it, asking without giving one first.
    const nomail = demoPatient('Nomail', '1979-09-30', 'LS2 7EE');
    const { page } = await openPage(browser);
    page.setDefaultTimeout(90_000);
    await page.goto('/admin-request/form?request=REPEAT_PRESCRIPTION');
    await passEmergencyCheck(page);
    await declineLogin(page);
    await fillDetails(page, nomail);
    await clickButton(page, 'Next');
    await fillContact(page, nomail);
    await clickButton(page, 'Next');
    await page.getByRole('dialog', { name: 'No email address given' }).getByRole('button', { name: 'Continue' }).click();
    // The choice offered first: add an email.
    await page.getByRole('dialog', { name: 'Please provide an email address' }).getByRole('button', { name: 'Add an email address' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('field-emailAddress');
    await page.locator('#field-emailAddress').fill('nomail.new@example.com');
    await clickButton(page, 'Next');
    // The record still has none: the spec's title, and now a way on instead of "call the practice".
    const dialog = page.getByRole('dialog', { name: 'Please register an email address' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('The email address you gave: nomail.new@example.com');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Send with this email');
    await expectAccessible(page, 'no email on record, email given');
    await dialog.getByRole('button', { name: 'Send with this email' }).click();
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
    await page.getByRole('heading', { name: 'Your administrative request has been sent.' }).waitFor();
    const [stored] = await practiceRequests();
    expect(stored?.kind).toBe('UNVERIFIED_REQUESTS');
    const body = stored?.body as { primaryRequest: { formType: string }; associatedRequest: Record<string, unknown> };
    expect(body.primaryRequest.formType).toBe('REPEAT_PRESCRIPTION');
    expect(body.associatedRequest).toMatchObject({ formType: 'CHANGE_OF_CONTACT_DETAILS', newEmail: 'nomail.new@example.com' });
  });
});
