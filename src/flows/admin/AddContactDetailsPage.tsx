import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useConfirmedLeave } from '../leaveFlow';
import { useLeaveGuard } from '../../shell/useLeaveGuard';
import { useFlowState } from '../flowState';
import { adminFlow, clearAdminFlow } from './adminFlow';
import { AddContactDetailsScreen, PATIENT_REFUSED_UPDATE_CONTACT } from '../AddContactDetailsScreen';
import { sendAdminRequest } from '../../api/index';
import { useAdminSender } from './useAdminSender';
import { isConnectionFailure } from '../../errors/mapError';

/**
 * /add-contact-details (README "Admin requests"): the patient has no email, so
 * before sending they may add one, or send the request only — which tells the practice they
 * declined (associated PATIENT_REFUSED_UPDATE_CONTACT request).
 */
export default function AddContactDetailsPage() {
  const flow = useFlowState(adminFlow);
  const navigate = useNavigate();
  const send = useAdminSender();
  // Cancel asks before the answers go (one dialog for every step: leaveFlow.ts).
  const leave = useConfirmedLeave();
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const pending = flow.pending;
  useLeaveGuard(pending !== undefined);
  const attempt = flow.attempt;
  if (!pending || !attempt) return <Navigate to="/" replace />;

  async function sendOnly() {
    if (!pending || !attempt || sending) return;
    setSending(true);
    setFailed(false);
    try {
      const body = {
        ...pending,
        associatedRequest: { formType: PATIENT_REFUSED_UPDATE_CONTACT, triageRequestType: PATIENT_REFUSED_UPDATE_CONTACT },
      };
      await send(attempt, (key) => sendAdminRequest(body, key));
    } catch (error) {
      // "Check your connection" only when no answer came back: any other answer has its popup (useAdminSender).
      setFailed(isConnectionFailure(error));
      setSending(false);
    }
  }

  return (
    <AddContactDetailsScreen
      failed={failed}
      sending={sending}
      backTo="/admin-request"
      onAddEmail={() => void navigate('/change-of-contact-details')}
      onSendOnly={() => void sendOnly()}
      onCancel={() => leave('/', clearAdminFlow)}
    />
  );
}
