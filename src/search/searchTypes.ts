import type { TriageMappingEntry, TriageMappingSearch } from '../../generated/types/api/patient-app-settings';

/**
 * One searchable pathway: an entry of the patient-app settings' `triageMapping` (the contract's
 * TriageMappingEntry; the self-help and child indexes may leave out the two "suitable" texts).
 */
export type SearchEntry = Pick<TriageMappingEntry, 'guidelineId' | 'label' | 'symptoms'> &
  Partial<Pick<TriageMappingEntry, 'suitableFor' | 'notSuitableFor' | 'sexAtBirth'>> & {
    /** A crisis pathway (thoughts of suicide, self-harm): like a pathway for one sex, never a similar match by chance. */
    crisis?: boolean;
  };

/** Who is searching, when known: a pathway for the other sex at birth is not offered to them. */
export interface SearchPatient {
  sexAtBirth?: string;
}

/** `triageMappingSearch` of the patient-app settings (schemas/api/README.md), every value filled in by the defaults. */
export type SearchSettings = Required<TriageMappingSearch>;

/** The defaults of the practice settings contract, used for any value the practice leaves out. */
export const DEFAULT_SEARCH_SETTINGS: SearchSettings = {
  mainSearchMinThreshold: 0.5,
  mainSearchFuzzyDifference: 0.1,
  fuzzyMinThreshold: 0.5,
  fuzzyDifference: 0.1,
  maximumNumberOfPathways: 6,
  minSearchTermLength: 3,
};

export function searchSettings(raw: Partial<Record<keyof SearchSettings, unknown>> | undefined): SearchSettings {
  const out = { ...DEFAULT_SEARCH_SETTINGS };
  for (const key of Object.keys(out) as (keyof SearchSettings)[]) {
    const value = raw?.[key];
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) out[key] = value;
  }
  return out;
}

/** Field boosts of the search contract: a word found in the label counts most. */
export const FIELD_BOOSTS = { label: 25, symptoms: 15, suitableFor: 5 } as const;
export type Field = keyof typeof FIELD_BOOSTS;
export const FIELDS = Object.keys(FIELD_BOOSTS) as Field[];
export const TOP_BOOST = Math.max(...Object.values(FIELD_BOOSTS));

/** A word that names something in a label or among the symptoms of some pathway (weight ≥ the symptoms' boost). */
export const NAMING_WEIGHT = FIELD_BOOSTS.symptoms / TOP_BOOST;

/** Whether a field weight is at least NAMING_WEIGHT (found in a label or among the symptoms). */
export function names(weight: number | undefined): boolean {
  return (weight ?? 0) >= NAMING_WEIGHT - 1e-9;
}

/** Words of this many characters or more also match as the start of a longer word ("thro" → "throat"). */
export const PARTIAL_MIN_LENGTH = 3;

/** An indexed word shorter than this is a whole word: it does not count as the start of a longer one ("bum", "bump"). */
export const WHOLE_WORD_BELOW = 4;

export interface ScoredPathway {
  entry: SearchEntry;
  /** Normalised score in [0, 1]; see `SymptomSearch` for what it means. */
  score: number;
}

export type SearchOutcome =
  /** Trimmed text shorter than the minimum, or no remaining word reaches it after stop words. */
  | { kind: 'tooShort' }
  | {
      kind: 'results';
      matches: ScoredPathway[];
      similar: ScoredPathway[];
      /**
       * Only with a patient whose sex at birth is known, and only when not empty: the pathways
       * that would have been main matches but are for the other sex, so the page can say why
       * they are not offered when nothing else fits.
       */
      otherSex?: ScoredPathway[];
    };

/** A pathway's weight per position in the library (its id), for one searched word. */
export type Weights = Map<number, number>;
