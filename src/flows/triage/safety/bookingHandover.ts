import { readEntryParams } from '../../../session/entryParams';
import type { AllSettings } from '../../../settings/types';
import { createFlowStore } from '../../sessionFlowStore';
import { topReferral } from '../classifyRequest';
import { buildConsultation, type TriageFlowState } from '../triageFlow';
import { withSafety } from './safety';

/**
 * The booking screen's request (sessionStorage `flow:booking`, the "symptom-assessment" booking
 * request of src/flows/booking/bookingRequest.ts): the triage request with the override reason,
 * so a booked slot carries it. Once the booking module is in this tree, `startBooking` from it
 * does the same.
 */
const bookingStore = createFlowStore<{ request?: unknown; keys: Record<string, string>; filters: { sites: string[]; holders: string[] } }>('flow:booking', () => ({
  keys: {},
  filters: { sites: [], holders: [] },
}));

export function bookingHandover(state: TriageFlowState, settings: AllSettings): void {
  const execution = state.execution;
  if (!execution) throw new Error('The questionnaire is not finished');
  const built = withSafety(buildConsultation({ state, settings, channel: readEntryParams().channel, now: new Date() }), execution.guidelineId, state.safety);
  bookingStore.clear();
  bookingStore.set({
    request: {
      mode: 'symptom-assessment',
      triageRequest: built.triageRequest,
      referralId: topReferral(execution.recommendations)?.referralId,
      guidelineId: execution.guidelineId,
      aiLed: state.aiLed === true,
      guidelineFinishedOn: built.context.guidelineFinishedOn,
      sentPath: '/triage/thank-you',
    },
  });
}
