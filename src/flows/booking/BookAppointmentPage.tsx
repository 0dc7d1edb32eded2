import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { fetchActionRequest } from '../../api/appointments';
import { Loading, LOADING_MESSAGES } from '../../components/Loading';
import { useNotifications } from '../../errors/ErrorNotifications';
import { useFlowState } from '../flowState';
import { bookingErrorOutcome } from './bookingErrors';
import { bookingFlow, requestForUrl, startBooking } from '../bookingRequest';
import { appointmentInWords, linkStateTitle } from './appointmentWords';
import { useSettings } from '../../settings/useSettings';
import { DEFAULT_VIRTUAL_LABEL } from './messages';
import { BookingScreen } from './BookingScreen';
import { changeRefusal } from './appointmentChange';

/**
 * /appointment/book-appointment: which booking request the address names (README "Appointments",
 * docs/architecture.md "Booking request"); the screen itself is BookingScreen.tsx, its slots
 * useAvailability.ts, the choice and booking useBookingSelection.ts, its modals BookingModals.tsx.
 */
export default function BookAppointmentPage() {
  const [search] = useSearchParams();
  const flow = useFlowState(bookingFlow);
  const live = requestForUrl(flow.request, search);
  // Booking, Cancel and Send clear the request before the next page shows: keep the last one seen
  // so this page does not bounce to "not accessible" on its way out.
  const [kept, setKept] = useState(live);
  if (live && live !== kept) setKept(live);
  const request = live ?? kept;
  const reschedule = search.get('ad');
  if (!request && reschedule) return <RescheduleEntry linkUUID={reschedule} />;
  if (!request) return <Navigate to="/appointment/not-accessible" replace />;
  return <BookingScreen key={`${request.mode}:${'linkUUID' in request ? request.linkUUID : ''}`} request={request} />;
}

/** `?ad=lid` opened on its own (e.g. a bookmarked change link): the link's request is fetched first. */
function RescheduleEntry({ linkUUID }: { linkUUID: string }) {
  const navigate = useNavigate();
  const { notify } = useNotifications();
  const { settings } = useSettings();
  const virtualLabel = settings.patientApp.virtualSlotTypeLabel || DEFAULT_VIRTUAL_LABEL;
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    fetchActionRequest('APPOINTMENT_CONFIRMED', linkUUID)
      .then((answer) => {
        if (!answer.consultationId || !answer.appointmentBooking || linkStateTitle(answer) || changeRefusal(answer)) {
          // Nothing to reschedule (cancelled, past, expired, not changeable online): the details page says why.
          void navigate(`/appointment/details?lid=${encodeURIComponent(linkUUID)}`, { replace: true });
          return;
        }
        void navigate(
          startBooking({
            mode: 'reschedule',
            linkUUID,
            consultationId: answer.consultationId,
            current: appointmentInWords(answer.appointmentBooking, virtualLabel),
          }),
          { replace: true },
        );
      })
      .catch((error: unknown) => {
        const outcome = bookingErrorOutcome(error, 'link');
        if (outcome.kind === 'signpost') void navigate(outcome.to, { replace: true });
        else {
          if (outcome.kind === 'popup') notify(outcome);
          void navigate(`/appointment/details?lid=${encodeURIComponent(linkUUID)}`, { replace: true });
        }
      });
  }, [linkUUID, navigate, notify, virtualLabel]);
  return <Loading message={LOADING_MESSAGES.checkingAppointments} />;
}
