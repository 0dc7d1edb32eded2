import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import { checkDocument, type WidgetDeclarations } from '../../renderer/core/index';
import { checkSharedSection, checkSynonyms, type SharedSection } from '../engine/hierarchy.js';
import { checkPathway } from '../engine/pathway.js';
import { DEMO_URGENCY } from '../seed.js';
import type { CheckOptions, DocumentSource } from './checkTypes.js';
import { questionnaireFiles } from './documentFiles.js';
import { exampleProblems } from './examples.js';
import { describeMetaErrors } from './metaSchema.js';
import { placeholderProblems } from './placeholders.js';

/** A form: meta-schema, renderer/core checkDocument, placeholders, and its id against its file name. */
export function formProblems(doc: unknown, abs: string, validate: ValidateFunction, widgets: WidgetDeclarations): Array<{ path: string; message: string }> {
  const fileProblems: Array<{ path: string; message: string }> = [];
  if (!validate(doc)) fileProblems.push(...describeMetaErrors(validate.errors ?? []));
  const metaPaths = new Set(fileProblems.map((p) => p.path));
  for (const p of checkDocument(doc as never, { widgets })) {
    // The meta-schema already explained this spot; don't say it twice in other words.
    if (!metaPaths.has(p.path)) fileProblems.push({ path: p.path, message: p.message });
  }
  fileProblems.push(...placeholderProblems(doc));
  const id = doc && typeof doc === 'object' ? (doc as { id?: unknown }).id : undefined;
  const base = path.basename(abs);
  if (typeof id === 'string' && base.endsWith('.form.json') && base !== `${id}.form.json`) {
    fileProblems.push({ path: '/id', message: `the id "${id}" does not match the file name (expected ${id}.form.json)` });
  }
  return fileProblems;
}

/**
 * Synonyms across the triage pathways: those checked in this run and the library's own (a file
 * checked alone is still compared with the library). Problems by absolute file name.
 */
export function librarySynonymProblems(given: readonly DocumentSource[], root: string): Map<string, Array<{ path: string; message: string }>> {
  const texts = new Map(given.map((s) => [s.abs, s.text]));
  const checked = given.map((s) => s.abs).filter((f) => !f.endsWith('.form.json') && path.basename(path.dirname(f)) !== 'shared');
  const sources: Array<{ file: string; doc: unknown }> = [];
  const ids = new Set<string>();
  const read = (file: string) => {
    try {
      const doc = JSON.parse(texts.get(file) ?? readFileSync(file, 'utf8')) as { guidelineId?: unknown };
      if (typeof doc.guidelineId === 'string') {
        if (ids.has(doc.guidelineId)) return;
        ids.add(doc.guidelineId);
      }
      sources.push({ file, doc });
    } catch {
      // reported on its own
    }
  };
  checked.forEach(read);
  for (const f of questionnaireFiles(root)) if (!checked.includes(f)) read(f);
  return checkSynonyms(sources);
}

/** A shared section: its meta-schema definition, its own rules, and its sections and outcomes checked as a pathway's. */
export function sharedProblems(doc: unknown, abs: string, validate: ValidateFunction, widgets: WidgetDeclarations): Array<{ path: string; message: string }> {
  const fileProblems: Array<{ path: string; message: string }> = [];
  if (!validate(doc)) fileProblems.push(...describeMetaErrors(validate.errors ?? []));
  const metaPaths = new Set(fileProblems.map((p) => p.path));
  const own = [
    ...checkSharedSection(doc, path.basename(abs, '.json')),
    ...checkPathway(doc, { referralIds: Object.keys(DEMO_URGENCY), sharedSection: true, widgets }),
  ];
  for (const p of own) if (!metaPaths.has(p.path)) fileProblems.push(p);
  return fileProblems;
}

/** Meta-schema, then each section with checkDocument and the pathway's own cross-checks. */
export function questionnaireProblems(
  doc: unknown,
  abs: string,
  validate: ValidateFunction,
  shared: ReadonlyMap<string, SharedSection>,
  options: CheckOptions,
  widgets: WidgetDeclarations,
): Array<{ path: string; message: string }> {
  const fileProblems: Array<{ path: string; message: string }> = [];
  if (!validate(doc)) fileProblems.push(...describeMetaErrors(validate.errors ?? []));
  const metaPaths = new Set(fileProblems.map((p) => p.path));
  for (const p of checkPathway(doc, { referralIds: Object.keys(DEMO_URGENCY), shared, hierarchy: options.hierarchy !== false, widgets })) {
    if (!metaPaths.has(p.path)) fileProblems.push({ path: p.path, message: p.message });
  }
  const id = doc && typeof doc === 'object' ? (doc as { guidelineId?: unknown }).guidelineId : undefined;
  const base = path.basename(abs);
  if (typeof id === 'string' && base !== `${id}.json`) {
    fileProblems.push({ path: '/guidelineId', message: `the guidelineId "${id}" does not match the file name (expected ${id}.json)` });
  }
  // Its examples, walked by the engine, must end as they say (only on a document that can be walked).
  if (fileProblems.length === 0) fileProblems.push(...exampleProblems(doc, shared, new Date(), { coverage: options.hierarchy !== false }));
  return fileProblems;
}
