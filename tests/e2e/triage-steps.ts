// Steps of the medical request journey, driven as a patient would: by labels and button names.
// The questionnaire answers come from each pathway document's own `examples` (the answers its
// author expects to lead to a given referral); see schemas/questionnaires/README.md.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { NONE_OF_THE_ABOVE, defaultWidget, prune, visibleFields, type FormData, type FormDocument } from '../../renderer/core/index';
import { safeCandidates } from '../../server/engine/exampleAnswers';
import { expandPathway, isSectionUse, readSharedSections } from '../../server/engine/hierarchy';
import { AMELIA, clickButton, declineLogin, fillContact, fillDetails, passEmergencyCheck, type DemoPatient } from './admin-steps';
import { answer as answerField, form, root } from './form-filler';

export interface PathwayDoc {
  guidelineId: string;
  label: string;
  sections: Array<{ id: string; document: FormDocument }>;
  examples?: Array<{ name: string; answers: FormData; expectTopReferral?: string }>;
}

/**
 * What a patient with nothing life-threatening answers in the shared section every triage
 * pathway opens with (schemas/questionnaires/shared/LifeThreatening.json): "None of the above",
 * and No to the pregnancy question when it is shown.
 */
export const SHARED_SECTION_NONE: FormData = { ltSigns: [NONE_OF_THE_ABOVE], ltPregnancy: false };

/**
 * A pathway as the engine serves it: `{ "use": … }` sections expanded (the shared section's
 * page comes first in a triage pathway), and each example's answers completed with
 * SHARED_SECTION_NONE where the example does not answer the shared section itself.
 */
export function loadPathway(guidelineId: string): PathwayDoc {
  const raw = JSON.parse(readFileSync(path.join(root, 'schemas/questionnaires', `${guidelineId}.json`), 'utf8')) as PathwayDoc & {
    sections: unknown[];
    outcomes: unknown[];
  };
  const shared = readSharedSections([path.join(root, 'schemas/questionnaires/shared')]);
  const doc = expandPathway(raw, shared).doc as unknown as PathwayDoc;
  const usesShared = raw.sections.some(isSectionUse);
  return usesShared ? { ...doc, examples: doc.examples?.map((e) => ({ ...e, answers: { ...SHARED_SECTION_NONE, ...e.answers } })) } : doc;
}

/** The parameters the engine gives every section for this patient (no document of the library declares others). */
export function patientParams(patient: DemoPatient, today = new Date()) {
  const [y, m, d] = patient.dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getFullYear() - y;
  if (today.getMonth() + 1 < m || (today.getMonth() + 1 === m && today.getDate() < d)) age--;
  return { patientAge: age, sexAtBirth: patient.sex === 'Female' ? 'female' : 'male' };
}

export async function search(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: /Search for your symptom/ }).fill(text);
  await page.getByRole('searchbox', { name: /Search for your symptom/ }).press('Enter');
}

/** From /triage: searches in the patient's words, picks the pathway, gives the patient's details. */
/** Opens the medical request's search as a deep link: the emergency symptoms screen comes first, then the search. */
export async function openTriage(page: Page): Promise<void> {
  await page.goto('/triage');
  await page.waitForURL((url) => url.pathname === '/emergency-symptoms' && url.searchParams.get('next') === '/triage');
  await passEmergencyCheck(page);
  await page.waitForURL((url) => url.pathname === '/triage');
}

export async function startPathway(page: Page, words: string, label: string, patient: DemoPatient = AMELIA): Promise<void> {
  await openTriage(page);
  await search(page, words);
  await page.getByTestId('search-results').getByRole('link', { name: label, exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/triage/patient-details');
  await declineLogin(page);
  await fillDetails(page, patient);
  await clickButton(page, 'Next');
  await fillContact(page, patient);
  await clickButton(page, 'Next');
  if (!patient.email) await clickButton(page, 'Continue');
  await page.waitForURL((url) => url.pathname === '/triage/questionnaire');
  await form(page).waitFor();
}

/** The go-on button of each ending screen that offers one (common/endings.ts): the patient asks the practice. */
const ENDING_GO_ON: Record<string, RegExp> = {
  '/triage/urgent-today': /^(Choose a time today|Ask the practice to call me today)$/,
  '/triage/pharmacy': /^Ask the practice instead$/,
  '/triage/self-care': /^I still want to ask the practice$/,
};

/**
 * After the last section: when the answers end at an urgent-today, pharmacy or self-care screen,
 * goes on from it to the practice as a patient who still asks it; else leaves the page as it is.
 * Answers the ending screen it passed, if any.
 */
export async function onToPractice(page: Page): Promise<string | undefined> {
  await page.waitForURL((url) => url.pathname !== '/triage/questionnaire');
  const where = new URL(page.url()).pathname;
  const name = ENDING_GO_ON[where];
  if (!name) return undefined;
  await page.getByRole('button', { name }).click();
  await page.waitForURL((url) => url.pathname !== where);
  return where;
}

/** The section on screen, found by its page title. */
export async function currentSection(page: Page, doc: PathwayDoc) {
  const title = (await form(page).getByRole('heading', { level: 1 }).textContent())?.trim();
  const section = doc.sections.find((s) => s.document.pages[0]?.title === title);
  if (!section) throw new Error(`${doc.guidelineId}: no section titled ${title}`);
  return section;
}

/** Answers one question through its widget; "None of the above" as the patient would tick it. */
export async function answer(page: Page, doc: FormDocument, name: string, value: unknown): Promise<void> {
  if (Array.isArray(value) && value.includes(NONE_OF_THE_ABOVE)) {
    const group = form(page).getByRole('group', { name: new RegExp(`^${escapeRe(doc.schema.properties[name]?.title ?? name)}`) });
    await group.getByRole('checkbox', { name: 'None of the above', exact: true }).check();
    return;
  }
  const widget = defaultWidget(doc.schema.properties[name]!, doc.uiSchema?.[name]);
  if (widget === 'number' || widget === 'integer') {
    await form(page).locator(`[id="field-${name}"]`).fill(String(value));
    return;
  }
  if (widget === 'time') {
    const m = /^(\d{1,2}):(\d{2})(?:\s*(am|pm))?$/.exec(String(value));
    if (!m) throw new Error(`time answer ${String(value)}`);
    await form(page).locator(`[id="field-${name}"]`).fill(m[1]!);
    await form(page).locator(`[id="field-${name}-minute"]`).fill(m[2]!);
    if (m[3]) await form(page).locator(`[id="field-${name}-period"]`).selectOption(m[3]);
    return;
  }
  await answerField(page, doc, name, value);
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function safeValue(doc: FormDocument, name: string): unknown {
  const value = safeCandidates(doc.schema.properties[name]!, doc.uiSchema?.[name], new Date())[0];
  if (value === undefined) throw new Error(`no safe answer for ${name}`);
  return value;
}

/** A follow-up whose one condition reads a question of the same section with a value we can give. */
function revealer(doc: FormDocument, field: string): { question: string; value: unknown } | undefined {
  const when = doc.rules?.[field]?.enableWhen;
  if (!Array.isArray(when) || when.length !== 1) return undefined;
  const c = when[0] as { question?: string; operator?: string; answer?: unknown };
  if (!c.question || !(c.question in doc.schema.properties)) return undefined;
  if (c.operator === 'IS' || c.operator === 'EQ') return { question: c.question, value: c.answer };
  if (c.operator === 'CONTAINS' && defaultWidget(doc.schema.properties[c.question]!, doc.uiSchema?.[c.question]) === 'checkboxes') {
    return { question: c.question, value: [c.answer] };
  }
  return undefined;
}

export interface Answered {
  /** What the stored consultation must hold: field → value, hidden answers pruned. */
  expected: Record<string, unknown>;
  /** Follow-ups that were shown, answered, then hidden again: never stored. */
  hiddenAfterAnswer: string[];
  /** Follow-ups shown (by the rules) and answered. */
  revealed: string[];
}

/**
 * Answers every section the engine shows with the example's answers. In each section, one
 * follow-up the example leaves hidden is first revealed (its question given the revealing
 * answer), answered, and hidden again (the example's answer put back).
 */
export async function answerQuestionnaire(page: Page, doc: PathwayDoc, example: FormData, params: Record<string, unknown>): Promise<Answered> {
  const result: Answered = { expected: {}, hiddenAfterAnswer: [], revealed: [] };
  for (let guard = 0; guard < 10; guard++) {
    if ((await page.evaluate(() => location.pathname)) !== '/triage/questionnaire') return result;
    await answerSection(page, doc, example, params, result);
  }
  throw new Error(`${doc.guidelineId}: the questionnaire did not end`);
}

/** Answers the section on screen and presses Next; waits for the next section or page. */
/**
 * Answers the section on screen and presses Next. When the patient's own words bring up the
 * words care card, the patient goes on ("Continue and send my answers"), unless `stopAtWordsCard`.
 */
export async function answerSection(
  page: Page,
  doc: PathwayDoc,
  example: FormData,
  params: Record<string, unknown>,
  result: Answered,
  options: { stopAtWordsCard?: boolean } = {},
): Promise<void> {
  const section = await currentSection(page, doc);
  const sdoc = section.document;
  const data: FormData = {};
  for (const name of sdoc.pages[0]!.fields) {
    if (!visibleFields(sdoc, data, params).includes(name)) continue;
    if (!(name in example)) continue;
    await answer(page, sdoc, name, example[name]);
    data[name] = example[name];
  }
  // Answer anything the example left out (newly shown fields included).
  for (let pass = 0; pass < 4; pass++) {
    for (const name of visibleFields(sdoc, data, params)) {
      const type = sdoc.schema.properties[name]?.['x-observationType'];
      // Display text takes no answer; photos are optional and left out (the photos e2e adds them).
      if (name in data || type === 'DISPLAY' || type === 'ATTACHMENT') continue;
      const value = safeValue(sdoc, name);
      await answer(page, sdoc, name, value);
      data[name] = value;
    }
  }
  for (const field of Object.keys(sdoc.rules ?? {})) {
    const visible = visibleFields(sdoc, data, params);
    if (visible.includes(field)) {
      result.revealed.push(field);
      continue;
    }
    const how = revealer(sdoc, field);
    if (!how || !visible.includes(how.question) || result.hiddenAfterAnswer.length > 0) continue;
    if (!visibleFields(sdoc, { ...data, [how.question]: how.value }, params).includes(field)) continue;
    const before = data[how.question];
    await answer(page, sdoc, how.question, how.value);
    await form(page).locator(`[id="field-${field}"]`).first().waitFor();
    const value = safeValue(sdoc, field);
    await answer(page, sdoc, field, value);
    await answer(page, sdoc, how.question, before);
    await form(page).locator(`[id="field-${field}"]`).first().waitFor({ state: 'detached' });
    data[field] = value;
    result.hiddenAfterAnswer.push(field);
  }
  Object.assign(result.expected, prune(sdoc, data, params).data);
  const heading = await form(page).getByRole('heading', { level: 1 }).textContent();
  await form(page).getByRole('button', { name: 'Next', exact: true }).click();
  const waitForNext = () =>
    page.waitForFunction((previous) => {
      if (location.pathname !== '/triage/questionnaire') return true;
      // The patient's own words matched the emergency phrase list: the care card asks first.
      if (document.querySelector('[data-testid="words-screening"]')) return true;
      const h1 = document.querySelector('.app-schema-form h1');
      return h1 !== null && h1.textContent !== previous;
    }, heading);
  await waitForNext();
  if (!options.stopAtWordsCard && (await page.getByTestId('words-screening').count()) > 0) {
    // A story's own words (e.g. "everyone would be better off without me"): the patient goes on.
    await page.getByRole('button', { name: 'Continue and send my answers', exact: true }).click();
    await waitForNext();
  }
}

/** The stored answers as field → value (one value, or the list for multi-choice). */
export function storedAnswers(responseData: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const o of responseData as Array<{ identifier: string; observationType: string; answer: Array<{ value: unknown }> }>) {
    out[o.identifier] = o.observationType === 'MULTI_CHOICE' ? o.answer.map((a) => a.value) : o.answer[0]?.value;
  }
  return out;
}

// ---- keyboard only ------------------------------------------------------------------------------

/** Presses Tab (never clicks, never focuses by script) until the element with this id has focus. */
export async function tabTo(page: Page, id: string, max = 200): Promise<void> {
  for (let i = 0; i < max; i++) {
    if ((await page.evaluate(() => document.activeElement?.id ?? '')) === id) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached #${id}`);
}

/** The id of a control, read from the page (to know where Tab has to go). */
export async function idOf(locator: Locator): Promise<string> {
  const id = await locator.first().getAttribute('id');
  if (!id) throw new Error('control without id');
  return id;
}

/** Chooses a radio by keyboard: Tab into its group, arrow keys to it, Space. */
export async function keyboardRadio(page: Page, targetId: string, groupName: string): Promise<void> {
  const first = await page.evaluate((name) => (document.querySelector(`input[type=radio][name="${name}"]`) as HTMLInputElement | null)?.id ?? '', groupName);
  const ids = await page.evaluate((name) => [...document.querySelectorAll(`input[type=radio][name="${name}"]`)].map((e) => e.id), groupName);
  const checked = await page.evaluate(
    (name) => (document.querySelector(`input[type=radio][name="${name}"]:checked`) as HTMLInputElement | null)?.id ?? '',
    groupName,
  );
  await tabTo(page, checked || first);
  for (let i = 0; i < ids.length && (await page.evaluate(() => document.activeElement?.id)) !== targetId; i++) await page.keyboard.press('ArrowDown');
  if (!(await page.evaluate((id) => (document.getElementById(id) as HTMLInputElement).checked, targetId))) await page.keyboard.press('Space');
}

/** Answers one questionnaire field with the keyboard alone. */
export async function keyboardAnswer(page: Page, doc: FormDocument, name: string, value: unknown): Promise<void> {
  const widget = defaultWidget(doc.schema.properties[name]!, doc.uiSchema?.[name]);
  if (widget === 'yesNo') {
    const radios = await page.evaluate(
      (n) =>
        [...document.querySelectorAll(`input[type=radio][id^="field-${n}"]`)].map((e) => ({
          id: e.id,
          name: (e as HTMLInputElement).name,
          value: (e as HTMLInputElement).value,
        })),
      name,
    );
    const target = radios.find((r) => r.value === String(value)) ?? radios[value === true ? 0 : 1]!;
    await keyboardRadio(page, target.id, target.name);
    return;
  }
  if (widget === 'checkboxes') {
    const labels = (value as unknown[]).map((v) =>
      v === NONE_OF_THE_ABOVE
        ? 'None of the above'
        : (doc.schema.properties[name]!.items as { oneOf: Array<{ const: unknown; title: string }> }).oneOf.find((o) => o.const === v)!.title,
    );
    const group = form(page).getByRole('group', { name: new RegExp(`^${escapeRe(doc.schema.properties[name]?.title ?? name)}`) });
    for (const label of labels) {
      const box = group.getByRole('checkbox', { name: label, exact: true });
      await tabTo(page, await idOf(box));
      if (!(await box.isChecked())) await page.keyboard.press('Space');
    }
    return;
  }
  if (widget === 'number' || widget === 'integer' || widget === 'text' || widget === 'textarea') {
    await tabTo(page, `field-${name}`);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(String(value));
    return;
  }
  throw new Error(`keyboardAnswer: widget ${widget} of ${name}`);
}

/** On the booking screen: the first time offered, its place if asked, Confirm, then the booked page. */
export async function bookFirstTime(page: Page): Promise<void> {
  const time = page.locator('.app-booking-time').filter({ hasNotText: 'In person or' }).first();
  await time.waitFor();
  await time.click();
  const where = page.getByRole('dialog', { name: 'Where would you like your appointment?' });
  const confirm = page.getByRole('button', { name: 'Confirm', exact: true });
  await where.or(confirm).first().waitFor();
  if (await where.isVisible()) {
    await where.getByRole('radio').first().check();
    await where.getByRole('button', { name: 'Continue', exact: true }).click();
  }
  await confirm.click();
  await page.getByRole('heading', { name: 'The appointment is booked' }).waitFor();
  // Booked, the journey is over: its answers are gone and the next one meets the emergency screen.
  expect(await page.evaluate(() => [sessionStorage.getItem('flow:triage'), sessionStorage.getItem('journey:emergency-check')])).toEqual([null, null]);
}
