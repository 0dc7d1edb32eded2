import type { TriageRequest } from '../../../generated/types/api/triage-request';
import type { EngineAction, Recommendation } from '../../api/engine';
import { isChildPathway, isEligibilityPathway, type PathwayKind } from './pathwayKind';

/**
 * The request types a finished questionnaire can be classified as: the contract's
 * triageRequestType minus ADMIN_REQUEST and DIRECT_BOOKING, which other flows send. Taken from
 * the generated union, so a value the schema drops stops compiling here.
 */
export type TriageRequestType = Extract<
  TriageRequest['triageRequestType'],
  'CONSULTATION_REQUEST' | 'EMERGENCY_INDICATION' | 'ELIGIBILITY_BOOKING' | 'CHILD_REQUEST'
>;

/** The override reason that does not count: the patient said it is not safe to wait. */
export const INVALID_OVERRIDE_REASON = 'none_of_the_above';

export interface ClassificationInput {
  /** The pathway document's kind (`pathwayKind`). */
  kind: PathwayKind;
  /** The engine's recommendations in document order: the first is the top recommendation. */
  recommendations: readonly Recommendation[];
  /** The emergency-override reason id the patient chose, if any. */
  overrideReason?: string;
}

export interface Classification {
  triageRequestType: TriageRequestType;
  /** The top recommendation sends the patient to A&E or is an emergency indication. */
  emergency: boolean;
  /** An eligibility request with a self-help management action: a self-help notification event is sent. */
  selfHelpNotification: boolean;
}

const EMERGENCY_LABEL_ENDINGS = ['A&E', 'Emergency indication'];

/** The first referral of the top recommendation (the one the classification reads). */
export function topReferral(recommendations: readonly Recommendation[]): Extract<EngineAction, { type: 'Referral' }> | undefined {
  return recommendations[0]?.actions.find((a): a is Extract<EngineAction, { type: 'Referral' }> => a.type === 'Referral');
}

/** Whether the top recommendation's referral ends with "A&E" or "Emergency indication". */
export function isEmergencyResult(recommendations: readonly Recommendation[]): boolean {
  const label = topReferral(recommendations)?.label.trim() ?? '';
  return EMERGENCY_LABEL_ENDINGS.some((ending) => label.endsWith(ending));
}

export function isValidOverrideReason(reason: string | undefined): boolean {
  return typeof reason === 'string' && reason !== '' && reason !== INVALID_OVERRIDE_REASON;
}

/**
 * The request type of a finished questionnaire (contract: schemas/questionnaires/README.md and
 * the consultation body of schemas/api/README.md). In this order, safety first:
 * 1. the top recommendation's referral ends with "A&E" or "Emergency indication" and no valid
 *    override reason was given ("none_of_the_above" is not valid) → EMERGENCY_INDICATION;
 * 2. an `Eligibility.` pathway → ELIGIBILITY_BOOKING (with a self-help notification when a
 *    "Self help content" action was recommended);
 * 3. a `Form.U16` pathway → CHILD_REQUEST;
 * 4. otherwise → CONSULTATION_REQUEST.
 */
export function classifyRequest({ kind, recommendations, overrideReason }: ClassificationInput): Classification {
  const emergency = isEmergencyResult(recommendations);
  const eligibility = isEligibilityPathway({ kind });
  const selfHelpNotification =
    eligibility && recommendations.some((r) => r.actions.some((a) => a.type === 'Management' && a.managementType === 'Self help content'));
  let triageRequestType: TriageRequestType;
  if (emergency && !isValidOverrideReason(overrideReason)) triageRequestType = 'EMERGENCY_INDICATION';
  else if (eligibility) triageRequestType = 'ELIGIBILITY_BOOKING';
  else if (isChildPathway({ kind })) triageRequestType = 'CHILD_REQUEST';
  else triageRequestType = 'CONSULTATION_REQUEST';
  return { triageRequestType, emergency, selfHelpNotification };
}
