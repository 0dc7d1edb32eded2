// The browser's copy of the emergency phrase list (schemas/emergency-phrases.json), compiled once
// on first use, and the matcher over it (common/phrases.ts; the server reads the same
// document in server/screening.ts). Only pages that read free text import this module, so the
// list is not in the home page's bundle.
import PHRASES from '../../schemas/emergency-phrases.json';
import { compilePhraseList, isEmergencyMatch, screenTexts, type CompiledPhraseList, type PhraseListDocument, type PhraseMatch } from '../../common';

let compiled: CompiledPhraseList | undefined;

function list(): CompiledPhraseList {
  compiled ??= compilePhraseList(PHRASES as PhraseListDocument);
  return compiled;
}

/** The entries the patient's texts match, most urgent first, one per entry. */
export function screenWords(texts: ReadonlyArray<string | null | undefined>): PhraseMatch[] {
  return screenTexts(texts, list());
}

/** The matches the symptom search's emergency card shows: 999 / A&E tiers and crisis words. */
export function searchEmergencies(term: string): PhraseMatch[] {
  return screenWords([term]).filter((m) => isEmergencyMatch(m) || m.crisis);
}

export type { PhraseMatch };

/**
 * The search's pathways, those whose label names a crisis of the phrase list (thoughts of suicide,
 * self-harm) marked `crisis`: the symptom search never lists them as a similar match by chance.
 */
export function markCrisisPathways<T extends { label: string }>(entries: readonly T[]): Array<T & { crisis?: boolean }> {
  return entries.map((e) => (screenWords([e.label]).some((m) => m.crisis) ? { ...e, crisis: true } : e));
}
