// An execution's custom data: entries kept by key, only their own members, and the safety
// check's entries refused before a single question has been answered.
import type { CustomDataEntry } from '../../generated/types/api/engine-custom-data-entry';
import { HttpError, type ErrorDetail } from '../errors.js';

/**
 * The safety check's answers and override reason (custom data the app records once the questions
 * have ended in an emergency; server/triageClassification.ts reads them): never in a $start body,
 * before a single question has been answered.
 */
const SAFETY_KEY_PREFIXES = ['emergencyQuestion.', 'anEOverrideReason'] as const;

export function assertNoSafetyAnswers(entries: readonly CustomDataEntry[]): void {
  const details: ErrorDetail[] = [];
  entries.forEach((e, i) => {
    if (SAFETY_KEY_PREFIXES.some((p) => String(e.key).startsWith(p))) {
      details.push({
        path: `/customData/${i}/key`,
        message: `"${e.key}" is recorded after the questions, by the safety check, not when the questionnaire starts`,
      });
    }
  });
  if (details.length > 0) throw new HttpError(400, details.map((d) => `body${d.path}: ${d.message}`).join('; '), { details });
}

/** An entry's own members (key, type, value) only, whatever else the caller's object carries. */
function ownEntry(e: CustomDataEntry): CustomDataEntry {
  // Two branches so that each literal keeps its type–value pairing (BOOLEAN: boolean; the others: string).
  return e.type === 'BOOLEAN' ? { key: e.key, type: e.type, value: e.value } : { key: e.key, type: e.type, value: e.value };
}

export function upsertEntries(list: readonly CustomDataEntry[], entries: readonly CustomDataEntry[]): CustomDataEntry[] {
  const out = [...list];
  for (const e of entries) {
    const i = out.findIndex((x) => x.key === e.key);
    const entry = ownEntry(e);
    if (i >= 0) out[i] = entry;
    else out.push(entry);
  }
  return out;
}
