// The one condition document a pathway's section enable-whens and outcomes are evaluated with
// (every field of every section, plus one boolean per section and per outcome), and which
// sections are eligible and which outcomes hold for some answers, with the renderer's operators.
import {
  compileDocument,
  documentFields,
  type Condition,
  type DocumentParameter,
  type DocumentProblem,
  type FieldSchema,
  type FormData,
  type FormDocument,
  type Parameters,
} from '../../renderer/core/index';
import { isJsonObject as isObj } from '../json.js';

/** Parameters the engine supplies to every condition and section. */
const ENGINE_PARAMETERS: Readonly<Record<string, DocumentParameter>> = {
  patientAge: { type: 'integer', description: "The patient's age in whole years on the day the execution started." },
  sexAtBirth: { type: 'string', description: 'The patient\'s sex at birth: "female" or "male".' },
};

export const SECTION = 'section__';
export const OUTCOME = 'outcome__';

export function sectionsOf(doc: unknown): unknown[] {
  return isObj(doc) && Array.isArray(doc.sections) ? doc.sections : [];
}
export function outcomesOf(doc: unknown): unknown[] {
  return isObj(doc) && Array.isArray(doc.outcomes) ? doc.outcomes : [];
}
export function sectionDocument(s: unknown): FormDocument | undefined {
  return isObj(s) && isObj(s.document) && isObj(s.document.schema) && isObj(s.document.schema.properties) ? (s.document as unknown as FormDocument) : undefined;
}

/**
 * One form document holding every field of every section (no rules of their own: each
 * section already pruned its answers) plus one boolean per section and per outcome whose
 * enable-when is the section's `enableWhen` / the outcome's `when`. Evaluating it with the
 * stored answers tells which sections are eligible and which outcomes hold, with exactly the
 * renderer's operators.
 */
export function conditionDocument(doc: unknown): FormDocument {
  const properties: Record<string, FieldSchema> = {};
  const parameters: Record<string, DocumentParameter> = { ...ENGINE_PARAMETERS };
  for (const s of sectionsOf(doc)) {
    const d = sectionDocument(s);
    if (!d) continue;
    for (const f of documentFields(d)) if (!(f in properties)) properties[f] = d.schema.properties[f]!;
    if (isObj(d.parameters)) for (const [k, v] of Object.entries(d.parameters)) if (!(k in parameters)) parameters[k] = v;
  }
  const rules: FormDocument['rules'] = {};
  const synthetic: string[] = [];
  sectionsOf(doc).forEach((s, i) => {
    const name = `${SECTION}${i}`;
    properties[name] = { type: 'boolean' };
    synthetic.push(name);
    if (isObj(s) && s.enableWhen !== undefined)
      rules[name] = { enableWhen: s.enableWhen as Condition[], enableBehavior: s.enableBehavior as 'all' | 'any' | undefined };
  });
  outcomesOf(doc).forEach((o, i) => {
    const name = `${OUTCOME}${i}`;
    properties[name] = { type: 'boolean' };
    synthetic.push(name);
    if (isObj(o) && o.when !== undefined) rules[name] = { enableWhen: o.when as Condition[], enableBehavior: o.whenBehavior as 'all' | 'any' | undefined };
  });
  return {
    id: 'PATHWAY_CONDITIONS',
    title: 'Conditions of a pathway',
    parameters,
    pages: [{ title: 'All', fields: Object.keys(properties) }],
    schema: { type: 'object', properties },
    rules,
  };
}

/**
 * The answer of evaluatePathway. A class, not an object of two arrow functions: under tsx (which
 * keeps function names) each named arrow made per call cost a `__name` call, on every `$continue`.
 */
class PathwayEvaluation {
  constructor(private readonly visible: ReadonlySet<string>) {}
  section(i: number): boolean {
    return this.visible.has(`${SECTION}${i}`);
  }
  outcome(i: number): boolean {
    return this.visible.has(`${OUTCOME}${i}`);
  }
}

/** Which sections are eligible and which outcomes hold, given every stored answer. */
export function evaluatePathway(cond: FormDocument, answers: FormData, params: Parameters, today: Date): PathwayEvaluation {
  return new PathwayEvaluation(compileDocument(cond).evaluate(answers, params, today).visible);
}

/** Maps a problem of the condition document back onto the pathway document. */
export function mapConditionProblem(p: DocumentProblem, fieldSection: Map<string, number>, sectionIds: string[]): DocumentProblem | undefined {
  const m = /^\/rules\/(section__|outcome__)(\d+)\/(enableWhen|enableBehavior)(\/.*)?$/.exec(p.path);
  if (!m) return undefined;
  const isSection = m[1] === SECTION;
  const base = isSection ? `/sections/${m[2]}` : `/outcomes/${m[2]}`;
  const key = m[3] === 'enableWhen' ? (isSection ? 'enableWhen' : 'when') : isSection ? 'enableBehavior' : 'whenBehavior';
  let message = p.message.replace(/ is not a field of this form(?=$| — | \()/, ' is not a field of any section of this pathway');
  message = message.replace(
    /^parameter ("[^"]*"|\S+) is not declared in parameters$/,
    `parameter $1 is not known (the engine supplies ${Object.keys(ENGINE_PARAMETERS).join(', ')}; others are declared by a section document)`,
  );
  message = message.replace(/(field "([^"]+)")/, (all, _f, name: string) => {
    const s = fieldSection.get(name);
    return s === undefined ? all : `${all} (section "${sectionIds[s]}")`;
  });
  return { path: `${base}/${key}${m[4] ?? ''}`, message };
}
