import { useFlowStore } from '../sessionFlowStore';
import { triageFinished, triageFlow, type TriageFlowState } from './triageFlow';

/** Pages after the questionnaire: the flow when triage is finished, else undefined (the page sends the patient to /triage). */
export function useFinishedTriage(): TriageFlowState | undefined {
  const flow = useFlowStore(triageFlow);
  return triageFinished(flow) ? flow : undefined;
}
