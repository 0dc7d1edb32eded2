import { WHOLE_WORD_BELOW } from './searchTypes';
import { isStemOf, isWordOrEnding, sameStem } from './words';

/** A half-typed word counts at 0.9 of its similarity to the start of the indexed word. */
const PREFIX_FACTOR = 0.9;

/**
 * How close a word must be to an indexed word to count as a typo of it in the similar matches:
 * about one letter wrong in four ("hedache" 0.875, "chesst" 0.83, "stomac" 0.9 against "stomach"),
 * while look-alikes that share only half their letters ("thrush" and "thoughts" 0.5) do not count.
 */
export const TYPO_MIN_SIMILARITY = 0.75;

/** A stem counts less than a close typo of the whole word ("headahce" is nearer "headache" than "head"). */
const STEM_FACTOR = 0.8;

let buffer = new Int32Array(0);

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

/** Letter-count bins: a to z, 0 to 9, and one for any other character. */
export const LETTERS = 37;

export function letterCounts(word: string, into = new Uint8Array(LETTERS), at = 0): Uint8Array {
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    const bin = c >= 97 && c <= 122 ? c - 97 : c >= 48 && c <= 57 ? 26 + c - 48 : 36;
    into[at + bin] = Math.min(255, into[at + bin]! + 1);
  }
  return into;
}

/**
 * Whether `similarity` could reach `floor`, from letter counts alone (a cheap lower bound that
 * rules out most words): a substitution changes the counts by at most 2, an insertion or deletion
 * by 1, a transposition not at all, so the edit distance is at least half the difference of the
 * counts (and, against the word's first m letters, at least half of what is left after the n - m
 * other letters). `shared` is the sum over letters of the smaller count of the two words.
 */
export function mayReach(m: number, n: number, shared: number, floor: number): boolean {
  const diff = m + n - 2 * shared;
  const wholeOut = diff / 2 > (1 - floor) * Math.max(m, n);
  const prefixOut = n <= m || Math.max(0, diff - (n - m)) / 2 > (1 - floor / PREFIX_FACTOR) * m;
  return !(wholeOut && prefixOut);
}
