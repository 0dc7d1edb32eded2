// The patient experience's smaller points (docs/patient-app.md "Experience, third round", point 6)
// that need the whole app to show: at phone width (390 px), axe at zero on every screen checked.
// Each test fails on the code before its change. The rest are unit tests in
// tests/unit/src/flows/booking/ConfirmationPage.experience.test.tsx.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, openPage } from './harness';
import { useBrowser } from './use-browser';
import { practiceRequests } from './practice-controls';
import { AMELIA, reachForm } from './admin-steps';
import { form } from './form-filler';
import { answerQuestionnaire, loadPathway, patientParams, startPathway } from './triage-steps';
import { BOOKED_LINK, confirmItIsYou, startSymptomBooking } from './booking-steps';

const browser = useBrowser({ resetAfterEach: true });
const PHONE = { viewport: { width: 390, height: 844 } };
const NONE_SUIT = 'None of these times suit me — send my request';
const JOURNEY_TIMEOUT = 240_000;

async function expectAccessible(page: Page, where: string) {
  expect(await axeViolations(page), where).toEqual([]);
}

async function heading(page: Page, name: string | RegExp) {
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

describe('patient experience, smaller points', () => {
  it(
    '"None of these times suit me": the thank-you page gives the reference the practice stored the request under',
    async () => {
      const { page } = await openPage(browser, PHONE);
      page.setDefaultTimeout(90_000);
      await startSymptomBooking(page, 'ref-nurse');
      // As the questionnaire hands over: the thank-you page is where the request ends.
      await page.evaluate(() => {
        const flow = JSON.parse(sessionStorage.getItem('flow:booking') ?? '{}') as { request: Record<string, unknown> };
        flow.request.sentPath = '/triage/thank-you';
        flow.request.sent = {
          executionId: (flow.request.triageRequest as { consultation: { executionId: string } }).consultation.executionId,
          useProxy: false,
        };
        sessionStorage.setItem('flow:booking', JSON.stringify(flow));
      });
      await page.reload();
      await page.locator('.app-booking-time').first().waitFor();
      await page.getByTestId('none-suit-top').getByRole('button', { name: NONE_SUIT }).click();
      await heading(page, 'Your request for medical advice has been sent.');
      const reference = await page.getByTestId('sent-reference').innerText();
      const [stored] = (await practiceRequests()).filter((r) => r.kind === 'CONSULTATION');
      expect(stored).toBeDefined();
      expect(reference).toBe(
        stored!.id
          .replace(/[^A-Za-z0-9]/g, '')
          .slice(0, 8)
          .toUpperCase(),
      );
      expect(await page.getByTestId('sent-reply').innerText()).toBe('The practice will reply by email to amelia.testwell@example.com.');
      await expectAccessible(page, 'thank-you after none of these times');
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'a telephone-only time: no one-option "Where would you like your appointment?" and no "arrive early" on the confirmation',
    async () => {
      const { page } = await openPage(browser, PHONE);
      page.setDefaultTimeout(90_000);
      await page.goto(`/a/d?lid=${BOOKED_LINK}`);
      await heading(page, 'Your appointment');
      await page.getByRole('button', { name: /^Reschedule your appointment on / }).click();
      await confirmItIsYou(page);
      await heading(page, 'Book your appointment');
      // A later day: a telephone slot within the hour could no longer be changed online.
      const phoneOnly = page
        .locator('.app-booking-day')
        .nth(1)
        .locator('.app-booking-time')
        .filter({ hasText: /Telephone call with a GP/ })
        .filter({ hasNotText: 'In person' })
        .first();
      await phoneOnly.click();
      const confirm = page.getByRole('dialog', { name: 'Confirm this choice?' });
      await confirm.waitFor();
      expect(await page.getByRole('dialog', { name: 'Where would you like your appointment?' }).count()).toBe(0);
      expect(await confirm.innerText()).toContain('Telephone call');
      await expectAccessible(page, 'confirm a telephone time');
      await confirm.getByRole('button', { name: 'Confirm', exact: true }).click();
      await heading(page, 'The appointment is changed');
      expect(await page.getByTestId('sent-details').innerText()).toBe('We have sent the details to you.');
      expect(await page.locator('main').innerText()).not.toContain('arrive');
      await expectAccessible(page, 'telephone appointment confirmation');
    },
    JOURNEY_TIMEOUT,
  );

  it(
    '"Send your request?" lists the answers before Send, with Send and Cancel and no Back button beside the Back link',
    async () => {
      const doc = loadPathway('Triage.DiarrhoeaVomiting');
      const ex = doc.examples!.find((e) => e.name === 'Routine stomach bug')!;
      const { page } = await openPage(browser, PHONE);
      page.setDefaultTimeout(90_000);
      await startPathway(page, 'diarrhoea and being sick', doc.label);
      await answerQuestionnaire(page, doc, ex.answers, patientParams(AMELIA));
      await page.waitForURL((url) => url.pathname === '/triage/your-own-words');
      await page.getByRole('combobox', { name: /What do you hope for from the practice/ }).selectOption({ label: 'I need advice' });
      await page.getByRole('textbox', { name: /Is there anything else it would help the practice to know/ }).fill('It started after a cold.');
      await form(page).getByRole('button', { name: 'Next', exact: true }).click();
      await heading(page, 'Send your request?');
      const summary = page.getByTestId('answers-summary');
      await summary.waitFor();
      expect(await summary.locator('.nhsuk-summary-list__row').count()).toBeGreaterThan(2);
      const text = await summary.innerText();
      expect(text).toContain('I need advice');
      expect(text).toContain('It started after a cold.');
      // Every answer in words: no raw keys or ISO dates.
      expect(text).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b|NONE_OF_THE_ABOVE/);
      expect(await page.locator('main').getByRole('button').allInnerTexts()).toEqual(['Send', 'Cancel']);
      await page.getByTestId('back-link').waitFor();
      await expectAccessible(page, 'send your request? with the answers');
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'Cancel, then "Yes, discard my request": focus on the next page\'s h1, not on the body',
    async () => {
      const { page } = await openPage(browser, PHONE);
      page.setDefaultTimeout(90_000);
      await reachForm(page, 'OTHER_ENQUIRY');
      await page.getByRole('button', { name: 'Cancel', exact: true }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Discard your request?' });
      await dialog.waitFor();
      await expectAccessible(page, 'discard your request?');
      await dialog.getByRole('button', { name: 'Yes, discard my request' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => page.evaluate(() => new URL(location.href).pathname)).not.toBe('/admin-request/form');
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
      await expectAccessible(page, 'after discarding');
    },
    JOURNEY_TIMEOUT,
  );
});
