// schemas:check for schemas/emergency-phrases.json (the emergency phrase list): the meta-schema
// schemas/meta/emergency-phrases.schema.json, then what a schema cannot say — every phrase's
// syntax, unique entry ids, misspellings that differ from their right spelling, and every
// example run through the real matcher (common/phrases.ts): each `match` example must
// match its entry, each `noMatch` example must match no entry at all.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import { compilePhraseList, phraseSyntaxProblem, screenText, type PhraseListDocument } from '../../common/index.js';

export const EMERGENCY_PHRASES_FILE = 'schemas/emergency-phrases.json';

let cached: { root: string; validate: ValidateFunction } | undefined;

function validator(root: string): ValidateFunction {
  if (cached?.root === root) return cached.validate;
  const meta = JSON.parse(readFileSync(path.join(root, 'schemas/meta/emergency-phrases.schema.json'), 'utf8')) as Record<string, unknown>;
  const validate = new Ajv({ allErrors: true, strict: false, verbose: true }).compile(meta);
  cached = { root, validate };
  return validate;
}

type Problem = { path: string; message: string };

/** Problems of the phrase list document (JSON paths into it). `describe` words ajv's errors. */
export function emergencyPhraseProblems(doc: unknown, root: string, describe: (errors: NonNullable<ValidateFunction['errors']>) => Problem[]): Problem[] {
  const validate = validator(root);
  if (!validate(doc)) return describe(validate.errors ?? []);
  const list = doc as PhraseListDocument;
  const problems: Problem[] = [];
  for (const [right, variants] of Object.entries(list.misspellings)) {
    variants.forEach((v, i) => {
      if (v.trim().toLowerCase() === right.trim().toLowerCase())
        problems.push({ path: `/misspellings/${right}/${i}`, message: `"${v}" is the right spelling itself` });
    });
  }
  const ids = new Map<string, number>();
  list.entries.forEach((entry, i) => {
    const at = `/entries/${i}`;
    const first = ids.get(entry.id);
    if (first !== undefined) problems.push({ path: `${at}/id`, message: `the id "${entry.id}" is used already by /entries/${first}` });
    else ids.set(entry.id, i);
    for (const key of ['phrases', 'alongside', 'unless'] as const) {
      (entry[key] ?? []).forEach((phrase, j) => {
        const problem = phraseSyntaxProblem(phrase);
        if (problem) problems.push({ path: `${at}/${key}/${j}`, message: `the phrase "${phrase}" ${problem}` });
      });
    }
  });
  if (problems.length) return problems;
  const compiled = compilePhraseList(list);
  list.entries.forEach((entry, i) => {
    entry.examples.match.forEach((text, j) => {
      const found = screenText(text, compiled);
      if (!found.some((m) => m.entryId === entry.id)) {
        problems.push({
          path: `/entries/${i}/examples/match/${j}`,
          message: `"${text}" must match "${entry.id}" but does not${found.length ? ` (it matches ${found.map((m) => `"${m.entryId}"`).join(', ')})` : ''}`,
        });
      }
    });
    entry.examples.noMatch.forEach((text, j) => {
      const found = screenText(text, compiled);
      if (found.length) {
        problems.push({
          path: `/entries/${i}/examples/noMatch/${j}`,
          message: `"${text}" must match no entry but matches ${found.map((m) => `"${m.entryId}" ("${m.words}")`).join(', ')}`,
        });
      }
    });
  });
  return problems;
}
