import type { NavigateFunction } from 'react-router-dom';
import { urgentEntry } from '../guideline/safety';
import { triageFlow } from '../guideline/journey';
import { pathwayKind } from '../guideline/pathwayKind';

/**
 * THE entry point of the urgent branch: the engine's top recommendation is an A&E or emergency
 * referral (`isEmergencyResult`). The triage flow state is kept (finishedTriage set, execution
 * COMPLETED, not finished) and the safety check "Are you safe to wait for GP care?" carries on
 * from it (src/flows/triage/safety); the pathway kinds that skip it go to the emergency signpost.
 */
export function goToUrgentBranch(navigate: NavigateFunction): void {
  void navigate(urgentEntry(pathwayKind(triageFlow.get().selection)), { replace: true });
}
