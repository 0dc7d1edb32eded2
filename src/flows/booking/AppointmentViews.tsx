import { Link } from 'react-router-dom';
import type { PatientActionRequest } from '../../api/appointments';
import { Modal } from '../../components/Modal';
import { CallThePractice } from '../../components/PracticePhone';
import { usePageTitle } from '../../shell/usePageTitle';
import { AppointmentSummary } from './AppointmentSummary';
import type { AppointmentInWords } from './appointmentWords';
import { changeRefusal, detailsPath, type ChangeAction, type DetailsProblem } from './appointmentChange';
import { LINK_STATE_TITLES } from './messages';

// The screens of an appointment's link (/appointment/details), drawn from what the link's page knows.

function Title({ name }: { name: string }) {
  usePageTitle(name);
  return null;
}

/** A refused cancel or change: the product's title and message as the page, the practice's number, and the way back. */
export function ProblemView({ lid, problem }: { lid: string; problem: DetailsProblem }) {
  return (
    <>
      <Title name={problem.title} />
      <h1>{problem.title}</h1>
      <p>{problem.message}</p>
      <p>
        <CallThePractice label="Practice phone number" />
      </p>
      <p>
        <Link to={detailsPath(lid)}>Back to your appointment</Link>
      </p>
    </>
  );
}

/** The link's appointment could not be read: Try again when the call failed. */
export function NotLoadedView({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  return (
    <>
      <Title name="Your appointment" />
      <h1>Your appointment</h1>
      <p>We could not load your appointment.</p>
      {failed ? (
        <button type="button" className="nhsuk-button" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </>
  );
}

/** The appointment is cancelled, past or the link expired: what that means, the appointment, and the practice's number. */
export function LinkStateView({ stateTitle, words }: { stateTitle: string; words: AppointmentInWords | undefined }) {
  return (
    <>
      <Title name={stateTitle} />
      <h1>{stateTitle}</h1>
      {stateTitle === LINK_STATE_TITLES.CANCELLED ? <p>This appointment has been cancelled.</p> : null}
      {stateTitle === LINK_STATE_TITLES.PAST_START ? <p>The time of this appointment has passed, so it can no longer be changed or cancelled online.</p> : null}
      {stateTitle === LINK_STATE_TITLES.EXPIRED ? <p>This link can no longer be used to change or cancel the appointment.</p> : null}
      {words ? (
        <>
          <h2 className="nhsuk-heading-m">Appointment details</h2>
          <AppointmentSummary words={words} />
        </>
      ) : null}
      <p>
        <CallThePractice before="If you need an appointment or help, please contact the practice" />
      </p>
    </>
  );
}

export function NoBookingView() {
  return (
    <>
      <Title name="Your appointment" />
      <h1>Your appointment</h1>
      <p>
        <CallThePractice before="There is no appointment booked with this link. If you need an appointment, please contact the practice" />
      </p>
    </>
  );
}

interface AppointmentViewProps {
  answer: PatientActionRequest;
  words: AppointmentInWords;
  onAsk: (action: ChangeAction) => void;
  confirming: boolean;
  onCancel: () => void;
  onKeep: () => void;
}

/** The appointment with Reschedule and "Cancel it", or why it cannot be changed online. */
export function AppointmentView({ answer, words, onAsk, confirming, onCancel, onKeep }: AppointmentViewProps) {
  const refusal = changeRefusal(answer);
  return (
    <>
      <Title name="Your appointment" />
      <h1>Your appointment</h1>
      <AppointmentSummary words={words} />
      {refusal ? (
        // Not changeable online: no Reschedule or Cancel to try, and the reason, with the practice's number.
        <div className="nhsuk-inset-text" data-testid="change-refusal">
          <span className="nhsuk-u-visually-hidden">Information: </span>
          <h2 className="nhsuk-heading-s">{refusal.title}</h2>
          <p>{refusal.message}</p>
          <p>
            <CallThePractice label="Practice phone number" />
          </p>
        </div>
      ) : null}
      {!refusal && answer.changeDeadline ? <p>You can change or cancel this appointment online until 1 hour before it starts.</p> : null}
      {refusal ? null : (
        <div className="nhsuk-button-group">
          {/* The product's terse labels, word for word; a screen reader listing the buttons hears which appointment. */}
          <button type="button" className="nhsuk-button" onClick={() => onAsk('reschedule')}>
            Reschedule<span className="nhsuk-u-visually-hidden">{` your appointment on ${words.date}, ${words.time}`}</span>
          </button>
          <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={() => onAsk('cancel')}>
            Cancel it<span className="nhsuk-u-visually-hidden">{`: your appointment on ${words.date}, ${words.time}`}</span>
          </button>
        </div>
      )}
      <Modal
        open={confirming}
        title="Cancel this appointment?"
        onClose={onKeep}
        actions={[
          { label: 'Yes, cancel it', onClick: onCancel },
          {
            label: 'No, keep it',
            secondary: true,
            onClick: onKeep,
          },
        ]}
      >
        <p>
          {words.date} at {words.time}, {words.place[0]}.
        </p>
        <p>The time will be offered to other patients.</p>
      </Modal>
    </>
  );
}
