import type { SearchIndex } from './searchIndex';
import { NAMING_WEIGHT, names } from './searchTypes';
import { TYPO_MIN_SIMILARITY, similarity } from './similarity';
import { GENERIC_WORDS, STOP_WORDS, VERB_WORDS } from './stopWords';
import type { WordWeights } from './wordWeights';
import { asPhrase, isStemOf, sameStem } from './words';
import { wordPairs } from './scoring';

/** What the rules look words up in: the library's index and the search's word weights. */
export interface Lookup {
  index: SearchIndex;
  weights: WordWeights;
}

/**
 * Whether a pathway shares a meaningful word with the text (see `similarRule`). Only words that
 * name something somewhere (a label or symptom holds them, or a close typo of them) count: when
 * none does ("it hurts", "ey red", a word found only in a suitable-for text) every pathway but a
 * crisis or one-sex pathway passes and the scores alone decide. `all`: the text's words, stop words kept.
 */
export function sharesMeaningfulWord({ index, weights }: Lookup, tokens: string[], all: string[]): (id: number) => boolean {
  const typoWeight = NAMING_WEIGHT * TYPO_MIN_SIMILARITY;
  const anyAtLeast = (w: Map<number, number>, floor: number) => {
    for (const v of w.values()) if (v >= floor - 1e-9) return true;
    return false;
  };
  const meaningful = tokens.filter((t) => !GENERIC_WORDS.has(t));
  const main = meaningful.map((t) => weights.main(t));
  // The similar weights only when no meaningful word is found as it is (a typo: "bad hedache").
  // Nothing meaningful to share: the scores decide, but a crisis pathway or one for a single sex
  // needs two words of the text side by side among its own ("hurt myself", "cant go on"), so
  // "keeps hurting" is not self-harm.
  if (!main.some((w) => anyAtLeast(w, NAMING_WEIGHT)) && !meaningful.some((t) => anyAtLeast(weights.fuzzy(t), typoWeight))) {
    const pairs = wordPairs(all);
    return (id) => (!index.entries[id]!.crisis && !index.entries[id]!.sexAtBirth) || pairs.some((pair) => weights.holding(pair).has(id));
  }
  // A close typo of one of its words, even where the text's word is a word of the library too
  // ("bad breathe" is bad breath), or a word starting with it.
  return (id) => main.some((w) => names(w.get(id))) || meaningful.some((t) => weights.close(t).has(id));
}

/**
 * Which of the text's words (by position) each pathway fits: found in its label or symptoms (or
 * as the start of a word there), or the same word with another ending ("nipples", "nipple";
 * "numbness", "numb"). Describing words count ("short" of "short of breath"), words naming
 * nothing (VERB_WORDS: "hurts", "away", "time") do not. Typos and look-alikes do not either:
 * "walking" is close to "waking", yet sleep problems do not fit it. A stop word counts where the
 * pathway holds it between the same words as the text does: "out of breath" is a symptom of
 * breathlessness, so it fits "out", "of" and "breath" there and only "breath" in bad breath.
 * Kept per pathway for the search. `all`: the text's words, stop words kept.
 */
export function coverage({ weights }: Lookup, all: string[]): (id: number) => number {
  const first = all.slice(0, 31);
  const content = first.map((w) => !STOP_WORDS.has(w) && !VERB_WORDS.has(w));
  // Each run of stop words with the content words on both sides of it, as the phrases hold them
  // (" out of breath "; " pain in my jaw ", which heel pain's " pain in my heel " does not hold).
  const spans = first.map((w, i) => {
    if (!STOP_WORDS.has(w)) return undefined;
    let start = i;
    while (start > 0 && STOP_WORDS.has(first[start - 1]!)) start--;
    let end = i;
    while (end < first.length - 1 && STOP_WORDS.has(first[end + 1]!)) end++;
    const from = start > 0 && content[start - 1] ? start - 1 : start;
    const to = end < first.length - 1 && content[end + 1] ? end + 1 : end;
    return from === start && to === end ? undefined : asPhrase(first.slice(from, to + 1));
  });
  const main = first.map((w, i) => (content[i] ? weights.main(w) : undefined));
  const known = new Map<number, number>();
  return (id) => {
    let bits = known.get(id);
    if (bits === undefined) {
      bits = 0;
      for (let i = 0; i < first.length; i++) {
        if (content[i]) {
          if (names(main[i]!.get(id)) || weights.stem(first[i]!).has(id)) bits |= 1 << i;
        } else if (spans[i] !== undefined && weights.holding(spans[i]!).has(id)) bits |= 1 << i;
      }
      known.set(id, bits);
    }
    return bits;
  };
}

/**
 * Which pathways may be similar matches for these words: those sharing a meaningful word with
 * the text (a word found in their label or symptoms, exactly or as a close typo, that is not a
 * stop word nor one of GENERIC_WORDS such as "hurts" or "keeps"). A pathway for one sex at birth
 * or a crisis pathway needs more: one of the text's meaningful words is a whole word of its
 * label or symptoms, so it is never listed for a look-alike, a half-word or a shared verb.
 */
export function similarRule({ index, weights }: Lookup, tokens: string[]): (id: number) => boolean {
  const meaningful = tokens.filter((t) => !GENERIC_WORDS.has(t));
  const main = meaningful.map((t) => weights.main(t));
  // The similar weights only when a candidate needs them (a keystroke whose main matches fill the list asks none).
  let fuzzy: Array<Map<number, number>> | undefined;
  const typoWeight = NAMING_WEIGHT * TYPO_MIN_SIMILARITY;
  return (id) => {
    if (!main.some((w) => names(w.get(id)))) {
      fuzzy ??= meaningful.map((t) => weights.fuzzy(t));
      if (!fuzzy.some((w) => (w.get(id) ?? 0) >= typoWeight - 1e-9)) return false;
    }
    const entry = index.entries[id]!;
    if (!entry.sexAtBirth && !entry.crisis) return true;
    const own = index.fieldWords[id]!;
    return meaningful.some((t) => own.label.some((w) => isSameWord(index, t, w)) || own.symptoms.some((w) => isSameWord(index, t, w)));
  };
}

/**
 * The searched word is this indexed word, with another ending ("menopausal", "menopause") or as
 * a close typo of the whole word ("pregnat"); never its first letters ("preg") nor a look-alike
 * of another indexed word ("breath" is not "breast").
 */
function isSameWord(index: SearchIndex, token: string, word: string): boolean {
  if (token === word || sameStem(token, word)) return true;
  if (index.vocabulary.has(token)) return false;
  return isStemOf(word, token) || similarity(word, token, TYPO_MIN_SIMILARITY) >= TYPO_MIN_SIMILARITY;
}

/**
 * Whether a pathway's label or one of its symptoms holds the patient's whole text as a phrase
 * ("feeling down" is a symptom of low mood, while "down" alone is also in "pain down my leg").
 * Among equal scores such a pathway comes first.
 */
export function phraseHolder({ weights }: Lookup, all: string[]): (id: number) => boolean {
  let held: Set<number> | undefined;
  return (id) => (held ??= weights.holding(asPhrase(all))).has(id);
}
