// The fixture documents (schemas/fixtures/forms/<id>.form.json), keyed by id. The same files
// feed the preview page and the e2e sweep.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FormDocument } from '../../../../renderer/index';

export const FIXTURE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../schemas/fixtures/forms');

export function loadFixtures(): Record<string, FormDocument> {
  const out: Record<string, FormDocument> = {};
  for (const file of readdirSync(FIXTURE_DIR)
    .filter((f) => f.endsWith('.form.json'))
    .sort()) {
    out[file.replace(/\.form\.json$/, '')] = JSON.parse(readFileSync(path.join(FIXTURE_DIR, file), 'utf8')) as FormDocument;
  }
  return out;
}

/** A fixture by its short name: fixture('multi-page') is FIXTURE_MULTI_PAGE. */
export function fixture(name: string): FormDocument {
  const doc = loadFixtures()[`FIXTURE_${name.toUpperCase().replace(/-/g, '_')}`];
  if (!doc) throw new Error(`No fixture ${name}`);
  return doc;
}
