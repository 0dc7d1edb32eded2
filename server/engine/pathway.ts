// Pathway documents (schemas/questionnaires/<guidelineId>.json): what the engine reads of them,
// the one condition document their section enable-whens and outcomes are evaluated with, and
// every cross-document check `npm run schemas:check` makes beyond the meta-schema.
// Contract: schemas/questionnaires/README.md.
import {
  OBSERVATION_TYPES,
  checkDocument,
  compileDocument,
  documentFields,
  observationTypeOf,
  observationTypeProblems,
  type Condition,
  type DocumentParameter,
  type DocumentProblem,
  type FieldSchema,
  type FormDocument,
  type Parameters,
  type WidgetDeclarations,
} from '../../renderer/core/index';
import type { Pathway, PathwayOutcome, PathwaySection } from '../../generated/types/questionnaire';
import { checkHierarchy, expandPathway, isSectionUse, kindOfPathway, mapExpandedProblem, type SharedSection } from './hierarchy.js';

export type { Pathway, PathwayOutcome, PathwaySection };

/** Parameters the engine supplies to every condition and section. */
export const ENGINE_PARAMETERS: Readonly<Record<string, DocumentParameter>> = {
  patientAge: { type: 'integer', description: "The patient's age in whole years on the day the execution started." },
  sexAtBirth: { type: 'string', description: 'The patient\'s sex at birth: "female" or "male".' },
};

const SECTION = 'section__';
const OUTCOME = 'outcome__';

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const esc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

function sectionsOf(doc: unknown): unknown[] {
  return isObj(doc) && Array.isArray(doc.sections) ? doc.sections : [];
}
function outcomesOf(doc: unknown): unknown[] {
  return isObj(doc) && Array.isArray(doc.outcomes) ? doc.outcomes : [];
}
function sectionDocument(s: unknown): FormDocument | undefined {
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

/** Which sections are eligible and which outcomes hold, given every stored answer. */
export function evaluatePathway(
  cond: FormDocument,
  answers: Record<string, unknown>,
  params: Parameters,
  today: Date,
): { section: (i: number) => boolean; outcome: (i: number) => boolean } {
  const vis = compileDocument(cond).evaluate(answers, params, today);
  return { section: (i) => vis.visible.has(`${SECTION}${i}`), outcome: (i) => vis.visible.has(`${OUTCOME}${i}`) };
}

/** Maps a problem of the condition document back onto the pathway document. */
function mapConditionProblem(p: DocumentProblem, fieldSection: Map<string, number>, sectionIds: string[]): DocumentProblem | undefined {
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

export interface PathwayCheckOptions {
  /** Keys of the practice's urgency-by-referral-id settings. */
  referralIds: readonly string[];
  /** Shared sections (schemas/questionnaires/shared) the pathway's `{ "use": … }` entries name. */
  shared?: ReadonlyMap<string, SharedSection>;
  /**
   * The clinical hierarchy's checks (server/engine/hierarchy.ts: shared section first, tiers,
   * nhsUrl, synonyms, pharmacyFirst). On by default; off only for the engine's own test
   * fixtures, which exercise the engine's mechanics rather than clinical content.
   */
  hierarchy?: boolean;
  /** A shared section document (no catch-all outcome: its outcomes go before a pathway's own). */
  sharedSection?: boolean;
  /** The app's own widgets (schemas/widgets.json): accepted in a section's ui:widget where they fit. */
  widgets?: WidgetDeclarations;
}

/**
 * Cross-document checks of a pathway (the meta-schema is checked separately). Never throws:
 * it is fed whatever JSON an author saved.
 */
export function checkPathway(doc: unknown, options: PathwayCheckOptions): DocumentProblem[] {
  const out: DocumentProblem[] = [];
  try {
    const shared = options.shared ?? new Map<string, SharedSection>();
    if (isObj(doc) && Array.isArray(doc.sections) && Array.isArray(doc.outcomes) && doc.sections.some(isSectionUse)) {
      // Checked as the engine runs it (shared sections in place), reported against the file as written.
      const { doc: expanded, map } = expandPathway(doc as { sections: unknown[]; outcomes: unknown[] }, shared, 'skip');
      const found: DocumentProblem[] = [];
      runChecks(expanded, options, found);
      for (const p of found) {
        const mapped = mapExpandedProblem(p, map);
        if (mapped) out.push(mapped);
      }
    } else {
      runChecks(doc, options, out);
    }
    if (options.hierarchy !== false && !options.sharedSection) out.push(...checkHierarchy(doc, { shared }));
  } catch (e) {
    out.push({ path: '', message: `the pathway could not be checked: ${e instanceof Error ? e.message : String(e)}` });
  }
  return out;
}

function runChecks(doc: unknown, options: PathwayCheckOptions, out: DocumentProblem[]): void {
  const add = (path: string, message: string) => out.push({ path, message });
  if (!isObj(doc)) {
    add('', 'a pathway document must be a JSON object');
    return;
  }
  const sections = sectionsOf(doc);
  const sectionIds: string[] = [];
  const fieldSection = new Map<string, number>();
  const fieldPath = new Map<string, string>();
  const seenSectionIds = new Map<string, number>();

  sections.forEach((s, i) => {
    const id = isObj(s) && typeof s.id === 'string' ? s.id : `#${i}`;
    sectionIds.push(id);
    if (seenSectionIds.has(id)) add(`/sections/${i}/id`, `section id "${id}" is used twice (also /sections/${seenSectionIds.get(id)}/id)`);
    else seenSectionIds.set(id, i);
    const d = sectionDocument(s);
    if (!d) return;
    const base = `/sections/${i}/document`;
    for (const p of checkDocument(d, { widgets: options.widgets })) add(`${base}${p.path}`, p.message);
    const required = new Set(Array.isArray(d.schema.required) ? d.schema.required : []);
    for (const f of Object.keys(d.schema.properties)) {
      const fp = `${base}/schema/properties/${esc(f)}`;
      for (const p of observationTypeProblems(f, d.schema.properties[f], d.uiSchema?.[f], options.widgets)) add(`${base}${p.path}`, p.message);
      const t = observationTypeOf(d.schema.properties[f]);
      if (t && OBSERVATION_TYPES[t].answered && !OBSERVATION_TYPES[t].optional && !required.has(f)) {
        add(`${base}/schema/required`, `"${f}" is a question: list it in required (every visible question must be answered)`);
      }
      if (fieldSection.has(f)) {
        add(fp, `"${f}" is also a field of section "${sectionIds[fieldSection.get(f)!]}" (${fieldPath.get(f)}): field names are unique across a pathway`);
      } else {
        fieldSection.set(f, i);
        fieldPath.set(f, fp);
      }
      if (f.startsWith(SECTION) || f.startsWith(OUTCOME)) add(fp, `field names may not start with "${SECTION}" or "${OUTCOME}" (the engine's own names)`);
    }
  });

  // Conditions of sections and outcomes, with the renderer's own checker.
  const cond = conditionDocument(doc);
  for (const p of checkDocument(cond)) {
    const mapped = mapConditionProblem(p, fieldSection, sectionIds);
    if (mapped) add(mapped.path, mapped.message);
  }
  // A section may read only the answers of sections before it.
  sections.forEach((s, i) => {
    if (!isObj(s) || !Array.isArray(s.enableWhen)) return;
    s.enableWhen.forEach((c, k) => {
      if (!isObj(c) || typeof c.question !== 'string') return;
      const at = fieldSection.get(c.question);
      if (at !== undefined && at >= i) {
        add(
          `/sections/${i}/enableWhen/${k}/question`,
          `"${c.question}" is asked in section "${sectionIds[at]}", which does not come before section "${sectionIds[i]}"`,
        );
      }
    });
  });

  // Outcomes: ids, referrals, a catch-all at the end.
  const referralIds = new Set(options.referralIds);
  const known = [...referralIds].join(', ');
  const outcomes = outcomesOf(doc);
  const outcomeIds = new Map<string, number>();
  outcomes.forEach((o, i) => {
    if (!isObj(o)) return;
    if (typeof o.id === 'string') {
      if (outcomeIds.has(o.id)) add(`/outcomes/${i}/id`, `outcome id "${o.id}" is used twice (also /outcomes/${outcomeIds.get(o.id)}/id)`);
      else outcomeIds.set(o.id, i);
    }
    const rec = isObj(o.recommendation) ? o.recommendation : undefined;
    const actions = rec && Array.isArray(rec.actions) ? rec.actions : [];
    actions.forEach((a, j) => {
      if (!isObj(a) || a.type !== 'Referral' || typeof a.referralId !== 'string') return;
      const p = `/outcomes/${i}/recommendation/actions/${j}`;
      if (!referralIds.has(a.referralId)) add(`${p}/referralId`, `"${a.referralId}" is not a referral id of urgency-by-referral-id (${known})`);
      const label = typeof a.label === 'string' ? a.label : '';
      if (a.referralId === 'ref-ae' && !label.endsWith('A&E')) add(`${p}/label`, `an A&E referral (ref-ae) is labelled "A&E" (found "${label}")`);
      else if (a.referralId === 'ref-emergency' && !label.endsWith('Emergency indication'))
        add(`${p}/label`, `an emergency referral (ref-emergency) is labelled "Emergency indication" (found "${label}")`);
      else if (a.referralId !== 'ref-ae' && a.referralId !== 'ref-emergency' && /(A&E|Emergency indication)$/.test(label)) {
        add(`${p}/label`, `only ref-ae and ref-emergency are emergency referrals; "${label}" would read as one`);
      }
    });
  });
  const last = outcomes[outcomes.length - 1];
  if (
    outcomes.length > 0 &&
    !options.sharedSection &&
    kindOfPathway(doc) !== 'eligibility' &&
    isObj(last) &&
    Array.isArray(last.when) &&
    last.when.length > 0
  ) {
    add(`/outcomes/${outcomes.length - 1}/when`, 'the last outcome is a catch-all (no "when"), so a finished execution always has a result');
  }
  if (typeof doc.expectedAppointmentReferral === 'string' && !referralIds.has(doc.expectedAppointmentReferral)) {
    add('/expectedAppointmentReferral', `"${doc.expectedAppointmentReferral}" is not a referral id of urgency-by-referral-id (${known})`);
  }
  const r = isObj(doc.restrictions) ? doc.restrictions : undefined;
  if (r && typeof r.minAge === 'number' && typeof r.maxAge === 'number' && r.minAge > r.maxAge) {
    add('/restrictions/maxAge', `maxAge ${r.maxAge} is below minAge ${r.minAge}`);
  }

  // Examples name real fields, outcomes and referral ids.
  const examples = Array.isArray(doc.examples) ? doc.examples : [];
  examples.forEach((e, i) => {
    if (!isObj(e)) return;
    if (isObj(e.answers)) {
      for (const f of Object.keys(e.answers))
        if (!fieldSection.has(f)) add(`/examples/${i}/answers/${esc(f)}`, `"${f}" is not a field of any section of this pathway`);
    }
    if (typeof e.expectTopReferral === 'string' && !referralIds.has(e.expectTopReferral)) {
      add(`/examples/${i}/expectTopReferral`, `"${e.expectTopReferral}" is not a referral id of urgency-by-referral-id (${known})`);
    }
    if (Array.isArray(e.expectRecommendationIds)) {
      e.expectRecommendationIds.forEach((id, k) => {
        if (typeof id === 'string' && !outcomeIds.has(id)) add(`/examples/${i}/expectRecommendationIds/${k}`, `"${id}" is not an outcome id of this pathway`);
      });
    }
  });
}
