import type { EngineAction, Recommendation } from '../../api/engine';
import type { AllSettings } from '../../settings/types';
import { readEntryParams } from '../../session/entryParams';
import { eligibilityReturnTarget } from './pathwayKind';
import { startBooking, type EligibilityBooking } from '../bookingRequest';
import { type TriageFlowState } from './journey';
import { buildConsultation } from './consultationBody';

/** The standard-appointments menu, and the booking screen an appointment outcome hands over to. */
export const ELIGIBILITY_MENU = '/eligibility/booking';

/** The page that is "home" for this session: the standard-appointments menu when the patient started there. */
const SESSION_HOME_KEY = 'session:home';

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

/**
 * The pathway's own "No slots copy" for the appointment it offers: the text of that action in the
 * recommendation that carries the referral being booked (the booking screen shows it instead of
 * "No more appointments available online").
 */
export function noSlotsCopy(recommendations: readonly Recommendation[]): string | undefined {
  const withReferral = recommendations.find((r) => r.actions.some((a) => a.type === 'Referral'));
  const copy = withReferral?.actions.find(
    (a): a is Extract<EngineAction, { type: 'Management' }> => a.type === 'Management' && a.managementType === 'No slots copy',
  );
  return copy?.text?.trim() ? copy.text.trim() : undefined;
}

// The cancel target and the return target belong to every guideline journey (src/flows/guideline).
export { cancelTarget } from './pathwayKind';

export function rememberHome(path: string): void {
  storage()?.setItem(SESSION_HOME_KEY, path);
}

/** Home for this session: the page the patient started from, else the home page. */
export function sessionHome(): string {
  const home = storage()?.getItem(SESSION_HOME_KEY);
  return home === ELIGIBILITY_MENU ? home : '/';
}

/**
 * The booking request of a finished eligibility questionnaire (mode 'eligibility', see
 * docs/architecture.md "Booking request"), or undefined when it has no appointment outcome. The
 * `eligibilityBooking` is the triage request as the consultation call would send it (triageRequestType
 * ELIGIBILITY_BOOKING, with the SELF_HELP email event when the patient also asked for self-help).
 */
export function eligibilityBookingRequest(state: TriageFlowState, settings: AllSettings, now = new Date()): EligibilityBooking | undefined {
  const execution = state.execution;
  if (!execution || !state.selection || !state.patient) return undefined;
  const referral = appointmentReferral(execution.recommendations);
  if (!referral) return undefined;
  const { triageRequest } = buildConsultation({ state, settings, channel: readEntryParams().channel, now });
  const noSlotsText = noSlotsCopy(execution.recommendations);
  return {
    mode: 'eligibility',
    eligibilityBooking: triageRequest,
    guidelineId: execution.guidelineId,
    referralId: referral.referralId,
    cancelPath: eligibilityReturnTarget(execution.guidelineId),
    ...(noSlotsText ? { noSlotsText } : {}),
  };
}

/** Hands the eligibility booking to the booking screen; answers the path to go to, or undefined when there is nothing to book. */
export function startEligibilityBooking(state: TriageFlowState, settings: AllSettings): string | undefined {
  const request = eligibilityBookingRequest(state, settings);
  return request ? startBooking(request) : undefined;
}
