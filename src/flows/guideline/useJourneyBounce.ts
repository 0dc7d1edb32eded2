import { useState } from 'react';
import { useFlowState } from '../flowState';
import { bouncesAfterSafetyCheck } from './safety';
import { triageFinished, triageFlow, type TriageFlowState } from './journey';

/**
 * Pages after the questionnaire: the flow when triage is finished, else undefined (the page sends
 * the patient to /triage). Once the safety check was reached, only a valid override reason lets
 * the patient on (the safety screens use `useSafetyFlow` instead).
 */
export function useFinishedTriage(): TriageFlowState | undefined {
  const flow = useFlowState(triageFlow);
  return useLastWhile(flow, triageFinished(flow) && !bouncesAfterSafetyCheck(flow.safety));
}

/**
 * The flow while `ok`; once it has been ok on this page, its last good value after that. A page
 * clears the flow as the patient leaves it (sent, cancelled), and React Router keeps the old page
 * on screen until the next one has loaded: without this, the emptied flow would bounce the
 * patient to the search instead of where they were going.
 */
export function useLastWhile<T>(value: T, ok: boolean): T | undefined {
  // Kept in state, updated during render when it changes (React's "storing information from
  // previous renders" pattern): no ref read or written while rendering.
  const [last, setLast] = useState<T | undefined>(ok ? value : undefined);
  if (ok && last !== value) setLast(value);
  return ok ? value : last;
}
