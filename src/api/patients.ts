// Patient check against the practice record (schemas/api/README.md, "Patients and requests").
import type { PatientValidationRequest } from '../../generated/types/api/patient-validation-request';
import type { PatientValidationResponse } from '../../generated/types/api/patient-validation-response';
import { postJson } from './send';

const PATIENT_PATHS = {
  validate: '/api/v1/triage/nhs/next/validate/patient',
  match: '/api/v1/triage/nhs/match/patient',
} as const;

/** Every status is an answer (200); only a failed call throws. */
export const validatePatient = (body: PatientValidationRequest): Promise<PatientValidationResponse> =>
  postJson<PatientValidationResponse>(PATIENT_PATHS.validate, body);
