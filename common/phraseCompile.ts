// Compiling the emergency phrase list (common/phrases.ts describes the phrase syntax): words
// normalised, misspellings mapped, each phrase turned into token matchers, once per document.
import type { CompiledPhraseList, PhraseListDocument, TokenMatcher } from './phraseTypes';

/** Lower-case, straighten and drop apostrophes, keep letters and digits. */
export function normaliseWord(raw: string): string {
  return raw
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2018\u2019\u02bc`']/g, '')
    .replace(/[^\p{L}\p{N}]/gu, '');
}

function splitWords(phrase: string): string[] {
  return phrase
    .split(/\s+/)
    .map(normaliseWord)
    .filter((w) => w.length > 0);
}

function compileToken(raw: string): TokenMatcher {
  if (raw === '~') return { kind: 'gap' };
  let text = raw;
  let optional = false;
  if (text.startsWith('[') && text.endsWith(']')) {
    optional = true;
    text = text.slice(1, -1);
  }
  const words = new Set<string>();
  const prefixes: string[] = [];
  for (const alt of text.split('|')) {
    const prefix = alt.endsWith('*');
    const w = normaliseWord(prefix ? alt.slice(0, -1) : alt);
    if (!w) continue;
    if (prefix) prefixes.push(w);
    else words.add(w);
  }
  return { kind: 'word', words, prefixes, optional };
}

/** Problems with one phrase's syntax ("" when none); used by the schemas checker. */
export function phraseSyntaxProblem(phrase: string): string {
  const tokens = phrase.trim().split(/\s+/);
  if (!phrase.trim()) return 'is empty';
  if (tokens[0] === '~' || tokens[tokens.length - 1] === '~') return 'must not start or end with "~"';
  if (tokens.every((t) => t === '~' || t.startsWith('['))) return 'needs at least one word that is not optional';
  for (const t of tokens) {
    if (t === '~') continue;
    const inner = t.startsWith('[') && t.endsWith(']') ? t.slice(1, -1) : t;
    if (/[[\]]/.test(inner)) return `has a bracket out of place in "${t}"`;
    for (const alt of inner.split('|')) {
      const bare = alt.endsWith('*') ? alt.slice(0, -1) : alt;
      if (!normaliseWord(bare)) return `has an empty alternative in "${t}"`;
      if (bare.includes('*')) return `"*" may only end a word ("${t}")`;
      if (alt.endsWith('*') && normaliseWord(bare).length < 2) return `a prefix needs at least 2 characters ("${t}")`;
    }
  }
  return '';
}

function compilePhrase(phrase: string, spelling: Map<string, string[]>): TokenMatcher[] {
  return phrase
    .trim()
    .split(/\s+/)
    .map(compileToken)
    .map((t) => {
      if (t.kind !== 'word') return t;
      // A phrase written with a listed misspelling still matches its corrected text.
      const words = new Set<string>();
      for (const w of t.words) for (const fixed of spelling.get(w) ?? [w]) words.add(fixed);
      return { ...t, words };
    });
}

/** Compile the document once; screenText then runs in microseconds. */
export function compilePhraseList(doc: PhraseListDocument): CompiledPhraseList {
  const spelling = new Map<string, string[]>();
  const multiSpelling: Array<[string[], string[]]> = [];
  for (const [right, variants] of Object.entries(doc.misspellings ?? {})) {
    const rightWords = splitWords(right);
    for (const v of variants) {
      const vWords = splitWords(v);
      if (vWords.length === 0) continue;
      if (vWords.length === 1) spelling.set(vWords[0] as string, rightWords);
      else multiSpelling.push([vWords, rightWords]);
    }
  }
  multiSpelling.sort((a, b) => b[0].length - a[0].length);
  return {
    spelling,
    multiSpelling,
    negations: new Set(doc.negations.map(normaliseWord)),
    hedges: new Set(doc.hedges.map(normaliseWord)),
    entries: doc.entries.map((entry) => ({
      entry,
      phrases: entry.phrases.map((p) => compilePhrase(p, spelling)),
      alongside: (entry.alongside ?? []).map((p) => compilePhrase(p, spelling)),
      unless: (entry.unless ?? []).map((p) => compilePhrase(p, spelling)),
    })),
  };
}
