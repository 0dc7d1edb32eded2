import { useCallback } from 'react';
import { mutate } from 'swr';
import { SETTINGS_PATHS, fetchSettingsSet } from '../../../api/settings';
import { isServiceOff, useServiceOverride, useServiceStatus } from '../../../settings/serviceStatus';
import type { AllSettings } from '../../../settings/types';
import { useFlowState } from '../../flowState';
import { isEmergencyResult } from '../../../../common';
import { triageFinished, triageFlow, type TriageFlowState } from '../../guideline/journey';
import type { SafetyState } from '../../guideline/safety';

/**
 * The safety screens' flow: the finished questionnaire when its result is urgent, else
 * undefined (the screen sends the patient back to the start).
 */
export function useSafetyFlow(): TriageFlowState | undefined {
  const flow = useFlowState(triageFlow);
  if (!triageFinished(flow) || !flow.execution || !isEmergencyResult(flow.execution.recommendations)) return undefined;
  return flow;
}

export function setSafety(update: (current: SafetyState) => SafetyState): void {
  triageFlow.set((s) => ({ ...s, safety: update(s.safety ?? { reachedEmergencyQuestions: false, answers: {} }) }));
}

/**
 * Asks the practice whether the medical service is open now (the settings loaded at start may
 * be stale: the practice can close it while the patient answers). A failed call keeps what the
 * app already knows. When closed, the app remembers it for every screen.
 */
export function useMedicalServiceCheck(): () => Promise<boolean> {
  const { medicalOff } = useServiceStatus();
  const { setServiceOff } = useServiceOverride();
  return useCallback(async () => {
    let off = medicalOff;
    try {
      const fresh = (await fetchSettingsSet(SETTINGS_PATHS.operationalState)) as AllSettings['operationalState'];
      off = isServiceOff(fresh.medical);
      void mutate(SETTINGS_PATHS.operationalState, fresh, { revalidate: false });
    } catch {
      // Keep the known state: the send itself is refused with a 412 if the service is closed.
    }
    if (off) setServiceOff('medical');
    return off;
  }, [medicalOff, setServiceOff]);
}
