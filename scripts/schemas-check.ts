// `npm run schemas:check [-- --root <dir>] [files…]`: tells a practice configurer exactly what is
// wrong with a form document — file, JSON path, what was expected.
//
// Each schemas/forms/*.form.json (or each file named on the command line) is checked for:
//   1. valid JSON (reported with line and column, on Node 20 too: scripts/json-parse.ts);
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
// schemas/emergency-phrases.json (the emergency phrase list) is checked by
// scripts/emergency-phrases-check.ts: its meta-schema, phrase syntax, and every example run
// through the matcher (renderer/core/phrases.ts).
// Across the whole forms folder (scripts/schemas-check.ts adminFormProblems): the form-type enum,
// the form documents and their menu entries agree. Run without file names, it also runs
// `codegen --check`: a stale generated/ is a problem too.
// Prints one line per problem, `file: /json/path: what is wrong`, and exits 1 when there is any;
// otherwise prints "N documents checked, no problems".
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { checkDocument } from '../renderer/core/index';
import { checkSharedSection, checkSynonyms, readSharedSections, sharedDirOf, type SharedSection } from '../server/engine/hierarchy';
import { checkPathway } from '../server/engine/pathway';
import * as seed from '../server/seed';
import { EMERGENCY_PHRASES_FILE, emergencyPhraseProblems } from './emergency-phrases-check';
import { parseJson } from './json-parse';

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

/** Every document the command checks by default: forms, then shared sections, then pathways, then the emergency phrase list. */
export function allFiles(root: string): string[] {
  const phrases = path.join(root, EMERGENCY_PHRASES_FILE);
  return [...formFiles(root), ...sharedFiles(root), ...questionnaireFiles(root), ...(existsSync(phrases) ? [phrases] : [])];
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
    const parsed = parseJson(text);
    if (!parsed.ok) {
      problems.push(`${shown}: line ${parsed.line}, column ${parsed.column}: ${parsed.message}`);
      continue;
    }
    const doc = parsed.value;
    const fileProblems = abs.endsWith('.form.json')
      ? formProblems(doc, abs, validate)
      : path.basename(abs) === path.basename(EMERGENCY_PHRASES_FILE)
        ? emergencyPhraseProblems(doc, root, describeMetaErrors)
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
  const absFiles = new Set(files.map((f) => path.resolve(root, f)));
  const forms = formFiles(root);
  if (forms.length && forms.every((f) => absFiles.has(f))) problems.push(...adminFormProblems(root, forms));
  return { checked: files.length, problems };
}

/** Admin forms that patients pick but that are not in the API's form-type enum, or that are listed in the enum but have no menu entry. */
export const NOT_ON_MENU: readonly string[] = ['CHANGE_OF_CONTACT_DETAILS'];

/**
 * Across the whole forms folder: every value of the form-type enum
 * (schemas/api/admin-form-type.schema.json) has a form document and — but for the steps of
 * NOT_ON_MENU, sent alongside another request — a menu entry; every form with a menu entry is
 * in the enum. A menu entry is the document's own `menu` key, or (until every entry has moved
 * into the documents) an entry of server/seed.ts DEMO_ADMIN_FORMS.
 */
export function adminFormProblems(root: string, forms: readonly string[]): string[] {
  const enumFile = 'schemas/api/admin-form-type.schema.json';
  let values: string[] = [];
  const parsed = existsSync(path.join(root, enumFile)) ? parseJson(readFileSync(path.join(root, enumFile), 'utf8')) : undefined;
  if (!parsed) return [];
  if (!parsed.ok) return [`${enumFile}: line ${parsed.line}, column ${parsed.column}: ${parsed.message}`];
  const list = (parsed.value as { enum?: unknown }).enum;
  if (Array.isArray(list)) values = list.filter((v): v is string => typeof v === 'string');
  const seedForms = (seed as { DEMO_ADMIN_FORMS?: { forms?: Array<{ type?: unknown }> } }).DEMO_ADMIN_FORMS?.forms ?? [];
  const seedMenu = new Set(seedForms.map((f) => String(f.type)));
  const docs = new Map<string, { file: string; menu: boolean }>();
  for (const abs of forms) {
    const p = parseJson(readFileSync(abs, 'utf8'));
    if (!p.ok || !p.value || typeof p.value !== 'object') continue; // reported on its own
    const doc = p.value as { id?: unknown; menu?: unknown };
    if (typeof doc.id !== 'string') continue;
    docs.set(doc.id, { file: path.relative(root, abs).split(path.sep).join('/'), menu: doc.menu !== undefined && doc.menu !== null });
  }
  const out: string[] = [];
  values.forEach((v, i) => {
    const d = docs.get(v);
    if (!d) out.push(`${enumFile}: /enum/${i}: the form type "${v}" has no form document (expected schemas/forms/${v}.form.json)`);
    else if (!d.menu && !seedMenu.has(v) && !NOT_ON_MENU.includes(v)) {
      out.push(`${d.file}: /menu: the admin form "${v}" has no menu entry: patients could never pick it (add "menu": { "label", "subTitle", "requiresPatientRecord" })`);
    }
  });
  for (const [id, d] of docs) {
    if ((d.menu || seedMenu.has(id)) && !values.includes(id)) {
      out.push(`${d.file}: /id: the admin form "${id}" has a menu entry but is not in the form-type enum: add it to ${enumFile}`);
    }
  }
  for (const t of seedMenu) {
    if (!docs.has(t)) out.push(`server/seed.ts: DEMO_ADMIN_FORMS: the menu entry "${t}" has no form document (expected schemas/forms/${t}.form.json)`);
  }
  return out;
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
  const own = [...checkSharedSection(doc, path.basename(abs, '.json')), ...checkPathway(doc, { referralIds: Object.keys(seed.DEMO_URGENCY), sharedSection: true })];
  for (const p of own) if (!metaPaths.has(p.path)) fileProblems.push(p);
  return fileProblems;
}

/** Meta-schema, then each section with checkDocument and the pathway's own cross-checks. */
function questionnaireProblems(doc: unknown, abs: string, validate: ValidateFunction, shared: ReadonlyMap<string, SharedSection>, options: CheckOptions): Array<{ path: string; message: string }> {
  const fileProblems: Array<{ path: string; message: string }> = [];
  if (!validate(doc)) fileProblems.push(...describeMetaErrors(validate.errors ?? []));
  const metaPaths = new Set(fileProblems.map((p) => p.path));
  for (const p of checkPathway(doc, { referralIds: Object.keys(seed.DEMO_URGENCY), shared, hierarchy: options.hierarchy !== false })) {
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

/**
 * `npm run codegen -- --check` in a child process (codegen imports this module, so it cannot be
 * imported back): generated/ lines that are stale, missing or stray, one problem each.
 */
export function staleGenerated(root: string): Promise<string[]> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'scripts/codegen.ts'), '--check', '--root', root], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d: string) => (stderr += d));
    child.on('close', (code) => {
      if (code === 0) return resolve([]);
      const lines = stderr.split('\n').filter((l) => /^generated\/\S+: /.test(l));
      resolve(
        lines.length
          ? lines.map((l) => `${l} — run npm run codegen`)
          : [`generated/: npm run codegen -- --check failed: ${stderr.trim().split('\n').pop() ?? `exit code ${String(code)}`}`],
      );
    });
  });
}

export async function main(argv: readonly string[]): Promise<number> {
  const { root, files } = parseArgs(argv);
  // The whole set (no files named): generated/ must match the documents too.
  const stale = files.length ? Promise.resolve([]) : staleGenerated(root);
  const targets = files.length ? files : allFiles(root);
  const result = checkFiles(targets, root);
  const problems = [...result.problems, ...(await stale)];
  const { checked } = result;
  if (problems.length) {
    for (const p of problems) console.error(p);
    console.error(`${problems.length} problem${problems.length === 1 ? '' : 's'} in ${checked} document${checked === 1 ? '' : 's'}`);
    return 1;
  }
  console.log(`${checked} document${checked === 1 ? '' : 's'} checked, no problems`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exitCode = 1;
    },
  );
}
