import { Charset, Encoder, Index } from 'flexsearch';
import type { TriageMappingEntry, TriageMappingSearch } from '../../generated/types/api/patient-app-settings';
import { GENERIC_WORDS, STOP_WORDS, VERB_WORDS } from './stopWords';

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
 * suitable-for 5/25 = 0.2; 0 when absent). A pathway's score is the sum of its words' weights
 * divided by the number of words that name something, i.e. are found in a label or among the
 * symptoms of at least one pathway (or, when none does, by the number of words found at all),
 * capped at 1. A word no pathway names ("bad", "days", a typo)
 * says nothing about which pathway fits, so it does not dilute the score (a suitable-for hit
 * still adds its 0.2). So 1 means every naming word is in the label, 0.6 every one among the
 * symptoms, and the default threshold 0.5 asks for about half the naming words in the label or
 * most of them among the symptoms. A main match also keeps within `mainSearchFuzzyDifference`
 * of the best score.
 *
 * Similar matches score the same way but each word's weight is multiplied by how close it is to
 * the nearest word of the field: 1 − (edit distance / length of the longer word), comparing with
 * the start of a longer indexed word so that a half-typed word is close. Pathways that are not
 * main matches, score at least `fuzzyMinThreshold` and lie within `fuzzyDifference` of the best
 * similar score fill the list up to `maximumNumberOfPathways`.
 *
 * When there is no main match, the main scores of at least half `mainSearchMinThreshold` (and
 * within `mainSearchFuzzyDifference` of the best) lead the similar matches, so a sentence whose
 * words name different pathways still shows them, ahead of edit-distance guesses.
 */
export class SymptomSearch {
  private readonly entries: SearchEntry[];
  private readonly indexes: Record<Field, Index>;
  /** Per pathway and field, the normalised words (for whole-word checks and similarity). */
  private readonly fieldWords: Array<Record<Field, string[]>>;
  /** Per pathway, its label and each symptom as " word word " (stop words kept), for whole-phrase checks; built when first asked. */
  private readonly phrases: Array<string[] | undefined>;
  /** Labels and symptoms made only of stop words ("cant get it up"), as " word word ", with their pathways. */
  private readonly stopWordPhrases = new Map<string, number[]>();
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
    this.phrases = new Array<string[] | undefined>(this.entries.length);
    this.entries.forEach((entry, id) => {
      for (const text of [entry.label, ...(entry.symptoms ?? [])]) {
        // A cheap look first: most symptoms have a word that is not a stop word.
        if (
          !text
            .toLowerCase()
            .replace(/['’]/g, '')
            .split(/\s+/)
            .every((w) => STOP_WORDS.has(w))
        )
          continue;
        const phrase = ` ${words(text).join(' ')} `;
        const ids = this.stopWordPhrases.get(phrase) ?? [];
        if (!ids.includes(id)) ids.push(id);
        this.stopWordPhrases.set(phrase, ids);
      }
    });
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

  /** Letter counts of every vocabulary word, in the vocabulary's order (LETTERS per word). */
  private vocabularyCounts = new Uint8Array(0);

  private countVocabulary(): void {
    this.vocabularyCounts = new Uint8Array(this.vocabulary.size * LETTERS);
    let k = 0;
    for (const word of this.vocabulary.keys()) this.vocabularyCounts.set(letterCounts(word), k++ * LETTERS);
  }

  get all(): readonly SearchEntry[] {
    return this.entries;
  }

  search(text: string, patient: SearchPatient = {}): SearchOutcome {
    const { minSearchTermLength, maximumNumberOfPathways } = this.settings;
    // A pathway restricted to the other sex at birth is never offered (the engine would refuse it).
    const sex = patient.sexAtBirth;
    const offered = (id: number) => !sex || !this.entries[id]!.sexAtBirth || this.entries[id]!.sexAtBirth === sex;
    const trimmed = text.trim();
    const tokens = queryTokens(trimmed);
    if (trimmed.length < minSearchTermLength) return { kind: 'tooShort' };
    if (!tokens.some((t) => t.length >= minSearchTermLength)) {
      // Every word is a stop word: only a label or symptom that is exactly the patient's text
      // can fit ("cant get it up" is all stop words, yet a symptom of erection problems).
      const all = this.exactPhrase(trimmed);
      if (all.length === 0) return { kind: 'tooShort' };
      const scored = (ids: number[]) => ids.slice(0, maximumNumberOfPathways).map((id) => ({ entry: this.entries[id]!, score: 1 }));
      const hidden = all.filter((id) => !offered(id));
      return { kind: 'results', matches: scored(all.filter(offered)), similar: [], ...(hidden.length > 0 ? { otherSex: scored(hidden) } : {}) };
    }

    const scores = this.mainScores(tokens);
    const shares = this.sharesMeaningfulWord(tokens, trimmed);
    // A pathway sharing only describing or generic words ("bad", "swollen" is not one of them) with
    // a text that has a meaningful word is no match at all ("bad knee" is not Bad breath), unless
    // the text has nothing else ("it hurts").
    const main = new Map([...scores].filter(([id]) => offered(id) && shares(id)));
    const order = byScoreThenSpecificity(this.entries, this.specificity(tokens), this.phraseHolder(trimmed));
    const best = Math.max(0, ...main.values());
    const covers = this.coverage(trimmed);
    const stopBits = stopWordBits(trimmed);
    // Pathways for the other sex at birth that fit as main matches would, through a word no offered
    // pathway fits: they still say what the words mean ("period pain" from a man is not heel pain),
    // while "heavy bleeding" from a man, whose words other pathways fit too, still finds bleeding.
    let offeredBits = 0;
    for (const id of scores.keys()) if (offered(id)) offeredBits |= covers(id);
    const hidden = [...scores]
      .filter(([id, score]) => !offered(id) && score >= this.settings.mainSearchMinThreshold && (covers(id) & ~offeredBits) !== 0)
      .map(([id]) => id);
    const strongAll = undominated(
      [...main.entries()]
        .filter(([, score]) => score >= this.settings.mainSearchMinThreshold && score >= best - this.settings.mainSearchFuzzyDifference)
        .sort(order),
      covers,
      stopBits,
      hidden,
    );
    const strongIds = new Set(strongAll.map(([id]) => id));

    const room = maximumNumberOfPathways - Math.min(strongAll.length, maximumNumberOfPathways);
    const similarAllowed = this.similarRule(tokens);
    let similarAll: Array<[number, number]> = [];
    if (room > 0) {
      const fuzzy = [...this.fuzzyScores(tokens).entries()].filter(
        ([id, score]) => offered(id) && similarAllowed(id) && !strongIds.has(id) && score >= this.settings.fuzzyMinThreshold,
      );
      const bestFuzzy = Math.max(0, ...fuzzy.map(([, s]) => s));
      similarAll = fuzzy.filter(([, score]) => score >= bestFuzzy - this.settings.fuzzyDifference).sort(order);
    }
    if (strongAll.length === 0) {
      // No main match: a patient's sentence whose words point at different pathways ("coughing
      // a lot at night": "night" names Fever's night sweats) dilutes every score. The pathways
      // holding at least half the main threshold come first among the similar matches: a word
      // found exactly beats an edit-distance guess.
      const half = this.settings.mainSearchMinThreshold / 2;
      const partial = [...main.entries()]
        .filter(([id, score]) => similarAllowed(id) && score >= half && score >= best - this.settings.mainSearchFuzzyDifference)
        .sort(order);
      const partialIds = new Set(partial.map(([id]) => id));
      similarAll = [...partial, ...similarAll.filter(([id]) => !partialIds.has(id))];
    }
    // A pathway that fits only some of the words another listed pathway fits (with more besides)
    // is that other pathway's word taken in another sense: "head lice" is not a head injury,
    // "stomach cramps" not leg cramps, "runny nose" not a nosebleed. Main and similar matches are
    // weighed together, so a similar match that fits every word ("sore nipples": breast) also
    // outranks main matches that fit one ("sore": cold sores).
    const kept = new Set(undominated([...strongAll, ...similarAll], covers, stopBits, hidden).map(([id]) => id));
    const strong = strongAll.filter(([id]) => kept.has(id)).slice(0, maximumNumberOfPathways);
    const similar = similarAll.filter(([id]) => kept.has(id)).slice(0, maximumNumberOfPathways - strong.length);
    const toScored = ([id, score]: [number, number]): ScoredPathway => ({ entry: this.entries[id]!, score: round(score) });
    const otherSex = [...scores]
      .filter(([id, score]) => !offered(id) && score >= this.settings.mainSearchMinThreshold)
      .sort(order)
      .slice(0, maximumNumberOfPathways);
    return {
      kind: 'results',
      matches: strong.map(toScored),
      similar: similar.map(toScored),
      ...(otherSex.length > 0 ? { otherSex: otherSex.map(toScored) } : {}),
    };
  }

  /**
   * Whether a pathway shares a meaningful word with the text (see `similarRule`). Only words
   * that name something somewhere (a label or symptom holds them, or a close typo of them) count:
   * when none does ("it hurts", "ey red", a word found only in a suitable-for text) every pathway
   * but a crisis or one-sex pathway passes and the scores alone decide.
   */
  private sharesMeaningfulWord(tokens: string[], text: string): (id: number) => boolean {
    const typoWeight = NAMING_WEIGHT * TYPO_MIN_SIMILARITY;
    const names = (w: Map<number, number>, floor: number) => {
      for (const v of w.values()) if (v >= floor - 1e-9) return true;
      return false;
    };
    const meaningful = tokens.filter((t) => !GENERIC_WORDS.has(t));
    const main = meaningful.map((t) => this.cached('main', t));
    // The similar weights only when no meaningful word is found as it is (a typo: "bad hedache").
    // Nothing meaningful to share: the scores decide, but a crisis pathway or one for a single sex
    // needs two words of the text side by side among its own ("hurt myself", "cant go on"), so
    // "keeps hurting" is not self-harm.
    if (!main.some((w) => names(w, NAMING_WEIGHT)) && !meaningful.some((t) => names(this.cached('fuzzy', t), typoWeight))) {
      const pairs = wordPairs(text);
      return (id) => (!this.entries[id]!.crisis && !this.entries[id]!.sexAtBirth) || this.phrasesOf(id).some((p) => pairs.some((pair) => p.includes(pair)));
    }
    return (id) => {
      if (main.some((w) => (w.get(id) ?? 0) >= NAMING_WEIGHT - 1e-9)) return true;
      // A close typo of one of its words, even where the text's word is a word of the library
      // too ("bad breathe" is bad breath), or a word starting with it.
      const own = this.fieldWords[id]!;
      return meaningful.some((t) => [...own.label, ...own.symptoms].some((w) => wordCloseness(t, w, false) > 0));
    };
  }

  /**
   * Which of the text's words (by position) each pathway fits: found in its label or symptoms (or
   * as the start of a word there), or the same word with another ending ("nipples", "nipple";
   * "numbness", "numb"). Describing words count ("short" of "short of breath"), words naming
   * nothing (VERB_WORDS: "hurts", "away", "time") do not. Typos and look-alikes do not either:
   * "walking" is close to "waking", yet sleep problems do not fit it. A stop word counts where the
   * pathway holds it between the same words as the text does: "out of breath" is a symptom of
   * breathlessness, so it fits "out", "of" and "breath" there and only "breath" in bad breath.
   * Kept per pathway for the search.
   */
  private coverage(text: string): (id: number) => number {
    const all = words(text).slice(0, 31);
    const content = all.map((w) => !STOP_WORDS.has(w) && !VERB_WORDS.has(w));
    // Each run of stop words with the content words on both sides of it, as the phrases hold them
    // (" out of breath "; " pain in my jaw ", which heel pain's " pain in my heel " does not hold).
    const spans = all.map((w, i) => {
      if (!STOP_WORDS.has(w)) return undefined;
      let start = i;
      while (start > 0 && STOP_WORDS.has(all[start - 1]!)) start--;
      let end = i;
      while (end < all.length - 1 && STOP_WORDS.has(all[end + 1]!)) end++;
      const from = start > 0 && content[start - 1] ? start - 1 : start;
      const to = end < all.length - 1 && content[end + 1] ? end + 1 : end;
      return from === start && to === end ? undefined : ` ${all.slice(from, to + 1).join(' ')} `;
    });
    const main = all.map((w, i) => (content[i] ? this.cached('main', w) : undefined));
    let stems: Array<Map<number, number> | undefined> | undefined;
    const known = new Map<number, number>();
    return (id) => {
      let bits = known.get(id);
      if (bits === undefined) {
        bits = 0;
        for (let i = 0; i < all.length; i++) {
          if (content[i]) {
            if ((main[i]!.get(id) ?? 0) >= NAMING_WEIGHT - 1e-9) bits |= 1 << i;
            else {
              stems ??= all.map((w, k) => (content[k] ? this.cached('stem', w) : undefined));
              if (stems[i]!.has(id)) bits |= 1 << i;
            }
          } else if (spans[i] !== undefined && this.phrasesOf(id).some((p) => p.includes(spans[i]!))) bits |= 1 << i;
        }
        known.set(id, bits);
      }
      return bits;
    };
  }

  /** The pathways whose label or symptoms hold the word with another ending, or its stem ("asthma" of "asthmatic"). */
  private stemWeights(token: string): Map<number, number> {
    const weights = new Map<number, number>();
    if (token.length < STEM_MIN_LENGTH) return weights;
    const add = (word: string) => {
      for (const [id, w] of this.vocabulary.get(word) ?? []) if (w >= NAMING_WEIGHT - 1e-9) weights.set(id, Math.max(weights.get(id) ?? 0, w));
    };
    // The same word with another ending ("nipples", "nipple"), from the words indexed by their stem.
    for (const word of this.stemIndex().get(stemOf(token)) ?? []) if (word !== token) add(word);
    // An indexed word that starts it, with at most STEM_MAX_ENDING letters after ("asthma" of "asthmatic").
    for (let k = Math.max(STEM_MIN_LENGTH, token.length - STEM_MAX_ENDING); k < token.length; k++) add(token.slice(0, k));
    return weights;
  }

  /** The vocabulary's words by their stem (`stemOf`), built when first asked. */
  private stems: Map<string, string[]> | undefined;

  private stemIndex(): Map<string, string[]> {
    if (!this.stems) {
      this.stems = new Map();
      for (const word of this.vocabulary.keys()) {
        const stem = stemOf(word);
        const list = this.stems.get(stem);
        if (list) list.push(word);
        else this.stems.set(stem, [word]);
      }
    }
    return this.stems;
  }

  /**
   * Which pathways may be similar matches for these words: those sharing a meaningful word with
   * the text (a word found in their label or symptoms, exactly or as a close typo, that is not a
   * stop word nor one of GENERIC_WORDS such as "hurts" or "keeps"). A pathway for one sex at birth
   * or a crisis pathway needs more: one of the text's meaningful words is a whole word of its
   * label or symptoms, so it is never listed for a look-alike, a half-word or a shared verb.
   */
  private similarRule(tokens: string[]): (id: number) => boolean {
    const meaningful = tokens.filter((t) => !GENERIC_WORDS.has(t));
    const main = meaningful.map((t) => this.cached('main', t));
    // The similar weights only when a candidate needs them (a keystroke whose main matches fill the list asks none).
    let fuzzy: Array<Map<number, number>> | undefined;
    const typoWeight = NAMING_WEIGHT * TYPO_MIN_SIMILARITY;
    return (id) => {
      if (!main.some((w) => (w.get(id) ?? 0) >= NAMING_WEIGHT - 1e-9)) {
        fuzzy ??= meaningful.map((t) => this.cached('fuzzy', t));
        if (!fuzzy.some((w) => (w.get(id) ?? 0) >= typoWeight - 1e-9)) return false;
      }
      const entry = this.entries[id]!;
      if (!entry.sexAtBirth && !entry.crisis) return true;
      const own = this.fieldWords[id]!;
      return meaningful.some((t) => [...own.label, ...own.symptoms].some((w) => this.isSameWord(t, w)));
    };
  }

  /**
   * The searched word is this indexed word, with another ending ("menopausal", "menopause") or as
   * a close typo of the whole word ("pregnat"); never its first letters ("preg") nor a look-alike
   * of another indexed word ("breath" is not "breast").
   */
  private isSameWord(token: string, word: string): boolean {
    if (token === word || sameStem(token, word)) return true;
    if (this.vocabulary.has(token)) return false;
    return isStemOf(word, token) || similarity(word, token, TYPO_MIN_SIMILARITY) >= TYPO_MIN_SIMILARITY;
  }

  /**
   * One word's weight per pathway, cached: typing changes only the last word, so the words
   * before it are not searched again on every keystroke.
   */
  private readonly cache = {
    main: new Map<string, Map<number, number>>(),
    fuzzy: new Map<string, Map<number, number>>(),
    stem: new Map<string, Map<number, number>>(),
  };

  private cached(kind: 'main' | 'fuzzy' | 'stem', token: string): Map<number, number> {
    const store = this.cache[kind];
    let weights = store.get(token);
    if (!weights) {
      if (store.size > 1000) store.clear();
      weights = kind === 'main' ? this.mainWeights(token) : kind === 'stem' ? this.stemWeights(token) : this.fuzzyWeights(token);
      store.set(token, weights);
    }
    return weights;
  }

  /** flexsearch per field; the word counts with the weight of the best field it hit. */
  private mainWeights(token: string): Map<number, number> {
    const weights = new Map<number, number>();
    for (const field of FIELDS) {
      for (const raw of this.indexes[field].search(token, { limit: this.entries.length })) {
        const id = Number(raw);
        // Short words match whole words only: "ey" must not match "eye" nor "eyelid". A short word
        // the library itself uses matches itself and its endings only: "bum" is not "bump", "wee"
        // is not "weeping".
        if (token.length < PARTIAL_MIN_LENGTH && !this.fieldWords[id]![field].includes(token)) continue;
        if (token.length < WHOLE_WORD_BELOW && this.vocabulary.has(token) && !this.fieldWords[id]![field].some((w) => isWordOrEnding(token, w))) continue;
        weights.set(id, Math.max(weights.get(id) ?? 0, FIELD_BOOSTS[field] / TOP_BOOST));
      }
    }
    return weights;
  }

  /**
   * How close each indexed word is to the searched word (`wordCloseness`), times that word's field
   * weight. A word the library itself uses is compared only with the words that start with it;
   * any other word with every indexed word, a cheap letter-count bound skipping most of them.
   */
  private fuzzyWeights(token: string): Map<number, number> {
    const weights = new Map<number, number>();
    if (token.length < PARTIAL_MIN_LENGTH) return weights;
    const add = (byEntry: Map<number, number>, sim: number) => {
      for (const [id, fieldWeight] of byEntry) weights.set(id, Math.max(weights.get(id) ?? 0, sim * fieldWeight));
    };
    if (this.vocabulary.has(token)) {
      for (const [word, byEntry] of this.vocabulary) {
        const sim = wordCloseness(token, word, true);
        if (sim > 0) add(byEntry, sim);
      }
      return weights;
    }
    const floor = Math.max(this.settings.fuzzyMinThreshold, TYPO_MIN_SIMILARITY);
    const m = token.length;
    const query = letterCounts(token);
    // The bins the token uses: |q - w| summed over all bins is m + n - 2 * (sum of min(q, w)), and min is 0 elsewhere.
    const bins = [...query.keys()].filter((c) => query[c]! > 0);
    if (this.vocabularyCounts.length !== this.vocabulary.size * LETTERS) this.countVocabulary();
    let k = -1;
    for (const [word, byEntry] of this.vocabulary) {
      k++;
      const n = word.length;
      if (isStemOf(word, token) || sameStem(word, token)) {
        add(byEntry, wordCloseness(token, word, false, floor));
        continue;
      }
      // A cheap lower bound first: a substitution changes the letter counts by at most 2, an
      // insertion or deletion by 1, a transposition not at all, so the edit distance is at least
      // half the difference of the counts (and, against the word's first m letters, at least
      // half of what is left after the n - m other letters). Most words stop here.
      let shared = 0;
      for (let b = 0, base = k * LETTERS; b < bins.length; b++) shared += Math.min(query[bins[b]!]!, this.vocabularyCounts[base + bins[b]!]!);
      const diff = m + n - 2 * shared;
      const longest = Math.max(m, n);
      const wholeOut = diff / 2 > (1 - floor) * longest;
      const prefixOut = n <= m || Math.max(0, diff - (n - m)) / 2 > (1 - floor / PREFIX_FACTOR) * m;
      if (wholeOut && prefixOut) continue;
      const sim = wordCloseness(token, word, false, floor);
      if (sim > 0) add(byEntry, sim);
    }
    return weights;
  }

  /**
   * How specific each pathway's matching words are: the sum over the searched words of the
   * word's weight there divided by the number of pathways the word is found in. It orders
   * pathways of equal score: in "my testicle hurts" both words name something, but "testicle"
   * names one pathway and "hurts" several, so the pathway naming the testicle comes first
   * rather than the one whose label sorts first.
   */
  private specificity(tokens: string[]): Map<number, number> {
    const out = new Map<number, number>();
    for (const weights of tokens.map((t) => this.cached('main', t))) {
      for (const [id, w] of weights) out.set(id, (out.get(id) ?? 0) + w / weights.size);
    }
    return out;
  }

  /**
   * Whether a pathway's label or one of its symptoms holds the patient's whole text as a phrase
   * ("feeling down" is a symptom of low mood, while "down" alone is also in "pain down my leg").
   * Among equal scores such a pathway comes first. Asked only of pathways whose scores tie, so a
   * keystroke does not scan the whole library; each answer is kept for the search.
   */
  private phraseHolder(text: string): (id: number) => boolean {
    const phrase = ` ${words(text).join(' ')} `;
    const known = new Map<number, boolean>();
    return (id) => {
      let holds = known.get(id);
      if (holds === undefined) {
        if (phrase.trim() === '') holds = false;
        else {
          holds = this.phrasesOf(id).some((p) => p.includes(phrase));
        }
        known.set(id, holds);
      }
      return holds;
    };
  }

  /** A pathway's label and symptoms as " word word " (stop words kept), built when first asked. */
  private phrasesOf(id: number): string[] {
    const entry = this.entries[id]!;
    return (this.phrases[id] ??= [entry.label, ...(entry.symptoms ?? [])].map((t) => ` ${words(t).join(' ')} `));
  }

  /** The pathways whose label or one of whose symptoms is exactly the text, when every word of it is a stop word. */
  private exactPhrase(text: string): number[] {
    return this.stopWordPhrases.get(` ${words(text).join(' ')} `) ?? [];
  }

  private mainScores(tokens: string[]): Map<number, number> {
    return combine(
      tokens.map((t) => this.cached('main', t)),
      tokens.map(wordKind),
    );
  }

  private fuzzyScores(tokens: string[]): Map<number, number> {
    return combine(
      tokens.map((t) => this.cached('fuzzy', t)),
      tokens.map(wordKind),
    );
  }
}

/** An indexed word shorter than this is a whole word: it does not count as the start of a longer one ("bum", "bump"). */
export const WHOLE_WORD_BELOW = 4;

/** The word itself, or the word with one of the ENDINGS ("wee", "weeing"; not "weeping"). */
function isWordOrEnding(token: string, word: string): boolean {
  return word === token || (word.startsWith(token) && ENDINGS.includes(word.slice(token.length)));
}

type WordKind = 'meaningful' | 'describing' | 'nothing';

/** What a searched word can say: something meaningful, only how (GENERIC_WORDS), or nothing at all (VERB_WORDS). */
function wordKind(token: string): WordKind {
  return VERB_WORDS.has(token) ? 'nothing' : GENERIC_WORDS.has(token) ? 'describing' : 'meaningful';
}

/** A word that names something in a label or among the symptoms of some pathway (weight ≥ the symptoms' boost). */
const NAMING_WEIGHT = FIELD_BOOSTS.symptoms / TOP_BOOST;

/**
 * Sum of each word's weight, divided by the number of words that name something (found in a
 * label or among the symptoms of any pathway), capped at 1. Words found nowhere, or only in
 * suitable-for texts, add what they weigh but do not dilute, nor do words that name nothing
 * (`kinds`: VERB_WORDS such as "wont" and "go", found in many symptoms: "varruca that wont go" is
 * about a verruca) when a meaningful word names something; when no word names anything, every
 * word found somewhere counts.
 */
function combine(perToken: Array<Map<number, number>>, kinds: WordKind[] = []): Map<number, number> {
  const sums = new Map<number, number>();
  let naming = 0;
  let namingNothing = 0;
  let meaningfulNames = false;
  let found = 0;
  for (const [k, weights] of perToken.entries()) {
    let names = false;
    for (const [id, w] of weights) {
      sums.set(id, (sums.get(id) ?? 0) + w);
      if (w >= NAMING_WEIGHT - 1e-9) names = true;
    }
    if (names) naming++;
    if (names && kinds[k] === 'nothing') namingNothing++;
    if (names && (kinds[k] ?? 'meaningful') === 'meaningful') meaningfulNames = true;
    if (weights.size > 0) found++;
  }
  // Words naming nothing dilute only a text with no meaningful word found ("keeps hurting" stays weak).
  if (meaningfulNames) naming -= namingNothing;
  // Only suitable-for words: each counts (so a suitable-for-only match scores 0.2, under the default threshold).
  const divisor = naming > 0 ? naming : found;
  const out = new Map<number, number>();
  if (divisor === 0) return out;
  for (const [id, sum] of sums) out.set(id, Math.min(1, sum / divisor));
  return out;
}

/**
 * The pathways of a list (in its order) that fit more than half of what another of them fits: one
 * fitting only "head" of "head lice" goes when another fits "head" and "lice", while one fitting
 * "sticky" and "eye" of "red sticky eye" stays beside one fitting all three (a near sibling, not
 * another sense of a word). A stop word a pathway holds beside the same word (`coverage`) weighs
 * half a word: "out of breath" fits breathlessness twice as well as bad breath, while "numbness
 * in my hand" held as a phrase by carpal tunnel does not push out numbness, which fits both words.
 */
function undominated(list: Array<[number, number]>, covers: (id: number) => number, stopBits: number, others: readonly number[] = []): Array<[number, number]> {
  if (list.length + others.length < 2) return list;
  const weigh = (b: number) => 2 * bitCount(b & ~stopBits) + bitCount(b & stopBits);
  const bits = list.map(([id]) => covers(id));
  // The pathways that fit but are not offered (for the other sex at birth) still say what the words
  // mean: "period pain" from a man is not heel pain.
  const all = [...bits, ...others.map(covers)];
  const weight = all.map(weigh);
  return list.filter((_, i) => !all.some((other, j) => j !== i && (other & bits[i]!) === bits[i] && weight[i]! * 2 <= weight[j]! && weight[j]! > weight[i]!));
}

/** Every two words side by side in the text, stop words kept, as " word word " (the form of `phrasesOf`). */
function wordPairs(text: string): string[] {
  const all = words(text);
  return all.slice(1).map((w, i) => ` ${all[i]} ${w} `);
}

/** The positions of the text's stop words, as `coverage` numbers the words. */
function stopWordBits(text: string): number {
  let bits = 0;
  words(text)
    .slice(0, 31)
    .forEach((w, i) => {
      if (STOP_WORDS.has(w)) bits |= 1 << i;
    });
  return bits;
}

function bitCount(n: number): number {
  let c = 0;
  for (let v = n; v !== 0; v &= v - 1) c++;
  return c;
}

/**
 * Best score first; among equal scores, a pathway holding the whole text as a phrase (see
 * `phraseHolder`), then the more specific words (see `specificity`), then the label.
 */
function byScoreThenSpecificity(entries: SearchEntry[], specificity: Map<number, number>, holdsPhrase: (id: number) => boolean) {
  const spec = (id: number) => specificity.get(id) ?? 0;
  const phrase = (id: number) => (holdsPhrase(id) ? 1 : 0);
  return ([a, sa]: [number, number], [b, sb]: [number, number]) =>
    round(sb) - round(sa) || phrase(b) - phrase(a) || spec(b) - spec(a) || entries[a]!.label.localeCompare(entries[b]!.label);
}

function round(score: number): number {
  return Math.round(score * 1000) / 1000;
}

/**
 * 1 − (optimal-string-alignment distance / length of the longer word), in [0, 1]. A query word
 * shorter than the indexed word is also compared with the indexed word's start (a half-typed
 * word), at 0.9 of that similarity so that a prefix never counts as much as a whole word.
 * `floor`: results below it may be returned as 0 (pairs whose lengths alone rule them out are skipped).
 */
export function similarity(query: string, word: string, floor = 0): number {
  const m = query.length;
  const n = word.length;
  const longest = Math.max(m, n);
  if (longest === 0) return 1;
  const prefix = n > m;
  // Largest distances that could still reach the floor, for the whole word and for its start.
  const wholeMax = (1 - floor) * longest;
  const prefixMax = prefix ? (1 - floor / PREFIX_FACTOR) * m : -1;
  const wholePossible = Math.abs(m - n) <= wholeMax;
  if (!wholePossible && prefixMax < 0) return 0;
  // Distances are whole numbers: one above `limit` cannot reach the floor.
  const limit = Math.floor(Math.max(wholePossible ? wholeMax : -1, prefixMax));
  // One optimal-string-alignment table gives both: row m, column n is the distance to the whole
  // word, row m, column m the distance to its first m letters. When the whole word cannot reach
  // the floor, only its first m letters are compared.
  const width = wholePossible ? n : m;
  const cols = width + 1;
  if (buffer.length < (m + 1) * cols) buffer = new Int32Array((m + 1) * cols * 2);
  const d = buffer;
  // Only cells within `limit` of the diagonal can lie on a path of cost <= limit (Ukkonen's band);
  // the cells just outside it hold limit + 1, so a path through them never reaches the floor.
  const far = limit + 1;
  for (let j = 0; j < cols; j++) d[j] = j <= limit ? j : far;
  for (let i = 1; i <= m; i++) {
    const row = i * cols;
    const lo = Math.max(1, i - limit);
    const hi = Math.min(width, i + limit);
    d[row] = i <= limit ? i : far;
    if (lo > 1) d[row + lo - 1] = far;
    let rowMin = lo > 1 ? far : d[row]!;
    const qi = query.charCodeAt(i - 1);
    for (let j = lo; j <= hi; j++) {
      const wj = word.charCodeAt(j - 1);
      let v = Math.min(d[row - cols + j]! + 1, d[row + j - 1]! + 1, d[row - cols + j - 1]! + (qi === wj ? 0 : 1));
      if (i > 1 && j > 1 && qi === word.charCodeAt(j - 2) && query.charCodeAt(i - 2) === wj) v = Math.min(v, d[row - 2 * cols + j - 2]! + 1);
      d[row + j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (hi < width) d[row + hi + 1] = far;
    // Distances never shrink in later rows: nothing here can reach the floor any more.
    if (rowMin > limit) return 0;
  }
  const whole = wholePossible ? 1 - d[m * cols + n]! / longest : 0;
  return prefix ? Math.max(whole, PREFIX_FACTOR * (1 - d[m * cols + m]! / m)) : whole;
}

/** Letter-count bins: a to z, 0 to 9, and one for any other character. */
const LETTERS = 37;

function letterCounts(word: string): Uint8Array {
  const counts = new Uint8Array(LETTERS);
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    const bin = c >= 97 && c <= 122 ? c - 97 : c >= 48 && c <= 57 ? 26 + c - 48 : 36;
    counts[bin] = Math.min(255, counts[bin]! + 1);
  }
  return counts;
}

/** A half-typed word counts at 0.9 of its similarity to the start of the indexed word. */
const PREFIX_FACTOR = 0.9;

/**
 * How close a word must be to an indexed word to count as a typo of it in the similar matches:
 * about one letter wrong in four ("hedache" 0.875, "chesst" 0.83, "stomac" 0.9 against "stomach"),
 * while look-alikes that share only half their letters ("thrush" and "thoughts" 0.5) do not count.
 */
export const TYPO_MIN_SIMILARITY = 0.75;

/** An indexed word of at least this many letters that starts the searched word is its stem ("asthma" of "asthmatic"). */
const STEM_MIN_LENGTH = 4;
/** …when at most this many letters follow it ("chest" of "chestpain", "faint" of "fainting"). */
const STEM_MAX_ENDING = 4;

/** Endings taken off a word to compare stems, longest first ("constipated" and "constipation" share "constipat"). */
const ENDINGS = ['ations', 'ation', 'ings', 'ions', 'ing', 'ion', 'ed', 'es', 's'];

/** The word without its ending, when at least STEM_MIN_LENGTH letters are left. */
function stemOf(word: string): string {
  for (const e of ENDINGS) if (word.length - e.length >= STEM_MIN_LENGTH && word.endsWith(e)) return word.slice(0, -e.length);
  return word;
}

/** Two different words that are the same word with different endings ("swelling", "swells"; not "breath" and "breast"). */
function sameStem(a: string, b: string): boolean {
  return a !== b && stemOf(a) === stemOf(b);
}

/** A stem counts less than a close typo of the whole word ("headahce" is nearer "headache" than "head"). */
const STEM_FACTOR = 0.8;

function isStemOf(word: string, token: string): boolean {
  return word.length >= STEM_MIN_LENGTH && token.length > word.length && token.length - word.length <= STEM_MAX_ENDING && token.startsWith(word);
}

/**
 * How much an indexed word counts for a searched word among the similar matches, in [0, 1] (0: not
 * at all). Edit distance is for typos and half-typed words, so a word the library itself uses
 * (`tokenIsIndexed`: "cough", "breath", "eye") is not a typo: it counts only for itself (1), the
 * longer words that start with it (0.9) and the same word with another ending (0.8: "constipated",
 * "constipation"), never for a look-alike ("cough" is not "thoughts", "breath" is not "breast").
 * Any other word counts for those too, for an indexed word that is its stem (0.8: "asthma" of
 * "asthmatic"), or that it is close to (`similarity` at least `floor`, itself at least
 * TYPO_MIN_SIMILARITY: "hedache" 0.875 to "headache", but "thrush" only 0.5 to "thoughts").
 */
export function wordCloseness(token: string, word: string, tokenIsIndexed: boolean, floor = TYPO_MIN_SIMILARITY): number {
  if (word === token) return 1;
  // A short word the library uses is a whole word: it counts for its endings only ("bum" is not "bump").
  const wholeWord = tokenIsIndexed && token.length < WHOLE_WORD_BELOW;
  const prefix = word.startsWith(token) && (!wholeWord || isWordOrEnding(token, word)) ? PREFIX_FACTOR : 0;
  const stem = sameStem(word, token) || (!tokenIsIndexed && isStemOf(word, token)) ? STEM_FACTOR : 0;
  if (tokenIsIndexed) return Math.max(prefix, stem);
  const min = Math.max(floor, TYPO_MIN_SIMILARITY);
  const sim = similarity(token, word, min);
  return Math.max(prefix, stem, sim >= min ? sim : 0);
}

let buffer = new Int32Array(0);
