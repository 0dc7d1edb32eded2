// The checks of `npm run schemas:check` (scripts/schemas-check.ts is the command) and of the
// server, which runs them on every document it loads at start and on reload (server/documents):
// they tell a practice configurer exactly what is wrong with a document — file, JSON path, what
// was expected.
//
// Each schemas/forms/*.form.json (or each file named on the command line) is checked for:
//   1. valid JSON (reported with line and column, on Node 20 too: server/documents/json-parse.ts);
//   2. the meta-schema schemas/meta/form-document.schema.json (ajv, every error at once);
//   3. renderer/core checkDocument: rules naming missing fields, cycles, operators that do not
//      fit, pages leaving a field out or naming it twice, widgets that do not fit…;
//   4. the file name matching the document's id (<id>.form.json);
//   5. every `{name}` in its page content declared under parameters (server/documents/placeholders.ts).
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
//      unless both list it in sharedSynonyms; pharmacyFirst matches the PHARMACY outcomes;
//   7. its examples, walked by the engine (server/documents/examples.ts), end as they say.
// Each schemas/questionnaires/shared/*.json shared section is checked against the meta-schema's
// SharedSection, its sections and conditions as a pathway's, lt-prefixed names and tiers.
// schemas/widgets.json (the app's own widgets: name → the field types and question types each
// draws) is checked by renderer/core checkWidgetDeclarations; its names are the widgets every
// document may name in ui:widget besides the renderer's own (the meta-schema's ui:widget list
// gets them added, and checkDocument / the observation-type check accept them where they fit).
// schemas/emergency-phrases.json (the emergency phrase list) is checked by
// server/documents/emergencyPhrasesCheck.ts: its meta-schema, phrase syntax, and every example run
// through the matcher (common/phrases.ts).
// Prints one line per problem, `file: /json/path: what is wrong`, and exits 1 when there is any;
// otherwise prints "N documents checked, no problems".
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { checkDocument, checkWidgetDeclarations, widgetDeclarationsOf, widgetNames, type WidgetDeclarations } from '../../renderer/core/index';
import { checkSharedSection, checkSynonyms, readSharedSections, sharedDirOf, type SharedSection } from '../engine/hierarchy.js';
import { checkPathway } from '../engine/pathway.js';
import { DEMO_URGENCY } from '../seed.js';
import { parseJson } from './json-parse.js';
import { EMERGENCY_PHRASES_FILE, emergencyPhraseProblems } from './emergencyPhrasesCheck.js';
import { documentLimitProblem } from './limits.js';
import { exampleProblems } from './examples.js';
import { placeholderProblems } from './placeholders.js';
import { patternProblems } from './patterns.js';
import { painScoreProblems } from './painScore.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface CheckResult {
  /** Number of documents looked at. */
  checked: number;
  /** One line per problem: `file: /json/path: message`. */
  problems: string[];
}

/** The app's widget registry file, relative to the root. */
export const WIDGETS_FILE = 'schemas/widgets.json';

/** The app's own widgets declared in `root`'s schemas/widgets.json (none when there is no such file or it is broken: its check says why). */
export function readWidgetDeclarations(root: string = repoRoot): WidgetDeclarations {
  const file = path.join(root, WIDGETS_FILE);
  if (!existsSync(file)) return {};
  const parsed = parseJson(readFileSync(file, 'utf8'));
  return parsed.ok ? widgetDeclarationsOf(parsed.value) : {};
}

let metaValidator: { key: string; validate: ValidateFunction; questionnaire: ValidateFunction; shared: ValidateFunction } | undefined;

function metaSchemaValidator(
  root: string,
  which: 'form' | 'questionnaire' | 'shared' = 'form',
  widgets: WidgetDeclarations = readWidgetDeclarations(root),
): ValidateFunction {
  const names = widgetNames(widgets);
  const key = JSON.stringify([root, names]);
  if (metaValidator?.key === key) return metaValidator[which === 'form' ? 'validate' : which];
  const metaPath = path.join(root, 'schemas/meta/form-document.schema.json');
  const meta = JSON.parse(readFileSync(metaPath, 'utf8')) as Record<string, unknown>;
  // The file lists the renderer's own widgets; the app's declared ones are accepted too.
  const uiWidget = (meta as { definitions?: { uiField?: { properties?: { 'ui:widget'?: { enum?: string[] } } } } }).definitions?.uiField?.properties?.[
    'ui:widget'
  ];
  if (uiWidget && Array.isArray(uiWidget.enum)) uiWidget.enum = names;
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
  metaValidator = { key, validate, questionnaire, shared };
  return metaValidator[which === 'form' ? 'validate' : which];
}

/** Where the meta-schema lists the widget names an editor accepts in ui:widget. */
const META_WIDGET_ENUM = '/definitions/uiField/properties/ui:widget/enum';

/**
 * Each widget the registry declares must also be listed in the meta-schema file's ui:widget enum:
 * the check accepts it either way (metaSchemaValidator adds it), but an editor that validates a
 * document against the meta-schema reads only the file, and would flag the widget as unknown.
 */
function metaSchemaWidgetProblems(doc: unknown, root: string): Array<{ path: string; message: string }> {
  const metaPath = path.join(root, 'schemas/meta/form-document.schema.json');
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!existsSync(metaPath) || !isObject(doc) || !isObject(doc.widgets)) return [];
  const meta = parseJson(readFileSync(metaPath, 'utf8'));
  const listed = meta.ok
    ? (meta.value as { definitions?: { uiField?: { properties?: { 'ui:widget'?: { enum?: unknown } } } } }).definitions?.uiField?.properties?.['ui:widget']
        ?.enum
    : undefined;
  if (!Array.isArray(listed)) return [];
  return Object.keys(doc.widgets)
    .filter((name) => !listed.includes(name))
    .map((name) => ({
      path: `/widgets/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`,
      message: `"${name}" is not listed in schemas/meta/form-document.schema.json (${META_WIDGET_ENUM}): add it there too, so that editors validating documents against the meta-schema accept it`,
    }));
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

/** Every document the command checks by default: forms, then shared sections, then pathways, then the emergency phrase list, then the widget registry. */
export function allFiles(root: string): string[] {
  const phrases = path.join(root, EMERGENCY_PHRASES_FILE);
  const widgets = path.join(root, WIDGETS_FILE);
  return [
    ...formFiles(root),
    ...sharedFiles(root),
    ...questionnaireFiles(root),
    ...(existsSync(phrases) ? [phrases] : []),
    ...(existsSync(widgets) ? [widgets] : []),
  ];
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
        message = `must be one of: ${(e.params as { allowedValues: unknown[] }).allowedValues.map(formatValue).join(', ')} (found ${formatValue(e.data)})`;
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

/** One problem of one document: the file as shown, the JSON path ('' for unreadable or invalid JSON), what is wrong. */
export interface DocumentProblem {
  file: string;
  path: string;
  message: string;
}

/** A document to check: its absolute file name (which kind it is follows from it), how reports name it, its text. */
export interface DocumentSource {
  abs: string;
  shown: string;
  text: string;
}

/** The one-line form of a problem: `file: /json/path: message`. */
export function problemLine(p: DocumentProblem): string {
  return p.path === '' ? `${p.file}: ${p.message}` : `${p.file}: ${p.path}: ${p.message}`;
}

/** `abs` as reports name it: relative to `root`, posix separators. */
export function shownPath(abs: string, root: string = repoRoot): string {
  return path.relative(root, abs).split(path.sep).join('/');
}

/** Check the given files (absolute or relative to `root`); paths in reports are relative to `root`. */
export function checkFiles(files: readonly string[], root: string = repoRoot, options: CheckOptions = {}): CheckResult {
  const sources: DocumentSource[] = [];
  const problems: string[] = [];
  for (const file of files) {
    const abs = path.resolve(root, file);
    const shown = shownPath(abs, root);
    try {
      sources.push({ abs, shown, text: readFileSync(abs, 'utf8') });
    } catch (err) {
      problems.push(`${shown}: cannot be read: ${(err as Error).message}`);
    }
  }
  problems.push(...checkSources(sources, root, options).map(problemLine));
  return { checked: files.length, problems };
}

/** Parses a document's text: the value, or the problem with its line and column. */
export function parseDocument(source: DocumentSource): { doc: unknown } | { problem: DocumentProblem } {
  const limit = documentLimitProblem(source.text);
  if (limit) return { problem: { file: source.shown, ...limit } };
  const parsed = parseJson(source.text);
  if (parsed.ok) return { doc: parsed.value };
  return { problem: { file: source.shown, path: '', message: `line ${parsed.line}, column ${parsed.column}: ${parsed.message}` } };
}

/**
 * The checks of every document given (texts already read), in order. `root` is the repository
 * whose shared sections and pathway library the pathways are checked with.
 */
export function checkSources(sources: readonly DocumentSource[], root: string = repoRoot, options: CheckOptions = {}): DocumentProblem[] {
  const widgets = readWidgetDeclarations(root);
  const validate = metaSchemaValidator(root, 'form', widgets);
  const problems: DocumentProblem[] = [];
  const shared = readSharedSections([sharedDirOf(path.join(root, 'schemas/questionnaires'))]);
  const synonymProblems = options.hierarchy === false ? new Map<string, Array<{ path: string; message: string }>>() : librarySynonymProblems(sources, root);
  for (const source of sources) {
    const { abs, shown } = source;
    const parsed = parseDocument(source);
    if ('problem' in parsed) {
      problems.push(parsed.problem);
      continue;
    }
    const doc = parsed.doc;
    const fileProblems = abs.endsWith('.form.json')
      ? formProblems(doc, abs, validate, widgets)
      : path.basename(abs) === path.basename(EMERGENCY_PHRASES_FILE)
        ? emergencyPhraseProblems(doc, root, describeMetaErrors)
        : path.basename(abs) === path.basename(WIDGETS_FILE) && path.basename(path.dirname(abs)) === 'schemas'
          ? [...checkWidgetDeclarations(doc), ...metaSchemaWidgetProblems(doc, root)]
          : path.basename(path.dirname(abs)) === 'shared'
            ? sharedProblems(doc, abs, metaSchemaValidator(root, 'shared', widgets), widgets)
            : [
                ...questionnaireProblems(doc, abs, metaSchemaValidator(root, 'questionnaire', widgets), shared, options, widgets),
                ...(synonymProblems.get(abs) ?? []),
              ];
    // Every document: a field's pattern runs on the server on what a patient types.
    fileProblems.push(...patternProblems(doc));
    // Every document: a pain score is asked and drawn one way.
    fileProblems.push(...painScoreProblems(doc));
    const seen = new Set<string>();
    for (const p of fileProblems) {
      const problem = { file: shown, path: p.path, message: p.message };
      const line = problemLine(problem);
      if (!seen.has(line)) problems.push(problem);
      seen.add(line);
    }
  }
  return problems;
}

function formProblems(doc: unknown, abs: string, validate: ValidateFunction, widgets: WidgetDeclarations): Array<{ path: string; message: string }> {
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
function librarySynonymProblems(given: readonly DocumentSource[], root: string): Map<string, Array<{ path: string; message: string }>> {
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
function sharedProblems(doc: unknown, abs: string, validate: ValidateFunction, widgets: WidgetDeclarations): Array<{ path: string; message: string }> {
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
function questionnaireProblems(
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
