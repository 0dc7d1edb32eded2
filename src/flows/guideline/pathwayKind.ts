// The kind of a guideline pathway, in one place. The pathway documents' contract
// (schemas/questionnaires/README.md, "The document") gives each pathway's family by its
// guidelineId: `Triage.` (medical advice), `Eligibility.` (standard appointments), `Form.U16`
// (a request for a child). Every page that behaves per kind asks here, never the id itself.

export type PathwayKind = 'triage' | 'eligibility' | 'child';

const FAMILIES: ReadonlyArray<readonly [prefix: string, kind: PathwayKind]> = [
  ['Eligibility.', 'eligibility'],
  ['Form.U16', 'child'],
  ['Triage.', 'triage'],
];

/** The pathway's kind; an id of no known family counts as a medical (triage) pathway, the journey with every safety step. */
export function pathwayKind(guidelineId: string | null | undefined): PathwayKind {
  const family = FAMILIES.find(([prefix]) => guidelineId?.startsWith(prefix) === true);
  return family ? family[1] : 'triage';
}

export const isEligibilityPathway = (guidelineId: string | null | undefined): boolean => pathwayKind(guidelineId) === 'eligibility';
export const isChildPathway = (guidelineId: string | null | undefined): boolean => pathwayKind(guidelineId) === 'child';

/** An eligibility pathway's page: the return target of its journey (derived from the guideline, nothing stored). */
export function eligibilityReturnTarget(guidelineId: string): string {
  return `/eligibility/guideline?guideline=${encodeURIComponent(guidelineId)}`;
}

/**
 * Where Cancel goes during a questionnaire journey: back to the eligibility pathway's page when the
 * journey is an eligibility pathway (the guideline is its return target), else home.
 */
export function cancelTarget(guidelineId: string | null | undefined): string {
  return guidelineId && isEligibilityPathway(guidelineId) ? eligibilityReturnTarget(guidelineId) : '/';
}
