// `npm run schemas:check [-- --root <dir>] [files…]`: tells a practice configurer exactly what is
// wrong with a form document — file, JSON path, what was expected.
//
// Each schemas/forms/*.form.json (or each file named on the command line) is checked for:
//   1. valid JSON (reported with line and column);
//   2. the meta-schema schemas/meta/form-document.schema.json (ajv, every error at once);
//   3. renderer/core checkDocument: rules naming missing fields, cycles, operators that do not
//      fit, pages leaving a field out or naming it twice, widgets that do not fit…;
//   4. the file name matching the document's id (<id>.form.json).
// Each schemas/questionnaires/*.json pathway (or each named file not ending .form.json) is checked for:
//   1. valid JSON;
//   2. the meta-schema schemas/meta/questionnaire.schema.json (sections embed the form meta-schema);
//   3. every section document with renderer/core checkDocument (paths /sections/<i>/document/…);
//   4. server/engine/pathway.ts checkPathway: field names unique across sections, section and
//      outcome conditions naming unknown fields or parameters, observation type vs widget/type,
//      MULTI_CHOICE offering "None of the above", referral ids outside the demo
//      urgency-by-referral-id, examples naming unknown fields or outcomes;
//   5. the file name matching the guidelineId (<guidelineId>.json);
//   6. the clinical hierarchy (server/engine/hierarchy.ts checkHierarchy / checkSynonyms): a
//      Triage.* pathway opens with { "use": "LifeThreatening" }; every Triage.* / Form.U16 outcome
//      names a tier whose row allows its referrals; Triage.* has an nhs.uk nhsUrl and >= 8
//      synonyms; a synonym belongs to one triage pathway (of those checked and the library's)
//      unless both list it in sharedSynonyms; pharmacyFirst matches the PHARMACY outcomes.
// Each schemas/questionnaires/shared/*.json shared section is checked against the meta-schema's
// SharedSection, its sections and conditions as a pathway's, lt-prefixed names and tiers.
// Prints one line per problem, `file: /json/path: what is wrong`, and exits 1 when there is any;
// otherwise prints "N documents checked, no problems".
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { checkDocument } from '../renderer/core/index';
import { checkSharedSection, checkSynonyms, readSharedSections, sharedDirOf, type SharedSection } from '../server/engine/hierarchy';
import { checkPathway } from '../server/engine/pathway';
import { DEMO_URGENCY } from '../server/seed';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface CheckResult {
  /** Number of documents looked at. */
  checked: number;
  /** One line per problem: `file: /json/path: message`. */
  problems: string[];
}

let metaValidator: { root: string; validate: ValidateFunction; questionnaire: ValidateFunction; shared: ValidateFunction } | undefined;

function metaSchemaValidator(root: string, which: 'form' | 'questionnaire' | 'shared' = 'form'): ValidateFunction {
  if (metaValidator?.root === root) return metaValidator[which === 'form' ? 'validate' : which];
  const metaPath = path.join(root, 'schemas/meta/form-document.schema.json');
  const meta = JSON.parse(readFileSync(metaPath, 'utf8')) as Record<string, unknown>;
  const qMeta = JSON.parse(readFileSync(path.join(root, 'schemas/meta/questionnaire.schema.json'), 'utf8')) as Record<string, unknown>;
  // strict: false — the meta-schema carries its own annotation keyword x-error (below).
  const ajv = new Ajv({ allErrors: true, strict: false, verbose: true });
  ajv.addFormat('regex', (s: string) => {
    try {
      new RegExp(s, 'u');
      return true;
    } catch {
      return false;
    }
  });
  const validate = ajv.compile(meta);
  const questionnaire = ajv.compile(qMeta);
  const shared = ajv.compile({ $ref: `${String(qMeta.$id)}#/definitions/SharedSection` });
  metaValidator = { root, validate, questionnaire, shared };
  return metaValidator[which === 'form' ? 'validate' : which];
}

/** The pathway documents, sorted. */
export function questionnaireFiles(root: string): string[] {
  const dir = path.join(root, 'schemas/questionnaires');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => path.join(dir, f));
}

/** The shared sections pathways `use` (schemas/questionnaires/shared/*.json), sorted. */
export function sharedFiles(root: string): string[] {
  const dir = sharedDirOf(path.join(root, 'schemas/questionnaires'));
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => path.join(dir, f));
}

/** Every document the command checks by default: forms, then shared sections, then pathways. */
export function allFiles(root: string): string[] {
  return [...formFiles(root), ...sharedFiles(root), ...questionnaireFiles(root)];
}

export interface CheckOptions {
  /**
   * The clinical hierarchy's checks of pathways (on unless false). Off only in tests of the
   * engine's own fixtures, which exercise its mechanics rather than clinical content.
   */
  hierarchy?: boolean;
}

/** The document's form files, sorted. */
export function formFiles(root: string): string[] {
  const dir = path.join(root, 'schemas/forms');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.form.json'))
    .sort()
    .map((f) => path.join(dir, f));
}

/** Line and column (1-based) of a character offset. */
function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before[before.length - 1]?.length ?? 0) + 1 };
}

/** JSON.parse's error position, whichever way this Node version words it. */
function jsonErrorPosition(text: string, message: string): { line: number; column: number } {
  const lc = /line (\d+) column (\d+)/.exec(message);
  if (lc) return { line: Number(lc[1]), column: Number(lc[2]) };
  const pos = /at position (\d+)/.exec(message);
  if (pos) return lineColumn(text, Number(pos[1]));
  return lineColumn(text, text.length); // "Unexpected end of JSON input"
}

function cleanJsonMessage(message: string): string {
  return message
    .replace(/\s*\(line \d+ column \d+\)/, '')
    .replace(/\s*in JSON at position \d+.*$/, '')
    .replace(/^Unexpected end of JSON input$/, 'unexpected end of file (a closing bracket or quote is missing)');
}

function formatValue(v: unknown): string {
  return typeof v === 'string' ? `"${v}"` : JSON.stringify(v);
}

/** Ajv's errors in a configurer's words, one per problem (branch noise of oneOf removed). */
export function describeMetaErrors(errors: readonly ErrorObject[]): Array<{ path: string; message: string }> {
  const oneOfs = errors.filter((e) => e.keyword === 'oneOf');
  const out: Array<{ path: string; message: string }> = [];
  for (const e of errors) {
    // Errors inside a oneOf branch are summarised by the oneOf error itself.
    if (oneOfs.some((o) => o !== e && e.schemaPath.startsWith(`${o.schemaPath}/`) && e.instancePath.startsWith(o.instancePath))) continue;
    const parent = e.parentSchema as Record<string, unknown> | undefined;
    let p = e.instancePath || '/';
    let message: string;
    switch (e.keyword) {
      case 'additionalProperties': {
        const prop = String((e.params as { additionalProperty: string }).additionalProperty);
        p = `${e.instancePath}/${prop.replace(/~/g, '~0').replace(/\//g, '~1')}`;
        const allowed = parent && typeof parent.properties === 'object' && parent.properties ? Object.keys(parent.properties) : [];
        message = `unknown property "${prop}"${allowed.length ? ` (allowed here: ${allowed.join(', ')})` : ''}`;
        break;
      }
      case 'enum':
        message = `must be one of: ${((e.params as { allowedValues: unknown[] }).allowedValues).map(formatValue).join(', ')} (found ${formatValue(e.data)})`;
        break;
      case 'const':
        message = `must be ${formatValue((e.params as { allowedValue: unknown }).allowedValue)} (found ${formatValue(e.data)})`;
        break;
      case 'required':
        message = `missing required property "${(e.params as { missingProperty: string }).missingProperty}"`;
        break;
      case 'oneOf':
        message = typeof parent?.['x-error'] === 'string' ? parent['x-error'] : (e.message ?? 'is not valid');
        break;
      case 'pattern':
        message =
          typeof parent?.['x-error'] === 'string'
            ? `${parent['x-error']} (found ${formatValue(e.data)})`
            : `must match the pattern ${(e.params as { pattern: string }).pattern} (found ${formatValue(e.data)})`;
        break;
      case 'propertyNames':
        continue;
      case 'if':
        continue; // the failing then/else branch says what is wrong // reported by the pattern error on the name itself
      default:
        message = e.message ?? `fails ${e.keyword}`;
    }
    if (e.propertyName !== undefined) {
      p = `${e.instancePath}/${e.propertyName}`;
      message = `the name "${e.propertyName}" ${message}`;
    }
    out.push({ path: p, message });
  }
  return out;
}

/** Check the given files (absolute or relative to `root`); paths in reports are relative to `root`. */
export function checkFiles(files: readonly string[], root: string = repoRoot, options: CheckOptions = {}): CheckResult {
  const validate = metaSchemaValidator(root);
  const problems: string[] = [];
  const shared = readSharedSections([sharedDirOf(path.join(root, 'schemas/questionnaires'))]);
  const synonymProblems = options.hierarchy === false ? new Map<string, Array<{ path: string; message: string }>>() : librarySynonymProblems(files, root);
  for (const file of files) {
    const abs = path.resolve(root, file);
    const shown = path.relative(root, abs).split(path.sep).join('/');
    let text: string;
    try {
      text = readFileSync(abs, 'utf8');
    } catch (err) {
      problems.push(`${shown}: cannot be read: ${(err as Error).message}`);
      continue;
    }
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch (err) {
      const message = (err as Error).message;
      const { line, column } = jsonErrorPosition(text, message);
      problems.push(`${shown}: line ${line}, column ${column}: ${cleanJsonMessage(message)}`);
      continue;
    }
    const fileProblems = abs.endsWith('.form.json')
      ? formProblems(doc, abs, validate)
      : path.basename(path.dirname(abs)) === 'shared'
        ? sharedProblems(doc, abs, metaSchemaValidator(root, 'shared'))
        : [...questionnaireProblems(doc, abs, metaSchemaValidator(root, 'questionnaire'), shared, options), ...(synonymProblems.get(abs) ?? [])];
    const seen = new Set<string>();
    for (const p of fileProblems) {
      const line = `${shown}: ${p.path}: ${p.message}`;
      if (!seen.has(line)) problems.push(line);
      seen.add(line);
    }
  }
  return { checked: files.length, problems };
}

function formProblems(doc: unknown, abs: string, validate: ValidateFunction): Array<{ path: string; message: string }> {
  const fileProblems: Array<{ path: string; message: string }> = [];
  if (!validate(doc)) fileProblems.push(...describeMetaErrors(validate.errors ?? []));
  const metaPaths = new Set(fileProblems.map((p) => p.path));
  for (const p of checkDocument(doc as never)) {
    // The meta-schema already explained this spot; don't say it twice in other words.
    if (!metaPaths.has(p.path)) fileProblems.push({ path: p.path, message: p.message });
  }
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
function librarySynonymProblems(files: readonly string[], root: string): Map<string, Array<{ path: string; message: string }>> {
  const checked = files.map((f) => path.resolve(root, f)).filter((f) => !f.endsWith('.form.json') && path.basename(path.dirname(f)) !== 'shared');
  const sources: Array<{ file: string; doc: unknown }> = [];
  const ids = new Set<string>();
  const read = (file: string) => {
    try {
      const doc = JSON.parse(readFileSync(file, 'utf8')) as { guidelineId?: unknown };
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
function sharedProblems(doc: unknown, abs: string, validate: ValidateFunction): Array<{ path: string; message: string }> {
  const fileProblems: Array<{ path: string; message: string }> = [];
  if (!validate(doc)) fileProblems.push(...describeMetaErrors(validate.errors ?? []));
  const metaPaths = new Set(fileProblems.map((p) => p.path));
  const own = [...checkSharedSection(doc, path.basename(abs, '.json')), ...checkPathway(doc, { referralIds: Object.keys(DEMO_URGENCY), sharedSection: true })];
  for (const p of own) if (!metaPaths.has(p.path)) fileProblems.push(p);
  return fileProblems;
}

/** Meta-schema, then each section with checkDocument and the pathway's own cross-checks. */
function questionnaireProblems(doc: unknown, abs: string, validate: ValidateFunction, shared: ReadonlyMap<string, SharedSection>, options: CheckOptions): Array<{ path: string; message: string }> {
  const fileProblems: Array<{ path: string; message: string }> = [];
  if (!validate(doc)) fileProblems.push(...describeMetaErrors(validate.errors ?? []));
  const metaPaths = new Set(fileProblems.map((p) => p.path));
  for (const p of checkPathway(doc, { referralIds: Object.keys(DEMO_URGENCY), shared, hierarchy: options.hierarchy !== false })) {
    if (!metaPaths.has(p.path)) fileProblems.push({ path: p.path, message: p.message });
  }
  const id = doc && typeof doc === 'object' ? (doc as { guidelineId?: unknown }).guidelineId : undefined;
  const base = path.basename(abs);
  if (typeof id === 'string' && base !== `${id}.json`) {
    fileProblems.push({ path: '/guidelineId', message: `the guidelineId "${id}" does not match the file name (expected ${id}.json)` });
  }
  return fileProblems;
}

/** `--root <dir>` and file arguments. */
export function parseArgs(argv: readonly string[]): { root: string; files: string[] } {
  let root = repoRoot;
  const files: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--root') root = path.resolve(argv[++i] ?? '.');
    else if (a.startsWith('--root=')) root = path.resolve(a.slice('--root='.length));
    else files.push(path.resolve(a));
  }
  return { root, files };
}

export function main(argv: readonly string[]): number {
  const { root, files } = parseArgs(argv);
  const targets = files.length ? files : allFiles(root);
  const { checked, problems } = checkFiles(targets, root);
  if (problems.length) {
    for (const p of problems) console.error(p);
    console.error(`${problems.length} problem${problems.length === 1 ? '' : 's'} in ${checked} document${checked === 1 ? '' : 's'}`);
    return 1;
  }
  console.log(`${checked} document${checked === 1 ? '' : 's'} checked, no problems`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
