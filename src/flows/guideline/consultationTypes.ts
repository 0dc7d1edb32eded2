// The consultation the app builds for a finished questionnaire, as a type of its own: the safety
// check reads it without importing how it is built (which reads the journey, which holds the
// safety state).
import type { ConsultationContext, ConsultationRequest } from '../../../generated/types/api/consultation-request';
import type { Consultation, ResponseData, TriageRequest } from '../../../generated/types/api/triage-request';
import type { Execution, Recommendation } from '../../api/engine';

/** The triage request of a built consultation: the contract's, with the parts the app always fills in. */
export interface BuiltTriageRequest extends TriageRequest {
  responseData: ResponseData[];
  consultation: Consultation;
  guidelineExecution: { identifier: string; status: Execution['status']; recommendations: Recommendation[] };
}

/** A built consultation: the contract's body, its context always saying when the pathway finished. */
export interface BuiltConsultation extends ConsultationRequest {
  triageRequest: BuiltTriageRequest;
  context: ConsultationContext & { guidelineFinishedOn: string };
}
