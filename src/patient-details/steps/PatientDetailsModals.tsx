import { Modal } from '../../components/Modal';
import { PracticePhoneLink } from '../../components/PracticePhone';
import { PostcodeNotFoundModal, type PostcodeQuestion } from '../../postcode/usePostcodeCheck';
import { DETAILS_FIX_FIELD, EMAIL_FIX_FIELD, OUTCOME_NOTICE_ID, type Outcome, type PendingQuestion } from '../patientDetailsState';
import {
  ADD_EMAIL_ACTION,
  ADD_GIVEN_EMAIL_STATUSES,
  PHONE_REPLY_ACTION,
  SEND_WITH_EMAIL_ACTION,
  PHONE_REPLY_STATUSES,
  PRACTICE_PHONE_LINE,
  STATUS_MODALS,
  TRY_AGAIN_ACTION,
  TRY_AGAIN_STATUSES,
  modalText,
  type ValidationStatus,
} from '../validationOutcome';

interface PatientDetailsModalsProps {
  postcodeQuestion: PostcodeQuestion;
  pending: PendingQuestion;
  practicePhone?: string;
  onContinueWithoutEmail: () => void;
  /** No usable email anywhere: go on with a phone reply. */
  onReplyByPhone: () => void;
  /** An email given that the record lacks: go on with it, for the practice to add. */
  onSendWithGivenEmail: () => void;
  onDismiss: () => void;
  /** A "try later" status: the same check again. */
  onTryAgain: () => void;
  /** Where focus goes when a status modal closes (the modal outcome pattern). */
  focusAfter: () => HTMLElement | null;
}

/** A message with "{phone}" in it: the practice's number as a link a phone can dial (PracticePhoneLink), not plain text. */
function WithPhone({ text, practicePhone }: { text: string; practicePhone?: string }) {
  const at = text.indexOf('{phone}');
  if (at < 0 || !practicePhone) return <>{modalText(text, practicePhone)}</>;
  return (
    <>
      {text.slice(0, at)}
      <PracticePhoneLink phone={practicePhone} />
      {text.slice(at + '{phone}'.length)}
    </>
  );
}

/** The words of a record-check outcome: the product's message, and the practice's number when it says to call. */
function OutcomeText({ status, practicePhone }: { status: FailedStatus; practicePhone?: string }) {
  return (
    <>
      {STATUS_MODALS[status].body.map((text) => (
        <p key={text}>
          <WithPhone text={text} practicePhone={practicePhone} />
        </p>
      ))}
      {practicePhone &&
      STATUS_MODALS[status].body.every((text) => !text.includes('{phone}')) &&
      /call the practice|contact the practice/i.test(STATUS_MODALS[status].body.join(' ')) ? (
        <p>
          <WithPhone text={PRACTICE_PHONE_LINE} practicePhone={practicePhone} />
        </p>
      ) : null}
    </>
  );
}

type FailedStatus = Exclude<ValidationStatus, 'VALIDATED'>;

/**
 * After a record-check modal closes, its message stays on the page (focusable, so focus can be
 * put on it when there is nothing on the page to fix), with a link to what to fix when there is.
 */
export function OutcomeNotice({
  outcome,
  practicePhone,
  onReplyByPhone,
  onSendWithGivenEmail,
  onTryAgain,
}: {
  outcome: Outcome | undefined;
  practicePhone?: string;
  /** A "try later" status: the notice keeps the way to check again. */
  onTryAgain?: () => void;
  /** No usable email anywhere: the notice keeps the phone-reply way on. */
  onReplyByPhone?: () => void;
  /** An email given that the record lacks: the notice keeps that way on too. */
  onSendWithGivenEmail?: () => void;
}) {
  if (!outcome) return null;
  const fixId = outcome.fix === 'details' ? DETAILS_FIX_FIELD : outcome.fix === 'email' ? EMAIL_FIX_FIELD : undefined;
  return (
    <div className="nhsuk-error-summary" id={OUTCOME_NOTICE_ID} tabIndex={-1} aria-labelledby={`${OUTCOME_NOTICE_ID}-title`} role="alert">
      <h2 className="nhsuk-error-summary__title" id={`${OUTCOME_NOTICE_ID}-title`}>
        {STATUS_MODALS[outcome.status].title}
      </h2>
      <div className="nhsuk-error-summary__body">
        <OutcomeText status={outcome.status} practicePhone={practicePhone} />
        {fixId ? (
          <ul className="nhsuk-list nhsuk-error-summary__list">
            <li>
              <a
                href={`#${fixId}`}
                onClick={(event) => {
                  const target = document.getElementById(fixId);
                  if (target) {
                    event.preventDefault();
                    target.focus();
                  }
                }}
              >
                {outcome.fix === 'details' ? 'Check your details' : 'Enter an email address'}
              </a>
            </li>
          </ul>
        ) : null}
        {onSendWithGivenEmail && outcome.checked && ADD_GIVEN_EMAIL_STATUSES.includes(outcome.status) ? (
          <button type="button" className="nhsuk-button" onClick={onSendWithGivenEmail}>
            {SEND_WITH_EMAIL_ACTION}
          </button>
        ) : null}
        {onTryAgain && outcome.checked && TRY_AGAIN_STATUSES.includes(outcome.status) ? (
          <button type="button" className="nhsuk-button" onClick={onTryAgain}>
            {TRY_AGAIN_ACTION}
          </button>
        ) : null}
        {onReplyByPhone && outcome.checked && PHONE_REPLY_STATUSES.includes(outcome.status) ? (
          <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={onReplyByPhone}>
            {PHONE_REPLY_ACTION}
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** Every question the patient-details step asks in a modal: postcode not found, no email, and one per failing record-check status. */
export function PatientDetailsModals({
  postcodeQuestion,
  pending,
  practicePhone,
  onContinueWithoutEmail,
  onReplyByPhone,
  onSendWithGivenEmail,
  onDismiss,
  onTryAgain,
  focusAfter,
}: PatientDetailsModalsProps) {
  const status = pending?.kind === 'status' && pending.answer.status !== 'VALIDATED' ? pending.answer.status : undefined;
  const phoneReply = status !== undefined && PHONE_REPLY_STATUSES.includes(status);
  const replyPhone = pending?.kind === 'status' ? pending.patient.contactDetails?.preferredContact?.phoneNumber : undefined;
  const givenEmail = pending?.kind === 'status' ? pending.patient.contactDetails?.emailAddress : undefined;
  const withGivenEmail = status !== undefined && ADD_GIVEN_EMAIL_STATUSES.includes(status) && !!givenEmail;
  const tryAgain = status !== undefined && TRY_AGAIN_STATUSES.includes(status);
  return (
    <>
      <PostcodeNotFoundModal {...postcodeQuestion} />
      <Modal
        open={pending?.kind === 'noEmail'}
        title="No email address given"
        onClose={onDismiss}
        actions={[
          { label: 'Continue', onClick: onContinueWithoutEmail },
          {
            label: 'Add an email address',
            secondary: true,
            onClick: onDismiss,
          },
        ]}
      >
        <p>We will use the email address we have on record for you.</p>
      </Modal>
      {/* Kept mounted while closed, so closing it can return focus (Modal's returnFocusTo). */}
      <Modal
        open={status !== undefined}
        title={status ? STATUS_MODALS[status].title : ''}
        onClose={onDismiss}
        returnFocusTo={focusAfter}
        actions={
          withGivenEmail
            ? [
                { label: SEND_WITH_EMAIL_ACTION, onClick: onSendWithGivenEmail, safe: true },
                { label: PHONE_REPLY_ACTION, secondary: true, onClick: onReplyByPhone },
              ]
            : phoneReply
              ? [
                  { label: ADD_EMAIL_ACTION, onClick: onDismiss, safe: true },
                  { label: PHONE_REPLY_ACTION, secondary: true, onClick: onReplyByPhone },
                ]
              : tryAgain
                ? [
                    { label: TRY_AGAIN_ACTION, onClick: onTryAgain },
                    { label: 'Close', secondary: true, safe: true, onClick: onDismiss },
                  ]
                : undefined
        }
      >
        {status ? <OutcomeText status={status} practicePhone={practicePhone} /> : null}
        {withGivenEmail ? <p>{`The email address you gave: ${givenEmail}`}</p> : null}
        {phoneReply && replyPhone ? <p>{`If you ask the practice to phone you, they will call ${replyPhone}.`}</p> : null}
      </Modal>
    </>
  );
}
