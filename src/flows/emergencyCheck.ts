import { createFlowState } from './flowState';

/**
 * Whether the patient has passed the emergency symptoms screen in this journey (README "The
 * patient app"). Medical, admin and self-help journeys must pass it first, once per journey: a
 * route marked `emergencyCheck` in the route table sends a patient who has not to the screen,
 * with the page they asked for as `next`, however they arrived (home card or deep link). Kept
 * in sessionStorage with the flows, so a reload does not ask again; cleared when the journey
 * ends (sent, cancelled, logout).
 */
export const emergencyCheck = createFlowState<{ passed: boolean }>('journey:emergency-check', () => ({ passed: false }));

export function passEmergencyCheck(): void {
  emergencyCheck.set({ passed: true });
}

export function endJourney(): void {
  emergencyCheck.clear();
}

/** The emergency screen's address that comes back to `target` after "I have none of these". */
export function emergencyCheckPath(target: string): string {
  return `/emergency-symptoms?next=${encodeURIComponent(target)}`;
}
