import { FIELD_BOOSTS, FIELDS, TOP_BOOST, type Field, type SearchEntry, type Weights } from './searchTypes';
import { LETTERS, letterCounts } from './similarity';
import { STOP_WORDS } from './stopWords';
import { asPhrase, stemOf, words } from './words';

const NO_IDS: readonly number[] = [];

/**
 * What the search looks up, built once per library (each page builds it once): every pathway's
 * words per field, the vocabulary with the pathways holding each word, the vocabulary sorted (the
 * words starting with a half-typed one are a range of it) and by stem, and each pathway's label and
 * symptoms as phrases with the pathways holding each of their words and word pairs. A keystroke
 * then looks words up instead of scanning every pathway: its cost grows with the pathways that
 * hold the patient's words, not with the size of the library.
 */
export class SearchIndex {
  readonly entries: SearchEntry[];
  /** Per pathway and field, the normalised words (stop words removed, each once). */
  readonly fieldWords: Array<Record<Field, string[]>>;
  /** Every indexed word with the pathways (by position) and the best field weight it has there. */
  readonly vocabulary = new Map<string, Weights>();
  /** The vocabulary in code-unit order. */
  readonly sorted: string[];
  /** The vocabulary's words by their stem (`stemOf`). */
  readonly stems = new Map<string, string[]>();
  /** Per pathway, its label and each symptom as " word word " (stop words kept), for whole-phrase checks. */
  readonly phrases: string[][];
  /** Labels and symptoms made only of stop words ("cant get it up"), as phrases, with their pathways. */
  readonly stopWordPhrases = new Map<string, number[]>();
  /** Every word of the phrases, and every two words side by side ("out of"), with the pathways holding them. */
  private readonly phraseParts = new Map<string, number[]>();
  /** Each pathway's place when sorted by label (`localeCompare`; equal labels share a place). */
  readonly labelRank: Int32Array;
  private letterCountsOfSorted: Uint8Array | undefined;

  constructor(entries: readonly SearchEntry[]) {
    this.entries = [...entries];
    this.phrases = [];
    this.fieldWords = this.entries.map((entry, id) => {
      const labelWords = words(entry.label);
      const symptomWords = (entry.symptoms ?? []).map((s) => words(s));
      const texts = [labelWords, ...symptomWords];
      this.phrases.push(texts.map(asPhrase));
      [entry.label, ...(entry.symptoms ?? [])].forEach((raw, k) => this.addPhraseParts(raw, texts[k]!, id));
      const perField: Record<Field, string[]> = {
        label: unique(labelWords),
        symptoms: unique(symptomWords.flat()),
        suitableFor: unique(words(entry.suitableFor ?? '')),
      };
      for (const field of FIELDS) for (const word of perField[field]) this.addWord(word, id, FIELD_BOOSTS[field] / TOP_BOOST);
      return perField;
    });
    this.sorted = [...this.vocabulary.keys()].sort();
    for (const word of this.sorted) {
      const stem = stemOf(word);
      const list = this.stems.get(stem);
      if (list) list.push(word);
      else this.stems.set(stem, [word]);
    }
    this.labelRank = rankByLabel(this.entries);
  }

  private addWord(word: string, id: number, weight: number): void {
    let byEntry = this.vocabulary.get(word);
    if (!byEntry) this.vocabulary.set(word, (byEntry = new Map()));
    byEntry.set(id, Math.max(byEntry.get(id) ?? 0, weight));
  }

  private addPhraseParts(raw: string, list: string[], id: number): void {
    if (onlyStopWords(raw)) addId(this.stopWordPhrases, asPhrase(list), id);
    for (let i = 0; i < list.length; i++) {
      addId(this.phraseParts, list[i]!, id);
      if (i > 0) addId(this.phraseParts, `${list[i - 1]} ${list[i]}`, id);
    }
  }

  /** The vocabulary's words that start with `start` (the word itself included), in code-unit order. */
  wordsStartingWith(start: string): string[] {
    const sorted = this.sorted;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid]! < start) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < sorted.length && sorted[i]!.startsWith(start); i++) out.push(sorted[i]!);
    return out;
  }

  /** Letter counts of every word of `sorted`, LETTERS per word, built when first asked. */
  letterCounts(): Uint8Array {
    if (!this.letterCountsOfSorted) {
      const counts = new Uint8Array(this.sorted.length * LETTERS);
      this.sorted.forEach((word, k) => letterCounts(word, counts, k * LETTERS));
      this.letterCountsOfSorted = counts;
    }
    return this.letterCountsOfSorted;
  }

  /**
   * The pathways whose label or one of whose symptoms holds `phrase` (" word word ", stop words
   * kept): those holding each of its word pairs (or its one word), then checked whole.
   */
  holding(phrase: string): Set<number> {
    const out = new Set<number>();
    const list = phrase.trim().split(' ');
    if (list[0] === '') return out;
    const parts = list.length === 1 ? list : list.slice(1).map((w, i) => `${list[i]} ${w}`);
    let fewest: readonly number[] | undefined;
    for (const part of parts) {
      const ids = this.phraseParts.get(part) ?? NO_IDS;
      if (!fewest || ids.length < fewest.length) fewest = ids;
    }
    for (const id of fewest ?? NO_IDS) if (this.phrases[id]!.some((p) => p.includes(phrase))) out.add(id);
    return out;
  }
}

/** Whether every space-separated word of a text, lower-cased, is a stop word ("can't get it up"). */
function onlyStopWords(text: string): boolean {
  return text
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/\s+/)
    .every((w) => STOP_WORDS.has(w));
}

function unique(list: string[]): string[] {
  return [...new Set(list.filter((w) => !STOP_WORDS.has(w)))];
}

/** Adds a pathway to a word's list once (pathways are indexed in order, so a repeat is the last one). */
function addId(map: Map<string, number[]>, key: string, id: number): void {
  const ids = map.get(key);
  if (!ids) map.set(key, [id]);
  else if (ids[ids.length - 1] !== id) ids.push(id);
}

function rankByLabel(entries: SearchEntry[]): Int32Array {
  const order = entries.map((_, id) => id).sort((a, b) => entries[a]!.label.localeCompare(entries[b]!.label));
  const rank = new Int32Array(entries.length);
  order.forEach((id, i) => {
    const previous = order[i - 1];
    rank[id] = previous !== undefined && entries[previous]!.label.localeCompare(entries[id]!.label) === 0 ? rank[previous]! : i;
  });
  return rank;
}
