// How an execution moves on after an answer: the next eligible section, or its end with the
// outcomes that hold (at once, with the emergency ones, when the answers meet a red flag).
import type { Recommendation } from '../../generated/types/api/engine-execution';
import type { FormData } from '../../renderer/core/index';
import type { ExecutionRecord } from './executionRows.js';
import type { LoadedPathway } from './library.js';
import { evaluatePathway } from './conditions.js';
import type { PathwayOutcome } from './pathway.js';

/** Moves to the first eligible section after document index `from`, or completes. */
export function advance(p: LoadedPathway, rec: ExecutionRecord, from: number, now: Date): void {
  const all: FormData = {};
  for (const sid of rec.state.path) Object.assign(all, rec.state.answers[sid]);
  const ev = evaluatePathway(p.conditions, all, rec.state.params, now);
  // Stop at the first red flag: once answers meet an emergency-tier outcome (questions not yet
  // asked count as unanswered), complete at once with the emergency outcomes that hold.
  const emergencies = from >= 0 ? p.emergencyOutcomes.filter((i) => ev.outcome(i)) : [];
  if (emergencies.length > 0) {
    rec.status = 'COMPLETED';
    rec.state.recommendations = emergencies.map((i) => recommendationOf(p.doc.outcomes[i]!));
    return;
  }
  for (let i = from + 1; i < p.sections.length; i++) {
    if (ev.section(i)) {
      rec.state.path.push(p.sections[i]!.section.id);
      rec.status = 'IN_PROGRESS';
      return;
    }
  }
  rec.status = 'COMPLETED';
  rec.state.recommendations = p.doc.outcomes.filter((_o, i) => ev.outcome(i)).map(recommendationOf);
}

/**
 * An outcome's recommendation as the execution carries it (with its tier and its inbox flags,
 * when it has them: the practice inbox reads the flags from the stored execution).
 */
export function recommendationOf(o: PathwayOutcome): Recommendation {
  const r = o.recommendation;
  return {
    id: o.id,
    type: r.type,
    ...(r.tier ? { tier: r.tier } : {}),
    title: r.title,
    evidence: r.evidence,
    actions: r.actions,
    ...(r.inboxFlags && r.inboxFlags.length > 0 ? { inboxFlags: [...r.inboxFlags] } : {}),
  };
}
