import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { BackLink } from '../../components/BackLink';
import { ProblemSummary } from '../../components/ProblemSummary';
import { useConfirmedLeave } from '../leaveFlow';
import { useLeaveGuard } from '../../shell/useLeaveGuard';
import { useFlowStore } from '../sessionFlowStore';
import { SEND_FAILED_MESSAGE, adminFlow, clearAdminFlow } from './adminFlow';
import type { AssociatedRequestType } from '../../../generated/types/api/associated-request-type';
import { sendAdminRequest } from '../../api/index';
import { useAdminSender } from './useAdminSender';
import { isConnectionFailure } from '../../errors/mapError';

export const PATIENT_REFUSED_UPDATE_CONTACT = 'PATIENT_REFUSED_UPDATE_CONTACT' as const satisfies AssociatedRequestType;

/**
 * /add-contact-details (README "Admin requests"): the patient has no email, so
 * before sending they may add one, or send the request only — which tells the practice they
 * declined (associated PATIENT_REFUSED_UPDATE_CONTACT request).
 */
export default function AddContactDetailsPage() {
  const flow = useFlowStore(adminFlow);
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

export interface AddContactDetailsScreenProps {
  failed: boolean;
  sending: boolean;
  /** Where the Back link goes when there is no history entry to go back to. */
  backTo: string;
  onAddEmail: () => void;
  onSendOnly: () => void;
  onCancel: () => void;
}

/** The "Before we send your request" screen, shared by the admin and the medical request flows. */
export function AddContactDetailsScreen({ failed, sending, backTo, onAddEmail, onSendOnly, onCancel }: AddContactDetailsScreenProps) {
  return (
    <>
      <BackLink fallback={backTo} />
      <h1>Before we send your request</h1>
      {failed ? <ProblemSummary message={SEND_FAILED_MESSAGE} /> : null}
      <p>We do not have an email address for you. With one, the practice can reply to you by email and send you updates about your request.</p>
      <div className="nhsuk-button-group">
        <button type="button" className="nhsuk-button" onClick={onAddEmail}>
          Add email and send request
        </button>
        <button type="button" className="nhsuk-button nhsuk-button--secondary" disabled={sending} aria-disabled={sending || undefined} onClick={onSendOnly}>
          {sending ? 'Sending…' : 'Send request only'}
        </button>
      </div>
      <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={onCancel}>
        Cancel
      </button>
    </>
  );
}
