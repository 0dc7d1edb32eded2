// What every ending screen needs: the finished journey, its ending by tier (common/endings.ts),
// and the way on to the practice when the patient asks for it.
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { endingFor, type Ending, type EndingScreen } from '../../../../common';
import { useSettings } from '../../../settings/useSettings';
import { triageFlow, type TriageFlowState } from '../../guideline/journey';
import { BOOK_APPOINTMENT_PATH, URGENT, routeAfterTriage, routeInputsOf } from '../../guideline/routeAfterTriage';
import { pathwayKind } from '../../guideline/pathwayKind';
import { useFinishedTriage } from '../../guideline/useJourneyBounce';
import { handOverToBooking } from '../bookingHandover';
import { triageResultsTarget } from '../triageResults';

export interface EndingPage {
  flow: TriageFlowState;
  ending: Ending;
}

/**
 * The journey when its ending is `screen`; otherwise where the patient belongs instead (the search
 * while the questionnaire is unfinished, or the screen the answers lead to), as `redirect`.
 */
export function useEnding(screen: EndingScreen): EndingPage | { redirect: string } {
  const flow = useFinishedTriage();
  const { settings } = useSettings();
  if (!flow?.execution) return { redirect: '/triage' };
  const ending = endingFor({ kind: pathwayKind(flow.selection), recommendations: flow.execution.recommendations });
  if (!ending || ending.screen !== screen) return { redirect: triageResultsTarget(flow, settings) };
  return { flow, ending };
}

/** Where "ask the practice" leads, and a callback that goes there (booking when slots are offered, else the send). */
export function useOnToPractice(): { target: (flow: TriageFlowState) => string; offersSlots: (flow: TriageFlowState) => boolean; go: () => Promise<void> } {
  const { settings } = useSettings();
  const navigate = useNavigate();
  const target = useCallback(
    (flow: TriageFlowState) => {
      const execution = flow.execution;
      if (!execution) return '/triage';
      return routeAfterTriage({ ...routeInputsOf(flow, settings, execution.recommendations), pastEnding: true });
    },
    [settings],
  );
  // Whether the patient will be offered slots once past the own-words page (the booking screen, not the send).
  const offersSlots = useCallback(
    (flow: TriageFlowState) =>
      flow.execution !== undefined &&
      routeAfterTriage({ ...routeInputsOf(flow, settings, flow.execution.recommendations), pastEnding: true, afterPatientContext: true }) ===
        BOOK_APPOINTMENT_PATH,
    [settings],
  );
  const go = useCallback(async () => {
    triageFlow.set({ pastEnding: true });
    const state = triageFlow.get();
    const next = target(state);
    if (next === BOOK_APPOINTMENT_PATH) await navigate(handOverToBooking(state, settings) ?? '/triage/complete');
    else if (next !== URGENT) await navigate(next);
  }, [navigate, settings, target]);
  return { target, offersSlots, go };
}
