import type { SearchEntry } from './symptomSearch';

/** The guideline offered as "Can't find what you're looking for?" (ids end with Non_specific). */
const NON_SPECIFIC_SUFFIX = 'Non_specific';
export const DEFAULT_NON_SPECIFIC_ID = 'Triage.Non_specific';

function entryOf(key: string | undefined, raw: unknown): SearchEntry | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const r = raw as Record<string, unknown>;
  const guidelineId = typeof r.guidelineId === 'string' ? r.guidelineId : key;
  if (!guidelineId || typeof r.label !== 'string' || r.label.trim() === '') return undefined;
  return {
    guidelineId,
    label: r.label,
    symptoms: Array.isArray(r.symptoms) ? r.symptoms.filter((s): s is string => typeof s === 'string') : [],
    ...(typeof r.suitableFor === 'string' ? { suitableFor: r.suitableFor } : {}),
    ...(typeof r.notSuitableFor === 'string' ? { notSuitableFor: r.notSuitableFor } : {}),
    ...(r.sexAtBirth === 'female' || r.sexAtBirth === 'male' ? { sexAtBirth: r.sexAtBirth } : {}),
  };
}

export interface TriageLibrary {
  /** Pathways the search offers (the non-specific one is offered on its own). */
  entries: SearchEntry[];
  nonSpecific: SearchEntry | undefined;
}

/**
 * The symptom groups of the patient-app settings' `triageMapping` (guidelineId → search entry),
 * sorted by label. Malformed entries are skipped; an empty result means the groups are missing.
 */
export function triageLibrary(mapping: unknown): TriageLibrary {
  const raw: Array<[string | undefined, unknown]> = Array.isArray(mapping)
    ? mapping.map((v) => [undefined, v])
    : mapping && typeof mapping === 'object'
      ? Object.entries(mapping)
      : [];
  const all = raw.map(([k, v]) => entryOf(k, v)).filter((e): e is SearchEntry => e !== undefined);
  all.sort((a, b) => a.label.localeCompare(b.label));
  const nonSpecific = all.find((e) => e.guidelineId.endsWith(NON_SPECIFIC_SUFFIX));
  return { entries: all.filter((e) => e !== nonSpecific), nonSpecific };
}
