// A document as read (from a folder or from the version history) before it is served: its text,
// parsed document and hash; the checks and compiled validators, each memoised by their inputs; and
// the small helpers the store's start, Reload, Publish and follow share.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FormDocument } from '../../renderer/core/index';
import { cachedCheck } from './checkCache.js';
import { checkSources, type CheckOptions, type DocumentProblem, type DocumentSource } from './check.js';
import { documentLimitProblem } from './limits.js';
import type { DocumentSourceKind } from './liveDocumentTypes.js';
import { standaloneValidator } from './validator.js';
import type { DocumentKind } from './versions.js';

/** JSON with object keys sorted: the same document always has the same text, whatever its layout. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    return `{${Object.keys(obj)
      .sort()
      .filter((k) => obj[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A document's hash: the first 16 hex digits of the SHA-256 of its canonical JSON. */
export function documentHash(document: unknown): string {
  return createHash('sha256').update(canonicalJson(document)).digest('hex').slice(0, 16);
}

export interface Candidate extends DocumentSource {
  kind: DocumentKind;
  id: string;
  source: DocumentSourceKind;
  /** Parsed, when the text is JSON. */
  document?: unknown;
  hash: string;
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A document read from `abs` (or from the history, named as that file would be). */
export function candidateOf(kind: DocumentKind, id: string, source: DocumentSourceKind, abs: string, text: string): Candidate {
  // Past the size or depth limit the text is never parsed, nor hashed as JSON (canonicalJson walks
  // it and would overflow the stack): it is hashed as text and the checks refuse it by its path.
  const document = documentLimitProblem(text) === undefined ? parseOrUndefined(text) : undefined;
  const hash = document === undefined ? createHash('sha256').update(text).digest('hex').slice(0, 16) : documentHash(document);
  return { kind, id, source, abs, shown: abs, text, ...(document !== undefined ? { document } : {}), hash };
}

export function listDir(dir: string, suffix: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(suffix))
    .sort();
}

/** Check results of identical inputs, reused: test suites start many servers on the same documents. */
const checkMemo = new Map<string, DocumentProblem[]>();

export function checkCandidates(candidates: readonly Candidate[], root: string, options: CheckOptions): DocumentProblem[] {
  if (candidates.length === 0) return [];
  const hash = createHash('sha256').update(JSON.stringify([root, options, candidates.map((c) => [c.abs, c.shown, c.text])]));
  const key = hash.digest('hex');
  let problems = checkMemo.get(key);
  if (!problems) {
    // Test runs keep results between processes too (server/documents/checkCache.ts).
    problems = cachedCheck(root, key, () => checkSources(candidates, root, options));
    checkMemo.set(key, problems);
  }
  return problems;
}

/** Compiled validators by document hash, kept for every version served since start (a tab may still hold an older one). */
const validatorMemo = new Map<string, string>();

export const keyOf = (kind: DocumentKind, id: string) => `${kind}:${id}`;
export const splitKey = (key: string): [DocumentKind, string] => [key.slice(0, key.indexOf(':')) as DocumentKind, key.slice(key.indexOf(':') + 1)];

/** What a document's version record holds besides its number and who made it live. */
export const versionedOf = (c: Candidate) => ({ kind: c.kind, id: c.id, hash: c.hash, source: c.source, file: c.shown, body: c.text });

/** Compiles (once per hash) the standalone validator module of a form document. */
export function compiledValidator(hash: string, doc: FormDocument): string {
  let source = validatorMemo.get(hash);
  if (source === undefined) {
    source = standaloneValidator(doc, `// ajv standalone validator of the form document ${doc.id} (${hash}), compiled by the server.`);
    validatorMemo.set(hash, source);
  }
  return source;
}

/** Writes a document's file whole or not at all: a reader (a Reload, a restart) never sees half a document. */
export function writeWhole(abs: string, text: string): void {
  mkdirSync(path.dirname(abs), { recursive: true });
  const temporary = `${abs}.${process.pid}.publishing`;
  writeFileSync(temporary, text);
  renameSync(temporary, abs);
}

/** A form whose schema ajv cannot compile is refused like one that fails its checks (a pathway: nothing to compile). */
export function schemaCompileProblems(c: Candidate): DocumentProblem[] {
  if (c.kind !== 'form') return [];
  try {
    compiledValidator(c.hash, c.document as FormDocument);
    return [];
  } catch (error) {
    return [{ file: c.shown, path: '/schema', message: `the schema cannot be compiled: ${(error as Error).message}` }];
  }
}
