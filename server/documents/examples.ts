// A pathway's `examples` run as a check (npm run schemas:check, the server's start and Reload): each
// example is walked with the engine's own walk (server/engine/preview.ts, which the engine and the
// staff preview share) and must end as it says — its refusal, its top referral and its
// recommendations in order. A failing example is a problem of the document like any other, so a
// pathway whose examples no longer hold is refused and never goes live.
import type { Pathway } from '../../generated/types/questionnaire';
import type { SharedSection } from '../engine/hierarchy.js';
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

/** One example's problem, or undefined when it ends as it says. */
function exampleProblem(loaded: ReturnType<typeof loadPathway>, e: Example, today: Date): string | undefined {
  const patient = { age: Number(e.patient?.age), sexAtBirth: e.patient?.sexAtBirth === 'male' ? ('male' as const) : ('female' as const) };
  const preview = previewPathway(loaded, (e.answers ?? {}) as never, patient, today);
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
export function exampleProblems(doc: unknown, shared: ReadonlyMap<string, SharedSection>, today: Date = new Date()): Array<{ path: string; message: string }> {
  const examples = (doc as { examples?: unknown }).examples;
  if (!Array.isArray(examples) || examples.length === 0) return [];
  let loaded: ReturnType<typeof loadPathway>;
  try {
    loaded = loadPathway(doc as Pathway, shared);
  } catch (error) {
    return [{ path: '/examples', message: `the examples cannot be run: ${(error as Error).message}` }];
  }
  const problems: Array<{ path: string; message: string }> = [];
  examples.forEach((raw, i) => {
    const e = raw as Example;
    let problem: string | undefined;
    try {
      problem = exampleProblem(loaded, e, today);
    } catch (error) {
      problem = `cannot be walked: ${(error as Error).message}`;
    }
    if (problem) problems.push({ path: `/examples/${i}`, message: `the example "${String(e.name)}" ${problem}` });
  });
  return problems;
}
