// The emergency phrase list's types: the document (schemas/emergency-phrases.json), a match, and
// the list compiled for the matcher (common/phrases.ts).
import type { UrgencyTier } from './tiers';

/** How urgently the matched words need care (the tiers a phrase entry may name). */
type PhraseTier = Extract<UrgencyTier, 'CALL_999' | 'AE_NOW' | 'URGENT_TODAY'>;

interface PhraseExampleSet {
  match: string[];
  noMatch: string[];
}

/** One entry of schemas/emergency-phrases.json. */
interface PhraseEntry {
  id: string;
  tier: PhraseTier;
  crisis: boolean;
  /** What matched, in plain words for the patient: "chest pain", "thoughts of suicide". */
  label: string;
  phrases: string[];
  alongside?: string[];
  /** Phrases that cancel a match they overlap or follow within three words ("fit note", "blood test"). */
  unless?: string[];
  examples: PhraseExampleSet;
}

/** The document: schemas/emergency-phrases.json. */
export interface PhraseListDocument {
  description?: string;
  /** Right spelling -> the misspellings and variants patients type. */
  misspellings: Record<string, string[]>;
  /** Words that negate what follows them in the clause. */
  negations: string[];
  /** Words that, right after a negation word, cancel it ("not sure", "don't know"). */
  hedges: string[];
  entries: PhraseEntry[];
}

/** One matched entry of a screened text. */
export interface PhraseMatch {
  entryId: string;
  /** The patient's own words that matched (as typed; entries with `alongside` join both with " … "). */
  words: string;
  tier: PhraseTier;
  crisis: boolean;
  label: string;
}

export type TokenMatcher = { kind: 'word'; words: Set<string>; prefixes: string[]; optional: boolean } | { kind: 'gap' };

interface CompiledEntry {
  entry: PhraseEntry;
  phrases: TokenMatcher[][];
  alongside: TokenMatcher[][];
  unless: TokenMatcher[][];
}

export interface CompiledPhraseList {
  entries: CompiledEntry[];
  /** Single-word misspelling -> right spelling (already normalised). */
  spelling: Map<string, string[]>;
  /** Multi-word misspellings, longest first: [words, replacement]. */
  multiSpelling: Array<[string[], string[]]>;
  negations: Set<string>;
  hedges: Set<string>;
}
