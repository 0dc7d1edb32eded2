// The kind of a guideline pathway, in one place. Each pathway document declares its kind
// (`kind`: "triage" | "eligibility" | "child", schemas/questionnaires/README.md, "The document");
// the engine's guideline summary and the settings lists that name pathways carry it, and the
// journey keeps it in its selection. Every page that behaves per kind asks here, with what
// carries the kind, never the guidelineId: an id's prefix says nothing.
import type { PathwayKind } from '../../../generated/types/api/pathway-kind';

export type { PathwayKind };

/** What carries a pathway's kind: its guideline summary, a settings list entry, the journey's selection. */
export interface KindCarrier {
  kind?: PathwayKind;
}

/**
 * The pathway's kind, as its document declares it. Nothing to read (no pathway, or a journey
 * kept from before the field existed) counts as a medical (triage) pathway: the journey with
 * every safety step.
 */
export function pathwayKind(guideline: KindCarrier | null | undefined): PathwayKind {
  return guideline?.kind ?? 'triage';
}

export const isEligibilityPathway = (guideline: KindCarrier | null | undefined): boolean => pathwayKind(guideline) === 'eligibility';
export const isChildPathway = (guideline: KindCarrier | null | undefined): boolean => pathwayKind(guideline) === 'child';

/** An eligibility pathway's page: the return target of its journey (derived from the guideline, nothing stored). */
export function eligibilityReturnTarget(guidelineId: string): string {
  return `/eligibility/guideline?guideline=${encodeURIComponent(guidelineId)}`;
}

/**
 * Where Cancel goes during a questionnaire journey: back to the eligibility pathway's page when the
 * journey is an eligibility pathway (the guideline is its return target), else home.
 */
export function cancelTarget(guideline: (KindCarrier & { guidelineId: string }) | null | undefined): string {
  return guideline && isEligibilityPathway(guideline) ? eligibilityReturnTarget(guideline.guidelineId) : '/';
}
