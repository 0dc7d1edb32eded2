import type { SearchIndex } from './searchIndex';
import { PARTIAL_MIN_LENGTH, WHOLE_WORD_BELOW, names, type SearchSettings, type Weights } from './searchTypes';
import { LETTERS, TYPO_MIN_SIMILARITY, letterCounts, mayReach, wordCloseness } from './similarity';
import { STEM_MAX_ENDING, STEM_MIN_LENGTH, isWordOrEnding, stemOf } from './words';

type Kind = 'main' | 'fuzzy' | 'stem' | 'close' | 'holding';

/**
 * One word's weight per pathway, looked up in the index and kept: typing changes only the last
 * word, so the words before it are not looked up again on every keystroke.
 */
export class WordWeights {
  private readonly cache: Record<Kind, Map<string, Weights | Set<number>>> = {
    main: new Map(),
    fuzzy: new Map(),
    stem: new Map(),
    close: new Map(),
    holding: new Map(),
  };

  constructor(
    private readonly index: SearchIndex,
    private readonly settings: SearchSettings,
  ) {}

  private cached<T extends Weights | Set<number>>(kind: Kind, key: string, make: () => T): T {
    const store = this.cache[kind];
    let value = store.get(key) as T | undefined;
    if (!value) {
      if (store.size > 1000) store.clear();
      value = make();
      store.set(key, value);
    }
    return value;
  }

  /**
   * The word in a pathway's fields, or as the start of a longer word there; it counts with the
   * weight of the best field. Short words match whole words only: "ey" must not match "eye" nor
   * "eyelid". A short word the library itself uses matches itself and its endings only: "bum" is
   * not "bump", "wee" is not "weeping".
   */
  main(token: string): Weights {
    return this.cached('main', token, () => {
      const weights: Weights = new Map();
      const shortIndexed = token.length < WHOLE_WORD_BELOW && this.index.vocabulary.has(token);
      for (const word of this.index.wordsStartingWith(token)) {
        if (token.length < PARTIAL_MIN_LENGTH ? word !== token : shortIndexed && !isWordOrEnding(token, word)) continue;
        addMax(weights, this.index.vocabulary.get(word)!, 1);
      }
      return weights;
    });
  }

  /** The pathways whose label or symptoms hold the word with another ending, or its stem ("asthma" of "asthmatic"). */
  stem(token: string): Weights {
    return this.cached('stem', token, () => {
      const weights: Weights = new Map();
      if (token.length < STEM_MIN_LENGTH) return weights;
      const add = (word: string) => {
        for (const [id, w] of this.index.vocabulary.get(word) ?? []) if (names(w)) weights.set(id, Math.max(weights.get(id) ?? 0, w));
      };
      for (const word of this.index.stems.get(stemOf(token)) ?? []) if (word !== token) add(word);
      for (let k = Math.max(STEM_MIN_LENGTH, token.length - STEM_MAX_ENDING); k < token.length; k++) add(token.slice(0, k));
      return weights;
    });
  }

  /**
   * How close each indexed word is to the searched word (`wordCloseness`), times that word's field
   * weight. A word the library itself uses is compared only with the words that start with it and
   * those with its stem; any other word with every indexed word, a cheap letter-count bound
   * skipping most of them.
   */
  fuzzy(token: string): Weights {
    return this.cached('fuzzy', token, () => {
      const weights: Weights = new Map();
      if (token.length < PARTIAL_MIN_LENGTH) return weights;
      if (this.index.vocabulary.has(token)) {
        const candidates = [...this.index.wordsStartingWith(token), ...(this.index.stems.get(stemOf(token)) ?? [])];
        for (const word of candidates) {
          const sim = wordCloseness(token, word, true);
          if (sim > 0) addMax(weights, this.index.vocabulary.get(word)!, sim);
        }
        return weights;
      }
      const floor = Math.max(this.settings.fuzzyMinThreshold, TYPO_MIN_SIMILARITY);
      this.closeWords(token, floor, (word, sim) => addMax(weights, this.index.vocabulary.get(word)!, sim));
      return weights;
    });
  }

  /**
   * The pathways with a word in their label or symptoms that the searched word is close to, as a
   * typo, a half-typed word or another ending of it (`wordCloseness` with the word taken as a
   * typo, whether or not the library uses it: "bad breathe" is bad breath).
   */
  close(token: string): Set<number> {
    return this.cached('close', token, () => {
      const ids = new Set<number>();
      this.closeWords(token, TYPO_MIN_SIMILARITY, (word) => {
        for (const [id, w] of this.index.vocabulary.get(word)!) if (names(w)) ids.add(id);
      });
      return ids;
    });
  }

  /** The pathways whose label or one of whose symptoms holds the phrase (" word word "). */
  holding(phrase: string): Set<number> {
    return this.cached('holding', phrase, () => this.index.holding(phrase));
  }

  /**
   * Calls `found`, in the vocabulary's order, with every indexed word whose `wordCloseness` to the
   * token, taken as a typo, is above 0. Words with its stem or that are its stem are looked up; the
   * others are first put to a cheap letter-count bound, which rules out most of them.
   */
  private closeWords(token: string, floor: number, found: (word: string, sim: number) => void): void {
    const m = token.length;
    const query = letterCounts(token);
    // The bins the token uses: |q - w| summed over all bins is m + n - 2 * (sum of min(q, w)), and min is 0 elsewhere.
    const bins = [...query.keys()].filter((c) => query[c]! > 0);
    const related = new Set(this.index.stems.get(stemOf(token)));
    for (let k = Math.max(STEM_MIN_LENGTH, m - STEM_MAX_ENDING); k < m; k++) related.add(token.slice(0, k));
    const counts = this.index.letterCounts();
    const sorted = this.index.sorted;
    for (let k = 0; k < sorted.length; k++) {
      const word = sorted[k]!;
      let shared = 0;
      for (let b = 0, base = k * LETTERS; b < bins.length; b++) shared += Math.min(query[bins[b]!]!, counts[base + bins[b]!]!);
      if (!mayReach(m, word.length, shared, floor) && !related.has(word)) continue;
      const sim = wordCloseness(token, word, false, floor);
      if (sim > 0) found(word, sim);
    }
  }
}

/** Each pathway's weight becomes the larger of its weight and the word's field weight times `factor`. */
function addMax(weights: Weights, byEntry: Weights, factor: number): void {
  for (const [id, fieldWeight] of byEntry) {
    const w = factor * fieldWeight;
    const had = weights.get(id);
    if (had === undefined || w > had) weights.set(id, w);
  }
}
