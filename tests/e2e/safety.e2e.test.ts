// Safety-netting after an urgent result, driven as a patient would: the safety check, the
// urgent care outcome, "Inform the practice", the override, the signpost and service closed.
// Every screen is checked with axe; what the practice received is read back as staff would.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AMELIA } from './admin-steps';
import { answer as answerField, form, loadDocument } from './form-filler';
import { axeViolations, baseURL, openPage } from './harness';
import { useBrowser } from './use-browser';
import { practiceAuthHeaders, setControls } from './practice-controls';
import { answerSection, loadPathway, patientParams, startPathway, type Answered } from './triage-steps';

const browser = useBrowser({ resetAfterEach: true });

const PATHWAY = 'Triage.Headache';
const WORDS = 'headache for three days';
// An A&E result: the spec's safety branch (a 999 result goes straight to the 999 screen, tests/e2e/endings.e2e.test.ts).
const RED_FLAG = 'ref-ae: A painful red eye with blurred vision or seeing haloes';
const SAFETY_DOC = loadDocument('EMERGENCY_QUESTIONS');
const ALL_YES = { drinksFluids: true, breathsNormally: true, passesUrine: true, ableToStandOrWalk: true };
const ONE_NO = { ...ALL_YES, breathsNormally: false };

function authHeaders(): Record<string, string> {
  const token = process.env.PRACTICE_API_TOKEN;
  return token ? { authorization: `Bearer ${token}` } : {};
}

type StoredTriageRequest = {
  triageRequestType: string;
  consultation: Record<string, unknown> & { executionId: string };
  emergencyQuestions?: unknown[];
  emergencyOverrideReason?: string;
};
type Stored = { kind: string; formType?: string; body: { triageRequest: StoredTriageRequest } };
async function received(): Promise<Stored[]> {
  const response = await fetch(`${baseURL()}/api/v1/practice/requests`, { headers: authHeaders() });
  expect(response.status).toBe(200);
  const answer = (await response.json()) as Stored[] | { items: Stored[] };
  return Array.isArray(answer) ? answer : answer.items;
}

async function expectAccessible(page: Page, where: string) {
  expect(await axeViolations(page), where).toEqual([]);
}

const path = (page: Page) => new URL(page.url()).pathname;

/** Search, details, the questionnaire answered with a red flag: the safety check is on screen. */
async function reachSafetyCheck(page: Page): Promise<void> {
  const doc = loadPathway(PATHWAY);
  const example = doc.examples?.find((e) => e.name === RED_FLAG);
  if (!example) throw new Error(`${PATHWAY} has no example "${RED_FLAG}"`);
  await startPathway(page, WORDS, doc.label);
  const titles = doc.sections.map((s) => s.document.pages[0]?.title ?? '');
  const result: Answered = { expected: {}, hiddenAfterAnswer: [], revealed: [] };
  for (let guard = 0; guard < 10; guard++) {
    // Wait for the next section, or for the questionnaire to hand over to the urgent branch.
    await page.waitForFunction(
      (sectionTitles) =>
        location.pathname !== '/triage/questionnaire' || sectionTitles.includes(document.querySelector('.app-schema-form h1')?.textContent ?? ''),
      titles,
    );
    if (path(page) !== '/triage/questionnaire') break;
    await answerSection(page, doc, example.answers, patientParams(AMELIA), result);
  }
  await page.waitForURL((url) => url.pathname === '/triage/emergency-questions');
  await page.getByRole('heading', { level: 1, name: 'Are you safe to wait for GP care?' }).waitFor();
}

async function answerSafety(page: Page, answers: Record<string, boolean>) {
  for (const [name, value] of Object.entries(answers)) await answerField(page, SAFETY_DOC, name, value);
}

async function next(page: Page) {
  await form(page).getByRole('button', { name: 'Next', exact: true }).click();
}

/** Through the safety check with the given answers to the urgent care outcome. */
async function reachOutcome(page: Page, answers: Record<string, boolean>) {
  await reachSafetyCheck(page);
  await answerSafety(page, answers);
  await next(page);
  await page.waitForURL((url) => url.pathname === '/triage/submit-emergency');
}

async function executionOf(id: string) {
  // Read as the practice: an execution answers only the browser that started it, or staff.
  return (await (await fetch(`${baseURL()}/api/v1/fhir/r4/GuidelineExecution/${id}`, { headers: practiceAuthHeaders() })).json()) as {
    status: string;
    feedback?: { committedToConsultGp?: boolean };
    customData: Array<{ key: string; value: unknown }>;
  };
}

describe('safety-netting in Chromium', () => {
  it('red flag → one No → "strongly indicate" → I will attend A&E → emergency-confirmed; stored as EMERGENCY_INDICATION, committedToConsultGp false', async () => {
    const { page, cspViolations, errors } = await openPage(browser);
    await reachSafetyCheck(page);
    await expectAccessible(page, 'safety check, pristine');
    await next(page);
    await page.getByText('Please answer all questions to proceed').first().waitFor();
    expect(await page.getByText('Select yes if you are able to drink fluids').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'safety check, failed Next');
    expect(path(page)).toBe('/triage/emergency-questions');

    await answerSafety(page, ONE_NO);
    await next(page);
    await page.getByRole('heading', { level: 1, name: 'Your answers strongly indicate that you need A&E' }).waitFor();
    // Care cards (NHS design system), not plain paragraphs.
    expect(await page.locator('.nhsuk-panel--interruption').count()).toBe(1);
    expect(await page.getByTestId('attend-ae').getAttribute('class')).toContain('nhsuk-card--care--emergency');
    expect(await page.getByTestId('gp-advice').getAttribute('class')).toContain('nhsuk-card--care--urgent');
    expect(await page.getByTestId('gp-advice').textContent()).toContain('2 working days or more');
    await expectAccessible(page, 'urgent care outcome');

    await page.getByRole('button', { name: 'Inform the practice', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/triage/emergency-confirmed');
    await page.getByRole('heading', { level: 1, name: 'Go to A&E now or call 999' }).waitFor();
    expect(await page.getByRole('link', { name: 'When to go to A&E' }).getAttribute('href')).toContain('nhs.uk');
    await expectAccessible(page, 'A&E confirmation');

    const requests = await received();
    expect(requests).toHaveLength(1);
    const request = requests[0]!.body.triageRequest;
    expect(request.triageRequestType).toBe('EMERGENCY_INDICATION');
    expect(request.consultation).toMatchObject({ type: 'EMERGENCY_INDICATION', committedToConsultGp: false, guidelineId: PATHWAY });
    expect(request.emergencyQuestions).toContainEqual({ identifier: 'breathsNormally', question: 'Are you breathing normally?', answer: 'No' });
    expect(request.emergencyOverrideReason).toBeUndefined();
    const execution = await executionOf(request.consultation.executionId);
    expect(execution.status).toBe('FINISHED');
    expect(execution.feedback?.committedToConsultGp).toBe(false);

    // The practice inbox puts it first and marks it.
    const inbox = await (await fetch(`${baseURL()}/practice/inbox`, { headers: authHeaders() })).text();
    expect(inbox.split('<article')[1]).toContain('Emergency indication</strong>');
    expect(await cspViolations()).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('the same → I want GP advice → a valid reason → confirm → thank-you; stored as CONSULTATION_REQUEST with the reason', async () => {
    const { page, errors } = await openPage(browser);
    await reachOutcome(page, ONE_NO);
    await page.getByRole('button', { name: 'Request consultation', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/triage/emergency-override');
    await form(page).waitFor();
    await expectAccessible(page, 'override, pristine');
    await form(page).getByRole('button', { name: 'Proceed', exact: true }).click();
    await page.getByText('You need to select a reason to proceed.').first().waitFor();
    await expectAccessible(page, 'override, failed Proceed');

    await page.getByRole('radio', { name: 'I feel well enough to wait to hear from my GP practice by the end of tomorrow', exact: true }).check();
    await form(page).getByRole('button', { name: 'Proceed', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure it is safe to wait?' });
    await dialog.waitFor();
    await expectAccessible(page, 'override, confirm modal');
    // The dialog opens on the safe choice, not on "Yes, request consultation".
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('No, go back');
    // "No, go back" keeps the patient on the page with their choice.
    await dialog.getByRole('button', { name: 'No, go back' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(
      await page.getByRole('radio', { name: 'I feel well enough to wait to hear from my GP practice by the end of tomorrow', exact: true }).isChecked(),
    ).toBe(true);
    expect(await received()).toHaveLength(0);

    await form(page).getByRole('button', { name: 'Proceed', exact: true }).click();
    await dialog.getByRole('button', { name: 'Yes, request consultation' }).click();
    await page.getByRole('heading', { name: 'Your request for medical advice has been sent.' }).waitFor();
    expect(path(page)).toBe('/triage/thank-you');

    const requests = await received();
    expect(requests).toHaveLength(1);
    const request = requests[0]!.body.triageRequest;
    expect(request.triageRequestType).toBe('CONSULTATION_REQUEST');
    expect(request.emergencyOverrideReason).toBe('by_end_tomorrow');
    expect(request.consultation).toMatchObject({ type: 'CONSULTATION_REQUEST', committedToConsultGp: true, emergencyOverrideLabel: 'By end tomorrow' });
    const execution = await executionOf(request.consultation.executionId);
    expect(execution.feedback?.committedToConsultGp).toBe(true);
    const custom = Object.fromEntries(execution.customData.map((c) => [c.key, c.value]));
    expect(custom).toMatchObject({ isAnEOverride: true, anEOverrideReason: 'by_end_tomorrow', anEOverrideReasonValid: true, reachedEmergencyQuestions: true });
    expect(String(custom.anEOverrideReferralId)).toMatch(/^ref-(ae|emergency)$/);
    expect(errors).toEqual([]);
  });

  it('none_of_the_above → the triage signpost (the GP will not receive the answers) and nothing stored; later pages bounce', async () => {
    const { page } = await openPage(browser);
    await reachOutcome(page, ONE_NO);
    await page.getByRole('button', { name: 'Request consultation', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/triage/emergency-override');
    await page.getByRole('radio', { name: /^None of these – I am not safe to wait/ }).check();
    await form(page).getByRole('button', { name: 'Proceed', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/triage/emergency-signpost');
    await page.getByTestId('triage-variant-warning').waitFor();
    expect(await page.getByTestId('triage-variant-warning').textContent()).toContain('will not receive the answers');
    await expectAccessible(page, 'emergency signpost, triage variant');
    expect(await received()).toHaveLength(0);
    for (const later of ['/triage/complete', '/triage/emergency-override', '/triage/submit-emergency']) {
      await page.goto(later);
      await page.waitForURL((url) => url.pathname === '/triage');
    }
    expect(await received()).toHaveLength(0);
  });

  it('all Yes answers → "Some of your answers suggest you may need A&E"', async () => {
    const { page } = await openPage(browser);
    await reachOutcome(page, ALL_YES);
    await page.getByRole('heading', { level: 1, name: 'Some of your answers suggest you may need A&E' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Your answers strongly indicate that you need A&E' }).count()).toBe(0);
    await expectAccessible(page, 'urgent care outcome, all Yes');
  });

  it('the service switched off between the questions and Next → service closed, nothing stored', async () => {
    const { page } = await openPage(browser);
    await reachSafetyCheck(page);
    await answerSafety(page, ONE_NO);
    await setControls({ operationalState: { medical: { operationalStatus: 'SERVICE_OFF' } } });
    await next(page);
    await page.waitForURL((url) => url.pathname === '/triage/service-closed');
    await page.getByRole('heading', { level: 1, name: 'Service unavailable' }).waitFor();
    expect(await page.getByTestId('ae-card').getAttribute('class')).toContain('nhsuk-card--care--emergency');
    await expectAccessible(page, 'service closed');
    expect(await received()).toHaveLength(0);
  });

  it('the service switched off before the override is confirmed → service closed, nothing stored', async () => {
    const { page } = await openPage(browser);
    await reachOutcome(page, ONE_NO);
    await page.getByRole('button', { name: 'Request consultation', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/triage/emergency-override');
    await page.getByRole('radio', { name: 'I understand the risk and I want my GP practice to help me instead of A&E', exact: true }).check();
    await form(page).getByRole('button', { name: 'Proceed', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure it is safe to wait?' });
    await dialog.waitFor();
    await setControls({ operationalState: { medical: { practiceCalendar: 'OUT_OF_HOURS' } } });
    await dialog.getByRole('button', { name: 'Yes, request consultation' }).click();
    await page.waitForURL((url) => url.pathname === '/triage/service-closed');
    await page.getByRole('heading', { level: 1, name: 'Service unavailable' }).waitFor();
    expect(await received()).toHaveLength(0);
  });

  it('a direct visit to the override, the outcome or the confirmation without the questions bounces to the start', async () => {
    const { page } = await openPage(browser);
    for (const direct of ['/triage/emergency-override', '/triage/submit-emergency', '/triage/emergency-confirmed', '/triage/emergency-questions']) {
      await page.goto(direct);
      await page.waitForURL((url) => url.pathname === '/triage');
    }
  });

  it('once the safety check is reached, the send page bounces until a valid reason is given', async () => {
    const { page } = await openPage(browser);
    await reachSafetyCheck(page);
    await page.goto('/triage/complete');
    await page.waitForURL((url) => url.pathname === '/triage');
    expect(await received()).toHaveLength(0);
  });
});
