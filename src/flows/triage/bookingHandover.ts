import type { SymptomAssessmentBooking } from '../bookingRequest';
import { startBooking } from '../bookingRequest';
import { readEntryParams } from '../../session/entryParams';
import type { AllSettings } from '../../settings/types';
import { startEligibilityBooking } from '../guideline/eligibilityFlow';
import { withSafety } from '../guideline/safety';
import { proxyOn, type TriageFlowState } from '../guideline/journey';
import { buildConsultation } from '../guideline/consultationBody';
import { slotWindowOf } from '../guideline/routeAfterTriage';
import { isEligibilityPathway, pathwayKind } from '../guideline/pathwayKind';
import { outcomeWords, topReferral, topTier } from '../../../common';

/** The booking screen's words when an urgent-today result finds no slot left today. */
const URGENT_NO_SLOTS_TODAY =
  'There are no appointments left today that you can book online. Send your request and the practice will call you back today. If it cannot call you back today, call 111.';

/**
 * The 'symptom-assessment' booking request of a finished medical pathway (docs/architecture.md
 * "Booking request"): the triage request as POST /triage/patient/consultation takes it, with the
 * safety answers and an emergency override reason when the patient went through the safety
 * branch, so a booked slot (or "Send request" without one) carries them.
 */
export function medicalBookingRequest(state: TriageFlowState, settings: AllSettings, now = new Date()): SymptomAssessmentBooking {
  const execution = state.execution;
  if (!execution) throw new Error('The questionnaire is not finished');
  const built = withSafety(buildConsultation({ state, settings, channel: readEntryParams().channel, now }), pathwayKind(state.selection), state.safety);
  const referralId = topReferral(execution.recommendations)?.referralId;
  const tier = topTier(execution.recommendations);
  // An urgent-today result is offered today's slots only; with none left the patient sends the
  // request for a call back today (111 if the practice cannot call back today).
  const today = slotWindowOf(state) === 'TODAY';
  return {
    ...(today ? { slotWindow: 'TODAY' as const, noSlotsText: URGENT_NO_SLOTS_TODAY } : {}),
    mode: 'symptom-assessment',
    triageRequest: built.triageRequest,
    ...(referralId ? { referralId } : {}),
    guidelineId: execution.guidelineId,
    aiLed: state.aiLed === true,
    guidelineFinishedOn: built.context.guidelineFinishedOn,
    sentPath: '/triage/thank-you',
    // The tier picks the thank-you page's reply time, as it picks the email's (src/replyTimes.ts).
    sent: {
      executionId: execution.identifier,
      useProxy: state.useProxy ?? proxyOn(settings),
      words: outcomeWords(execution.recommendations),
      ...(tier ? { tier } : {}),
    },
  };
}

/**
 * Hands a finished pathway to the booking screen and answers the path to navigate to: an
 * eligibility pathway as an eligibility booking, any other as a symptom-assessment booking.
 * Undefined when an eligibility pathway has nothing to book.
 */
export function handOverToBooking(state: TriageFlowState, settings: AllSettings): string | undefined {
  if (isEligibilityPathway(state.selection)) return startEligibilityBooking(state, settings);
  return startBooking(medicalBookingRequest(state, settings));
}
