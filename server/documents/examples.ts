// A pathway's `examples` run as a check (npm run schemas:check, the server's start and Reload): each
// example is walked with the engine's own walk (server/engine/preview.ts, which the engine and the
// staff preview share) and must end as it says — its refusal, its top referral and its
// recommendations in order. A failing example is a problem of the document like any other, so a
// pathway whose examples no longer hold is refused and never goes live. In the clinical library
// (triage and child pathways) the examples must also cover the pathway: every red flag (a CALL_999
// or AE_NOW outcome) is among some example's recommendations and every tier its outcomes name is
// some example's top tier, so no emergency route goes live untried.
import type { Pathway } from '../../generated/types/questionnaire';
import type { SharedSection } from '../engine/hierarchy.js';
import { kindOfPathway } from '../engine/hierarchy.js';
import { loadPathway } from '../engine/library.js';
import { previewPathway } from '../engine/preview.js';

interface Example {
  name?: unknown;
  patient?: { age?: unknown; sexAtBirth?: unknown };
  answers?: Record<string, unknown>;
  expectTopReferral?: unknown;
  expectRecommendationIds?: unknown;
  expectRefusal?: unknown;
}

const list = (ids: readonly string[]) => (ids.length === 0 ? 'none' : ids.join(', '));

/** What the walked examples reached: every recommendation id, and each example's top tier. */
interface Reached {
  ids: Set<string>;
  topTiers: Set<string>;
}

/** One example's problem, or undefined when it ends as it says. */
function exampleProblem(loaded: ReturnType<typeof loadPathway>, e: Example, today: Date, reached: Reached): string | undefined {
  const patient = { age: Number(e.patient?.age), sexAtBirth: e.patient?.sexAtBirth === 'male' ? ('male' as const) : ('female' as const) };
  const preview = previewPathway(loaded, (e.answers ?? {}) as never, patient, today);
  for (const r of preview.recommendations) reached.ids.add(String(r.id));
  const top = preview.recommendations[0] as { tier?: unknown } | undefined;
  if (typeof top?.tier === 'string') reached.topTiers.add(top.tier);
  if (e.expectRefusal === 'RESTRICTED_BY_AGE' || e.expectRefusal === 'RESTRICTED_BY_SEX') {
    return preview.refusal === e.expectRefusal
      ? undefined
      : `expects the refusal ${e.expectRefusal} but the pathway ${preview.refusal ? `refuses with ${preview.refusal}` : 'starts'}`;
  }
  // NOT_AVAILABLE depends on the practice's settings, not on the document: not walked here.
  if (e.expectRefusal !== undefined) return undefined;
  if (preview.refusal) return `the pathway refuses this patient (${preview.refusal}), but the example expects it to start`;
  const ids = preview.recommendations.map((r) => String(r.id));
  if (typeof e.expectTopReferral === 'string' && preview.topReferral !== e.expectTopReferral) {
    return `expects the top referral ${e.expectTopReferral} but the engine gives ${preview.topReferral ?? 'no referral'} (recommendations: ${list(ids)})`;
  }
  if (Array.isArray(e.expectRecommendationIds)) {
    const expected = e.expectRecommendationIds.map(String);
    if (expected.length !== ids.length || expected.some((id, i) => ids[i] !== id))
      return `expects the recommendations ${list(expected)} but the engine gives ${list(ids)}`;
  }
  return undefined;
}

/**
 * Every example of a pathway that passed its other checks, walked: one problem per example that
 * does not end as it says, at /examples/<i>. A pathway that cannot be walked at all is reported at
 * /examples.
 */
export function exampleProblems(
  doc: unknown,
  shared: ReadonlyMap<string, SharedSection>,
  today: Date = new Date(),
  options: { coverage?: boolean } = {},
): Array<{ path: string; message: string }> {
  const examples = (doc as { examples?: unknown }).examples;
  const library = options.coverage !== false && kindOfPathway(doc) !== 'eligibility';
  if (!Array.isArray(examples) || examples.length === 0) {
    return library ? [{ path: '/examples', message: 'a triage or child pathway has examples: one for every red flag and every tier its outcomes name' }] : [];
  }
  let loaded: ReturnType<typeof loadPathway>;
  try {
    loaded = loadPathway(doc as Pathway, shared);
  } catch (error) {
    return [{ path: '/examples', message: `the examples cannot be run: ${(error as Error).message}` }];
  }
  const problems: Array<{ path: string; message: string }> = [];
  const reached: Reached = { ids: new Set(), topTiers: new Set() };
  examples.forEach((raw, i) => {
    const e = raw as Example;
    let problem: string | undefined;
    try {
      problem = exampleProblem(loaded, e, today, reached);
    } catch (error) {
      problem = `cannot be walked: ${(error as Error).message}`;
    }
    if (problem) problems.push({ path: `/examples/${i}`, message: `the example "${String(e.name)}" ${problem}` });
  });
  if (library && problems.length === 0) problems.push(...coverageProblems(doc, reached));
  return problems;
}

/** The red flags no example reaches and the tiers no example ends on, each at its outcome. */
function coverageProblems(doc: unknown, reached: Reached): Array<{ path: string; message: string }> {
  const outcomes = (doc as { outcomes?: unknown }).outcomes;
  if (!Array.isArray(outcomes)) return [];
  const out: Array<{ path: string; message: string }> = [];
  const tiersSeen = new Set<string>();
  outcomes.forEach((raw, i) => {
    const o = raw as { id?: unknown; recommendation?: { tier?: unknown } };
    const tier = typeof o.recommendation?.tier === 'string' ? o.recommendation.tier : undefined;
    if (!tier) return;
    if ((tier === 'CALL_999' || tier === 'AE_NOW') && !reached.ids.has(String(o.id)))
      out.push({ path: `/outcomes/${i}`, message: `no example reaches the red flag "${String(o.id)}" (${tier}): add an example whose answers raise it` });
    if (!tiersSeen.has(tier) && !reached.topTiers.has(tier)) {
      tiersSeen.add(tier);
      out.push({
        path: `/outcomes/${i}/recommendation/tier`,
        message: `no example ends on the tier ${tier}: add an example whose top recommendation is "${String(o.id)}" or another ${tier} outcome`,
      });
    }
  });
  return out;
}
