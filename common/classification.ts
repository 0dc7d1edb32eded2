// The request type of a finished questionnaire: one rule for the browser, which labels what it
// sends, and the practice server, which decides from the execution it stored and never trusts the
// type a client wrote (docs/architecture.md "Endings by tier").
import type { TriageRequest } from '../generated/types/api/triage-request';
import type { PathwayKind } from '../generated/types/api/pathway-kind';

/**
 * The request types a finished questionnaire can be classified as: the contract's
 * triageRequestType minus ADMIN_REQUEST and DIRECT_BOOKING, which other flows send.
 */
export type TriageRequestType = Extract<
  TriageRequest['triageRequestType'],
  'CONSULTATION_REQUEST' | 'EMERGENCY_INDICATION' | 'ELIGIBILITY_BOOKING' | 'CHILD_REQUEST'
>;

/** The override reason that does not count: the patient said it is not safe to wait. */
export const INVALID_OVERRIDE_REASON = 'none_of_the_above';

const EMERGENCY_LABEL_ENDINGS = ['A&E', 'Emergency indication'];

const record = (v: unknown): Record<string, unknown> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const items = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** A Referral action as the engine gives it. */
export interface ReferralAction {
  type: 'Referral';
  referralId: string;
  label: string;
}

/** The first referral of the top (first) recommendation: the one the classification reads. */
export function topReferral(recommendations: readonly unknown[]): ReferralAction | undefined {
  const found = items(record(recommendations[0]).actions)
    .map(record)
    .find((a) => a.type === 'Referral' && typeof a.referralId === 'string');
  if (!found) return undefined;
  return { type: 'Referral', referralId: String(found.referralId), label: typeof found.label === 'string' ? found.label : '' };
}

/** Whether the top recommendation's referral ends with "A&E" or "Emergency indication". */
export function isEmergencyResult(recommendations: readonly unknown[]): boolean {
  const label = topReferral(recommendations)?.label.trim() ?? '';
  return EMERGENCY_LABEL_ENDINGS.some((ending) => label.endsWith(ending));
}

/**
 * A valid override reason: not empty, not "none_of_the_above", and one the practice offers when
 * the caller knows which it offers (the server always does).
 */
export function isValidOverrideReason(reason: unknown, offeredIds?: readonly string[]): reason is string {
  if (typeof reason !== 'string' || reason === '' || reason === INVALID_OVERRIDE_REASON) return false;
  return offeredIds === undefined || offeredIds.includes(reason);
}

export interface ClassificationInput {
  /** The pathway document's declared kind (never read from the id's prefix). */
  kind: PathwayKind;
  /** The engine's recommendations in document order: the first is the top recommendation. */
  recommendations: readonly unknown[];
  /** The emergency-override reason id the patient chose, if any. */
  overrideReason?: unknown;
  /** The override reasons the practice offers (the server passes them; a reason outside them is not valid). */
  offeredReasonIds?: readonly string[];
}

export interface Classification {
  triageRequestType: TriageRequestType;
  /** The top recommendation sends the patient to A&E or is an emergency indication. */
  emergency: boolean;
  /** An eligibility request with a self-help management action: a self-help notification event is sent. */
  selfHelpNotification: boolean;
}

/**
 * In this order, safety first:
 * 1. the top recommendation's referral ends with "A&E" or "Emergency indication" and no valid
 *    override reason was given ("none_of_the_above" is not valid) → EMERGENCY_INDICATION;
 * 2. an eligibility pathway → ELIGIBILITY_BOOKING (with a self-help notification when a
 *    "Self help content" action was recommended);
 * 3. a child pathway → CHILD_REQUEST;
 * 4. otherwise → CONSULTATION_REQUEST.
 */
export function classifyRequest({ kind, recommendations, overrideReason, offeredReasonIds }: ClassificationInput): Classification {
  const emergency = isEmergencyResult(recommendations);
  const eligibility = kind === 'eligibility';
  const selfHelpNotification =
    eligibility &&
    recommendations.some((r) =>
      items(record(r).actions)
        .map(record)
        .some((a) => a.type === 'Management' && a.managementType === 'Self help content'),
    );
  let triageRequestType: TriageRequestType;
  if (emergency && !isValidOverrideReason(overrideReason, offeredReasonIds)) triageRequestType = 'EMERGENCY_INDICATION';
  else if (eligibility) triageRequestType = 'ELIGIBILITY_BOOKING';
  else if (kind === 'child') triageRequestType = 'CHILD_REQUEST';
  else triageRequestType = 'CONSULTATION_REQUEST';
  return { triageRequestType, emergency, selfHelpNotification };
}
