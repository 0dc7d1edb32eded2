// The request type of a medical request, decided by the practice side from what it can trust
// (README.md "Safety-netting after an urgent result"): the guideline execution the embedded engine stored
// and the practice's own override reasons, never the type the client wrote. The rules are the
// app's `classifyRequest` (src/flows/triage/classifyRequest.ts); tests/unit/app/safety-classification.test.ts
// runs one table through both so they cannot drift.
import type { TriageRequest } from '../generated/types/api/triage-request';
import type { Db } from './db.js';
import { readSetting } from './db.js';
import { PRACTICE_ACCESS, type GuidelineEngine } from './engine/engine.js';
import { detailsMessage, HttpError } from './errors.js';

/** What a finished questionnaire is classified as: the contract's values (app twin: src/flows/triage/classifyRequest.ts). */
export type TriageRequestType = Extract<TriageRequest['triageRequestType'], 'CONSULTATION_REQUEST' | 'EMERGENCY_INDICATION' | 'ELIGIBILITY_BOOKING' | 'CHILD_REQUEST'>;

export const INVALID_OVERRIDE_REASON = 'none_of_the_above';
const EMERGENCY_LABEL_ENDINGS = ['A&E', 'Emergency indication'];

interface Action {
  type?: unknown;
  label?: unknown;
}
interface RecommendationLike {
  actions?: unknown;
}

/** The first referral's label of the top (first) recommendation. */
function topReferralLabel(recommendations: readonly unknown[]): string {
  const top = recommendations[0] as RecommendationLike | undefined;
  const actions = Array.isArray(top?.actions) ? (top.actions as Action[]) : [];
  const referral = actions.find((a) => a?.type === 'Referral');
  return typeof referral?.label === 'string' ? referral.label.trim() : '';
}

export function isEmergencyRecommendation(recommendations: readonly unknown[]): boolean {
  const label = topReferralLabel(recommendations);
  return EMERGENCY_LABEL_ENDINGS.some((ending) => label.endsWith(ending));
}

/**
 * A valid override: a reason the practice offers (when it lists any) other than
 * none_of_the_above ("not safe to wait").
 */
export function isValidOverride(reason: unknown, offeredIds: readonly string[] | undefined): boolean {
  if (typeof reason !== 'string' || reason === '' || reason === INVALID_OVERRIDE_REASON) return false;
  return offeredIds === undefined || offeredIds.includes(reason);
}

export function classifyTriage(input: {
  guidelineId: string;
  recommendations: readonly unknown[];
  overrideReason?: unknown;
  offeredReasonIds?: readonly string[];
}): TriageRequestType {
  if (isEmergencyRecommendation(input.recommendations) && !isValidOverride(input.overrideReason, input.offeredReasonIds)) return 'EMERGENCY_INDICATION';
  if (input.guidelineId.startsWith('Eligibility.')) return 'ELIGIBILITY_BOOKING';
  if (input.guidelineId.startsWith('Form.U16')) return 'CHILD_REQUEST';
  return 'CONSULTATION_REQUEST';
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});

export interface ReclassifyContext {
  db: Db;
  engine: GuidelineEngine;
  /** Set when the practice uses its own engine: its executions are not in this database. */
  engineUrl?: string;
}

/**
 * The triage request as stored: `triageRequestType` and `consultation.type` re-derived. With the
 * embedded engine the consultation must name the `executionId` it comes from (none is 400, an
 * unknown id 400, a stopped execution 409) and only that execution's stored guideline and
 * recommendations count, never the client's copy. Only a practice with its own engine
 * (`engineUrl`), whose executions are not in this database, falls back to the body's guideline and
 * recommendations. The override reason counts only if the practice offers it. The client's own
 * value is kept as `clientTriageRequestType` when it differs, so the practice can see the correction.
 */
export function reclassifyTriageRequest(ctx: ReclassifyContext, triageRequest: Json, path: string): Json {
  const consultation = obj(triageRequest.consultation);
  let guidelineId = typeof consultation.guidelineId === 'string' ? consultation.guidelineId : '';
  let recommendations: unknown[] = Array.isArray(obj(triageRequest.guidelineExecution).recommendations)
    ? (obj(triageRequest.guidelineExecution).recommendations as unknown[])
    : [];
  const executionId = consultation.executionId;
  if (ctx.engineUrl === undefined) {
    if (typeof executionId !== 'string') {
      // Without it the body's own recommendations would decide: an emergency could be sent as routine.
      const details = [{ path: `${path}/consultation/executionId`, message: 'is required: the guideline execution the request comes from' }];
      throw new HttpError(400, detailsMessage(details), { details });
    }
    let execution;
    try {
      execution = ctx.engine.get(executionId, PRACTICE_ACCESS);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) {
        throw new HttpError(400, `body${path}/consultation/executionId: no guideline execution ${executionId}`, {
          details: [{ path: `${path}/consultation/executionId`, message: 'no such guideline execution' }],
        });
      }
      throw error;
    }
    if (execution.status === 'STOPPED') {
      throw new HttpError(409, `body${path}/consultation/executionId: the guideline execution was stopped, so there is nothing to send`);
    }
    // A questionnaire left half-way has no recommendations yet, so it would read as routine
    // whatever its remaining questions would have found: only a finished one can be sent.
    if (execution.status === 'IN_PROGRESS') {
      throw new HttpError(409, `body${path}/consultation/executionId: the guideline execution still has questions to answer, so it cannot be sent yet`);
    }
    guidelineId = execution.guidelineId;
    recommendations = execution.recommendations;
  }
  const options = obj(readSetting(ctx.db, 'patient-app')).emergencyOverrideOptions;
  const offeredReasonIds = Array.isArray(options) ? options.map((o) => String(obj(o).id)) : undefined;
  const derived = classifyTriage({ guidelineId, recommendations, overrideReason: triageRequest.emergencyOverrideReason, offeredReasonIds });
  const claimed = triageRequest.triageRequestType;
  return {
    ...triageRequest,
    triageRequestType: derived,
    ...(claimed !== derived ? { clientTriageRequestType: claimed } : {}),
    consultation: { ...consultation, type: derived },
  };
}
