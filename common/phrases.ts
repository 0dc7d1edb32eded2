// The emergency phrase matcher: reads a patient's own words against the one maintained list of
// emergency phrasings (schemas/emergency-phrases.json, described in schemas/EMERGENCY-PHRASES.md).
// Pure TypeScript, no DOM: the browser screens free text with it before sending, the server
// screens the same text again with the same document, and the symptom search uses it for its
// emergency card. The document reaches this module as data (the browser bundles the JSON, the
// server reads the file): callers compile it once with compilePhraseList and screen with screenText.
//
// How a text is read:
//   1. lower-cased; curly apostrophes straightened; apostrophes dropped ("can't" -> "cant",
//      "I've" -> "ive"); every other character that is not a letter or digit separates words;
//   2. the document's misspellings are mapped to their right spelling, word by word (or a
//      few words at a time: "can not" -> "cant");
//   3. the text is cut into clauses at . , ; : ! ? ( ) and at "but", "however", "although",
//      "though", "except", "apart": a phrase matches inside one clause;
//   4. a phrase is a sequence of tokens: "a|b" any of these words, "bleed*" any word starting
//      "bleed", "~" up to two other words (never "and" / "or" / "with"), "[a|b]" an optional word;
//   5. a match is negated when a negation word ("no", "not", "don't", "denies", "without",
//      "never" ...) stands before it in its clause, within five words, with no "and", "but",
//      "because", "with", "for", "since", "when" ... between them ("no fever or chest pain" is
//      negated; "I didn't sleep because of chest pain" is not). A negation word followed by a hedge ("not sure", "don't know", "no
//      idea", "not stopping") negates nothing, and "no" answering a question ("no i have ...",
//      "no it is ...") negates nothing. Negation never reaches across clauses: "no, I have chest
//      pain" and "chest pain but no fever" match.
//   6. an entry with `alongside` matches only when one of its phrases and one of its alongside
//      phrases both match (not negated) somewhere in the text ("pregnant" + "bleeding").
//
// Its parts: phraseTypes.ts (the types), phraseCompile.ts (compiling the list), phraseTokens.ts
// (reading a text into words and clauses); the matching itself is here.

import { EMERGENCY_TIERS, TIER_ORDER } from './tiers';
import type { CompiledPhraseList, PhraseMatch, TokenMatcher } from './phraseTypes';
import { tokenise, type Token } from './phraseTokens';

export type { CompiledPhraseList, PhraseListDocument, PhraseMatch } from './phraseTypes';
export { compilePhraseList, phraseSyntaxProblem } from './phraseCompile';

/** Words a negation does not reach across: "I didn't sleep because of chest pain" is chest pain. */
const SCOPE_BREAKERS = new Set([
  'and',
  'but',
  'so',
  'then',
  'now',
  'because',
  'cos',
  'coz',
  'cause',
  'due',
  'since',
  'after',
  'with',
  'when',
  'while',
  'which',
  'that',
  'who',
  'for',
  'from',
  'until',
  'till',
]);
const GAP_STOPS = new Set(['and', 'or', 'with', 'but']);
const GAP_MAX = 2;
const NEGATION_REACH = 5;
/** "no" answering a question, not negating: "no i have", "no it is". */
const ANSWER_AFTER_NO = new Set(['i', 'im', 'ive', 'id', 'it', 'its', 'he', 'she', 'they', 'my', 'we', 'yes', 'but', 'actually']);

function wordMatches(t: Extract<TokenMatcher, { kind: 'word' }>, word: string): boolean {
  if (t.words.has(word)) return true;
  for (const p of t.prefixes) if (word.startsWith(p)) return true;
  return false;
}

/** End index (exclusive) of the phrase matched at `start`, or -1. Never crosses a clause. */
function matchAt(phrase: TokenMatcher[], tokens: Token[], start: number, negations: ReadonlySet<string>): number {
  const step = (pi: number, ti: number): number => {
    if (pi === phrase.length) return ti;
    const p = phrase[pi] as TokenMatcher;
    if (p.kind === 'gap') {
      for (let skip = 0; skip <= GAP_MAX; skip++) {
        if (skip > 0) {
          const t = tokens[ti + skip - 1];
          if (!t || t.clauseStart || GAP_STOPS.has(t.word) || negations.has(t.word)) break;
        }
        const end = step(pi + 1, ti + skip);
        if (end >= 0) return end;
      }
      return -1;
    }
    const t = tokens[ti];
    const inClause = t !== undefined && (ti === start || !t.clauseStart);
    if (inClause && wordMatches(p, t.word)) {
      const end = step(pi + 1, ti + 1);
      if (end >= 0) return end;
    }
    if (p.optional) return step(pi + 1, ti);
    return -1;
  };
  return step(0, start);
}

/** Is the match starting at token `start` negated within its clause? */
function negated(tokens: Token[], start: number, list: CompiledPhraseList): boolean {
  if ((tokens[start] as Token).clauseStart) return false;
  for (let i = start - 1, reach = 0; i >= 0 && reach < NEGATION_REACH; i--, reach++) {
    const t = tokens[i] as Token;
    if (SCOPE_BREAKERS.has(t.word)) return false;
    if (list.negations.has(t.word)) {
      const next = tokens[i + 1];
      if (next && i + 1 < start && list.hedges.has(next.word)) return false;
      if (t.word === 'no' && next && i + 1 < start && ANSWER_AFTER_NO.has(next.word)) return false;
      return true;
    }
    if (t.clauseStart) return false;
  }
  return false;
}

interface Found {
  start: number;
  end: number;
}

/** Every span where one of the phrases matches (negated or not). */
function spans(phrases: TokenMatcher[][], tokens: Token[], list: CompiledPhraseList): Found[] {
  const out: Found[] = [];
  if (phrases.length === 0) return out;
  for (let s = 0; s < tokens.length; s++) {
    const word = (tokens[s] as Token).word;
    for (const phrase of phrases) {
      const first = phrase[0] as TokenMatcher;
      if (first.kind === 'word' && !first.optional && !wordMatches(first, word)) continue;
      const end = matchAt(phrase, tokens, s, list.negations);
      if (end > s) out.push({ start: s, end });
    }
  }
  return out;
}

/** Does an `unless` span overlap the match, or start within three words after it (same clause)? */
function cancelled(f: Found, unless: readonly Found[], tokens: Token[]): boolean {
  return unless.some((u) => {
    if (u.start < f.end && u.end > f.start) return true;
    if (u.start < f.end || u.start >= f.end + 3) return false;
    for (let i = f.end; i <= u.start; i++) if ((tokens[i] as Token).clauseStart) return false;
    return true;
  });
}

function findFirst(phrases: TokenMatcher[][], unless: TokenMatcher[][], tokens: Token[], list: CompiledPhraseList): Found | undefined {
  let cancel: Found[] | undefined;
  for (let s = 0; s < tokens.length; s++) {
    const word = (tokens[s] as Token).word;
    for (const phrase of phrases) {
      // Quick refusal: a phrase whose first token is a required word cannot start elsewhere.
      const first = phrase[0] as TokenMatcher;
      if (first.kind === 'word' && !first.optional && !wordMatches(first, word)) continue;
      const end = matchAt(phrase, tokens, s, list.negations);
      if (end <= s) continue;
      const f = { start: s, end };
      if (negated(tokens, s, list)) continue;
      cancel ??= spans(unless, tokens, list);
      if (!cancelled(f, cancel, tokens)) return f;
    }
  }
  return undefined;
}

function wordsOf(text: string, tokens: Token[], f: Found): string {
  return text.slice((tokens[f.start] as Token).start, (tokens[f.end - 1] as Token).end);
}

/**
 * Screen a patient's text: every entry that matches (not negated), most urgent first
 * (CALL_999, AE_NOW, URGENT_TODAY; crisis entries first within a tier), each once.
 */
export function screenText(text: string | null | undefined, list: CompiledPhraseList): PhraseMatch[] {
  if (!text || typeof text !== 'string') return [];
  const tokens = tokenise(text, list);
  if (tokens.length === 0) return [];
  const out: PhraseMatch[] = [];
  for (const { entry, phrases, alongside, unless } of list.entries) {
    const found = findFirst(phrases, unless, tokens, list);
    if (!found) continue;
    let words = wordsOf(text, tokens, found);
    if (alongside.length) {
      const other = findFirst(alongside, unless, tokens, list);
      if (!other) continue;
      const [a, b] = other.start < found.start ? [other, found] : [found, other];
      words =
        a.end >= b.start
          ? text.slice((tokens[a.start] as Token).start, (tokens[Math.max(a.end, b.end) - 1] as Token).end)
          : `${wordsOf(text, tokens, a)} … ${wordsOf(text, tokens, b)}`;
    }
    out.push({ entryId: entry.id, words, tier: entry.tier, crisis: entry.crisis, label: entry.label });
  }
  return out.sort((a, b) => TIER_ORDER.indexOf(a.tier) - TIER_ORDER.indexOf(b.tier) || Number(b.crisis) - Number(a.crisis));
}

/** Screen several texts (the free-text answers of one request); one match per entry. */
export function screenTexts(texts: ReadonlyArray<string | null | undefined>, list: CompiledPhraseList): PhraseMatch[] {
  const seen = new Set<string>();
  const out: PhraseMatch[] = [];
  for (const t of texts) {
    for (const m of screenText(t, list)) {
      if (seen.has(m.entryId)) continue;
      seen.add(m.entryId);
      out.push(m);
    }
  }
  return out.sort((a, b) => TIER_ORDER.indexOf(a.tier) - TIER_ORDER.indexOf(b.tier) || Number(b.crisis) - Number(a.crisis));
}

/** Is a match one of the emergency tiers (999 or A&E now)? */
export function isEmergencyMatch(m: Pick<PhraseMatch, 'tier'>): boolean {
  return EMERGENCY_TIERS.has(m.tier);
}
