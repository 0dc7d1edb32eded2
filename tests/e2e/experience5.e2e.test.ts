// The patient experience's last points (docs/patient-app.md "Experience, third round"): going
// back through the questionnaire, one pain-score widget, and who may change a booking from a
// link. Phone width (390 px), axe at zero on every screen checked. Each test fails on the code
// before its change.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, openPage } from './harness';
import { useBrowser } from './use-browser';
import { AMELIA } from './admin-steps';
import { form } from './form-filler';
import { answerSection, currentSection, loadPathway, patientParams, startPathway, type Answered } from './triage-steps';

const browser = useBrowser({ resetAfterEach: true });
const PHONE = { viewport: { width: 390, height: 844 } };
const JOURNEY_TIMEOUT = 240_000;

async function expectAccessible(page: Page, where: string) {
  expect(await axeViolations(page), where).toEqual([]);
}

/** The answers the form on screen shows, as "id=value" (ticked boxes and radios, filled boxes). */
function onScreen(page: Page) {
  return form(page).evaluate((f) =>
    [...f.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input, textarea, select')]
      .filter((i) => (i instanceof HTMLInputElement && (i.type === 'radio' || i.type === 'checkbox') ? i.checked : i.value !== ''))
      .map((i) => `${i.id}=${i.value}`)
      .sort(),
  );
}

/** Where the page is after going back: at its top, with focus on the section's h1 (read after the page settles). */
async function expectAtTopOnHeading(page: Page, title: string, where: string) {
  await expect.poll(() => page.evaluate(() => (document.activeElement?.tagName === 'H1' ? document.activeElement.textContent : ''))).toBe(title);
  // The browser restores the scroll position of an entry it goes back to after the page has drawn:
  // two frames later the page must still be at its top.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY)), { message: where }).toBe(0);
}

describe('patient experience, last points', () => {
  it(
    'Back two sections and on again: every section keeps its answers, and each Back lands at the top with focus on the h1',
    async () => {
      const doc = loadPathway('Triage.SoreThroat');
      const ex = doc.examples!.find((e) => e.name === 'Sore throat for 4 weeks')!;
      const params = patientParams(AMELIA);
      const result: Answered = { expected: {}, hiddenAfterAnswer: [], revealed: [] };
      const { page } = await openPage(browser, PHONE);
      page.setDefaultTimeout(90_000);
      await startPathway(page, 'my throat hurts when I swallow', doc.label);
      const first = await currentSection(page, doc);
      await answerSection(page, doc, ex.answers, params, result);
      const second = await currentSection(page, doc);
      // Next is at the foot of a long section: the patient has scrolled down to it.
      await answerSection(page, doc, ex.answers, params, result);
      const third = await currentSection(page, doc);
      expect(new Set([first.id, second.id, third.id]).size).toBe(3);
      const sectionInUrl = () => new URL(page.url()).searchParams.get('section');

      // Back (the browser's) to the middle section: its answers, at the top, focus on its h1.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.goBack();
      await expect.poll(sectionInUrl).toBe(second.id);
      await expectAtTopOnHeading(page, second.document.pages[0]!.title!, 'back to the middle section');
      const middle = await onScreen(page);
      expect(middle.length).toBeGreaterThan(0);
      await expectAccessible(page, 'back to the middle section');

      // Back again (the Back link) to the first section.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.getByTestId('back-link').click();
      await expect.poll(sectionInUrl).toBe(first.id);
      await expectAtTopOnHeading(page, first.document.pages[0]!.title!, 'back to the first section');
      expect((await onScreen(page)).length).toBeGreaterThan(0);

      // Next on the first section unchanged: the middle section comes back with the answers given to it.
      await form(page).getByRole('button', { name: 'Next', exact: true }).click();
      await expect.poll(sectionInUrl).toBe(second.id);
      await expect.poll(async () => (await currentSection(page, doc)).id).toBe(second.id);
      await expect.poll(() => onScreen(page)).toEqual(middle);
      // And Next on it goes on to the third section, the answers accepted as they are.
      await form(page).getByRole('button', { name: 'Next', exact: true }).click();
      await expect.poll(sectionInUrl).toBe(third.id);
    },
    JOURNEY_TIMEOUT,
  );
});
