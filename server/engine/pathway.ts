// Pathway documents (schemas/questionnaires/<guidelineId>.json): every cross-document check
// `npm run schemas:check` makes beyond the meta-schema. What the engine evaluates them with is
// conditions.ts. Contract: schemas/questionnaires/README.md.
import {
  OBSERVATION_TYPES,
  checkDocument,
  observationTypeOf,
  observationTypeProblems,
  type DocumentProblem,
  type WidgetDeclarations,
} from '../../renderer/core/index';
import type { Pathway, PathwayOutcome, PathwaySection } from '../../generated/types/questionnaire';
import { isJsonObject as isObj, type JsonObject } from '../json.js';
import { conditionDocument, mapConditionProblem, OUTCOME, outcomesOf, SECTION, sectionDocument, sectionsOf } from './conditions.js';
import { expandPathway, isSectionUse, kindOfPathway, mapExpandedProblem, type SharedSection } from './hierarchy.js';
import { checkHierarchy } from './hierarchyCheck.js';

export type { Pathway, PathwayOutcome, PathwaySection };

const esc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

export interface PathwayCheckOptions {
  /** Keys of the practice's urgency-by-referral-id settings. */
  referralIds: readonly string[];
  /** Shared sections (schemas/questionnaires/shared) the pathway's `{ "use": … }` entries name. */
  shared?: ReadonlyMap<string, SharedSection>;
  /**
   * The clinical hierarchy's checks (server/engine/hierarchyCheck.ts: shared section first, tiers,
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

type Add = (path: string, message: string) => void;

/** The pathway's section ids, and the index of the section each field is asked in. */
interface FieldPlaces {
  sectionIds: string[];
  fieldSection: Map<string, number>;
}

function runChecks(doc: unknown, options: PathwayCheckOptions, out: DocumentProblem[]): void {
  const add: Add = (path, message) => out.push({ path, message });
  if (!isObj(doc)) {
    add('', 'a pathway document must be a JSON object');
    return;
  }
  const places = checkSections(doc, options, add);
  checkConditions(doc, places, add);
  const referralIds = new Set(options.referralIds);
  const outcomeIds = checkOutcomes(doc, referralIds, options, add);
  checkExamples(doc, places, referralIds, outcomeIds, add);
}

/** Section ids unique, each section's document checked, every question required, field names unique across the pathway. */
function checkSections(doc: JsonObject, options: PathwayCheckOptions, add: Add): FieldPlaces {
  const sectionIds: string[] = [];
  const fieldSection = new Map<string, number>();
  const fieldPath = new Map<string, string>();
  const seenSectionIds = new Map<string, number>();
  sectionsOf(doc).forEach((s, i) => {
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
  return { sectionIds, fieldSection };
}

/** Conditions of sections and outcomes, with the renderer's own checker; a section reads only the answers of sections before it. */
function checkConditions(doc: JsonObject, { sectionIds, fieldSection }: FieldPlaces, add: Add): void {
  for (const p of checkDocument(conditionDocument(doc))) {
    const mapped = mapConditionProblem(p, fieldSection, sectionIds);
    if (mapped) add(mapped.path, mapped.message);
  }
  sectionsOf(doc).forEach((s, i) => {
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
}

/** A Referral action's referral id is the practice's, and its label says whether it is an emergency one. */
function checkReferral(a: JsonObject, p: string, referralIds: ReadonlySet<string>, add: Add): void {
  if (typeof a.referralId !== 'string') return;
  if (!referralIds.has(a.referralId))
    add(`${p}/referralId`, `"${a.referralId}" is not a referral id of urgency-by-referral-id (${[...referralIds].join(', ')})`);
  const label = typeof a.label === 'string' ? a.label : '';
  if (a.referralId === 'ref-ae' && !label.endsWith('A&E')) add(`${p}/label`, `an A&E referral (ref-ae) is labelled "A&E" (found "${label}")`);
  else if (a.referralId === 'ref-emergency' && !label.endsWith('Emergency indication'))
    add(`${p}/label`, `an emergency referral (ref-emergency) is labelled "Emergency indication" (found "${label}")`);
  else if (a.referralId !== 'ref-ae' && a.referralId !== 'ref-emergency' && /(A&E|Emergency indication)$/.test(label)) {
    add(`${p}/label`, `only ref-ae and ref-emergency are emergency referrals; "${label}" would read as one`);
  }
}

/** Outcomes: ids, referrals, a catch-all at the end; the pathway's own referral and age range. Answers the outcome ids. */
function checkOutcomes(doc: JsonObject, referralIds: ReadonlySet<string>, options: PathwayCheckOptions, add: Add): Map<string, number> {
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
      if (isObj(a) && a.type === 'Referral') checkReferral(a, `/outcomes/${i}/recommendation/actions/${j}`, referralIds, add);
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
  return outcomeIds;
}

/** Examples name real fields, outcomes and referral ids. */
function checkExamples(
  doc: JsonObject,
  { fieldSection }: FieldPlaces,
  referralIds: ReadonlySet<string>,
  outcomeIds: ReadonlyMap<string, number>,
  add: Add,
): void {
  const known = [...referralIds].join(', ');
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
