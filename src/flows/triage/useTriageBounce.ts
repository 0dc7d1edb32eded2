import { useFlowStore } from '../sessionFlowStore';
import { bouncesAfterSafetyCheck } from './safety/safety';
import { triageFinished, triageFlow, type TriageFlowState } from './triageFlow';

/**
 * Pages after the questionnaire: the flow when triage is finished, else undefined (the page sends
 * the patient to /triage). Once the safety check was reached, only a valid override reason lets
 * the patient on (the safety screens use `useSafetyFlow` instead).
 */
export function useFinishedTriage(): TriageFlowState | undefined {
  const flow = useFlowStore(triageFlow);
  return triageFinished(flow) && !bouncesAfterSafetyCheck(flow.safety) ? flow : undefined;
}
