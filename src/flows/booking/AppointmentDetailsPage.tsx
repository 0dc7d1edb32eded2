import { useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { cancelAppointment, type PatientActionRequest } from '../../api/appointments';
import { newIdempotencyKey } from '../../api/send';
import { Loading, LOADING_MESSAGES } from '../../components/Loading';
import { useNotifications } from '../../errors/ErrorNotifications';
import { useSettings } from '../../settings/useSettings';
import { appointmentInWords, linkStateTitle } from './appointmentWords';
import { bookingErrorOutcome } from './bookingErrors';
import { startBooking } from '../bookingRequest';
import { DEFAULT_VIRTUAL_LABEL } from './messages';
import { CHANGE_ACTION_PARAM, changeRefusal, detailsPath, DETAILS_VIEW_PARAM, type ChangeAction, type DetailsProblem } from './appointmentChange';
import { ConfirmIdentity, identityChecked } from './ConfirmIdentity';
import { AppointmentView, LinkStateView, NoBookingView, NotLoadedView, ProblemView } from './AppointmentViews';
import { useAppointmentLink } from './useAppointmentLink';

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
  const { handleError } = useNotifications();
  const { settings } = useSettings();
  const virtualLabel = settings.patientApp.virtualSlotTypeLabel || DEFAULT_VIRTUAL_LABEL;
  const { answer, setAnswer, busy, setBusy, failed, load } = useAppointmentLink(lid);
  const [confirming, setConfirming] = useState(false);
  // The patient passed the date-of-birth check on this visit (the server holds the proof, for an hour).
  const [identified, setIdentified] = useState(() => identityChecked(lid));
  const cancelKey = useRef<string | undefined>(undefined);
  const then: ChangeAction | undefined = view === 'confirm' ? (params.get(CHANGE_ACTION_PARAM) === 'cancel' ? 'cancel' : 'reschedule') : undefined;

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
  if (!answer) return <NotLoadedView failed={failed} onRetry={() => void load()} />;

  const stateTitle = linkStateTitle(answer);
  const booking = answer.appointmentBooking;
  const words = booking ? appointmentInWords(booking, virtualLabel) : undefined;
  if (stateTitle) return <LinkStateView stateTitle={stateTitle} words={words} />;
  if (!words) return <NoBookingView />;
  return (
    <AppointmentView answer={answer} words={words} onAsk={ask} confirming={confirming} onCancel={() => void cancel()} onKeep={() => setConfirming(false)} />
  );
}
