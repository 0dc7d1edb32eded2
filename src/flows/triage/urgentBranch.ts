import type { NavigateFunction } from 'react-router-dom';

/** Where urgent results go until the safety-netting screens land. */
export const URGENT_BRANCH_FALLBACK = '/triage/emergency-signpost?variant=triage';

/**
 * THE entry point of the urgent branch: the engine's top recommendation is an A&E or emergency
 * referral (`isEmergencyResult`). The safety-netting work (safety check, urgent care outcome,
 * A&E confirmation, override) plugs in here; until then the patient sees the emergency signpost,
 * which warns that the practice will not receive their answers. The triage flow state is kept
 * (finishedTriage set, execution COMPLETED, not finished) so those screens can carry on from it.
 */
export function goToUrgentBranch(navigate: NavigateFunction): void {
  void navigate(URGENT_BRANCH_FALLBACK, { replace: true });
}
