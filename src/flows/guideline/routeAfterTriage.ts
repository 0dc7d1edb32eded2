// Where the journey goes once the questionnaire is answered: the routing rules and their inputs.
import type { Recommendation } from '../../api/engine';
import { patientHasEmail, type Patient, type PatientValidation } from '../../patient-details/patient';
import type { AllSettings } from '../../settings/types';
import { BOOK_APPOINTMENT_PATH } from '../bookingRequest';
import { endingFor, isEmergencyResult, topReferral, type EndingScreen, type SlotWindow } from '../../../common';
import { manualAuthOn, type TriageFlowState } from './journey';
import { isEligibilityPathway, pathwayKind, type PathwayKind } from './pathwayKind';

export interface RouteInputs {
  /** The pathway's kind (the journey's selection, `pathwayKind`). */
  kind: PathwayKind;
  recommendations: readonly Recommendation[];
  freeTextEnabled: boolean;
  patient: Patient | undefined;
  validation: PatientValidation | undefined;
  /** The patient chose a phone reply at the patient-details step: no add-contact-details question again. */
  replyByPhone?: boolean;
  manualAuth: boolean;
  /** Coming from the patient-context page: it is not shown again. */
  afterPatientContext?: boolean;
  /** The pathway's checkForAppointments (its guideline summary): offer slots before sending. */
  checkForAppointments?: boolean;
  /** The patient went on from their tier's ending screen to the practice (`TriageFlowState.pastEnding`). */
  pastEnding?: boolean;
}

export const URGENT = 'urgent' as const;

/** The screens of the endings by tier (common/endings.ts) that are pages of their own. */
export const ENDING_PATHS: Readonly<Partial<Record<EndingScreen, string>>> = {
  EMERGENCY: '/triage/get-help-now',
  URGENT_TODAY: '/triage/urgent-today',
  PHARMACY: '/triage/pharmacy',
  SELF_CARE: '/triage/self-care',
};
/** After a pharmacy or self-care ending was accepted: the advice again, nothing sent. */
export const ADVICE_GIVEN_PATH = '/triage/advice-given';

/** Which slots the journey may offer for its outcome (common/endings.ts): today's only for an urgent-today result. */
export function slotWindowOf(state: Pick<TriageFlowState, 'selection' | 'execution'>): SlotWindow {
  const ending = state.execution ? endingFor({ kind: pathwayKind(state.selection), recommendations: state.execution.recommendations }) : undefined;
  if (!ending) return 'ANY';
  // A pharmacy or self-care patient who asks the practice instead goes on as a routine request.
  return ending.screen === 'PHARMACY' || ending.screen === 'SELF_CARE' ? 'ANY' : ending.slots;
}
/** The booking screen an appointment outcome hands over to (startBooking, docs/architecture.md "Booking request"). */
export { BOOK_APPOINTMENT_PATH };

/**
 * Where the patient goes once the engine needs no more data. `URGENT` means the spec's safety
 * branch (`goToUrgentBranch`).
 * - eligibility pathways: an urgent result → the safety branch (its signpost); self-help outcome →
 *   eligibility self-help, signpost → signpost, no result → something went wrong; an appointment
 *   outcome (a Referral on top) → the booking screen (the caller hands over with
 *   `handOverToBooking`, src/flows/triage/bookingHandover.ts);
 * - triage and child pathways go by their top tier first (common/endings.ts `endingFor`): 999 (and
 *   a child's A&E) → the emergency screen; an adult's A&E → the safety branch; urgent today,
 *   pharmacy and self-care → their own screen, until the patient goes on to the practice from it;
 * - then patient context first when free text is on; then with an email: the booking screen when
 *   the pathway checks for appointments, else triage complete (also when a contact update is
 *   requested); without one → add contact details when manual authentication is on for medical
 *   requests, else triage complete.
 */
export function routeAfterTriage(input: RouteInputs): string {
  if (isEligibilityPathway(input)) {
    if (isEmergencyResult(input.recommendations)) return URGENT;
    if (input.recommendations.length === 0) return '/eligibility/something-went-wrong';
    const management = input.recommendations[0]?.actions.find((a) => a.type === 'Management');
    if (!topReferral(input.recommendations) && management?.type === 'Management') {
      if (management.managementType === 'Self help content') return '/eligibility/self-help';
      if (management.managementType === 'Signpost copy') return '/eligibility/signpost';
    }
    if (topReferral(input.recommendations)) return BOOK_APPOINTMENT_PATH;
  }
  const ending = endingFor({ kind: input.kind, recommendations: input.recommendations });
  if (ending?.screen === 'EMERGENCY') return ENDING_PATHS.EMERGENCY!;
  // An A&E referral on top is the safety branch even if a tier says less (the spec's classification reads the label).
  if (ending?.screen === 'SAFETY_CHECK' || isEmergencyResult(input.recommendations)) return URGENT;
  const own = ending ? ENDING_PATHS[ending.screen] : undefined;
  if (own && !input.pastEnding) return own;
  if (input.freeTextEnabled && !input.afterPatientContext) return '/triage/your-own-words';
  const hasEmail = patientHasEmail(input.patient) || input.validation?.hasEmail === true;
  if (hasEmail && input.checkForAppointments === true) return BOOK_APPOINTMENT_PATH;
  if (hasEmail || input.validation?.isUpdateContactRequested === true || input.replyByPhone === true) return '/triage/complete';
  return input.manualAuth ? '/add-contact-details' : '/triage/complete';
}

/** The routing inputs of a finished journey (the questionnaire's last section, the results page, the own-words page, the ending screens). */
export function routeInputsOf(state: TriageFlowState, settings: AllSettings, recommendations: readonly Recommendation[]): RouteInputs {
  return {
    kind: pathwayKind(state.selection),
    recommendations,
    freeTextEnabled: settings.patientApp.freeTextInput?.enabled === true,
    afterPatientContext: state.patientContext !== undefined,
    patient: state.patient,
    validation: state.validation,
    replyByPhone: state.replyByPhone,
    manualAuth: manualAuthOn(settings),
    checkForAppointments: state.checkForAppointments === true,
    pastEnding: state.pastEnding === true,
  };
}
