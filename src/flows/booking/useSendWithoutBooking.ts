// Sends a finished medical request without an appointment (the consultation call): from the
// no-slots screen ("Send request") and from the booking screen ("None of these times suit me —
// send my request"). One Idempotency-Key per request (a retry is the same request); on success
// the medical flow is cleared and the thank-you page shown.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { sendWithoutAppointment } from '../../api/appointments';
import { newIdempotencyKey } from '../../api/send';
import { useNotifications } from '../../errors/ErrorNotifications';
import { clearTriageFlow, triageFlow } from '../guideline/journey';
import { bookingFlow, clearBooking, type SymptomAssessmentBooking } from '../bookingRequest';
import { replyLine } from '../requestReceipt';
import { shortReference } from '../../../common/index';

export function useSendWithoutBooking(medical: SymptomAssessmentBooking | undefined) {
  const navigate = useNavigate();
  const { handleError } = useNotifications();
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);

  /** `presented`: times were on screen and none suited (else there were none). */
  const send = async (presented: boolean) => {
    if (!medical || sending) return;
    let key = bookingFlow.get().sendKey;
    if (!key) {
      key = newIdempotencyKey();
      bookingFlow.set({ sendKey: key });
    }
    setSending(true);
    setFailed(false);
    try {
      const answer = await sendWithoutAppointment(medical.triageRequest, medical.guidelineFinishedOn, key, presented);
      clearBooking();
      if (medical.sent) {
        // The request is with the practice: forget the answers, keep only what the thank-you page
        // reads — with the reference it is stored under, as a request sent without the booking
        // screen shows it (the patient quotes it when they call).
        clearTriageFlow();
        triageFlow.set({
          sent: {
            ...medical.sent,
            triageRequestType: medical.triageRequest.triageRequestType,
            receipt: {
              reference: shortReference(answer.id),
              receivedAt: answer.receivedAt,
              what: medical.triageRequest.consultation?.conditionLabel ?? 'Medical request',
              reply: replyLine(medical.triageRequest.patient),
            },
          },
        });
      }
      void navigate(medical.sentPath ?? '/triage/thank-you');
    } catch (error) {
      setSending(false);
      // A closed service still goes to its screen; anything else keeps the request to send again.
      if (error instanceof ApiError && (error.status === 412 || error.status === 401)) {
        handleError(error, { flow: 'medical' });
        return;
      }
      setFailed(true);
    }
  };
  return { send, sending, failed };
}
