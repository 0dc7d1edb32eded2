// New child pathways of the library, walked as a parent would in Chromium: found with the parent's
// own words on the child menu, answered to their ending. Head lice ends in self-care advice that
// names what a pharmacist can give (nothing is sent unless the parent asks); croup not yet seen by
// a doctor ends urgent today (the NHS asks for an urgent GP appointment) and reaches the practice
// with that tier. Nonsense finds nothing, not even a similar match.
import { describe, expect, it } from 'vitest';
import { axeViolations, openPage } from './harness';
import { useBrowser } from './use-browser';
import { clickButton } from './admin-steps';
import { form } from './form-filler';
import { practiceRequests } from './practice-controls';
import { answerQuestionnaire, loadPathway } from './triage-steps';
import { dobForAge, reachMenu } from './child-steps';
import type { Page } from 'playwright-core';

const browser = useBrowser({ resetAfterEach: true });

/** Types the parent's words into the child menu's search and presses Search. */
async function searchChild(page: Page, words: string): Promise<void> {
  await page.getByRole('searchbox', { name: /Search for the child's symptom or problem/ }).fill(words);
  await page.getByRole('search').getByRole('button', { name: 'Search', exact: true }).click();
}

/** Chooses a pathway among the search's results and answers it with one of its examples. */
async function chooseAndAnswer(page: Page, guidelineId: string, exampleName: string, years: number): Promise<void> {
  const doc = loadPathway(guidelineId);
  const example = doc.examples?.find((e) => e.name === exampleName);
  if (!example) throw new Error(`${guidelineId} has no example "${exampleName}"`);
  await page
    .getByTestId('child-main-matches')
    .getByRole('button', { name: `Choose ${doc.label}` })
    .click();
  await page.waitForURL((u) => u.pathname === '/triage/questionnaire');
  await form(page).waitFor();
  await answerQuestionnaire(page, doc, example.answers ?? {}, { patientAge: years, sexAtBirth: 'female' });
}

describe('new child pathways, end to end', () => {
  it('"nits" for a 6-year-old: Head lice and nits, then self-care advice that names the pharmacist; nothing is sent', async () => {
    const { page } = await openPage(browser);
    await reachMenu(page, dobForAge(6));

    await searchChild(page, 'xyzzy blorp');
    await page.getByTestId('child-search-prompt').getByText('Please try a different search term.').waitFor();
    expect(await page.getByTestId('child-main-matches').count()).toBe(0);
    expect(await page.getByTestId('child-similar-matches').count()).toBe(0);

    await searchChild(page, 'nits');
    await page.getByTestId('child-main-matches').getByRole('heading', { name: 'Head lice and nits' }).waitFor();
    await chooseAndAnswer(page, 'Form.U16.HeadLice', 'SELF_CARE: head lice, first time', 6);

    await page.waitForURL((u) => u.pathname === '/triage/self-care');
    await page.getByRole('heading', { level: 1, name: 'You can look after the child at home' }).waitFor();
    const advice = page.getByTestId('outcome-advice');
    await advice
      .getByText(/detection comb/)
      .first()
      .waitFor();
    await advice.getByText(/A pharmacist can: sell you a detection comb/).waitFor();
    expect(await page.getByRole('link', { name: 'Head lice and nits - NHS' }).first().getAttribute('href')).toBe(
      'https://www.nhs.uk/conditions/head-lice-and-nits/',
    );
    expect(await axeViolations(page)).toEqual([]);
    expect(await practiceRequests()).toEqual([]);

    await clickButton(page, "I'll look after this at home");
    await page.waitForURL((u) => u.pathname === '/triage/advice-given');
    await page.getByText('Nothing has been sent to your GP practice.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await practiceRequests()).toEqual([]);
  });

  it('"barking cough" for a 2-year-old: Croup, not yet seen by a doctor, is urgent today and reaches the practice so', async () => {
    const { page } = await openPage(browser);
    await reachMenu(page, dobForAge(2));
    await searchChild(page, 'barking cough');
    await page.getByTestId('child-main-matches').getByRole('heading', { name: 'Croup (barking cough)' }).waitFor();
    await chooseAndAnswer(page, 'Form.U16.Croup', 'URGENT_TODAY: new croup, not seen yet', 2);

    await page.waitForURL((u) => u.pathname === '/triage/urgent-today');
    await page.getByText('From the answers you gave, a GP needs to speak to the child today.').waitFor();
    await page
      .getByText(/Keep the child calm and upright/)
      .first()
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await clickButton(page, 'Ask the practice to call me today');
    await page.waitForURL((u) => u.pathname === '/triage/your-own-words');
    await page.getByRole('combobox', { name: /What do you hope for from the practice/ }).selectOption({ index: 1 });
    await page.getByRole('textbox', { name: /Is there anything else it would help the practice to know/ }).fill('No');
    await form(page).getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('heading', { name: 'Send your request?' }).waitFor();
    await clickButton(page, 'Send');
    await page.getByRole('heading', { name: 'Your request is sent' }).waitFor();
    const [stored] = await practiceRequests();
    const consultation = (stored!.body.primaryRequest as { consultation: { tier: string; guidelineId?: string } }).consultation;
    expect(consultation.tier).toBe('URGENT_TODAY');
    expect(JSON.stringify(stored!.body)).toContain('Form.U16.Croup');
  });
});
