import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { sendAdminRequest } from '../../api/index';
import { useApiCall } from '../../errors/ErrorNotifications';
import type { SubmissionResponse } from '../../../generated/types/api/submission-response';
import { enabledForms, type SendAttempt } from './adminFlow';
import { adminReceipt, makeReceipt } from './receipt';
import { useSettings } from '../../settings/useSettings';

/** Sends one attempt with its Idempotency-Key; the default is the admin request itself. */
export type AttemptSender = (idempotencyKey: string) => Promise<SubmissionResponse>;

/**
 * Sends an admin request (or, with `request`, the combined request that carries it) once: the
 * attempt's Idempotency-Key makes a retry, or a second click that slipped through, one stored
 * request. On success the patient goes to the confirmation page, which forgets the flow. On
 * failure the error is re-thrown so the form keeps every answer and Send can be pressed again;
 * answers from the practice's API (400, 401, 412…) also go through the app's error
 * notifications (`useApiCall`), while a lost connection gets only the form's own
 * "There was a problem…" message. With `formFields` (the form's own fields), a validation
 * answer naming them is left to the form, which shows it on those fields.
 */
export function useAdminSender() {
  const navigate = useNavigate();
  const call = useApiCall();
  const { settings } = useSettings();
  return useCallback(
    async (attempt: SendAttempt, request: AttemptSender = (key) => sendAdminRequest(attempt.body, key), formFields?: readonly string[]) => {
      const answer = await call(() => request(attempt.key), { flow: 'admin', handleErrors: 'answers', ...(formFields ? { formFields } : {}) });
      // The receipt (reference, how they will reply, what was sent) is what the confirmation shows.
      const label = enabledForms(settings).find((f) => f.type === attempt.body.formType)?.label ?? 'Admin request';
      adminReceipt.set({ receipt: await makeReceipt(answer, attempt.body, label) });
      // The complete page forgets the flow once it is shown: clearing it here, while the form
      // is still on screen, would send the patient back to the details step.
      await navigate('/admin-request/complete', { replace: true });
    },
    [call, navigate, settings],
  );
}
