// The clinical hierarchy of pathways (schemas/questionnaires/README.md, "Clinical hierarchy"):
// shared sections (schemas/questionnaires/shared/*.json) and their expansion, urgency tiers and
// the referrals each tier allows, and the checks `npm run schemas:check` makes of them.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { DocumentProblem } from '../../renderer/core/index';
import {
  EMERGENCY_TIERS,
  FIND_A_PHARMACY_URL,
  isSafeAdviceUrl,
  isTier,
  mostUrgent,
  TIER_ORDER,
  TIER_REFERRALS,
  tierOfReferral,
  type UrgencyTier,
} from '../../common/index.js';
import type { Pathway, PathwayOutcome, PathwaySection } from '../../generated/types/questionnaire';

export type { UrgencyTier };
export { EMERGENCY_TIERS, isTier, TIER_ORDER, TIER_REFERRALS, tierOfReferral };

/** Tiers whose outcomes must name a referral of their row (PHARMACY and SELF_CARE may name none). */
const TIER_NEEDS_REFERRAL: ReadonlySet<UrgencyTier> = new Set<UrgencyTier>(['CALL_999', 'AE_NOW', 'URGENT_TODAY', 'ROUTINE']);

export const FIND_A_PHARMACY = FIND_A_PHARMACY_URL;
export const SHARED_LIFE_THREATENING = 'LifeThreatening';
/** Field names of the shared sections start with this; pathways may not use it for their own. */
export const SHARED_FIELD_PREFIX = /^lt[A-Z0-9_]/;
export const MIN_TRIAGE_SYNONYMS = 8;

const article = (tier: string) => (/^[AEIOU]/.test(tier) ? 'an' : 'a');

/** The most urgent of some tiers (undefined for none). */
export const topTier = mostUrgent;

/**
 * A pathway document's kind as it declares it (`kind`: triage, eligibility or child; the
 * meta-schema requires it), never read from the id's prefix. A document without one counts as a
 * triage pathway: the kind with every check.
 */
export function kindOfPathway(doc: unknown): 'triage' | 'eligibility' | 'child' {
  const kind = isObj(doc) ? doc.kind : undefined;
  return kind === 'eligibility' || kind === 'child' ? kind : 'triage';
}

/** Pathways whose outcomes must name a tier: triage and child pathways (eligibility ones have none). */
export function needsTiers(doc: unknown): boolean {
  return kindOfPathway(doc) !== 'eligibility';
}

/** A shared section document (schemas/questionnaires/shared/<id>.json). */
export interface SharedSection {
  id: string;
  description: string;
  sections: PathwaySection[];
  outcomes: PathwayOutcome[];
  examples?: Pathway['examples'];
}

/** `{ "use": "X" }` in a pathway's sections. */
export interface SectionUse {
  use: string;
}

/** A pathway after its `use` entries are expanded: what the engine runs. */
export type ExpandedPathway = Omit<Pathway, 'sections'> & { sections: PathwaySection[] };

export function isSectionUse(s: unknown): s is SectionUse {
  return typeof s === 'object' && s !== null && typeof (s as { use?: unknown }).use === 'string';
}

/** The default folder of shared sections. */
export function sharedDirOf(questionnairesDir: string): string {
  return path.join(questionnairesDir, 'shared');
}

/** The shared sections of some folders, by id (the first folder naming an id wins); unreadable files are skipped (schemas:check names them). */
export function readSharedSections(dirs: readonly string[]): Map<string, SharedSection> {
  const out = new Map<string, SharedSection>();
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      try {
        const doc = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as SharedSection;
        if (typeof doc.id === 'string' && Array.isArray(doc.sections) && Array.isArray(doc.outcomes) && !out.has(doc.id)) out.set(doc.id, doc);
      } catch {
        // reported by npm run schemas:check
      }
    }
  }
  return out;
}

/** Where each section / outcome of an expanded pathway came from. */
export interface ExpansionMap {
  /** Per expanded section: the index in the source document's sections, and the shared id if it came from one. */
  sections: Array<{ source: number; shared?: string }>;
  /** Per expanded outcome: the index in the source's outcomes, or the shared id. */
  outcomes: Array<{ source: number; shared?: string }>;
}

/**
 * Expands every `{ "use": "X" }`: X's sections take that place, X's outcomes go before the
 * pathway's own (in the order of the uses). Throws naming an unknown shared section.
 */
export function expandPathway<T extends { sections: unknown[]; outcomes: unknown[] }>(
  doc: T,
  shared: ReadonlyMap<string, SharedSection>,
  unknown: 'throw' | 'skip' = 'throw',
): { doc: Omit<T, 'sections' | 'outcomes'> & { sections: PathwaySection[]; outcomes: PathwayOutcome[] }; map: ExpansionMap } {
  const sections: PathwaySection[] = [];
  const sharedOutcomes: PathwayOutcome[] = [];
  const map: ExpansionMap = { sections: [], outcomes: [] };
  doc.sections.forEach((s, i) => {
    if (isSectionUse(s)) {
      const x = shared.get(s.use);
      if (!x && unknown === 'skip') return;
      if (!x) throw new Error(`/sections/${i}/use: "${s.use}" is not a shared section (${[...shared.keys()].join(', ') || 'none found'})`);
      for (const xs of x.sections) {
        sections.push(xs);
        map.sections.push({ source: i, shared: x.id });
      }
      x.outcomes.forEach((o, k) => {
        sharedOutcomes.push(o);
        map.outcomes.push({ source: k, shared: x.id });
      });
    } else {
      sections.push(s as PathwaySection);
      map.sections.push({ source: i });
    }
  });
  doc.outcomes.forEach((_o, i) => map.outcomes.push({ source: i }));
  return { doc: { ...doc, sections, outcomes: [...sharedOutcomes, ...(doc.outcomes as PathwayOutcome[])] }, map };
}

/**
 * A problem found on the expanded document, mapped back onto the source document; problems
 * inside a shared section or outcome are dropped (the shared document is checked on its own).
 */
export function mapExpandedProblem(p: DocumentProblem, map: ExpansionMap): DocumentProblem | undefined {
  const m = /^\/(sections|outcomes)\/(\d+)(\/.*)?$/.exec(p.path);
  if (!m) return p;
  const entry = (m[1] === 'sections' ? map.sections : map.outcomes)[Number(m[2])];
  if (!entry) return p;
  if (entry.shared !== undefined) return undefined;
  return { path: `/${m[1]}/${entry.source}${m[3] ?? ''}`, message: p.message };
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Every word an outcome carries reaches the patient (common/advice.ts draws them on the ending
 * screen, the confirmation and the email): a pharmacy or self-care ending's screen is its advice,
 * so such an outcome says what to do; and the screens show only https:// links, so any other link
 * would be shown nowhere.
 */
function outcomeWordsShown(tier: UrgencyTier, actions: unknown[], base: string, out: DocumentProblem[]): void {
  const advice = actions.filter((a) => isObj(a) && a.type === 'Management' && typeof a.text === 'string' && a.text.trim() !== '');
  if ((tier === 'PHARMACY' || tier === 'SELF_CARE') && advice.length === 0) {
    out.push({
      path: `${base}/actions`,
      message: `${article(tier)} ${tier} outcome's screen is its advice, and this one has none to show: add { "type": "Management", "managementType": "Self help content", "text": "what to do, and when to get help", "links": [...] }`,
    });
  }
  actions.forEach((a, j) => {
    if (!isObj(a) || !Array.isArray(a.links)) return;
    a.links.forEach((l, k) => {
      if (isObj(l) && !isSafeAdviceUrl(l.url)) {
        out.push({
          path: `${base}/actions/${j}/links/${k}/url`,
          message: `the patient's screens and emails show only https:// links, so this one would be shown nowhere (found ${JSON.stringify(l.url)})`,
        });
      }
    });
  });
}

/** Tier of each outcome and its referrals: the checks common to pathways and shared sections. */
export function checkOutcomeTiers(outcomes: unknown[], requireTier: boolean, out: DocumentProblem[]): void {
  outcomes.forEach((o, i) => {
    if (!isObj(o) || !isObj(o.recommendation)) return;
    const rec = o.recommendation;
    const base = `/outcomes/${i}/recommendation`;
    if (rec.tier === undefined) {
      if (requireTier) out.push({ path: `${base}/tier`, message: `every outcome names a tier (${TIER_ORDER.join(', ')})` });
      return;
    }
    if (!isTier(rec.tier)) return; // the meta-schema says so
    const tier = rec.tier;
    const allowed = TIER_REFERRALS[tier];
    const actions = Array.isArray(rec.actions) ? rec.actions : [];
    let referrals = 0;
    actions.forEach((a, j) => {
      if (!isObj(a) || a.type !== 'Referral' || typeof a.referralId !== 'string') return;
      referrals++;
      if (!allowed.includes(a.referralId)) {
        out.push({
          path: `${base}/actions/${j}/referralId`,
          message: `${article(tier)} ${tier} outcome refers with ${allowed.length ? allowed.join(' or ') : 'no referral'} (found "${a.referralId}")`,
        });
      }
    });
    if (requireTier) outcomeWordsShown(tier, actions, base, out);
    if (referrals === 0 && TIER_NEEDS_REFERRAL.has(tier)) {
      out.push({ path: `${base}/actions`, message: `${article(tier)} ${tier} outcome has a Referral action (${allowed.join(' or ')})` });
    }
    if (tier === 'PHARMACY') {
      const signposts = actions.some(
        (a) =>
          isObj(a) &&
          a.type === 'Management' &&
          a.managementType === 'Signpost copy' &&
          Array.isArray(a.links) &&
          a.links.some((l) => isObj(l) && l.url === FIND_A_PHARMACY),
      );
      if (!signposts) out.push({ path: `${base}/actions`, message: `a PHARMACY outcome has a "Signpost copy" action linking to ${FIND_A_PHARMACY}` });
    }
  });
}

/** A condition of an outcome's `when` on an engine parameter. */
function paramConditions(when: unknown, parameter: string): Array<Record<string, unknown>> {
  return Array.isArray(when) ? (when.filter((c) => isObj(c) && c.parameter === parameter) as Array<Record<string, unknown>>) : [];
}

export interface HierarchyOptions {
  shared: ReadonlyMap<string, SharedSection>;
}

/**
 * The hierarchy checks of one pathway as written (before expansion): the shared section first
 * in triage pathways, tiers on outcomes, tiers' referrals, nhsUrl, synonyms, pharmacyFirst.
 * Synonyms shared between pathways are checked across the library by checkSynonyms.
 */
export function checkHierarchy(doc: unknown, options: HierarchyOptions): DocumentProblem[] {
  const out: DocumentProblem[] = [];
  const add = (p: string, message: string) => out.push({ path: p, message });
  if (!isObj(doc)) return out;
  const triage = kindOfPathway(doc) === 'triage';
  const sections = Array.isArray(doc.sections) ? doc.sections : [];
  const outcomes = Array.isArray(doc.outcomes) ? doc.outcomes : [];

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
  if (triage) {
    const first = sections[0];
    if (!isSectionUse(first) || first.use !== SHARED_LIFE_THREATENING) {
      add('/sections/0', `a triage pathway runs the shared life-threatening section first: { "use": "${SHARED_LIFE_THREATENING}" }`);
    }
  }
  checkOutcomeTiers(outcomes, needsTiers(doc), out);

  // Library metadata: triage and child pathways alike (the child search reads the same words).
  const kind = kindOfPathway(doc);
  if (kind !== 'eligibility') {
    if (typeof doc.nhsUrl !== 'string') add('/nhsUrl', `a ${kind} pathway names its NHS website page: nhsUrl "https://www.nhs.uk/…"`);
    const synonyms = (Array.isArray(doc.symptoms) ? doc.symptoms : []).flatMap((s) => (isObj(s) && Array.isArray(s.synonyms) ? s.synonyms : []));
    if (synonyms.length < MIN_TRIAGE_SYNONYMS)
      add(
        '/symptoms',
        `a ${kind} pathway lists at least ${MIN_TRIAGE_SYNONYMS} synonyms across symptoms[].synonyms, the words ${kind === 'child' ? 'parents' : 'patients'} use (found ${synonyms.length})`,
      );
  }

  // pharmacyFirst and PHARMACY-tier outcomes go together.
  const pf = isObj(doc.pharmacyFirst) ? doc.pharmacyFirst : undefined;
  const pharmacyOutcomes = outcomes.map((o, i) => [o, i] as const).filter(([o]) => isObj(o) && isObj(o.recommendation) && o.recommendation.tier === 'PHARMACY');
  if (pf) {
    if (!triage) add('/pharmacyFirst', 'pharmacyFirst belongs to a triage pathway');
    if (typeof pf.minAge === 'number' && typeof pf.maxAge === 'number' && pf.maxAge < pf.minAge)
      add('/pharmacyFirst/maxAge', `maxAge ${pf.maxAge} is below minAge ${pf.minAge}`);
    if (pharmacyOutcomes.length === 0) add('/pharmacyFirst', 'pharmacyFirst is declared but no outcome has tier PHARMACY');
  }
  for (const [o, i] of pharmacyOutcomes) {
    const oo = o as Record<string, unknown>;
    if (!pf) {
      add(`/outcomes/${i}/recommendation/tier`, 'a PHARMACY outcome needs the pathway\'s pharmacyFirst criteria ({ "condition", "minAge", … })');
      continue;
    }
    if (oo.whenBehavior === 'any')
      add(
        `/outcomes/${i}/whenBehavior`,
        'a PHARMACY outcome\'s when must hold all of its conditions (the Pharmacy First criteria with the rest): remove "any"',
      );
    const ages = paramConditions(oo.when, 'patientAge');
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
      const maxOk = ages.some(
        (c) =>
          (c.operator === 'LTE' && typeof c.answer === 'number' && c.answer <= (pf.maxAge as number)) ||
          (c.operator === 'LT' && typeof c.answer === 'number' && c.answer <= (pf.maxAge as number) + 1) ||
          (c.operator === 'RANGE' && isObj(c.answer) && typeof c.answer.high === 'number' && c.answer.high <= (pf.maxAge as number)),
      );
      if (!maxOk)
        add(
          `/outcomes/${i}/when`,
          `a PHARMACY outcome is reached only up to pharmacyFirst.maxAge: its when has { "parameter": "patientAge", "operator": "LTE", "answer": ${pf.maxAge} }`,
        );
    }
    if (pf.sexAtBirth === 'female' && !paramConditions(oo.when, 'sexAtBirth').some((c) => c.operator === 'EQ' && c.answer === 'female')) {
      const restricted = isObj(doc.restrictions) && doc.restrictions.sexAtBirth === 'female';
      if (!restricted)
        add(
          `/outcomes/${i}/when`,
          'a PHARMACY outcome of a female-only Pharmacy First condition has { "parameter": "sexAtBirth", "operator": "EQ", "answer": "female" } (or the pathway is restricted to sexAtBirth female)',
        );
    }
  }
  return out;
}

/** Checks of a shared section document itself (its sections are checked like a pathway's by the caller). */
export function checkSharedSection(doc: unknown, fileId: string): DocumentProblem[] {
  const out: DocumentProblem[] = [];
  if (!isObj(doc)) return out;
  if (typeof doc.id === 'string' && doc.id !== fileId)
    out.push({ path: '/id', message: `the id "${doc.id}" does not match the file name (expected shared/${doc.id}.json)` });
  const sections = Array.isArray(doc.sections) ? doc.sections : [];
  sections.forEach((s, i) => {
    if (!isObj(s) || !isObj(s.document) || !isObj(s.document.schema) || !isObj(s.document.schema.properties)) return;
    for (const f of Object.keys(s.document.schema.properties)) {
      if (!SHARED_FIELD_PREFIX.test(f))
        out.push({ path: `/sections/${i}/document/schema/properties/${f}`, message: `a shared section's field names start with "lt" (found "${f}")` });
    }
  });
  const outcomes = Array.isArray(doc.outcomes) ? doc.outcomes : [];
  outcomes.forEach((o, i) => {
    if (isObj(o) && typeof o.id === 'string' && !o.id.startsWith('lt-'))
      out.push({ path: `/outcomes/${i}/id`, message: `a shared section's outcome ids start with "lt-" (found "${o.id}")` });
  });
  checkOutcomeTiers(outcomes, true, out);
  return out;
}

/** A file's triage pathway, for the synonym check across the library. */
export interface SynonymSource {
  file: string;
  doc: unknown;
}

const norm = (s: string) => s.trim().toLowerCase();

/**
 * A synonym (lower-cased, trimmed) belongs to one pathway of its kind only (triage, or child: each
 * kind has its own search), unless both pathways list it in sharedSynonyms. Returns problems by
 * file (paths of the synonym in that file).
 */
export function checkSynonyms(sources: readonly SynonymSource[]): Map<string, DocumentProblem[]> {
  const owners = new Map<string, Array<{ file: string; id: string; path: string; shared: boolean; word: string }>>();
  for (const { file, doc } of sources) {
    if (!isObj(doc) || typeof doc.guidelineId !== 'string' || kindOfPathway(doc) === 'eligibility' || doc.disabled === true) continue;
    const kind = kindOfPathway(doc);
    const shared = new Set((Array.isArray(doc.sharedSynonyms) ? doc.sharedSynonyms : []).filter((s): s is string => typeof s === 'string').map(norm));
    const seenHere = new Set<string>();
    (Array.isArray(doc.symptoms) ? doc.symptoms : []).forEach((s, i) => {
      if (!isObj(s) || !Array.isArray(s.synonyms)) return;
      s.synonyms.forEach((w, j) => {
        if (typeof w !== 'string') return;
        const k = norm(w);
        if (seenHere.has(k)) return;
        seenHere.add(k);
        const list = owners.get(`${kind}:${k}`) ?? [];
        list.push({ file, id: doc.guidelineId as string, path: `/symptoms/${i}/synonyms/${j}`, shared: shared.has(k), word: k });
        owners.set(`${kind}:${k}`, list);
      });
    });
  }
  const out = new Map<string, DocumentProblem[]>();
  for (const list of owners.values()) {
    if (list.length < 2) continue;
    const word = list[0]!.word;
    for (const o of list) {
      const others = list.filter((x) => x !== o);
      const unshared = others.filter((x) => !(x.shared && o.shared));
      if (unshared.length === 0) continue;
      const problems = out.get(o.file) ?? [];
      problems.push({
        path: o.path,
        message: `"${word}" is also a synonym of ${unshared.map((x) => x.id).join(', ')}: a synonym belongs to one pathway, unless both list it in sharedSynonyms`,
      });
      out.set(o.file, problems);
    }
  }
  return out;
}
