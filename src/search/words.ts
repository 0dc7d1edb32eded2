import { Charset, Encoder } from 'flexsearch';
import { GENERIC_WORDS, STOP_WORDS, VERB_WORDS } from './stopWords';

// Lower case and accents folded; letters are not de-duplicated ("really" stays "really", so the stop-word list works).
const normaliser = new Encoder({ ...Charset.Normalize, dedupe: false });
const APOSTROPHES = /['’]/g;

/** Lower-cased, accent-free words of a text ("Can't" → "cant"), stop words kept. */
export function words(text: string): string[] {
  return normaliser.encode(text.replace(APOSTROPHES, ''));
}

/** The words of the patient's text that are searched: stop words removed, each once. */
export function queryTokens(text: string): string[] {
  return [...new Set(words(text).filter((w) => !STOP_WORDS.has(w)))];
}

/** Words as a phrase, " word word " (stop words kept), so that `includes` finds whole words in order. */
export function asPhrase(list: readonly string[]): string {
  return ` ${list.join(' ')} `;
}

export type WordKind = 'meaningful' | 'describing' | 'nothing';

/** What a searched word can say: something meaningful, only how (GENERIC_WORDS), or nothing at all (VERB_WORDS). */
export function wordKind(token: string): WordKind {
  return VERB_WORDS.has(token) ? 'nothing' : GENERIC_WORDS.has(token) ? 'describing' : 'meaningful';
}

/** An indexed word of at least this many letters that starts the searched word is its stem ("asthma" of "asthmatic"). */
export const STEM_MIN_LENGTH = 4;
/** …when at most this many letters follow it ("chest" of "chestpain", "faint" of "fainting"). */
export const STEM_MAX_ENDING = 4;

/** Endings taken off a word to compare stems, longest first ("constipated" and "constipation" share "constipat"). */
const ENDINGS = ['ations', 'ation', 'ings', 'ions', 'ing', 'ion', 'ed', 'es', 's'];

/** The word without its ending, when at least STEM_MIN_LENGTH letters are left. */
export function stemOf(word: string): string {
  for (const e of ENDINGS) if (word.length - e.length >= STEM_MIN_LENGTH && word.endsWith(e)) return word.slice(0, -e.length);
  return word;
}

/** Two different words that are the same word with different endings ("swelling", "swells"; not "breath" and "breast"). */
export function sameStem(a: string, b: string): boolean {
  return a !== b && stemOf(a) === stemOf(b);
}

/** `word` is a stem of `token`: at least STEM_MIN_LENGTH letters starting it, with at most STEM_MAX_ENDING after. */
export function isStemOf(word: string, token: string): boolean {
  return word.length >= STEM_MIN_LENGTH && token.length > word.length && token.length - word.length <= STEM_MAX_ENDING && token.startsWith(word);
}

/** The word itself, or the word with one of the ENDINGS ("wee", "weeing"; not "weeping"). */
export function isWordOrEnding(token: string, word: string): boolean {
  return word === token || (word.startsWith(token) && ENDINGS.includes(word.slice(token.length)));
}
