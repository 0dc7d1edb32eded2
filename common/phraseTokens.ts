// A patient's text as the matcher reads it (common/phrases.ts, steps 1 to 3): normalised words,
// misspellings fixed, clause starts marked.
import { normaliseWord } from './phraseCompile';
import type { CompiledPhraseList } from './phraseTypes';

const CLAUSE_WORDS = new Set(['but', 'however', 'although', 'though', 'except', 'apart', 'yet']);

export interface Token {
  /** Normalised (spelling fixed) word. */
  word: string;
  /** Offsets into the original text of the word(s) it came from. */
  start: number;
  end: number;
  /** A clause ends before this token. */
  clauseStart: boolean;
}

/** The text as normalised tokens, each knowing where it came from and whether a clause starts. */
export function tokenise(text: string, list: Pick<CompiledPhraseList, 'spelling' | 'multiSpelling'>): Token[] {
  const raw: Token[] = [];
  // Words are runs of letters, digits and apostrophes; anything else separates them, and
  // clause punctuation starts a new clause.
  // A decimal ("39.5") is one word, not the end of a clause.
  const re = /(\p{N}+[.,]\p{N}+|[\p{L}\p{N}\u2018\u2019\u02bc`']+)|([.,;:!?()\n\u2013\u2014]|\s-\s)/gu;
  let clauseStart = true;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    if (m[2] !== undefined) {
      clauseStart = true;
      continue;
    }
    const word = normaliseWord(m[1] as string);
    if (!word) continue;
    if (CLAUSE_WORDS.has(word)) {
      clauseStart = true;
      continue;
    }
    raw.push({ word, start: m.index, end: m.index + (m[1] as string).length, clauseStart });
    clauseStart = false;
  }
  // Spelling: multi-word variants first (longest first), then single words.
  const out: Token[] = [];
  for (let i = 0; i < raw.length;) {
    let done = false;
    for (const [variant, right] of list.multiSpelling) {
      if (i + variant.length > raw.length) continue;
      let same = true;
      for (let k = 0; k < variant.length; k++) {
        const t = raw[i + k] as Token;
        if (t.word !== variant[k] || (k > 0 && t.clauseStart)) {
          same = false;
          break;
        }
      }
      if (!same) continue;
      const first = raw[i] as Token;
      const last = raw[i + variant.length - 1] as Token;
      right.forEach((w, k) => out.push({ word: w, start: first.start, end: last.end, clauseStart: k === 0 && first.clauseStart }));
      i += variant.length;
      done = true;
      break;
    }
    if (done) continue;
    const t = raw[i] as Token;
    const fixed = list.spelling.get(t.word);
    if (fixed) fixed.forEach((w, k) => out.push({ word: w, start: t.start, end: t.end, clauseStart: k === 0 && t.clauseStart }));
    else out.push(t);
    i++;
  }
  return out;
}
