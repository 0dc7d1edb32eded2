import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { endJourney } from './emergencyCheck';

/**
 * Leaves a flow (Cancel) and only then forgets its answers. Clearing first would re-render the
 * page still on screen without its state, and its guard ("no patient yet → patient details")
 * would send the patient back into the flow instead of out of it.
 */
export function useLeaveFlow(): (to: string, clear: () => void) => void {
  const navigate = useNavigate();
  return useCallback(
    (to: string, clear: () => void) => {
      void Promise.resolve(navigate(to, { flushSync: true })).then(() => {
        clear();
        endJourney();
      });
    },
    [navigate],
  );
}
