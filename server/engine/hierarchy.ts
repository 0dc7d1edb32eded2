// The clinical hierarchy of pathways (schemas/questionnaires/README.md, "Clinical hierarchy"):
// pathway kinds, urgency tiers and the referrals each tier allows, shared sections
// (schemas/questionnaires/shared/*.json) and their expansion, and the checks `npm run
// schemas:check` makes of shared sections and of synonyms across the library. A pathway's own
// hierarchy checks are in hierarchyCheck.ts, an outcome's tier checks in outcomeTiers.ts.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { DocumentProblem } from '../../renderer/core/index';
import { EMERGENCY_TIERS, isTier, mostUrgent, TIER_ORDER, TIER_REFERRALS, tierOfReferral, type UrgencyTier } from '../../common/index.js';
import type { Pathway, PathwayOutcome, PathwaySection } from '../../generated/types/questionnaire';
import { isJsonObject as isObj } from '../json.js';
import { checkOutcomeTiers } from './outcomeTiers.js';

export type { UrgencyTier };
export { EMERGENCY_TIERS, isTier, TIER_ORDER, TIER_REFERRALS, tierOfReferral };

export const SHARED_LIFE_THREATENING = 'LifeThreatening';
/** Field names of the shared sections start with this; pathways may not use it for their own. */
export const SHARED_FIELD_PREFIX = /^lt[A-Z0-9_]/;

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
