import type { FormData } from '../../../renderer/index';
import type { AdminFormId as ApiFormType } from '../../../generated/types/api/admin-form-id';
import { enabledAdminForms } from '../../settings/adminForms';
import type { AdminRequest } from '../../../generated/types/api/admin-request';
import { newIdempotencyKey } from '../../api/send';
import { clearPatientDetails } from '../../patient-details/PatientDetailsStep';
import { patientHasEmail, type Patient, type PatientValidation } from '../../patient-details/patient';
import { flowSettings, type AllSettings } from '../../settings/types';
import { createFlowState } from '../flowState';

export const ADMIN_FLOW = 'ADMIN_REQUEST';

export { ADMIN_FORM_TYPES, CHANGE_OF_CONTACT_DETAILS, isAdminFormType } from '../../settings/adminForms';

/** One send attempt: the body (with its submittedDate) and the key, reused by every retry of it. */
export interface SendAttempt {
  key: string;
  body: AdminRequest;
}

export interface AdminFlowState {
  patient?: Patient;
  validation?: PatientValidation;
  /** No usable email: the patient asked for a phone reply at the patient-details step (sent as PATIENT_REFUSED_UPDATE_CONTACT). */
  replyByPhone?: boolean;
  /** An email the patient gave that their record lacks: sent beside the request as a CHANGE_OF_CONTACT_DETAILS. */
  addEmail?: string | undefined;
  /** Answers per form type, hidden ones included (they come back if a field reappears). */
  answers: Record<string, FormData>;
  pages: Record<string, number>;
  attempt?: SendAttempt;
  /** The new contact details sent with a waiting request (its key is the combined request's). */
  contactAttempt?: SendAttempt;
  /** A request waiting for the add-contact-details choice. */
  pending?: AdminRequest;
}

export const adminFlow = createFlowState<AdminFlowState>('flow:admin', () => ({ answers: {}, pages: {} }));

/** Sent or cancelled: forget every answer, the patient and the patient-details step. */
export function clearAdminFlow(): void {
  adminFlow.clear();
  clearPatientDetails(ADMIN_FLOW);
}

/** The admin forms this patient may use (one rule for the home card and the menu: `enabledAdminForms`). */
export function enabledForms(settings: AllSettings) {
  return enabledAdminForms(settings.adminForms);
}

/**
 * What the form documents' run-time parameters are read from: each parameter declares its
 * `source` path in this context (e.g. `adminForms.customFields.minimum-dr-letter-charge`), and
 * the server re-checks a submission with the same shape, so both give a form the same parameters.
 */
export function parameterContext(settings: AllSettings, patient: Patient | undefined) {
  return { adminForms: settings.adminForms, notificationConfig: settings.notificationConfig, patient: { age: patient?.age } };
}

/**
 * The admin request body (README "Admin requests"): the pruned answers, formType,
 * submittedDate and the patient. A retry of the same answers reuses the first attempt (same
 * submittedDate, same Idempotency-Key) so the practice stores it once.
 */
export function prepareSend(
  formType: ApiFormType,
  pruned: FormData,
  patient: Patient,
  previous: SendAttempt | undefined,
  now = new Date(),
  replyByPhone = false,
): SendAttempt {
  const body: AdminRequest = {
    ...pruned,
    formType,
    triageRequestType: formType,
    submittedDate: now.toISOString(),
    patient,
    // The phone-reply choice goes with the request, as the contract's associated request says it.
    ...(replyByPhone ? { associatedRequest: PHONE_REPLY_ASSOCIATED } : {}),
  };
  if (previous && sameRequest(previous.body, body)) return previous;
  return { key: newIdempotencyKey(), body };
}

function sameRequest(a: AdminRequest, b: AdminRequest): boolean {
  const strip = ({ submittedDate: _s, ...rest }: AdminRequest) => JSON.stringify(rest, Object.keys(rest).sort());
  return strip(a) === strip(b) && JSON.stringify(a.patient) === JSON.stringify(b.patient);
}

/**
 * README "Admin requests": with no email for the patient, no contact update requested and manual
 * authentication on for admin requests, the patient chooses at /add-contact-details first.
 */
const PHONE_REPLY_ASSOCIATED = {
  formType: 'PATIENT_REFUSED_UPDATE_CONTACT',
  triageRequestType: 'PATIENT_REFUSED_UPDATE_CONTACT',
} as const satisfies NonNullable<AdminRequest['associatedRequest']>;

export function needsContactChoice(settings: AllSettings, patient: Patient, validation: PatientValidation | undefined): boolean {
  const manualAuth = flowSettings(settings.patientApp, ADMIN_FLOW)?.enableManualPatientAuth === true;
  const hasEmail = patientHasEmail(patient) || validation?.hasEmail === true;
  return manualAuth && !hasEmail && validation?.isUpdateContactRequested !== true;
}

export { SEND_FAILED_MESSAGE } from '../../errors/messages';
