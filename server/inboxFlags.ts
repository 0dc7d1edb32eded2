// Marks the practice inbox shows on a medical request from the flags its outcome carries
// (schemas/meta/questionnaire.schema.json, recommendation `inboxFlags`). The flags are read from
// the execution's recommendations as the server stored them with the request
// (`guidelineExecution.recommendations`, server/triageClassification.ts), never from anything the
// patient's browser claimed, so only the engine's result can mark a request.
import { escapeHtml } from './html.js';
import { asObject as obj } from './json.js';

/** Every flag an outcome may carry, with the words the inbox shows for it. */
const INBOX_FLAG_WORDS = {
  // Suspected-cancer criteria of NICE NG12 that depend on age: the request is routine by its tier
  // (a GP within days), so without this mark it would sort among the routine ones unnoticed.
  SUSPECTED_CANCER_NG12: 'Suspected cancer criteria (NG12)',
} as const;

export type InboxFlag = keyof typeof INBOX_FLAG_WORDS;

const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

const isInboxFlag = (v: unknown): v is InboxFlag => typeof v === 'string' && Object.prototype.hasOwnProperty.call(INBOX_FLAG_WORDS, v);

/**
 * The stored execution's recommendations of a request body: the triage request's (consultation,
 * child request), the eligibility booking's, or the primary request's of an unverified pair.
 */
export function storedRecommendations(body: unknown): unknown[] {
  const b = obj(body);
  const request = [b.triageRequest, b.eligibilityBooking, b.primaryRequest].map(obj).find((r) => r.guidelineExecution !== undefined);
  return request ? arr(obj(request.guidelineExecution).recommendations) : [];
}

/** The distinct flags the recommendations carry, in the order first met; unknown values are ignored. */
export function inboxFlagsOf(recommendations: unknown): InboxFlag[] {
  const flags: InboxFlag[] = [];
  for (const rec of arr(recommendations)) {
    for (const flag of arr(obj(rec).inboxFlags)) if (isInboxFlag(flag) && !flags.includes(flag)) flags.push(flag);
  }
  return flags;
}

/** The inbox's tags for the recommendations' flags ('' when there are none). */
export function inboxFlagsHtml(recommendations: unknown): string {
  const flags = inboxFlagsOf(recommendations);
  if (flags.length === 0) return '';
  const tags = flags.map((f) => `<strong class="nhsuk-tag nhsuk-tag--purple inbox-flag" data-flag="${f}">${escapeHtml(INBOX_FLAG_WORDS[f])}</strong>`);
  return `<p class="inbox-flags">${tags.join(' ')}</p>`;
}
