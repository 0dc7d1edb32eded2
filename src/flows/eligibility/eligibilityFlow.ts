import type { EngineAction, Recommendation } from '../../api/engine';
import type { AllSettings } from '../../settings/types';
import { readEntryParams } from '../../session/entryParams';
import { buildConsultation, type TriageFlowState } from '../triage/triageFlow';

/** The standard-appointments menu, and the booking screen an appointment outcome hands over to. */
export const ELIGIBILITY_MENU = '/eligibility/booking';
export const BOOK_APPOINTMENT_PATH = '/appointment/book-appointment';

/**
 * sessionStorage key of what the booking screen needs for an eligibility booking (README.md,
 * "Eligibility, self-help and child requests"). Written just before the app navigates to
 * /appointment/book-appointment; the booking screen reads it and removes it once booked.
 */
export const ELIGIBILITY_BOOKING_KEY = 'handoff:eligibility-booking';
/** The eligibility pathway the patient came from (`/eligibility/guideline?guideline=…`): the return target. */
export const ELIGIBILITY_RETURN_KEY = 'eligibility:return';
/** The page that is "home" for this session: the standard-appointments menu when the patient started there. */
export const SESSION_HOME_KEY = 'session:home';

export interface EligibilityBookingHandoff {
  /** The eligibility pathway, e.g. Eligibility.FirstContactPhysio (the server maps it to slot types). */
  guidelineId: string;
  /** The referral id of the appointment outcome's Referral action (e.g. ref-routine). */
  referralId: string;
  /** The pathway's label, for the booking screen's "Selected option". */
  label: string;
  /** The patient also asked for the self-help email ("Request appointment and self-help"). */
  selfHelp: boolean;
  /** Where Cancel on the booking screen should return: the eligibility pathway page. */
  returnTo: string;
  /**
   * The `eligibilityBooking` of POST /api/v1/triage/patient/eligibility-booking: the triage
   * request (patient, answers, consultation, guideline execution, triageRequestType
   * ELIGIBILITY_BOOKING, notificationEvents), as the consultation call would send it.
   */
  eligibilityBooking: Record<string, unknown>;
}

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/** The first Referral action among the recommendations (the appointment outcome, when there is one). */
export function appointmentReferral(recommendations: readonly Recommendation[]): Extract<EngineAction, { type: 'Referral' }> | undefined {
  for (const r of recommendations) {
    const referral = r.actions.find((a): a is Extract<EngineAction, { type: 'Referral' }> => a.type === 'Referral');
    if (referral) return referral;
  }
  return undefined;
}

/** The top recommendation's management action of the given type (self-help or signpost copy). */
export function managementAction(recommendations: readonly Recommendation[], type: 'Self help content' | 'Signpost copy') {
  const top = recommendations[0];
  return top?.actions.find((a): a is Extract<EngineAction, { type: 'Management' }> => a.type === 'Management' && a.managementType === type);
}

export function eligibilityReturnTarget(guidelineId: string): string {
  return `/eligibility/guideline?guideline=${encodeURIComponent(guidelineId)}`;
}

export function rememberReturnTarget(guidelineId: string): void {
  storage()?.setItem(ELIGIBILITY_RETURN_KEY, eligibilityReturnTarget(guidelineId));
}

export function rememberHome(path: string): void {
  storage()?.setItem(SESSION_HOME_KEY, path);
}

/** Home for this session: the page the patient started from, else the home page. */
export function sessionHome(): string {
  const home = storage()?.getItem(SESSION_HOME_KEY);
  return home === ELIGIBILITY_MENU ? home : '/';
}

/** The handoff of a finished eligibility questionnaire, or undefined when it has no appointment outcome. */
export function bookingHandoff(state: TriageFlowState, settings: AllSettings, selfHelp: boolean, now = new Date()): EligibilityBookingHandoff | undefined {
  const execution = state.execution;
  if (!execution || !state.selection || !state.patient) return undefined;
  const referral = appointmentReferral(execution.recommendations);
  if (!referral) return undefined;
  const { triageRequest } = buildConsultation({ state, settings, channel: readEntryParams().channel, now });
  return {
    guidelineId: execution.guidelineId,
    referralId: referral.referralId,
    label: state.selection.label,
    selfHelp,
    returnTo: eligibilityReturnTarget(execution.guidelineId),
    eligibilityBooking: triageRequest as unknown as Record<string, unknown>,
  };
}

/** Writes the handoff for the booking screen; false when there is nothing to book. */
export function writeBookingHandoff(state: TriageFlowState, settings: AllSettings, selfHelp: boolean): boolean {
  const handoff = bookingHandoff(state, settings, selfHelp);
  if (!handoff) return false;
  storage()?.setItem(ELIGIBILITY_BOOKING_KEY, JSON.stringify(handoff));
  return true;
}
