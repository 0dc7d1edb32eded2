// Server-side screening of the patient's own words (schemas/EMERGENCY-PHRASES.md): every
// consultation, child and admin request's free text is read again here with the same matcher
// (common/phrases.ts) and the same document the browser uses, so a client that skips the
// browser's check cannot skip this one. A match is recorded on the stored request as
// `screening: { matched: [{ entryId, words, tier, crisis }] }` and shown in the practice inbox
// (screeningFlagHtml). The request routes call screenStoredBody just before the insert.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compilePhraseList, screenTexts, type CompiledPhraseList, type PhraseListDocument, type PhraseMatch } from '../common/index.js';
import { escapeHtml } from './html.js';
import { type JsonObject as Json, asObject as obj } from './json.js';

interface ScreeningMatch {
  entryId: string;
  words: string;
  tier: PhraseMatch['tier'];
  crisis: boolean;
}

export interface Screening {
  matched: ScreeningMatch[];
}

const PHRASES_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'schemas', 'emergency-phrases.json');
let compiled: CompiledPhraseList | undefined;

/** The phrase list, read and compiled once. */
function phraseList(): CompiledPhraseList {
  compiled ??= compilePhraseList(JSON.parse(readFileSync(PHRASES_FILE, 'utf8')) as PhraseListDocument);
  return compiled;
}

const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const isYes = (v: unknown) => v === true || v === 'yes' || v === 'Yes';

/** A triage request's free text: TEXT answers and "In your own words". */
function triageTexts(request: Json): { texts: string[]; yesLabels: string[] } {
  const texts: string[] = [];
  const yesLabels: string[] = [];
  for (const item of arr(request.responseData)) {
    const o = obj(item);
    const answers = arr(o.answer).map(obj);
    if (o.observationType === 'TEXT') for (const a of answers) if (typeof a.value === 'string') texts.push(a.value);
    // A question answered Yes ("Have you made a plan to end your life?"): its crisis words count.
    if (typeof o.label === 'string' && answers.some((a) => isYes(a.value))) yesLabels.push(o.label);
  }
  const info = obj(request.patientContext).additionalInfo;
  if (typeof info === 'string') texts.push(info);
  return { texts, yesLabels };
}

/** An admin request's free text: every string field the patient typed (the envelope excluded). */
function adminTexts(body: Json): string[] {
  const skip = new Set(['formType', 'triageRequestType', 'submittedDate', 'patient', 'associatedRequest', 'screening']);
  return Object.entries(body)
    .filter(([k, v]) => !skip.has(k) && typeof v === 'string')
    .map(([, v]) => v as string);
}

function toMatches(found: PhraseMatch[]): ScreeningMatch[] {
  return found.map((m) => ({ entryId: m.entryId, words: m.words, tier: m.tier, crisis: m.crisis }));
}

/** Screens one triage request (consultation or child request). */
function screenTriageRequest(request: Json): ScreeningMatch[] {
  const { texts, yesLabels } = triageTexts(request);
  const list = phraseList();
  const fromText = toMatches(screenTexts(texts, list));
  const seen = new Set(fromText.map((m) => m.entryId));
  const crisisAnswers = toMatches(screenTexts(yesLabels, list).filter((m) => m.crisis && !seen.has(m.entryId)));
  return [...fromText, ...crisisAnswers];
}

/** Screens one admin request's fields. */
function screenAdminRequest(body: Json): ScreeningMatch[] {
  return toMatches(screenTexts(adminTexts(body), phraseList()));
}

/**
 * The stored body with its screening added when anything matched (unchanged otherwise).
 * `kind` says how to read it: a consultation ({ triageRequest }), an admin request (flat
 * fields), or an unverified pair ({ primaryRequest, associatedRequest }).
 */
export function screenStoredBody<T extends Json>(kind: 'CONSULTATION' | 'ADMIN_REQUEST' | 'UNVERIFIED_REQUESTS', body: T): T & { screening?: Screening } {
  let matched: ScreeningMatch[];
  if (kind === 'CONSULTATION') matched = screenTriageRequest(obj(body.triageRequest));
  else if (kind === 'ADMIN_REQUEST') matched = screenAdminRequest(body);
  else {
    const primary = obj(body.primaryRequest);
    matched =
      typeof primary.formType === 'string' && primary.triageRequestType !== 'CHILD_REQUEST' && !('responseData' in primary)
        ? screenAdminRequest(primary)
        : screenTriageRequest(primary);
  }
  // Only the server writes `screening`: whatever a client put under that name is dropped.
  const { screening: _ignored, ...rest } = body;
  return (matched.length > 0 ? { ...rest, screening: { matched } } : rest) as T & { screening?: Screening };
}

const TIER_WORDS: Record<ScreeningMatch['tier'], string> = { CALL_999: 'Call 999', AE_NOW: 'A&E now', URGENT_TODAY: 'Urgent today' };

/** The stored screening of a request body, or undefined (anything malformed is ignored). */
function storedScreening(body: unknown): ScreeningMatch[] {
  return arr(obj(obj(body).screening).matched)
    .map(obj)
    .filter((m) => typeof m.entryId === 'string' && typeof m.words === 'string' && typeof m.tier === 'string' && m.tier in TIER_WORDS)
    .map((m) => ({ entryId: m.entryId as string, words: m.words as string, tier: m.tier as ScreeningMatch['tier'], crisis: m.crisis === true }));
}

/** The inbox's flag for a request whose words matched the emergency phrase list ('' when none). */
export function screeningFlagHtml(body: unknown): string {
  const matched = storedScreening(body);
  if (matched.length === 0) return '';
  const crisis = matched.some((m) => m.crisis);
  const items = matched
    .map((m) => `<li><strong>“${escapeHtml(m.words)}”</strong> — ${escapeHtml(TIER_WORDS[m.tier])}${m.crisis ? ' · crisis (self-harm or suicide)' : ''}</li>`)
    .join('');
  return `<div class="screening-flag" data-screening="${crisis ? 'crisis' : matched[0]!.tier}">
<p><strong class="nhsuk-tag nhsuk-tag--red">Patient's words flagged</strong>${crisis ? ' <strong class="nhsuk-tag nhsuk-tag--red">Crisis</strong>' : ''} The patient's own words matched the emergency phrase list:</p>
<ul>${items}</ul>
</div>`;
}
