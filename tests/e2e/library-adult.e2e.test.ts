// The adult library's third round, as a patient meets it: found by their own words in the symptom
// search, answered with the pathway's own example, and ended at the screen its tier says — a new
// self-care pathway (leg cramps) and a new pharmacy pathway (hives, Pharmacy First's minor
// illness consultation). Each checks the screen's words and links, axe, and that nothing reached
// the practice.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, openPage } from './harness';
import { useBrowser } from './use-browser';
import { AMELIA, clickButton, type DemoPatient } from './admin-steps';
import { practiceRequests } from './practice-controls';
import { otherSexPrompt } from '../../src/search/searchPrompts';
import { answerQuestionnaire, loadPathway, openTriage, patientParams, search, startPathway } from './triage-steps';

const browser = useBrowser({ resetAfterEach: true });

/** Searches in the patient's words, picks the pathway by its label and answers it with one of its examples. */
async function finishWith(page: Page, guidelineId: string, words: string, exampleName: string): Promise<void> {
  const doc = loadPathway(guidelineId);
  const example = doc.examples?.find((e) => e.name === exampleName);
  if (!example) throw new Error(`${guidelineId} has no example "${exampleName}"`);
  await startPathway(page, words, doc.label);
  await answerQuestionnaire(page, doc, example.answers, patientParams(AMELIA));
}

// Each test walks the whole journey (search, details, three sections); on a shared machine one took
// 44 s of the default 60, so the walks get twice that.
describe('new adult pathways end where their tier says', { timeout: 120_000 }, () => {
  it('the search finds each new pathway by lay words, misspelt as patients write them', async () => {
    const { page } = await openPage(browser);
    await openTriage(page);
    for (const [words, label] of [
      ['woken up by cramp', loadPathway('Triage.LegCramps').label],
      ['hievs all over my arms', loadPathway('Triage.Hives').label],
    ] as const) {
      await search(page, words);
      await page.getByTestId('search-results').getByRole('link', { name: label, exact: true }).waitFor();
    }
  });

  it('self-care (leg cramps): look after it at home, with what to do, what a pharmacist can give and when to get help; nothing is sent', async () => {
    const { page, cspViolations } = await openPage(browser);
    await finishWith(page, 'Triage.LegCramps', 'cramp in my calf at night', 'Cramp now and then after running');
    await page.waitForURL((u) => u.pathname === '/triage/self-care');
    await page.getByRole('heading', { level: 1, name: 'You can look after this yourself at home' }).waitFor();
    const advice = page.getByTestId('outcome-advice');
    await advice.waitFor();
    await advice.getByText(/stretch the muscle/).waitFor();
    await advice.getByText(/A pharmacist can/).waitFor();
    await advice.getByText(/Call 999 if a leg suddenly goes cold, pale and painful/).waitFor();
    expect(await page.getByRole('link', { name: 'Leg cramps - NHS' }).getAttribute('href')).toBe('https://www.nhs.uk/conditions/leg-cramps/');
    expect(await axeViolations(page), 'self-care screen').toEqual([]);
    expect(await practiceRequests()).toEqual([]);
    expect(await cspViolations()).toEqual([]);
  });

  it('a red flag of the same pathway (one painful, swollen calf) is urgent today, not self-care', async () => {
    const { page } = await openPage(browser);
    await finishWith(
      page,
      'Triage.LegCramps',
      'leg cramps',
      'URGENT_TODAY: Pain, swelling, redness or warmth in one calf that does not go away when the cramp stops',
    );
    await page.waitForURL((u) => u.pathname === '/triage/urgent-today');
    await page.getByRole('heading', { level: 1, name: 'You need to speak to a GP today' }).waitFor();
    expect(await page.getByRole('heading', { level: 1, name: 'You can look after this yourself at home' }).count()).toBe(0);
  });

  it('pharmacy (hives): a pharmacist can help, find a pharmacy; "I\'ll go to a pharmacy" sends nothing to the practice', async () => {
    const { page } = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await finishWith(page, 'Triage.Hives', 'nettle rash', 'Hives for 2 days: a pharmacist can help');
    await page.waitForURL((u) => u.pathname === '/triage/pharmacy');
    await page.getByRole('heading', { level: 1, name: 'A pharmacist can help with this today' }).waitFor();
    expect(await page.getByRole('link', { name: 'Find a pharmacy near you' }).getAttribute('href')).toBe(
      'https://www.nhs.uk/service-search/pharmacy/find-a-pharmacy',
    );
    const advice = page.getByTestId('outcome-advice');
    await advice.waitFor();
    await advice
      .getByText(/antihistamine/)
      .first()
      .waitFor();
    await advice
      .getByText(/Call 999 if your lips, tongue or throat swell/)
      .first()
      .waitFor();
    expect(await axeViolations(page), 'pharmacy screen').toEqual([]);
    await clickButton(page, "I'll go to a pharmacy");
    await page.waitForURL((u) => u.pathname === '/triage/advice-given');
    await page.getByText('Nothing has been sent to your GP practice.').waitFor();
    expect(await axeViolations(page), 'pharmacy chosen').toEqual([]);
    expect(await practiceRequests()).toEqual([]);
  });
});

describe("the patient's sex at birth on the symptom search", { timeout: 120_000 }, () => {
  const TOM: DemoPatient = { ...AMELIA, firstName: 'Tom', sex: 'Male' };
  it('a man searching "heavy periods" is told why the periods pathway is not offered, and is not offered it', async () => {
    const { page } = await openPage(browser);
    const periods = loadPathway('Triage.Periods').label;
    // He picks another pathway and gives his details (male) up to its questions, then opens the search again.
    await startPathway(page, 'headache', loadPathway('Triage.Headache').label, TOM);
    await page.goto('/triage');
    await page.waitForURL((url) => url.pathname === '/triage');
    await search(page, 'heavy periods');
    await page
      .getByTestId('search-prompt')
      .filter({ hasText: otherSexPrompt([periods], 'male', 'patients') })
      .waitFor();
    expect(await page.getByRole('link', { name: periods, exact: true }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  });
});
