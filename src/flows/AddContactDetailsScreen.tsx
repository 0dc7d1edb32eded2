import { BackLink } from '../components/BackLink';
import { ProblemSummary } from '../components/ProblemSummary';
import { SEND_FAILED_MESSAGE } from '../errors/messages';
import type { AssociatedRequestType } from '../../generated/types/api/associated-request-type';

/** The associated request that tells the practice the patient declined to add an email (admin and medical requests). */
export const PATIENT_REFUSED_UPDATE_CONTACT = 'PATIENT_REFUSED_UPDATE_CONTACT' as const satisfies AssociatedRequestType;

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
