import type { FormData } from '../../renderer/index';
import { createFlowState, type FlowState } from '../flows/flowState';
import type { Patient, PatientValidation } from './patient';
import type { OutcomeFix, ValidationAnswer } from './validationOutcome';

export type PatientDetailsState = 'LOGIN_CHOICE' | 'DETAILS' | 'CONTACT_DETAILS';

/** The query parameter naming the shown screen of the step. */
export const STEP_PARAM = 'step';

/** What the step keeps in sessionStorage while the patient fills it in. */
export interface StepState {
  step: PatientDetailsState;
  /** The patient chose to go on without NHS login. */
  declinedLogin: boolean;
  details: FormData;
  contact: FormData;
  loggedIn: FormData;
  /** Set after NO_EMAIL_ON_EPR_AND_REQUEST / INVALID_EMAIL_ON_EPR_AND_NO_EMAIL_REQUEST: an email becomes required. */
  emailRequired: boolean;
}

const initialState = (): StepState => ({
  step: 'DETAILS',
  declinedLogin: false,
  details: {},
  contact: {},
  loggedIn: {},
  emailRequired: false,
});

const stores = new Map<string, FlowState<StepState>>();
/** One store per flow, kept in sessionStorage under `patient-details:<flow>`. */
export function patientDetailsStore(flow: string): FlowState<StepState> {
  let store = stores.get(flow);
  if (!store) {
    store = createFlowState<StepState>(`patient-details:${flow}`, initialState);
    stores.set(flow, store);
  }
  return store;
}

export interface PatientDetailsResult {
  patient: Patient;
  validation?: PatientValidation;
  /**
   * No usable email on record and none given: the patient chose a phone reply (on the number
   * they gave) instead of adding one. Flows send the request with the associated
   * PATIENT_REFUSED_UPDATE_CONTACT, so the practice knows to phone.
   */
  replyByPhone?: boolean;
  /**
   * The patient gave an email their record does not have (NO_EMAIL, INVALID_EMAIL) and chose to
   * send with it: flows send a CHANGE_OF_CONTACT_DETAILS with this new email beside the request.
   */
  addEmail?: string;
}

/** A record-check outcome the patient closed: it stays on the page as a message until they try again. */
export interface Outcome {
  status: Exclude<ValidationAnswer['status'], 'VALIDATED'>;
  fix: OutcomeFix;
  /** The patient as checked, and the check's answer: "Ask the practice to phone me" stays possible from the page. */
  checked?: { patient: Patient; validation?: PatientValidation };
}

/** The id of the message an outcome leaves on the page. */
export const OUTCOME_NOTICE_ID = 'record-check-outcome';
/** The first of the details to check after "not found", and the email box: where focus goes. */
export const DETAILS_FIX_FIELD = 'field-firstName';
export const EMAIL_FIX_FIELD = 'field-emailAddress';
/** The postcode box of the details: focus goes back to it after "Postcode not found" → No. */
export const POSTCODE_FIELD = 'field-postCode';

/** The question the step is asking in a modal, if any (the postcode question is the postcode check's own). */
export type PendingQuestion = { kind: 'noEmail'; contact: FormData } | { kind: 'status'; answer: ValidationAnswer; patient: Patient } | undefined;
