// What the practice sees comes from the engine's record, never the browser's body:
// a patient's browser whose consultation body is rewritten on the way out (a lower urgency, a
// GREEN colour, another referral, tier and condition, fewer vomits) still has the request shown
// in the practice inbox with the engine's urgency and answers.
import { describe, expect, it } from 'vitest';
import { openPage } from './harness';
import { useBrowser } from './use-browser';
import { practiceAuthHeaders, practiceRequests } from './practice-controls';
import { AMELIA } from './admin-steps';
import { DEMO_URGENCY } from '../../server/seed';
import { form } from './form-filler';
import { answerQuestionnaire, loadPathway, onToPractice, patientParams, startPathway } from './triage-steps';

const browser = useBrowser({ resetAfterEach: true });

const PATHWAY = 'Triage.DiarrhoeaVomiting';
const EXAMPLE = 'Sick 12 times';

type Json = Record<string, unknown>;

describe('the practice inbox shows the engine’s record', () => {
  it('a body rewritten to claim routine, GREEN and 1 vomit is shown as the engine’s urgent-today referral with 12', { timeout: 180_000 }, async () => {
    const doc = loadPathway(PATHWAY);
    const example = doc.examples?.find((e) => e.name === EXAMPLE);
    if (!example) throw new Error(`${PATHWAY} has no example "${EXAMPLE}"`);
    // An urgent-today referral (urgent callback or same day): its urgency and colour as the practice lists them.
    const referral = example.expectTopReferral as keyof typeof DEMO_URGENCY;
    expect(['ref-urgent-callback', 'ref-same-day']).toContain(referral);
    const { urgency, colour } = DEMO_URGENCY[referral];
    const { page } = await openPage(browser);

    // The body leaves the browser rewritten, as a modified client would send it.
    let forged: Json | undefined;
    await page.route('**/api/v1/triage/patient/consultation', async (route) => {
      const body = route.request().postDataJSON() as { triageRequest: Json };
      const triageRequest = body.triageRequest;
      Object.assign(triageRequest.consultation as Json, {
        urgency: 'TRoutine',
        urgencyColour: 'GREEN',
        referralId: 'ref-routine',
        referralLabel: 'Routine appointment',
        tier: 'ROUTINE',
        conditionLabel: 'Hay fever',
      });
      triageRequest.responseData = (triageRequest.responseData as Json[]).map((o) => (o.identifier === 'dvVomits' ? { ...o, answer: [{ value: 1 }] } : o));
      forged = body;
      await route.continue({ postData: JSON.stringify(body), headers: { ...route.request().headers(), 'content-type': 'application/json' } });
    });

    await startPathway(page, 'diarrhoea and being sick', doc.label);
    await answerQuestionnaire(page, doc, example.answers, patientParams(AMELIA));
    // Urgent today: its own screen first, then the patient asks for a call back.
    await onToPractice(page);
    await page.waitForURL((url) => url.pathname === '/triage/your-own-words');
    await page.getByRole('combobox', { name: /What do you hope for from the practice/ }).selectOption({ label: 'I need advice' });
    await page.getByRole('textbox', { name: /Is there anything else it would help the practice to know/ }).fill('No');
    await form(page).getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('heading', { name: 'Send your request?' }).waitFor();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('heading', { name: 'Your request for medical advice has been sent.' }).waitFor();
    expect((forged?.triageRequest as Json | undefined)?.consultation).toMatchObject({ urgency: 'TRoutine', urgencyColour: 'GREEN' });

    const [stored] = await practiceRequests();
    expect((stored as { tier?: string } | undefined)?.tier).toBe('URGENT_TODAY');

    // The inbox as staff see it, in the browser.
    const staff = await browser.newContext({ baseURL: new URL(page.url()).origin, extraHTTPHeaders: practiceAuthHeaders() });
    const inbox = await staff.newPage();
    await inbox.goto('/practice/inbox');
    const article = inbox.locator('article').first();
    await expect.poll(() => article.locator('.urgency').textContent()).toBe(`${urgency} (${colour})`);
    expect(await article.locator('.tier').textContent()).toContain('Urgent: reply today');
    expect(await article.textContent()).toContain(`Pathway: ${doc.label}`);
    const vomits = article.locator('dl.answers dt', { hasText: 'How many times have you been sick in the last 24 hours?' });
    expect(await vomits.locator('xpath=following-sibling::dd[1]').textContent()).toMatch(/^12( |$)/);
    expect(await article.textContent()).not.toContain('TRoutine');
    expect(await article.textContent()).not.toContain('Hay fever');
    await staff.close();
  });
});
