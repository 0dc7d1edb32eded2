import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { Loading, LOADING_MESSAGES } from '../../components/Loading';
import { Modal } from '../../components/Modal';
import { ProblemSummary } from '../../components/ProblemSummary';
import { SEND_FAILED_MESSAGE } from '../../errors/messages';
import { useSettings } from '../../settings/useSettings';
import { confirmDiscard } from '../leaveFlow';
import { useFlowState } from '../flowState';
import { ChoiceDialogs } from './BookingModals';
import { bookingFlow, cancelPathOf, clearBooking, type BookingRequest } from '../bookingRequest';
import { BookingIntro, SendWithoutAppointment, WhileYouWait } from './BookingIntro';
import { FilterButtons, FilterModals, useBookingFilters } from './BookingFilters';
import { BackLink } from '../../components/BackLink';
import { BOOK_APPOINTMENT_TITLE, DEFAULT_VIRTUAL_LABEL, NO_MORE_TIMES_TITLE } from './messages';
import { filterOptions, groupByDay, matchesFilters } from './slots';
import { TimesList } from './TimesList';
import { useAvailability } from './useAvailability';
import { useBookingAnswer, useCarryOut } from './useBookingAnswer';
import { useBookingSelection } from './useBookingSelection';
import { useNarrowScreen } from './useNarrowScreen';
import { useSendWithoutBooking } from './useSendWithoutBooking';
import './booking.css';

/**
 * The booking screen (/appointment/book-appointment): the request's times by day (useAvailability),
 * the filters, the choice of a time and its booking (useBookingSelection), and the ways out —
 * Cancel, and after a questionnaire "None of these times suit me — send my request".
 */
export function BookingScreen({ request }: { request: BookingRequest }) {
  const navigate = useNavigate();
  const { settings } = useSettings();
  const virtualLabel = settings.patientApp.virtualSlotTypeLabel || DEFAULT_VIRTUAL_LABEL;
  const personFilterOn = settings.patientApp.enableSelectSessionHolder !== false;
  const narrow = useNarrowScreen();
  const flow = useFlowState(bookingFlow);
  const filters = flow.filters;
  const service = request.mode === 'symptom-assessment' || request.mode === 'eligibility' ? 'medical' : undefined;
  const medical = request.mode === 'symptom-assessment' ? request : undefined;
  const sendRequest = useSendWithoutBooking(medical);

  const carryOut = useCarryOut(service);

  const slots = useAvailability(request, carryOut);

  const onAnswer = useBookingAnswer({ request, virtualLabel, carryOut, refreshNow: slots.refreshNow });

  const choice = useBookingSelection({
    request,
    selectedHolders: filters.holders,
    virtualLabel,
    onFailedSlots: slots.removeSlots,
    onAnswer,
  });

  const { all, loading, loadFailed, firstLoaded, nextLink } = slots;
  const options = useMemo(() => filterOptions(all), [all]);
  const shown = useMemo(() => all.filter((c) => matchesFilters(c, filters)), [all, filters]);
  const days = useMemo(() => groupByDay(shown), [shown]);

  const filterDialogs = useBookingFilters(filters, all, loading);

  // No slots at all and no next page: the no-slots screen (the medical flow offers Send request there).
  const bookingNow = choice.booking;
  useEffect(() => {
    if (firstLoaded && !loading && !loadFailed && !bookingNow && all.length === 0 && !nextLink) {
      void navigate('/appointment/no-appointments', { replace: true });
    }
  }, [firstLoaded, loading, loadFailed, bookingNow, all.length, nextLink, navigate]);

  const leave = () => {
    clearBooking();
    void navigate(cancelPathOf(request));
  };
  // After a questionnaire (medical or eligibility), Cancel throws the answered request away: ask first (leaveFlow.ts).
  const cancel = () => (request.mode === 'symptom-assessment' || request.mode === 'eligibility' ? confirmDiscard(leave) : leave());

  if (bookingNow) {
    return (
      <>
        <h1>{BOOK_APPOINTMENT_TITLE}</h1>
        <Loading message={LOADING_MESSAGES.bookingAppointment} />
      </>
    );
  }
  if (sendRequest.sending) return <Loading message={LOADING_MESSAGES.sendingRequest} />;

  const sendWithout = medical ? () => void sendRequest.send(true) : undefined;
  // After "Are you safe to wait for GP care?" and a reason to wait: what to do if it gets worse while waiting.
  const afterOverride = medical?.triageRequest.emergencyOverrideReason !== undefined;
  return (
    <>
      <BackLink fallback={cancelPathOf(request)} />
      {sendRequest.failed ? <ProblemSummary message={SEND_FAILED_MESSAGE} /> : null}
      <h1>{BOOK_APPOINTMENT_TITLE}</h1>
      {afterOverride ? <WhileYouWait /> : null}
      {loading === 'first' ? (
        <Loading message={LOADING_MESSAGES.loadingAppointments} />
      ) : (
        <>
          <BookingIntro current={request.mode === 'reschedule' ? request.current : undefined} onSendWithout={sendWithout} />
          {all.length > 0 ? (
            <FilterButtons dialogs={filterDialogs} options={options} filters={filters} narrow={narrow} personFilterOn={personFilterOn} />
          ) : null}
          <TimesList days={days} slots={slots} onChoose={choice.choose} virtualLabel={virtualLabel} />
        </>
      )}
      {sendWithout && loading !== 'first' ? <SendWithoutAppointment onSend={sendWithout} place="end" /> : null}
      <p>
        <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={cancel}>
          Cancel
        </button>
      </p>

      <FilterModals dialogs={filterDialogs} options={options} filters={filters} />

      <ChoiceDialogs choice={choice} selectedHolders={filters.holders} />

      <Modal open={flow.noMoreTimes === true} title={NO_MORE_TIMES_TITLE} onClose={() => bookingFlow.set({ noMoreTimes: false })}>
        <p>There are no more times for the location or person you chose, so all times are shown again.</p>
      </Modal>
    </>
  );
}
