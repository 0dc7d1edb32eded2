// Submissions (schemas/api/README.md, "Patients and requests"). Each takes the
// Idempotency-Key of its logical request: a retry with the same key is stored once.
import type { AdviceMessageRequest } from '../../generated/types/api/advice-message-request';
import type { AdminRequest } from '../../generated/types/api/admin-request';
import type { ConsultationRequest } from '../../generated/types/api/consultation-request';
import type { SubmissionResponse } from '../../generated/types/api/submission-response';
import type { UnverifiedRequests } from '../../generated/types/api/unverified-requests';
import { postJson } from './send';

export const REQUEST_PATHS = {
  adminRequest: '/api/v1/triage/patient/admin/request',
  unverifiedRequests: '/api/v1/triage/patient/unverified/requests',
  consultation: '/api/v1/triage/patient/consultation',
  adviceMessage: '/api/v1/triage/patient/advice-message',
} as const;

/** Emails a pharmacy or self-care ending's advice to the patient (nothing goes to the practice). */
export const sendAdviceMessage = (body: AdviceMessageRequest): Promise<{ queued: number }> => postJson<{ queued: number }>(REQUEST_PATHS.adviceMessage, body);

export const sendAdminRequest = (body: AdminRequest, idempotencyKey: string): Promise<SubmissionResponse> =>
  postJson<SubmissionResponse>(REQUEST_PATHS.adminRequest, body, idempotencyKey);

export const sendUnverifiedRequests = (body: UnverifiedRequests, idempotencyKey: string): Promise<SubmissionResponse> =>
  postJson<SubmissionResponse>(REQUEST_PATHS.unverifiedRequests, body, idempotencyKey);

/** A finished questionnaire (schemas/api consultation-request.schema.json): `{ triageRequest, context }`. */
export const sendConsultation = (body: ConsultationRequest, idempotencyKey: string): Promise<SubmissionResponse> =>
  postJson<SubmissionResponse>(REQUEST_PATHS.consultation, body, idempotencyKey);
