import type { AllSettings } from '../../settings/types';
import { handOverToBooking } from './bookingHandover';
import { urgentEntry } from '../guideline/safety';
import { pathwayKind } from '../guideline/pathwayKind';
import { TRIAGE_START, type TriageFlowState } from '../guideline/journey';
import { BOOK_APPOINTMENT_PATH, URGENT, routeAfterTriage, routeInputsOf } from '../guideline/routeAfterTriage';

/**
 * /triage/results (the route list's "Results"): the outcome of the finished questionnaire, i.e.
 * the screen the patient's answers lead to, as after the last section (`routeAfterTriage`): the
 * safety branch for an urgent result, the eligibility outcomes, patient context, the booking
 * screen, triage complete or add contact details. With no finished questionnaire in this tab it
 * bounces to the start, as every triage page does. Patient context already given is not asked again.
 */
export function triageResultsTarget(state: TriageFlowState | undefined, settings: AllSettings): string {
  const execution = state?.execution;
  if (!state || !execution || state.finishedTriage !== true) return TRIAGE_START;
  const next = routeAfterTriage(routeInputsOf(state, settings, execution.recommendations));
  if (next === URGENT) return urgentEntry(pathwayKind(state.selection));
  if (next === BOOK_APPOINTMENT_PATH) return handOverToBooking(state, settings) ?? '/eligibility/something-went-wrong';
  return next;
}
