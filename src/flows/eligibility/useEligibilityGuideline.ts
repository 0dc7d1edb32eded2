// Loading an eligibility pathway's summary and, for pathways that check for appointments, whether
// the practice has sessions for the expected referral. "Try again" after a failure loads it anew.
import { useEffect, useState } from 'react';
import { getAppointmentSessions } from '../../api/appointments';
import { getGuideline, type GuidelineSummary } from '../../api/engine';
import { errorMessage, type EngineErrorState } from '../guideline/EngineErrorPanel';

/** Availability: 'none' only when the practice answered `hasAvailableAppointments: false`; 'unknown' when it could not say. */
export type Availability = 'unknown' | 'some' | 'none';

export function availabilityOf(answer: unknown): Availability {
  const has = answer && typeof answer === 'object' ? (answer as { hasAvailableAppointments?: unknown }).hasAvailableAppointments : undefined;
  if (typeof has !== 'boolean') return 'unknown';
  return has ? 'some' : 'none';
}

export function useEligibilityGuideline(guidelineId: string, useProxy: boolean, valid: boolean) {
  const [guideline, setGuideline] = useState<GuidelineSummary>();
  const [availability, setAvailability] = useState<Availability>('unknown');
  const [failure, setFailure] = useState<EngineErrorState>();
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!valid) return;
    let live = true;
    getGuideline(guidelineId, useProxy).then(
      async (summary) => {
        if (!live) return;
        setGuideline(summary);
        if (!summary.checkForAppointments || !summary.expectedAppointmentReferral) return;
        const answer = await getAppointmentSessions(summary.expectedAppointmentReferral, guidelineId).catch(() => undefined);
        if (live) setAvailability(availabilityOf(answer));
      },
      (error: unknown) => {
        if (live) setFailure({ title: 'Unable to prepare information', message: errorMessage(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [guidelineId, useProxy, valid, attempt]);

  const retry = () => {
    setFailure(undefined);
    setAttempt((n) => n + 1);
  };
  return { guideline, availability, failure, retry };
}
