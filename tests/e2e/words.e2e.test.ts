// The patient's own words are read, in
// Chromium as a patient would: the symptom search's emergency card comes before any result;
// "I've been vomiting blood since this morning" typed into "something else" reaches emergency
// advice; a self-harm plan shows the crisis contacts. Every new state is checked with axe.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AMELIA, clickButton, declineLogin, fillContact, fillDetails } from './admin-steps';
import { form } from './form-filler';
import { axeViolations, baseURL, openPage } from './harness';
import { useBrowser } from './use-browser';
import { practiceAuthHeaders } from './practice-controls';
import { answerSection, loadPathway, openTriage, patientParams, search, type Answered } from './triage-steps';

const browser = useBrowser({ resetAfterEach: true });

const NON_SPECIFIC = loadPathway('Triage.Non_specific');
const ROUTINE = NON_SPECIFIC.examples!.find((e) => e.name === 'Routine other problem')!.answers;
const PLAN = NON_SPECIFIC.examples!.find((e) => e.name.startsWith('Story: thoughts of suicide with a plan'))!.answers;
const DESCRIPTION_FIELD = 'nsDescription';
const path = (page: Page) => new URL(page.url()).pathname;

async function expectAccessible(page: Page, where: string) {
  expect(await axeViolations(page), where).toEqual([]);
}

/** "Ask the practice about something else" from the search, then the patient's details. */
async function startSomethingElse(page: Page) {
  await openTriage(page);
  await search(page, 'my problem');
  await page.getByTestId('non-specific').click();
  await page.waitForURL((url) => url.pathname === '/triage/patient-details');
  await declineLogin(page);
  await fillDetails(page, AMELIA);
  await clickButton(page, 'Next');
  await fillContact(page, AMELIA);
  await clickButton(page, 'Next');
  await page.waitForURL((url) => url.pathname === '/triage/questionnaire');
  await form(page).waitFor();
}

describe('the symptom search meets an emergency', () => {
  it.each([
    ['chest pain', false],
    ["can't breathe", false],
    ['want to die', true],
    ['face drooping', false],
  ])('"%s": the emergency card with 999 comes first, above the results', async (words, crisis) => {
    const { page, errors } = await openPage(browser);
    await openTriage(page);
    await search(page, words);
    const card = page.getByTestId('search-emergency');
    await card.waitFor();
    expect(await card.getByRole('heading', { name: 'Your words suggest you may need urgent help' }).count()).toBe(1);
    expect(await card.locator('a[href="tel:999"]').count()).toBeGreaterThan(0);
    // Before anything else: the card precedes the results (and the "something else" link) in the page.
    const before = await page.evaluate(() => {
      const c = document.querySelector('[data-testid="search-emergency"]');
      const r = document.querySelector('[data-testid="search-results"]');
      return !!c && !!r && (c.compareDocumentPosition(r) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    });
    expect(before).toBe(true);
    // Focus moved to the card's heading.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Your words suggest you may need urgent help');
    expect(await card.getByTestId('crisis-contacts').count()).toBe(crisis ? 1 : 0);
    if (crisis) {
      expect(await card.locator('a[href="tel:116123"]').textContent()).toBe('116 123');
      expect(await card.getByText('choose option 2').count()).toBe(1);
    }
    await expectAccessible(page, `search emergency card for "${words}"`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an ordinary search shows no emergency card, and each result shows its "Not suitable for" warning', async () => {
    const { page } = await openPage(browser);
    await openTriage(page);
    await search(page, 'sore throat');
    await page.getByTestId('main-matches').waitFor();
    expect(await page.getByTestId('search-emergency').count()).toBe(0);
    const results = await page.getByTestId('main-matches').locator('li').count();
    expect(await page.getByTestId('main-matches').getByTestId('not-suitable-for').count()).toBe(results);
    expect(await page.getByTestId('main-matches').getByTestId('not-suitable-for').first().textContent()).toContain('Not suitable for:');
    await expectAccessible(page, 'results with warnings');
    await page.close();
  });
});

describe("the patient's own words in 'something else'", () => {
  it('"I\'ve been vomiting blood since this morning" shows the care card, then the emergency advice; nothing is sent', async () => {
    const { page, errors } = await openPage(browser);
    await startSomethingElse(page);
    const params = patientParams(AMELIA);
    const result: Answered = { expected: {}, hiddenAfterAnswer: [], revealed: [] };
    const story = { ...ROUTINE, [DESCRIPTION_FIELD]: "I've been vomiting blood since this morning" };
    for (let guard = 0; guard < 10 && (await page.getByTestId('words-screening').count()) === 0; guard++) {
      await answerSection(page, NON_SPECIFIC, story, params, result, { stopAtWordsCard: true });
    }
    const card = page.getByTestId('words-screening');
    await card.waitFor();
    expect(await card.getByTestId('matched-words').textContent()).toContain('vomiting blood');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Your words suggest you may need urgent help');
    expect(await card.locator('a[href="tel:999"]').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'words screening card');
    await page.getByRole('button', { name: 'Get emergency advice', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/triage/emergency-signpost');
    await page.getByRole('heading', { level: 1, name: 'Get help now' }).waitFor();
    expect(await page.getByTestId('triage-variant-warning').count()).toBe(1);
    expect(await page.getByTestId('signpost-words').textContent()).toContain('vomiting or coughing up blood');
    await expectAccessible(page, 'emergency advice after the words card');
    // The patient chose the emergency advice: the practice received nothing.
    const stored = (await (await fetch(`${baseURL()}/api/v1/practice/requests`, { headers: practiceAuthHeaders() })).json()) as unknown[];
    expect(stored).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a self-harm plan: the 999 screen shows the crisis contacts; no "safe to wait" questions and no GP-request override', async () => {
    const { page, errors } = await openPage(browser);
    await startSomethingElse(page);
    const params = patientParams(AMELIA);
    const result: Answered = { expected: {}, hiddenAfterAnswer: [], revealed: [] };
    for (let guard = 0; guard < 10 && path(page) === '/triage/questionnaire'; guard++) {
      await page.waitForFunction(() => location.pathname !== '/triage/questionnaire' || document.querySelector('.app-schema-form h1') !== null);
      if (path(page) !== '/triage/questionnaire') break;
      await answerSection(page, NON_SPECIFIC, PLAN, params, result);
    }
    // A plan to end one's life is a 999 result (common/endings.ts): straight to the emergency screen.
    await page.waitForURL((url) => url.pathname === '/triage/get-help-now');
    const contacts = page.getByTestId('crisis-contacts');
    await contacts.waitFor();
    expect(await contacts.locator('a[href="tel:116123"]').textContent()).toBe('116 123');
    expect(await contacts.locator('a[href="tel:111"]').count()).toBe(1);
    expect(await contacts.locator('a[href="tel:999"]').count()).toBe(1);
    expect(await page.getByText('Are you safe to wait for GP care?').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Request consultation', exact: true }).count()).toBe(0);
    // Telling the practice is offered, as a secondary action: getting help comes first.
    expect(await page.getByRole('button', { name: 'Tell the practice', exact: true }).getAttribute('class')).toContain('nhsuk-button--secondary');
    await expectAccessible(page, '999 screen with crisis contacts');
    expect(errors).toEqual([]);
    await page.close();
  });
});
