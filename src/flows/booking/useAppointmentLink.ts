import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { fetchActionRequest, type PatientActionRequest } from '../../api/appointments';
import { useNotifications } from '../../errors/ErrorNotifications';
import { bookingErrorOutcome } from './bookingErrors';

/**
 * Fetching the appointment of an APPOINTMENT_CONFIRMED link, once when the page opens and again
 * on `load` (Try again, after a cancel). A link the practice no longer honours is its signpost.
 */
export function useAppointmentLink(lid: string) {
  const navigate = useNavigate();
  const { notify, handleError } = useNotifications();
  const [answer, setAnswer] = useState<PatientActionRequest | undefined>();
  const [busy, setBusy] = useState<'loading' | 'cancelling' | undefined>('loading');
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    setBusy('loading');
    setFailed(false);
    try {
      setAnswer(await fetchActionRequest('APPOINTMENT_CONFIRMED', lid));
    } catch (error) {
      const outcome = bookingErrorOutcome(error, 'link');
      if (outcome.kind === 'signpost') {
        void navigate(outcome.to, { replace: true });
        return;
      }
      if (outcome.kind === 'popup') notify(outcome);
      else handleError(error);
      setFailed(true);
    } finally {
      setBusy(undefined);
    }
  }, [handleError, lid, navigate, notify]);

  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void load();
  }, [load]);

  return { answer, setAnswer, busy, setBusy, failed, load };
}
