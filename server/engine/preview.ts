// The staff preview of a pathway (/practice/forms/preview/pathway/:id): what the engine gives for
// a set of answers, without an execution. It walks the sections as the engine does (in document
// order, each eligible one once; a red flag stops the walk with the emergency outcomes that
// hold) and answers every question the staff member left unanswered with the "safe" answer the
// pathway's examples use (schemas/questionnaires/README.md, "Examples").
import { prune, type FormData } from '../../renderer/core/index';
import type { Recommendation } from '../../generated/types/api/engine-execution';
import { recommendationOf } from './progress.js';
import { safeAnswers } from './exampleAnswers.js';
import { tierOfReferral, topTier, type UrgencyTier } from './hierarchy.js';
import type { LoadedPathway } from './library.js';
import { evaluatePathway } from './conditions.js';

export interface PreviewPatient {
  age: number;
  sexAtBirth: 'female' | 'male';
}

export interface PathwayPreview {
  /** Set when the pathway refuses this patient: RESTRICTED_BY_AGE or RESTRICTED_BY_SEX (as $start does). */
  refusal?: 'RESTRICTED_BY_AGE' | 'RESTRICTED_BY_SEX';
  /** The sections the patient is asked, in order. */
  path: string[];
  /** True when a red flag ended the walk: the engine completes at once and asks no more sections. */
  stoppedAtRedFlag: boolean;
  /** The answers each asked section was evaluated with (given, else safe; hidden ones pruned). */
  answers: Record<string, FormData>;
  recommendations: Recommendation[];
  /** The first Referral action across the recommendations, in order. */
  topReferral?: string;
  /** The most urgent tier: a recommendation's own, else its referral's. */
  tier?: UrgencyTier;
}

function firstReferral(r: Recommendation): string | undefined {
  for (const a of r.actions ?? []) if (a.type === 'Referral' && typeof a.referralId === 'string') return a.referralId;
  return undefined;
}

export function previewPathway(p: LoadedPathway, given: FormData, patient: PreviewPatient, today: Date): PathwayPreview {
  const r = p.doc.restrictions;
  const base = { path: [], stoppedAtRedFlag: false, answers: {}, recommendations: [] };
  if (r && ((r.minAge !== undefined && patient.age < r.minAge) || (r.maxAge !== undefined && patient.age > r.maxAge)))
    return { ...base, refusal: 'RESTRICTED_BY_AGE' };
  if (r?.sexAtBirth !== undefined && patient.sexAtBirth !== r.sexAtBirth) return { ...base, refusal: 'RESTRICTED_BY_SEX' };
  const params = { patientAge: patient.age, sexAtBirth: patient.sexAtBirth };
  const all: FormData = {};
  const path: string[] = [];
  const answers: Record<string, FormData> = {};
  let from = -1;
  let recommendations: Recommendation[] | undefined;
  let stoppedAtRedFlag = false;
  while (!recommendations) {
    const ev = evaluatePathway(p.conditions, all, params, today);
    const emergencies = from >= 0 ? p.emergencyOutcomes.filter((i) => ev.outcome(i)) : [];
    if (emergencies.length > 0) {
      recommendations = emergencies.map((i) => recommendationOf(p.doc.outcomes[i]!));
      stoppedAtRedFlag = true;
      break;
    }
    let next = -1;
    for (let i = from + 1; i < p.sections.length; i++) {
      if (ev.section(i)) {
        next = i;
        break;
      }
    }
    if (next < 0) {
      recommendations = p.doc.outcomes.filter((_o, i) => ev.outcome(i)).map(recommendationOf);
      break;
    }
    const section = p.sections[next]!;
    const sectionParams = { ...params };
    const filled = prune(section.document, safeAnswers(section.document, today, given), sectionParams, today).data;
    answers[section.section.id] = filled;
    Object.assign(all, filled);
    path.push(section.section.id);
    from = next;
  }
  const topReferral = recommendations.map(firstReferral).find((x) => x !== undefined);
  const tier = topTier(
    recommendations.map((rec) => (rec.tier as UrgencyTier | undefined) ?? (firstReferral(rec) ? tierOfReferral(firstReferral(rec)!) : undefined)),
  );
  return { path, stoppedAtRedFlag, answers, recommendations, ...(topReferral ? { topReferral } : {}), ...(tier ? { tier } : {}) };
}
