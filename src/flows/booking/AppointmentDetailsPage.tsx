import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { cancelAppointment, fetchActionRequest, type PatientActionRequest } from '../../api/appointments';
import { newIdempotencyKey } from '../../api/send';
import { Loading, LOADING_MESSAGES } from '../../components/Loading';
import { Modal } from '../../components/Modal';
import { useNotifications } from '../../errors/ErrorNotifications';
import { useSettings } from '../../settings/useSettings';
import { AppointmentSummary } from './AppointmentSummary';
import { appointmentInWords, linkStateTitle } from './appointmentWords';
import { bookingErrorOutcome } from './bookingErrors';
import { startBooking } from '../bookingRequest';
import { DEFAULT_VIRTUAL_LABEL, LINK_STATE_TITLES } from './messages';
import { CHANGE_ACTION_PARAM, changeRefusal, detailsPath, DETAILS_VIEW_PARAM, type ChangeAction, type DetailsProblem } from './appointmentChange';
import { ConfirmIdentity, identityChecked } from './ConfirmIdentity';
import { CallThePractice } from '../../components/PracticePhone';
import { usePageTitle } from '../../shell/usePageTitle';

/**
 * /appointment/details?lid=…: the appointment of an APPOINTMENT_CONFIRMED link with "Cancel it"
 * (confirm modal, "Cancelling appointment") and "Reschedule" (book-appointment with ad). Either
 * asks the patient's date of birth first (`&view=confirm&then=…`), once per visit: the link alone
 * shows the appointment but does not change it.
 */
export default function AppointmentDetailsPage() {
  const [params] = useSearchParams();
  const lid = params.get('lid');
  if (!lid) return <Navigate to="/error?mid=PATIENT_ACTION_LINK_INVALID" replace />;
  return <AppointmentDetails key={lid} lid={lid} />;
}

function AppointmentDetails({ lid }: { lid: string }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const location = useLocation();
  const view = params.get(DETAILS_VIEW_PARAM);
  const problem = view === 'problem' ? (location.state as { problem?: DetailsProblem } | null)?.problem : undefined;
  const { notify, handleError } = useNotifications();
  const { settings } = useSettings();
  const virtualLabel = settings.patientApp.virtualSlotTypeLabel || DEFAULT_VIRTUAL_LABEL;
  const [answer, setAnswer] = useState<PatientActionRequest | undefined>();
  const [busy, setBusy] = useState<'loading' | 'cancelling' | undefined>('loading');
  const [failed, setFailed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // The patient passed the date-of-birth check on this visit (the server holds the proof, for an hour).
  const [identified, setIdentified] = useState(() => identityChecked(lid));
  const cancelKey = useRef<string | undefined>(undefined);
  const then: ChangeAction | undefined = view === 'confirm' ? (params.get(CHANGE_ACTION_PARAM) === 'cancel' ? 'cancel' : 'reschedule') : undefined;

  const load = useCallback(async () => {
    setBusy('loading');
    setFailed(false);
    try {
      setAnswer(await fetchActionRequest('APPOINTMENT_CONFIRMED', lid));
    } catch (error) {
      const outcome = bookingErrorOutcome(error, 'link');
      if (outcome.kind === 'signpost') {
        void navigate(outcome.to, { replace: true });
        return;
      }
      if (outcome.kind === 'popup') notify(outcome);
      else handleError(error);
      setFailed(true);
    } finally {
      setBusy(undefined);
    }
  }, [handleError, lid, navigate, notify]);

  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void load();
  }, [load]);

  const cancel = async () => {
    if (!answer?.consultationId) return;
    setConfirming(false);
    setBusy('cancelling');
    cancelKey.current ??= newIdempotencyKey();
    try {
      await cancelAppointment(answer.consultationId, lid, cancelKey.current);
      cancelKey.current = undefined;
      await load();
      // "Appointment cancelled" is a new page: its own address, title and focus.
      void navigate(detailsPath(lid, 'cancelled'));
    } catch (error) {
      setBusy(undefined);
      const outcome = bookingErrorOutcome(error, 'cancel');
      if (outcome.kind === 'signpost') void navigate(outcome.to);
      else if (outcome.kind === 'popup')
        void navigate(detailsPath(lid, 'problem'), {
          state: {
            problem: { title: outcome.title, message: outcome.message },
          },
        });
      else handleError(error);
    }
  };

  const reschedule = (from: PatientActionRequest | undefined = answer, replace = false) => {
    if (!from?.consultationId) return;
    const current = from.appointmentBooking ? appointmentInWords(from.appointmentBooking, virtualLabel) : undefined;
    void navigate(
      startBooking({
        mode: 'reschedule',
        linkUUID: lid,
        consultationId: from.consultationId,
        ...(current ? { current } : {}),
      }),
      { replace },
    );
  };

  /** Reschedule or "Cancel it": the date-of-birth check first, unless passed on this visit. */
  const ask = (action: ChangeAction) => {
    if (!identified) {
      void navigate(detailsPath(lid, 'confirm', action));
      return;
    }
    if (action === 'reschedule') reschedule();
    else setConfirming(true);
  };

  const confirmed = (fresh: PatientActionRequest) => {
    setIdentified(true);
    setAnswer(fresh);
    // The check is done: the page it stood for goes (Back returns to the appointment).
    if (then === 'reschedule') reschedule(fresh, true);
    else {
      void navigate(detailsPath(lid), { replace: true });
      if (!changeRefusal(fresh) && !linkStateTitle(fresh)) setConfirming(true);
    }
  };

  if (problem) return <ProblemView lid={lid} problem={problem} />;
  if (then && answer && !identified) return <ConfirmIdentity lid={lid} onConfirmed={confirmed} />;
  if (busy === 'loading') return <Loading message={LOADING_MESSAGES.preparingInformation} />;
  if (busy === 'cancelling') return <Loading message={LOADING_MESSAGES.cancellingAppointment} />;
  if (!answer) {
    return (
      <>
        <Title name="Your appointment" />
        <h1>Your appointment</h1>
        <p>We could not load your appointment.</p>
        {failed ? (
          <button type="button" className="nhsuk-button" onClick={() => void load()}>
            Try again
          </button>
        ) : null}
      </>
    );
  }

  const stateTitle = linkStateTitle(answer);
  const booking = answer.appointmentBooking;
  const words = booking ? appointmentInWords(booking, virtualLabel) : undefined;
  const refusal = changeRefusal(answer);

  if (stateTitle) {
    return (
      <>
        <Title name={stateTitle} />
        <h1>{stateTitle}</h1>
        {stateTitle === LINK_STATE_TITLES.CANCELLED ? <p>This appointment has been cancelled.</p> : null}
        {stateTitle === LINK_STATE_TITLES.PAST_START ? (
          <p>The time of this appointment has passed, so it can no longer be changed or cancelled online.</p>
        ) : null}
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

  if (!words) {
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
          <button type="button" className="nhsuk-button" onClick={() => ask('reschedule')}>
            Reschedule<span className="nhsuk-u-visually-hidden">{` your appointment on ${words.date}, ${words.time}`}</span>
          </button>
          <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={() => ask('cancel')}>
            Cancel it<span className="nhsuk-u-visually-hidden">{`: your appointment on ${words.date}, ${words.time}`}</span>
          </button>
        </div>
      )}
      <Modal
        open={confirming}
        title="Cancel this appointment?"
        onClose={() => setConfirming(false)}
        actions={[
          { label: 'Yes, cancel it', onClick: () => void cancel() },
          {
            label: 'No, keep it',
            secondary: true,
            onClick: () => setConfirming(false),
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

function Title({ name }: { name: string }) {
  usePageTitle(name);
  return null;
}

/** A refused cancel or change: the product's title and message as the page, the practice's number, and the way back. */
function ProblemView({ lid, problem }: { lid: string; problem: DetailsProblem }) {
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
