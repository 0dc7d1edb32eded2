import { Modal } from '../../components/Modal';
import { PostcodeNotFoundModal, type PostcodeQuestion } from '../../postcode/usePostcodeCheck';
import type { PendingQuestion } from '../usePatientDetailsFlow';
import { STATUS_MODALS, modalText } from '../validationOutcome';

interface PatientDetailsModalsProps {
  postcodeQuestion: PostcodeQuestion;
  pending: PendingQuestion;
  practicePhone?: string;
  onContinueWithoutEmail: () => void;
  onDismiss: () => void;
}

/** Every question the patient-details step asks in a modal: postcode not found, no email, and one per failing record-check status. */
export function PatientDetailsModals({ postcodeQuestion, pending, practicePhone, onContinueWithoutEmail, onDismiss }: PatientDetailsModalsProps) {
  return (
    <>
      <PostcodeNotFoundModal {...postcodeQuestion} />
      <Modal
        open={pending?.kind === 'noEmail'}
        title="No email address given"
        onClose={onDismiss}
        actions={[
          { label: 'Continue', onClick: onContinueWithoutEmail },
          { label: 'Add an email address', secondary: true, onClick: onDismiss },
        ]}
      >
        <p>We will use the email address we have on record for you.</p>
      </Modal>
      {pending?.kind === 'status' && pending.answer.status !== 'VALIDATED' ? (
        <Modal open title={STATUS_MODALS[pending.answer.status].title} onClose={onDismiss}>
          {STATUS_MODALS[pending.answer.status].body.map((text) => (
            <p key={text}>{modalText(text, practicePhone)}</p>
          ))}
        </Modal>
      ) : null}
    </>
  );
}
