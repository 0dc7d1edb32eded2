// The patient experience, third round (docs/patient-app.md "Experience, third round"): a way out of every list, closed means closed, the
// add-email path, safety screens in plain words, one calm urgency pattern. One test per point
// (each fails on the code before it), axe on every screen checked; screenshots at 390 px in
// test-results/experience3-*.png (not committed).
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, openPage } from './harness';
import { useBrowser } from './use-browser';
import { practiceRequests, setControls } from './practice-controls';
import { AMELIA, clickButton, declineLogin, reachForm, demoPatient, fillContact, fillDetails, passEmergencyCheck } from './admin-steps';
import { answer as answerField, fillCurrentPage, form, loadDocument, pressSubmit } from './form-filler';
import type { FormData } from '../../renderer/core/index';
import { answerSection, loadPathway, patientParams, startPathway, type Answered } from './triage-steps';
import { BOOKED_LINK, confirmItIsYou, startSymptomBooking } from './booking-steps';

const browser = useBrowser({ resetAfterEach: true });
const OUTPUT_DIR = path.join(process.cwd(), 'test-results');
/** 'before' or 'after' in the screenshots' names (EXPERIENCE3_SHOTS=before on the code before a change). */
const SHOTS = process.env.EXPERIENCE3_SHOTS ?? 'after';
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

describe('patient experience: a way out of every list, a reason on every safety screen, closed means closed, calmer pages', () => {
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
      await confirmItIsYou(page);
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

  it(
    '5. one calm urgency pattern: the site-wide warning once near the header, one "if you get worse" block by tier, red cards only to act now (390 px screenshots)',
    { timeout: JOURNEY_TIMEOUT },
    async () => {
      const { page } = await openPage(browser, { viewport: { width: 390, height: 844 } });
      page.setDefaultTimeout(90_000);
      const shot = (name: string) => page.screenshot({ path: path.join(OUTPUT_DIR, `experience3-${SHOTS}-${name}.png`), fullPage: true });
      const count = (selector: string) => page.locator(selector).count();
      /** Where the warning is: before the page's main content (header area), not after it. */
      const warningBeforeMain = () =>
        page.evaluate(() => {
          const warning = document.querySelector('[data-testid="urgent-warning"]');
          const main = document.querySelector('main');
          return !!warning && !!main && !main.contains(warning) && !!(warning.compareDocumentPosition(main) & Node.DOCUMENT_POSITION_FOLLOWING);
        });
      const sentFlow = (triageRequestType: string, tier: string) =>
        page.evaluate(
          ([type, t]) =>
            sessionStorage.setItem(
              'flow:triage',
              JSON.stringify({ drafts: {}, labels: {}, reachedThankYou: true, sent: { executionId: 'x', useProxy: true, triageRequestType: type, tier: t } }),
            ),
          [triageRequestType, tier] as const,
        );

      await page.goto('/');
      await heading(page, /online services/);
      await shot('home');
      await page.goto('/emergency-symptoms?next=/triage');
      await heading(page, 'Call 999 for help if you have any of these');
      await shot('emergency-symptoms');
      // The one page that must say "act now" keeps its red card.
      expect(await count('.nhsuk-card--care--emergency')).toBe(1);

      await reachForm(page, 'OTHER_ENQUIRY', AMELIA);
      await page.getByLabel('Medication', { exact: true }).check();
      await page.getByLabel(/^Details of your enquiry/).fill('A question about my repeat prescription');
      await page.getByLabel(/^I confirm my enquiry is not urgent/).check();
      await shot('admin-form');
      await clickButton(page, 'Send');
      await page.getByRole('heading', { name: 'Your administrative request has been sent.' }).waitFor();
      await shot('admin-confirmation');
      const adminAlarms = await count('.nhsuk-warning-callout, .nhsuk-card--care--emergency, .nhsuk-card--care--urgent');

      await sentFlow('CONSULTATION_REQUEST', 'ROUTINE');
      await page.goto('/triage/thank-you');
      await page.getByRole('heading', { name: 'Your request for medical advice has been sent.' }).waitFor();
      await shot('medical-confirmation');
      const routine = {
        alarms: await count('.nhsuk-warning-callout, .nhsuk-card--care--emergency, .nhsuk-card--care--urgent'),
        worse: await page.getByTestId('if-you-get-worse').count(),
      };
      await sentFlow('CONSULTATION_REQUEST', 'URGENT_TODAY');
      await page.goto('/triage/thank-you');
      await page.getByRole('heading', { name: 'Your request for medical advice has been sent.' }).waitFor();
      const urgent = {
        emergency: await count('.nhsuk-card--care--emergency'),
        tier: await page.getByTestId('tier-advice').count(),
        worse: await page.getByTestId('if-you-get-worse').count(),
      };
      await sentFlow('CHILD_REQUEST', 'ROUTINE');
      await page.goto('/child-request/confirmation');
      await page.getByRole('heading', { name: 'Your request is sent' }).waitFor();
      await shot('child-confirmation');
      const child = {
        alarms: await count('.nhsuk-warning-callout, .nhsuk-card--care--emergency, .nhsuk-card--care--urgent'),
        worse: await page.getByTestId('if-you-get-worse').count(),
      };
      await expectAccessible(page, 'child confirmation');

      // The site-wide warning: once, in the header area, in the spec's words.
      expect(await page.getByTestId('urgent-warning').count()).toBe(1);
      expect(await page.getByTestId('urgent-warning').innerText()).toContain('Do not use for urgent queries – call the practice or 111.');
      expect(await warningBeforeMain()).toBe(true);
      // A repeat-prescription-like receipt carries no alarm block at all.
      expect(adminAlarms).toBe(0);
      // A routine confirmation: one calm "if you get worse" block, nothing red.
      expect(routine).toEqual({ alarms: 0, worse: 1 });
      expect(child).toEqual({ alarms: 0, worse: 1 });
      // An urgent-today confirmation: the tier's own words say what to do if it gets worse; no red 999 card beside them.
      expect(urgent).toEqual({ emergency: 0, tier: 1, worse: 0 });
    },
  );

  it(
    "4. the safety screens say why the patient is there and what the answers mean; the reasons are in a patient's words; a booking after an override carries safety-netting",
    { timeout: JOURNEY_TIMEOUT },
    async () => {
      const { page } = await openPage(browser);
      page.setDefaultTimeout(90_000);
      // An A&E result (a red eye with blurred vision) in the headache pathway.
      const doc = loadPathway('Triage.Headache');
      const example = doc.examples!.find((e) => e.name === 'ref-ae: A painful red eye with blurred vision or seeing haloes')!;
      await startPathway(page, 'headache for three days', doc.label);
      const titles = doc.sections.map((s) => s.document.pages[0]?.title ?? '');
      const result: Answered = { expected: {}, hiddenAfterAnswer: [], revealed: [] };
      for (let guard = 0; guard < 10; guard++) {
        await page.waitForFunction(
          (sectionTitles) =>
            location.pathname !== '/triage/questionnaire' || sectionTitles.includes(document.querySelector('.app-schema-form h1')?.textContent ?? ''),
          titles,
        );
        if (new URL(page.url()).pathname !== '/triage/questionnaire') break;
        await answerSection(page, doc, example.answers, patientParams(AMELIA), result);
      }
      await heading(page, 'Are you safe to wait for GP care?');
      expect(await page.getByTestId('safety-reason').innerText()).toContain('Your answers suggest you may need A&E.');
      expect(await page.getByTestId('safety-answers-mean').innerText()).toContain(
        'Yes means it is true for you now. A No to any of them strongly suggests you need A&E.',
      );
      await expectAccessible(page, 'safety questions');
      const safetyDoc = loadDocument('EMERGENCY_QUESTIONS');
      for (const [name, value] of Object.entries({ drinksFluids: true, breathsNormally: false, passesUrine: true, ableToStandOrWalk: true }))
        await answerField(page, safetyDoc, name, value);
      await form(page).getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByRole('button', { name: 'Request consultation', exact: true }).click();
      await heading(page, 'Why do you feel it is safe for you to wait for your GP practice?');
      expect(await page.getByTestId('override-reason-why').innerText()).toContain('you asked for GP advice instead');
      const reasons = await page.getByRole('radio').evaluateAll((radios) => radios.map((r) => r.closest('.nhsuk-radios__item')?.textContent?.trim() ?? ''));
      // No staff shorthand on the patient's screen.
      expect(reasons).not.toContain('Patient override for GP');
      expect(reasons).not.toContain('By end tomorrow');
      expect(reasons).toContain('I feel well enough to wait to hear from my GP practice by the end of tomorrow');
      await expectAccessible(page, 'override reasons');

      // The booking page after an override (the hand-over carries the reason): what to do while waiting.
      await startSymptomBooking(page, 'ref-nurse', true, undefined, undefined, { emergencyOverrideReason: 'by_end_tomorrow' });
      const net = page.getByTestId('booking-safety-net');
      expect(await net.innerText()).toContain('If your symptoms get worse or you start to feel very unwell before your appointment, do not wait');
      await expectAccessible(page, 'booking after an override');
      // A booking without an override has none.
      await startSymptomBooking(page, 'ref-nurse');
      expect(await page.getByTestId('booking-safety-net').count()).toBe(0);
    },
  );
});
