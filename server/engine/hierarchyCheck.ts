// The hierarchy checks of one pathway as written (schemas/questionnaires/README.md, "Clinical
// hierarchy"): its shared sections, its outcomes' tiers, the library metadata search reads, and
// the Pharmacy First criteria its PHARMACY outcomes must hold to.
import type { DocumentProblem } from '../../renderer/core/index';
import { isJsonObject as isObj, type JsonObject } from '../json.js';
import { isSectionUse, kindOfPathway, needsTiers, SHARED_FIELD_PREFIX, SHARED_LIFE_THREATENING, type SharedSection } from './hierarchy.js';
import { checkOutcomeTiers } from './outcomeTiers.js';

const MIN_TRIAGE_SYNONYMS = 8;

/** A condition of an outcome's `when` on an engine parameter. */
function paramConditions(when: unknown, parameter: string): JsonObject[] {
  return Array.isArray(when) ? when.filter((c): c is JsonObject => isObj(c) && c.parameter === parameter) : [];
}

export interface HierarchyOptions {
  shared: ReadonlyMap<string, SharedSection>;
}

type Add = (path: string, message: string) => void;

/**
 * The hierarchy checks of one pathway as written (before expansion): the shared section first
 * in triage pathways, tiers on outcomes, tiers' referrals, nhsUrl, synonyms, pharmacyFirst.
 * Synonyms shared between pathways are checked across the library by checkSynonyms.
 */
export function checkHierarchy(doc: unknown, options: HierarchyOptions): DocumentProblem[] {
  const out: DocumentProblem[] = [];
  const add: Add = (p, message) => out.push({ path: p, message });
  if (!isObj(doc)) return out;
  const outcomes = Array.isArray(doc.outcomes) ? doc.outcomes : [];
  checkSections(doc, options, add);
  checkOutcomeTiers(outcomes, needsTiers(doc), out);
  checkLibraryMetadata(doc, add);
  checkPharmacyFirst(doc, outcomes, add);
  return out;
}

/** Shared sections named exist, the pathway's own fields leave their prefix alone, and a triage pathway starts with the life-threatening one. */
function checkSections(doc: JsonObject, options: HierarchyOptions, add: Add): void {
  const sections = Array.isArray(doc.sections) ? doc.sections : [];
  sections.forEach((s, i) => {
    if (isSectionUse(s) && !options.shared.has(s.use))
      add(
        `/sections/${i}/use`,
        `"${s.use}" is not a shared section of schemas/questionnaires/shared (${[...options.shared.keys()].join(', ') || 'none found'})`,
      );
    if (!isSectionUse(s) && isObj(s) && isObj(s.document) && isObj(s.document.schema) && isObj(s.document.schema.properties)) {
      for (const f of Object.keys(s.document.schema.properties)) {
        if (SHARED_FIELD_PREFIX.test(f))
          add(`/sections/${i}/document/schema/properties/${f}`, `field names starting "lt" are kept for the shared life-threatening section: rename "${f}"`);
      }
    }
  });
  if (kindOfPathway(doc) === 'triage') {
    const first = sections[0];
    if (!isSectionUse(first) || first.use !== SHARED_LIFE_THREATENING) {
      add('/sections/0', `a triage pathway runs the shared life-threatening section first: { "use": "${SHARED_LIFE_THREATENING}" }`);
    }
  }
}

/** Library metadata: triage and child pathways alike (the child search reads the same words). */
function checkLibraryMetadata(doc: JsonObject, add: Add): void {
  const kind = kindOfPathway(doc);
  if (kind === 'eligibility') return;
  if (typeof doc.nhsUrl !== 'string') add('/nhsUrl', `a ${kind} pathway names its NHS website page: nhsUrl "https://www.nhs.uk/…"`);
  const synonyms = (Array.isArray(doc.symptoms) ? doc.symptoms : []).flatMap((s) => (isObj(s) && Array.isArray(s.synonyms) ? s.synonyms : []));
  if (synonyms.length < MIN_TRIAGE_SYNONYMS)
    add(
      '/symptoms',
      `a ${kind} pathway lists at least ${MIN_TRIAGE_SYNONYMS} synonyms across symptoms[].synonyms, the words ${kind === 'child' ? 'parents' : 'patients'} use (found ${synonyms.length})`,
    );
}

/** pharmacyFirst and PHARMACY-tier outcomes go together. */
function checkPharmacyFirst(doc: JsonObject, outcomes: unknown[], add: Add): void {
  const pf = isObj(doc.pharmacyFirst) ? doc.pharmacyFirst : undefined;
  const pharmacyOutcomes = outcomes.flatMap((o, i) => (isObj(o) && isObj(o.recommendation) && o.recommendation.tier === 'PHARMACY' ? [[o, i] as const] : []));
  if (pf) {
    if (kindOfPathway(doc) !== 'triage') add('/pharmacyFirst', 'pharmacyFirst belongs to a triage pathway');
    if (typeof pf.minAge === 'number' && typeof pf.maxAge === 'number' && pf.maxAge < pf.minAge)
      add('/pharmacyFirst/maxAge', `maxAge ${pf.maxAge} is below minAge ${pf.minAge}`);
    if (pharmacyOutcomes.length === 0) add('/pharmacyFirst', 'pharmacyFirst is declared but no outcome has tier PHARMACY');
  }
  for (const [o, i] of pharmacyOutcomes) {
    if (!pf) {
      add(`/outcomes/${i}/recommendation/tier`, 'a PHARMACY outcome needs the pathway\'s pharmacyFirst criteria ({ "condition", "minAge", … })');
      continue;
    }
    checkPharmacyOutcome(doc, pf, o, i, add);
  }
}

/** A PHARMACY outcome is reached only when the Pharmacy First criteria hold: all its conditions, the ages, the sex. */
function checkPharmacyOutcome(doc: JsonObject, pf: JsonObject, o: JsonObject, i: number, add: Add): void {
  if (o.whenBehavior === 'any')
    add(`/outcomes/${i}/whenBehavior`, 'a PHARMACY outcome\'s when must hold all of its conditions (the Pharmacy First criteria with the rest): remove "any"');
  const ages = paramConditions(o.when, 'patientAge');
  const minOk = ages.some(
    (c) =>
      (c.operator === 'GTE' && typeof c.answer === 'number' && c.answer >= (pf.minAge as number)) ||
      (c.operator === 'GT' && typeof c.answer === 'number' && c.answer >= (pf.minAge as number) - 1) ||
      (c.operator === 'RANGE' && isObj(c.answer) && typeof c.answer.low === 'number' && c.answer.low >= (pf.minAge as number)),
  );
  if (!minOk)
    add(
      `/outcomes/${i}/when`,
      `a PHARMACY outcome is reached only from pharmacyFirst.minAge: its when has { "parameter": "patientAge", "operator": "GTE", "answer": ${String(pf.minAge)} }`,
    );
  if (typeof pf.maxAge === 'number') {
    const maxAge = pf.maxAge;
    const maxOk = ages.some(
      (c) =>
        (c.operator === 'LTE' && typeof c.answer === 'number' && c.answer <= maxAge) ||
        (c.operator === 'LT' && typeof c.answer === 'number' && c.answer <= maxAge + 1) ||
        (c.operator === 'RANGE' && isObj(c.answer) && typeof c.answer.high === 'number' && c.answer.high <= maxAge),
    );
    if (!maxOk)
      add(
        `/outcomes/${i}/when`,
        `a PHARMACY outcome is reached only up to pharmacyFirst.maxAge: its when has { "parameter": "patientAge", "operator": "LTE", "answer": ${maxAge} }`,
      );
  }
  if (pf.sexAtBirth === 'female' && !paramConditions(o.when, 'sexAtBirth').some((c) => c.operator === 'EQ' && c.answer === 'female')) {
    const restricted = isObj(doc.restrictions) && doc.restrictions.sexAtBirth === 'female';
    if (!restricted)
      add(
        `/outcomes/${i}/when`,
        'a PHARMACY outcome of a female-only Pharmacy First condition has { "parameter": "sexAtBirth", "operator": "EQ", "answer": "female" } (or the pathway is restricted to sexAtBirth female)',
      );
  }
}
