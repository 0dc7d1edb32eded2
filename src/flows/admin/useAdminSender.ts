import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { postJson } from '../../api/send';
import { useNotifications } from '../../errors/ErrorNotifications';
import type { SendAttempt } from './adminFlow';

export const ADMIN_REQUEST_URL = '/api/v1/triage/patient/admin/request';
export const UNVERIFIED_REQUESTS_URL = '/api/v1/triage/patient/unverified/requests';

/**
 * Sends an admin request once: the attempt's Idempotency-Key makes a retry (or a second
 * click that slipped through) one stored request. On success the flow is cleared and the
 * patient sees the confirmation (which clears the flow); on failure the error is re-thrown so the form keeps every
 * answer and Send can be pressed again. Answers from the practice's API (400, 401, 412…)
 * also go through the app's error notifications; a lost connection only gets the form's
 * own "There was a problem…" message.
 */
export function useAdminSender() {
  const navigate = useNavigate();
  const { handleError } = useNotifications();
  return useCallback(
    async (attempt: SendAttempt, url: string = ADMIN_REQUEST_URL, body: unknown = attempt.body) => {
      try {
        await postJson(url, body, attempt.key);
      } catch (error) {
        if (error instanceof ApiError) handleError(error, { flow: 'admin' });
        throw error;
      }
      // The complete page forgets the flow once it is shown: clearing it here, while the form
      // is still on screen, would send the patient back to the details step.
      await navigate('/admin-request/complete', { replace: true });
    },
    [handleError, navigate],
  );
}
