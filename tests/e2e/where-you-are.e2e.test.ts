// "Knowing where you are" and "Words": a failed admin send is brought into view and
// focused on a phone, Send shows progress while the request is on its way, and "In your own
// words" says what it is for, with a title that agrees with its heading.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, openPage } from './harness';
import { useBrowser } from './use-browser';
import { practiceRequests } from './practice-controls';
import { AMELIA, reachForm } from './admin-steps';
import { form } from './form-filler';
import { answerQuestionnaire, loadPathway, patientParams, startPathway } from './triage-steps';

const SCREENS = process.env.SCREENS_DIR ?? '/work/screens/px27';
const SEND_FAILED = 'There was a problem. Please check your connection and press the send button again.';

const browser = useBrowser({ resetAfterEach: true });

async function screenshot(page: Page, name: string) {
  if (!process.env.SCREENS) return;
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: `${SCREENS}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
}

describe('admin send: progress, and a failure the patient sees', () => {
  for (const width of [390, 1280]) {
    it(`at ${width} px: "Sending…" while on its way; the failure is scrolled into view and focused`, async () => {
      const { page } = await openPage(browser, { viewport: { width, height: 700 } });
      await reachForm(page, 'OTHER_ENQUIRY');
      await page.getByLabel('Medication', { exact: true }).check();
      await page.getByLabel(/^Details of your enquiry/).fill('Sent while the signal drops');
      await page.getByLabel(/^I confirm my enquiry is not urgent/).check();
      let release: (() => void) | undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      let calls = 0;
      await page.route('**/api/v1/triage/patient/admin/request', async (route) => {
        calls += 1;
        await held;
        await route.abort('connectionclosed');
      });
      const send = form(page).getByRole('button', { name: 'Send', exact: true });
      await send.click();
      const sending = form(page).getByRole('button', { name: 'Sending…' });
      await sending.waitFor();
      expect(await sending.isDisabled()).toBe(true);
      await sending.click({ force: true }).catch(() => undefined); // a second press sends nothing
      release!();
      const summary = page.locator('.nhsuk-error-summary').filter({ hasText: SEND_FAILED });
      await summary.waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('nhsuk-error-summary'))).toBe(true);
      const box = await summary.boundingBox();
      expect(box && box.y >= 0 && box.y < 700).toBe(true);
      expect(calls).toBe(1);
      expect(await axeViolations(page), 'failed send').toEqual([]);
      await screenshot(page, 'admin-send-failed');
      await form(page).getByRole('button', { name: 'Send', exact: true }).waitFor();
      expect(await practiceRequests()).toEqual([]);
    });
  }
});

describe('"In your own words"', () => {
  it('keeps the spec title as its h1 and page title, with a lead line saying what the page is for', { timeout: 180_000 }, async () => {
    const doc = loadPathway('Triage.DiarrhoeaVomiting');
    const ex = doc.examples!.find((e) => e.name === 'Routine stomach bug')!;
    const { page } = await openPage(browser, { viewport: { width: 390, height: 800 } });
    await startPathway(page, 'diarrhoea and being sick', doc.label);
    await answerQuestionnaire(page, doc, ex.answers, patientParams(AMELIA));
    await page.waitForURL((url) => url.pathname === '/triage/your-own-words');
    const h1 = page.getByRole('heading', { level: 1, name: /^(Self-booking is not possible for this request|There are no self-book appointments right now)$/ });
    await h1.waitFor();
    const heading = (await h1.textContent())?.trim();
    expect(['Self-booking is not possible for this request', 'There are no self-book appointments right now']).toContain(heading);
    await expect.poll(() => page.title()).toBe(`Your GP practice - ${heading}`);
    await page.getByText('Tell the practice anything else they should know.').waitFor();
    expect(await axeViolations(page), 'your own words').toEqual([]);
    await screenshot(page, 'your-own-words');
  });
});
