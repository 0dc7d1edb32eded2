import { coverage, phraseHolder, sharesMeaningfulWord, similarRule, type Lookup } from './matchRules';
import { byScoreThenSpecificity, combine, round, specificity, stopWordBits, undominated } from './scoring';
import { SearchIndex } from './searchIndex';
import { DEFAULT_SEARCH_SETTINGS, type ScoredPathway, type SearchEntry, type SearchOutcome, type SearchPatient, type SearchSettings } from './searchTypes';
import { STOP_WORDS } from './stopWords';
import { WordWeights } from './wordWeights';
import { asPhrase, wordKind, words } from './words';

export {
  DEFAULT_SEARCH_SETTINGS,
  searchSettings,
  type ScoredPathway,
  type SearchEntry,
  type SearchOutcome,
  type SearchPatient,
  type SearchSettings,
} from './searchTypes';
export { similarity } from './similarity';
export { queryTokens } from './words';

type Scored = Array<[number, number]>;

/** One search's text and what is worked out from it once. */
interface Query {
  /** The text's words, stop words kept. */
  all: string[];
  /** The searched words: stop words removed, each once. */
  tokens: string[];
  offered: (id: number) => boolean;
  order: (a: [number, number], b: [number, number]) => number;
  covers: (id: number) => number;
  stopBits: number;
  similarAllowed: (id: number) => boolean;
}

/**
 * Symptom search over the triage pathways: words looked up in an index of the library built once
 * (`SearchIndex`: a word, the start of a longer word, another ending, word pairs of the phrases),
 * with an edit-distance similarity for "Similar matches".
 *
 * **How scores are normalised, so that the thresholds of `triageMappingSearch` mean something:**
 * each searched word (stop words removed) gets a weight in [0, 1] per pathway: the boost of the
 * best field it was found in divided by the top boost (label 25/25 = 1, symptoms 15/25 = 0.6,
 * suitable-for 5/25 = 0.2; 0 when absent). A pathway's score is the sum of its words' weights
 * divided by the number of words that name something, i.e. are found in a label or among the
 * symptoms of at least one pathway (or, when none does, by the number of words found at all),
 * capped at 1. A word no pathway names ("bad", "days", a typo) says nothing about which pathway
 * fits, so it does not dilute the score (a suitable-for hit still adds its 0.2). So 1 means every
 * naming word is in the label, 0.6 every one among the symptoms, and the default threshold 0.5
 * asks for about half the naming words in the label or most of them among the symptoms. A main
 * match also keeps within `mainSearchFuzzyDifference` of the best score.
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
  private readonly index: SearchIndex;
  private readonly lookup: Lookup;

  constructor(
    entries: readonly SearchEntry[],
    readonly settings: SearchSettings = DEFAULT_SEARCH_SETTINGS,
  ) {
    this.index = new SearchIndex(entries);
    this.lookup = { index: this.index, weights: new WordWeights(this.index, settings) };
  }

  get all(): readonly SearchEntry[] {
    return this.index.entries;
  }

  search(text: string, patient: SearchPatient = {}): SearchOutcome {
    const trimmed = text.trim();
    const all = words(trimmed);
    const tokens = [...new Set(all.filter((w) => !STOP_WORDS.has(w)))];
    if (trimmed.length < this.settings.minSearchTermLength) return { kind: 'tooShort' };
    // A pathway restricted to the other sex at birth is never offered (the engine would refuse it).
    const sex = patient.sexAtBirth;
    const entries = this.index.entries;
    const offered = (id: number) => !sex || !entries[id]!.sexAtBirth || entries[id]!.sexAtBirth === sex;
    if (!tokens.some((t) => t.length >= this.settings.minSearchTermLength)) return this.stopWordsOnly(all, offered);

    const { weights } = this.lookup;
    const perToken = tokens.map((t) => weights.main(t));
    const scores = combine(perToken, tokens.map(wordKind));
    const query: Query = {
      all,
      tokens,
      offered,
      order: byScoreThenSpecificity(this.index.labelRank, specificity(perToken), phraseHolder(this.lookup, all)),
      covers: coverage(this.lookup, all),
      stopBits: stopWordBits(all.slice(0, 31), (w) => STOP_WORDS.has(w)),
      similarAllowed: similarRule(this.lookup, tokens),
    };
    const shares = sharesMeaningfulWord(this.lookup, tokens, all);
    // A pathway sharing only describing or generic words ("bad", "swollen" is not one of them) with
    // a text that has a meaningful word is no match at all ("bad knee" is not Bad breath), unless
    // the text has nothing else ("it hurts").
    const main: Scored = [];
    for (const [id, score] of scores) if (offered(id) && shares(id)) main.push([id, score]);
    const hidden = this.hiddenFits(scores, query);
    const { minimum, difference } = { minimum: this.settings.mainSearchMinThreshold, difference: this.settings.mainSearchFuzzyDifference };
    const best = maxScore(main);
    const strongAll = undominated(
      main.filter(([, score]) => score >= minimum && score >= best - difference).sort(query.order),
      query.covers,
      query.stopBits,
      hidden,
    );
    const similarAll = this.similarMatches(query, strongAll, main, best);
    // A pathway that fits only some of the words another listed pathway fits (with more besides)
    // is that other pathway's word taken in another sense: "head lice" is not a head injury,
    // "stomach cramps" not leg cramps, "runny nose" not a nosebleed. Main and similar matches are
    // weighed together, so a similar match that fits every word ("sore nipples": breast) also
    // outranks main matches that fit one ("sore": cold sores).
    const kept = new Set(undominated([...strongAll, ...similarAll], query.covers, query.stopBits, hidden).map(([id]) => id));
    const max = this.settings.maximumNumberOfPathways;
    const strong = strongAll.filter(([id]) => kept.has(id)).slice(0, max);
    const similar = similarAll.filter(([id]) => kept.has(id)).slice(0, max - strong.length);
    const toScored = ([id, score]: [number, number]): ScoredPathway => ({ entry: entries[id]!, score: round(score) });
    const otherSex: Scored = [];
    if (sex) for (const [id, score] of scores) if (!offered(id) && score >= minimum) otherSex.push([id, score]);
    otherSex.sort(query.order).splice(max);
    return {
      kind: 'results',
      matches: strong.map(toScored),
      similar: similar.map(toScored),
      ...(otherSex.length > 0 ? { otherSex: otherSex.map(toScored) } : {}),
    };
  }

  /**
   * Every word is a stop word: only a label or symptom that is exactly the patient's text can fit
   * ("cant get it up" is all stop words, yet a symptom of erection problems).
   */
  private stopWordsOnly(all: string[], offered: (id: number) => boolean): SearchOutcome {
    const ids = this.index.stopWordPhrases.get(asPhrase(all)) ?? [];
    if (ids.length === 0) return { kind: 'tooShort' };
    const scored = (list: number[]) => list.slice(0, this.settings.maximumNumberOfPathways).map((id) => ({ entry: this.index.entries[id]!, score: 1 }));
    const hidden = ids.filter((id) => !offered(id));
    return { kind: 'results', matches: scored(ids.filter(offered)), similar: [], ...(hidden.length > 0 ? { otherSex: scored(hidden) } : {}) };
  }

  /**
   * Pathways for the other sex at birth that fit as main matches would, through a word no offered
   * pathway fits: they still say what the words mean ("period pain" from a man is not heel pain),
   * while "heavy bleeding" from a man, whose words other pathways fit too, still finds bleeding.
   * What the offered pathways fit is worked out only when there is such a pathway.
   */
  private hiddenFits(scores: Map<number, number>, { offered, covers }: Query): number[] {
    const candidates: number[] = [];
    for (const [id, score] of scores) if (!offered(id) && score >= this.settings.mainSearchMinThreshold) candidates.push(id);
    if (candidates.length === 0) return candidates;
    let offeredBits = 0;
    for (const id of scores.keys()) if (offered(id)) offeredBits |= covers(id);
    return candidates.filter((id) => (covers(id) & ~offeredBits) !== 0);
  }

  /**
   * The similar matches, when the main matches leave room: edit-distance scores, and when there is
   * no main match, the main scores of at least half the threshold first. A patient's sentence whose
   * words point at different pathways ("coughing a lot at night": "night" names Fever's night
   * sweats) dilutes every score; a word found exactly beats an edit-distance guess.
   */
  private similarMatches(query: Query, strongAll: Scored, main: Scored, best: number): Scored {
    const { fuzzyMinThreshold, fuzzyDifference, maximumNumberOfPathways, mainSearchMinThreshold, mainSearchFuzzyDifference } = this.settings;
    const { offered, similarAllowed, order } = query;
    const strongIds = new Set(strongAll.map(([id]) => id));
    let similarAll: Scored = [];
    if (strongAll.length < maximumNumberOfPathways) {
      const fuzzyScores = combine(
        query.tokens.map((t) => this.lookup.weights.fuzzy(t)),
        query.tokens.map(wordKind),
      );
      const fuzzy: Scored = [];
      for (const [id, score] of fuzzyScores) if (offered(id) && similarAllowed(id) && !strongIds.has(id) && score >= fuzzyMinThreshold) fuzzy.push([id, score]);
      const bestFuzzy = maxScore(fuzzy);
      similarAll = fuzzy.filter(([, score]) => score >= bestFuzzy - fuzzyDifference).sort(order);
    }
    if (strongAll.length > 0) return similarAll;
    const half = mainSearchMinThreshold / 2;
    const partial = main.filter(([id, score]) => similarAllowed(id) && score >= half && score >= best - mainSearchFuzzyDifference).sort(order);
    const partialIds = new Set(partial.map(([id]) => id));
    return [...partial, ...similarAll.filter(([id]) => !partialIds.has(id))];
  }
}

function maxScore(list: Scored): number {
  let best = 0;
  for (const [, score] of list) if (score > best) best = score;
  return best;
}
