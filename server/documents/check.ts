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
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { checkWidgetDeclarations } from '../../renderer/core/index';
import { readSharedSections, sharedDirOf } from '../engine/hierarchy.js';
import type { CheckOptions, CheckResult, DocumentProblem, DocumentSource } from './checkTypes.js';
import { repoRoot, shownPath, WIDGETS_FILE } from './documentFiles.js';
import { parseJson } from './json-parse.js';
import { EMERGENCY_PHRASES_FILE, emergencyPhraseProblems } from './emergencyPhrasesCheck.js';
import { formProblems, librarySynonymProblems, questionnaireProblems, sharedProblems } from './kindChecks.js';
import { documentLimitProblem } from './limits.js';
import { describeMetaErrors, metaSchemaValidator, metaSchemaWidgetProblems, readWidgetDeclarations } from './metaSchema.js';
import { patternProblems } from './patterns.js';
import { painScoreProblems } from './painScore.js';

// The checks' parts live beside this file (the files checked, the meta-schema, each kind's checks);
// this module stays the one callers import them from.
export type { CheckOptions, CheckResult, DocumentProblem, DocumentSource } from './checkTypes.js';
export { allFiles, formFiles, questionnaireFiles, repoRoot, sharedFiles, shownPath, WIDGETS_FILE } from './documentFiles.js';
export { describeMetaErrors, readWidgetDeclarations } from './metaSchema.js';

/** The one-line form of a problem: `file: /json/path: message`. */
export function problemLine(p: DocumentProblem): string {
  return p.path === '' ? `${p.file}: ${p.message}` : `${p.file}: ${p.path}: ${p.message}`;
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
