import { Charset, Encoder, Index } from 'flexsearch';
import { STOP_WORDS } from './stopWords';

/** One searchable pathway: an entry of the patient-app settings' `triageMapping`. */
export interface SearchEntry {
  guidelineId: string;
  label: string;
  symptoms: string[];
  suitableFor?: string;
  notSuitableFor?: string;
}

/** `triageMappingSearch` of the patient-app settings (schemas/api/README.md). */
export interface SearchSettings {
  mainSearchMinThreshold: number;
  mainSearchFuzzyDifference: number;
  fuzzyMinThreshold: number;
  fuzzyDifference: number;
  maximumNumberOfPathways: number;
  minSearchTermLength: number;
}

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
type Field = keyof typeof FIELD_BOOSTS;
const FIELDS = Object.keys(FIELD_BOOSTS) as Field[];
const TOP_BOOST = Math.max(...Object.values(FIELD_BOOSTS));

/** Words of this many characters or more also match as the start of a longer word ("thro" → "throat"). */
export const PARTIAL_MIN_LENGTH = 3;

export interface ScoredPathway {
  entry: SearchEntry;
  /** Normalised score in [0, 1]; see `SymptomSearch` for what it means. */
  score: number;
}

export type SearchOutcome =
  /** Trimmed text shorter than the minimum, or no remaining word reaches it after stop words. */
  | { kind: 'tooShort' }
  | { kind: 'results'; matches: ScoredPathway[]; similar: ScoredPathway[] };

// Lower case and accents folded; letters are not de-duplicated ("really" stays "really", so the stop-word list works).
const NORMALISE = { ...Charset.Normalize, dedupe: false };
const normaliser = new Encoder(NORMALISE);

/** Lower-cased, accent-free words of a text ("Can't" → "cant"), stop words kept. */
export function words(text: string): string[] {
  return normaliser.encode(text.replace(/['’]/g, ''));
}

/** The words of the patient's text that are searched: stop words removed, each once. */
export function queryTokens(text: string): string[] {
  return [...new Set(words(text).filter((w) => !STOP_WORDS.has(w)))];
}

/**
 * Symptom search over the triage pathways (flexsearch for the main search, an edit-distance
 * similarity for "Similar matches").
 *
 * **How scores are normalised, so that the thresholds of `triageMappingSearch` mean something:**
 * each searched word (stop words removed) gets a weight in [0, 1] per pathway: the boost of the
 * best field it was found in divided by the top boost (label 25/25 = 1, symptoms 15/25 = 0.6,
 * suitable-for 5/25 = 0.2; 0 when absent). A pathway's score is the mean of its words' weights,
 * taken over the words that occur somewhere in the library: a word no pathway knows ("bad",
 * "horrible", a typo) says nothing about which pathway fits, so it does not dilute the score. So
 * 1 means every informative word is in the label, 0.6 every one among the symptoms, and the
 * default threshold 0.5 asks for better than "half the words in the label". A main match also
 * keeps within `mainSearchFuzzyDifference` of the best score.
 *
 * Similar matches score the same way but each word's weight is multiplied by how close it is to
 * the nearest word of the field: 1 − (edit distance / length of the longer word), comparing with
 * the start of a longer indexed word so that a half-typed word is close. Pathways that are not
 * main matches, score at least `fuzzyMinThreshold` and lie within `fuzzyDifference` of the best
 * similar score fill the list up to `maximumNumberOfPathways`.
 */
export class SymptomSearch {
  private readonly entries: SearchEntry[];
  private readonly indexes: Record<Field, Index>;
  /** Per pathway and field, the normalised words (for whole-word checks and similarity). */
  private readonly fieldWords: Array<Record<Field, string[]>>;
  /** Every indexed word with the pathways (by position) and the best field weight it has there. */
  private readonly vocabulary = new Map<string, Map<number, number>>();

  constructor(
    entries: readonly SearchEntry[],
    readonly settings: SearchSettings = DEFAULT_SEARCH_SETTINGS,
  ) {
    this.entries = [...entries];
    const encoder = new Encoder({ ...NORMALISE, filter: (term: string) => !STOP_WORDS.has(term) });
    this.indexes = {
      label: new Index({ tokenize: 'forward', encoder }),
      symptoms: new Index({ tokenize: 'forward', encoder }),
      suitableFor: new Index({ tokenize: 'forward', encoder }),
    };
    this.fieldWords = this.entries.map((entry, id) => {
      const texts: Record<Field, string> = {
        label: entry.label,
        symptoms: (entry.symptoms ?? []).join(' \n '),
        suitableFor: entry.suitableFor ?? '',
      };
      const perField = {} as Record<Field, string[]>;
      for (const field of FIELDS) {
        this.indexes[field].add(id, texts[field].replace(/['’]/g, ''));
        perField[field] = queryTokens(texts[field]);
        for (const word of perField[field]) {
          const weight = FIELD_BOOSTS[field] / TOP_BOOST;
          let byEntry = this.vocabulary.get(word);
          if (!byEntry) this.vocabulary.set(word, (byEntry = new Map()));
          byEntry.set(id, Math.max(byEntry.get(id) ?? 0, weight));
        }
      }
      return perField;
    });
  }

  get all(): readonly SearchEntry[] {
    return this.entries;
  }

  search(text: string): SearchOutcome {
    const { minSearchTermLength, maximumNumberOfPathways } = this.settings;
    const trimmed = text.trim();
    const tokens = queryTokens(trimmed);
    if (trimmed.length < minSearchTermLength || !tokens.some((t) => t.length >= minSearchTermLength)) return { kind: 'tooShort' };

    const main = this.mainScores(tokens);
    const best = Math.max(0, ...main.values());
    const strong = [...main.entries()]
      .filter(([, score]) => score >= this.settings.mainSearchMinThreshold && score >= best - this.settings.mainSearchFuzzyDifference)
      .sort(byScoreThenLabel(this.entries))
      .slice(0, maximumNumberOfPathways);
    const strongIds = new Set(strong.map(([id]) => id));

    const room = maximumNumberOfPathways - strong.length;
    let similar: Array<[number, number]> = [];
    if (room > 0) {
      const fuzzy = [...this.fuzzyScores(tokens).entries()].filter(
        ([id, score]) => !strongIds.has(id) && score >= this.settings.fuzzyMinThreshold,
      );
      const bestFuzzy = Math.max(0, ...fuzzy.map(([, s]) => s));
      similar = fuzzy
        .filter(([, score]) => score >= bestFuzzy - this.settings.fuzzyDifference)
        .sort(byScoreThenLabel(this.entries))
        .slice(0, room);
    }
    const toScored = ([id, score]: [number, number]): ScoredPathway => ({ entry: this.entries[id]!, score: round(score) });
    return { kind: 'results', matches: strong.map(toScored), similar: similar.map(toScored) };
  }

  /** flexsearch per word and field; the word counts with the weight of the best field it hit. */
  private mainScores(tokens: string[]): Map<number, number> {
    const sums = new Map<number, number>();
    let informative = 0;
    for (const token of tokens) {
      const weights = new Map<number, number>();
      for (const field of FIELDS) {
        for (const raw of this.indexes[field].search(token, { limit: this.entries.length })) {
          const id = Number(raw);
          // Short words match whole words only: "ey" must not match "eye" nor "eyelid".
          if (token.length < PARTIAL_MIN_LENGTH && !this.fieldWords[id]![field].includes(token)) continue;
          weights.set(id, Math.max(weights.get(id) ?? 0, FIELD_BOOSTS[field] / TOP_BOOST));
        }
      }
      if (weights.size === 0) continue;
      informative++;
      for (const [id, w] of weights) sums.set(id, (sums.get(id) ?? 0) + w);
    }
    return meanOver(sums, informative);
  }

  private fuzzyScores(tokens: string[]): Map<number, number> {
    const sums = new Map<number, number>();
    let informative = 0;
    for (const token of tokens) {
      if (token.length < PARTIAL_MIN_LENGTH) continue;
      const weights = new Map<number, number>();
      for (const [word, byEntry] of this.vocabulary) {
        const sim = similarity(token, word);
        if (sim < this.settings.fuzzyMinThreshold) continue;
        for (const [id, fieldWeight] of byEntry) weights.set(id, Math.max(weights.get(id) ?? 0, sim * fieldWeight));
      }
      if (weights.size === 0) continue;
      informative++;
      for (const [id, w] of weights) sums.set(id, (sums.get(id) ?? 0) + w);
    }
    return meanOver(sums, informative);
  }
}

function meanOver(sums: Map<number, number>, count: number): Map<number, number> {
  const out = new Map<number, number>();
  if (count === 0) return out;
  for (const [id, sum] of sums) out.set(id, sum / count);
  return out;
}

function byScoreThenLabel(entries: SearchEntry[]) {
  return ([a, sa]: [number, number], [b, sb]: [number, number]) => sb - sa || entries[a]!.label.localeCompare(entries[b]!.label);
}

function round(score: number): number {
  return Math.round(score * 1000) / 1000;
}

/**
 * 1 − (optimal-string-alignment distance / length of the longer word), in [0, 1]. A query word
 * shorter than the indexed word is also compared with the indexed word's start (a half-typed
 * word), at 0.9 of that similarity so that a prefix never counts as much as a whole word.
 */
export function similarity(query: string, word: string): number {
  const whole = ratio(query, word);
  if (word.length <= query.length) return whole;
  return Math.max(whole, PREFIX_FACTOR * ratio(query, word.slice(0, query.length)));
}

const PREFIX_FACTOR = 0.9;

function ratio(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  if (longest === 0) return 1;
  // Quick reject: the length gap alone is already more than half the word.
  if (Math.abs(a.length - b.length) / longest > 0.5) return 0;
  return 1 - osaDistance(a, b) / longest;
}

function osaDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array<number>(rows * cols);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[(i - 1) * cols + j]! + 1, d[i * cols + j - 1]! + 1, d[(i - 1) * cols + j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[(i - 2) * cols + j - 2]! + 1);
      d[i * cols + j] = v;
    }
  }
  return d[rows * cols - 1]!;
}
