import { useId, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { fetchActionRequest } from '../../api/appointments';
import { Loading, LOADING_MESSAGES } from '../../components/Loading';
import { useNotifications } from '../../errors/ErrorNotifications';
import { bookingErrorOutcome } from './bookingErrors';
import { startBooking } from './bookingRequest';
import { checkDateOfBirth, type DateParts } from './dateOfBirth';
import { DateBoxes, DEFAULT_STRINGS } from '../../../renderer/index';

/**
 * /self-booking?lid=…: the date-of-birth check of a self-booking invitation, then
 * book-appointment with sb (spec overview "Appointment details", rules 5.1 messages).
 */
export default function SelfBookingPage() {
  const [params] = useSearchParams();
  const lid = params.get('lid');
  if (!lid) return <Navigate to="/error?mid=PATIENT_ACTION_LINK_INVALID" replace />;
  return <SelfBooking lid={lid} />;
}

function SelfBooking({ lid }: { lid: string }) {
  const navigate = useNavigate();
  const { notify, handleError } = useNotifications();
  const id = useId();
  const [parts, setParts] = useState<DateParts>({ day: '', month: '', year: '' });
  const [error, setError] = useState<string | undefined>();
  const [mismatch, setMismatch] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  const fieldId = `${id}-dob`;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const checked = checkDateOfBirth(parts, new Date());
    setMismatch(undefined);
    if (!checked.ok) {
      setError(checked.message);
      requestAnimationFrame(() => summary.current?.focus());
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const answer = await fetchActionRequest('SELF_BOOKING_REQUEST', lid, { dateOfBirth: checked.date });
      if (!answer.consultationId) throw new Error('no consultation');
      void navigate(
        startBooking({ mode: 'self', linkUUID: lid, consultationId: answer.consultationId, dateOfBirth: checked.date, appointmentStatus: answer.appointmentStatus }),
      );
    } catch (err) {
      setBusy(false);
      const outcome = bookingErrorOutcome(err, 'link');
      if (outcome.kind === 'signpost') void navigate(outcome.to);
      else if (outcome.kind === 'popup') {
        if (outcome.title.startsWith("The details you have provided don't correspond")) {
          setMismatch(outcome.title);
          requestAnimationFrame(() => summary.current?.focus());
        } else notify(outcome);
      } else handleError(err);
    }
  };

  if (busy) return <Loading message={LOADING_MESSAGES.checkingAppointments} />;

  const problem = error ?? mismatch;
  return (
    <>
      {problem ? (
        <div className="nhsuk-error-summary" aria-labelledby={`${id}-summary`} role="alert" tabIndex={-1} ref={summary}>
          <h2 className="nhsuk-error-summary__title" id={`${id}-summary`}>
            There is a problem
          </h2>
          <div className="nhsuk-error-summary__body">
            <ul className="nhsuk-list nhsuk-error-summary__list">
              <li>
                <a href={`#${fieldId}`}>{problem}</a>
              </li>
            </ul>
          </div>
        </div>
      ) : null}
      <h1>Book an appointment</h1>
      <p>Your practice has invited you to book an appointment. To keep your details safe, please confirm who you are.</p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <div className={`nhsuk-form-group${problem ? ' nhsuk-form-group--error' : ''}`}>
          <fieldset className="nhsuk-fieldset" role="group" aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}>
            <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--m">What is your date of birth?</legend>
            <div className="nhsuk-hint" id={`${id}-hint`}>
              For example, 15 3 1984
            </div>
            {problem ? (
              <span className="nhsuk-error-message" id={`${id}-error`}>
                <span className="nhsuk-u-visually-hidden">Error:</span> {problem}
              </span>
            ) : null}
            <DateBoxes
              id={fieldId}
              parts={parts}
              error={!!problem}
              disabled={false}
              describedByIds={undefined}
              autoComplete="bday"
              onChange={setParts}
              strings={DEFAULT_STRINGS}
            />
          </fieldset>
        </div>
        <button type="submit" className="nhsuk-button">
          Continue
        </button>
      </form>
    </>
  );
}
