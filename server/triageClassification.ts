// The request type of a medical request, decided by the practice side from what it can trust: the
// guideline execution the embedded engine stored and the practice's own override reasons, never
// the type the client wrote. The rule itself is common/classification.ts, the one the browser uses.
import { kindOfPathway } from './engine/hierarchy.js';
import { getSetting } from './settingsStore.js';
import type { Sql } from './store/index.js';
import { PRACTICE_ACCESS, type GuidelineEngine } from './engine/engine.js';
import { detailsMessage, HttpError } from './errors.js';
import { classifyRequest, isEmergencyResult, isValidOverrideReason, topReferral, topTier, type TriageRequestType } from '../common/index.js';
import type { PatientAppSettings } from '../generated/types/api/patient-app-settings';
import type { TriageRequest } from '../generated/types/api/triage-request';
import type { UrgencyByReferralId } from '../generated/types/api/urgency-by-referral-id';
import { customValue, labelledResponseData, OVERRIDE_REASON_KEY, recordedSafetyAnswers, SAFETY_QUESTION_IDS, SAFETY_TITLES } from './executionWords.js';
import { asList, asObject } from './json.js';
import type { AsJson, StoredTriageRequest } from './store/index.js';

export type { TriageRequestType };
/** A valid override: a reason the practice offers (when it lists any) other than none_of_the_above ("not safe to wait"). */
const isValidOverride = (reason: unknown, offeredIds: readonly string[] | undefined): boolean => isValidOverrideReason(reason, offeredIds);

/**
 * The practice's request type (common/classification.ts). `kind` is the pathway document's
 * declared kind; a pathway the server has no document for counts as triage.
 */
export function classifyTriage(input: {
  kind: 'triage' | 'eligibility' | 'child';
  recommendations: readonly unknown[];
  overrideReason?: unknown;
  offeredReasonIds?: readonly string[];
}): TriageRequestType {
  return classifyRequest(input).triageRequestType;
}

export interface ReclassifyContext {
  engine: GuidelineEngine;
  /** Set when the practice uses its own engine: its executions are read from there (readExternalExecution). */
  engineUrl?: string;
  /** Bearer token the server reads an external engine's executions with (practice credentials; ENGINE_API_TOKEN). */
  engineToken?: string;
}

/** What the server reads of a guideline execution to classify a request (the engine contract's GuidelineExecution). */
interface ExecutionRecordView {
  identifier: string;
  guidelineId: string;
  version?: string;
  status: string;
  recommendations: unknown[];
  responseData: unknown[];
  customData: unknown[];
}

/** An execution read ahead of the storing transaction (an external engine is reached over the network), or why it could not be. */
export type ExecutionRead = { execution: ExecutionRecordView } | { error: HttpError };

function asExecution(value: unknown): ExecutionRecordView | undefined {
  const e = asObject(value);
  if (typeof e.guidelineId !== 'string' || typeof e.status !== 'string') return undefined;
  return {
    identifier: typeof e.identifier === 'string' ? e.identifier : '',
    guidelineId: e.guidelineId,
    ...(typeof e.version === 'string' ? { version: e.version } : {}),
    status: e.status,
    recommendations: asList(e.recommendations),
    responseData: asList(e.responseData),
    customData: asList(e.customData),
  };
}

function missingExecutionId(path: string): HttpError {
  // Without it the body's own recommendations would decide: an emergency could be sent as routine.
  const details = [{ path: `${path}/consultation/executionId`, message: 'is required: the guideline execution the request comes from' }];
  return new HttpError(400, detailsMessage(details), { details });
}

function unknownExecution(path: string, executionId: string): HttpError {
  return new HttpError(400, `body${path}/consultation/executionId: no guideline execution ${executionId}`, {
    details: [{ path: `${path}/consultation/executionId`, message: 'no such guideline execution' }],
  });
}

/** The engine base of ENGINE_URL, as the engine proxy reaches it (server/routes/engine.ts). */
function externalEngineBase(engineUrl: string): string {
  const url = new URL(engineUrl);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}${ENGINE_BASE_PATH}`;
}
const ENGINE_BASE_PATH = '/api/v1/fhir/r4';

/**
 * With ENGINE_URL set: reads the request's execution (the triage request's
 * consultation.executionId, the only member read here) from the practice's engine
 * (GET /GuidelineExecution/{id}, with the practice's credentials and the patient's engine key when
 * the browser sent one), before the storing transaction. Never throws: a failure is returned and
 * only counts when the request is actually stored (a retry of an acknowledged request gets its
 * first answer). Undefined with the embedded engine, which is read inside the transaction.
 */
export async function readExternalExecution(
  ctx: ReclassifyContext,
  triageRequest: unknown,
  path: string,
  engineKey?: string,
): Promise<ExecutionRead | undefined> {
  if (ctx.engineUrl === undefined) return undefined;
  const executionId = asObject(asObject(triageRequest).consultation).executionId;
  if (typeof executionId !== 'string' || executionId === '') return { error: missingExecutionId(path) };
  if (!/^[A-Za-z0-9._~-]{1,100}$/.test(executionId)) return { error: unknownExecution(path, executionId.slice(0, 100)) };
  const headers: Record<string, string> = { accept: 'application/json' };
  if (ctx.engineToken) headers.authorization = `Bearer ${ctx.engineToken}`;
  if (engineKey) headers.cookie = `gp_engine_key=${engineKey}`;
  let res: Response;
  try {
    res = await fetch(`${externalEngineBase(ctx.engineUrl)}/GuidelineExecution/${executionId}`, {
      headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return {
      error: new HttpError(timedOut ? 504 : 502, timedOut ? 'The guideline engine did not answer in time' : 'The guideline engine could not be reached'),
    };
  }
  if (res.status === 404) return { error: unknownExecution(path, executionId) };
  if (!res.ok) return { error: new HttpError(502, `The guideline engine answered ${res.status} for the request's execution`) };
  let execution: ExecutionRecordView | undefined;
  try {
    execution = asExecution(await res.json());
  } catch {
    execution = undefined;
  }
  return execution ? { execution } : { error: new HttpError(502, "The guideline engine's answer is not a guideline execution") };
}

async function embeddedExecution(
  ctx: ReclassifyContext,
  db: Sql,
  consultation: NonNullable<TriageRequest['consultation']>,
  path: string,
): Promise<ExecutionRecordView> {
  const executionId = consultation.executionId;
  if (typeof executionId !== 'string') throw missingExecutionId(path);
  try {
    return asExecution(await ctx.engine.get(executionId, PRACTICE_ACCESS, db))!;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) throw unknownExecution(path, executionId);
    throw error;
  }
}

function refused(path: string, field: string, message: string): HttpError {
  const details = [{ path: `${path}/${field}`, message }];
  return new HttpError(422, detailsMessage(details), { details });
}

/**
 * The triage request as stored: what the practice reads is the engine's record, never the body's
 * claims (README.md "What the practice sees comes from the engine"). The execution named by
 * `consultation.executionId` (the embedded engine's, or `read` from ENGINE_URL) decides:
 * `triageRequestType`, the guideline, condition label, referral, urgency and colour
 * (urgency-by-referral-id), `tier` (server/tiers.ts), the recommendations and the answers
 * (`responseData`, labelled from the pathway). No execution id is 400, an unknown id 400, a
 * stopped execution 409, an unfinished one 409. An emergency override counts only when the
 * execution recorded the safety check's answers and that same reason (else 422); the safety
 * answers shown are the recorded ones. The client's own type is kept as `clientTriageRequestType`
 * when it differs, so the practice can see the correction.
 */
export async function reclassifyTriageRequest(
  ctx: ReclassifyContext,
  db: Sql,
  triageRequest: AsJson<TriageRequest>,
  path: string,
  read?: ExecutionRead,
): Promise<StoredTriageRequest> {
  const consultation = triageRequest.consultation ?? {};
  let execution: ExecutionRecordView;
  if (read !== undefined) {
    if ('error' in read) throw read.error;
    execution = read.execution;
  } else {
    execution = await embeddedExecution(ctx, db, consultation, path);
  }
  if (execution.status === 'STOPPED') {
    throw new HttpError(409, `body${path}/consultation/executionId: the guideline execution was stopped, so there is nothing to send`);
  }
  // A questionnaire left half-way has no recommendations yet, so it would read as routine
  // whatever its remaining questions would have found: only a finished one can be sent.
  if (execution.status === 'IN_PROGRESS') {
    throw new HttpError(409, `body${path}/consultation/executionId: the guideline execution still has questions to answer, so it cannot be sent yet`);
  }
  const { guidelineId, recommendations } = execution;
  const options = (await getSetting<PatientAppSettings>(db, 'patient-app'))?.emergencyOverrideOptions;
  const offeredReasonIds = options?.map((o) => o.id);
  const claimedReason = triageRequest.emergencyOverrideReason;
  const emergency = isEmergencyResult(recommendations);
  const safety = recordedSafetyAnswers(execution.customData);
  const recordedReason = customValue(execution.customData, OVERRIDE_REASON_KEY);
  if (emergency && isValidOverride(claimedReason, offeredReasonIds)) {
    if (!safety) {
      throw refused(
        path,
        'emergencyOverrideReason',
        'needs the answers to "Are you safe to wait for GP care?" recorded on the guideline execution: an override reason alone is not accepted',
      );
    }
    if (recordedReason !== claimedReason) {
      throw refused(path, 'emergencyOverrideReason', 'is not the override reason recorded on the guideline execution');
    }
  }
  const kind = kindOfPathway(ctx.engine.library.get(guidelineId)?.doc);
  const derived = classifyTriage({ kind, recommendations, overrideReason: claimedReason, offeredReasonIds });
  const claimed = triageRequest.triageRequestType;

  const referral = topReferral(recommendations);
  const referralId = referral?.referralId;
  const urgency = referralId ? (await getSetting<UrgencyByReferralId>(db, 'urgency-by-referral-id'))?.[referralId] : undefined;
  const pathway = ctx.engine.library.get(guidelineId)?.doc as { inboxLabel?: unknown; label?: unknown; name?: unknown; version?: unknown } | undefined;
  const conditionLabel = [pathway?.inboxLabel, pathway?.label, pathway?.name].find((v): v is string => typeof v === 'string') ?? guidelineId;
  const reasonKept = typeof claimedReason === 'string' && claimedReason === recordedReason;
  const reasonLabel = reasonKept ? options?.find((o) => o.id === claimedReason)?.label : undefined;

  // Whatever the body said about these is replaced (or dropped when the engine has no value).
  const { referralId: _r, referralLabel: _rl, urgency: _u, urgencyColour: _uc, tier: _t, emergencyOverrideLabel: _ol, ...consultationRest } = consultation;
  const { emergencyQuestions: _eq, emergencyOverrideReason: _or, ...requestRest } = triageRequest;
  return {
    ...requestRest,
    triageRequestType: derived,
    ...(claimed !== derived ? { clientTriageRequestType: claimed } : {}),
    responseData: labelledResponseData(ctx.engine, guidelineId, execution.responseData),
    ...(safety
      ? {
          emergencyQuestions: SAFETY_QUESTION_IDS.map((q) => ({
            identifier: q,
            ...(SAFETY_TITLES[q] ? { question: SAFETY_TITLES[q] } : {}),
            answer: safety[q] ? 'Yes' : 'No',
          })),
        }
      : {}),
    ...(reasonKept ? { emergencyOverrideReason: claimedReason } : {}),
    ...(typeof claimedReason === 'string' && !reasonKept ? { clientEmergencyOverrideReason: claimedReason } : {}),
    consultation: {
      ...consultationRest,
      type: derived,
      executionId: execution.identifier || consultation.executionId,
      guidelineId,
      guidelineName: conditionLabel,
      conditionLabel,
      domain: guidelineId.split('.')[0] ?? 'Triage',
      usedGuidelines: [guidelineId],
      ...(execution.version !== undefined ? { pathwayVersion: execution.version } : {}),
      ...(referral ? { referralId: referral.referralId, referralLabel: referral.label } : {}),
      ...(typeof urgency?.urgency === 'string' ? { urgency: urgency.urgency, urgencyColour: urgency.colour } : {}),
      tier: topTier(recommendations),
      ...(typeof reasonLabel === 'string' ? { emergencyOverrideLabel: reasonLabel } : {}),
    },
    guidelineExecution: { identifier: execution.identifier || consultation.executionId, status: execution.status, recommendations },
  };
}
