import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Loading, LOADING_MESSAGES } from '../../components/Loading';
import { Modal } from '../../components/Modal';
import { ProblemSummary } from '../../components/ProblemSummary';
import { useNotifications } from '../../errors/ErrorNotifications';
import { SEND_FAILED_MESSAGE } from '../../errors/messages';
import { useSettings } from '../../settings/useSettings';
import { endJourney } from '../emergencyCheck';
import { confirmDiscard } from '../leaveFlow';
import { useFlowStore } from '../sessionFlowStore';
import { clearTriageFlow } from '../guideline/journey';
import { ConfirmModal, FilterModal, LocationModal } from './BookingModals';
import { bookingErrorOutcome, type BookingErrorOutcome } from './bookingErrors';
import { bookingFlow, bookingResult, cancelPathOf, clearBooking, isReschedule, type BookingRequest } from '../bookingRequest';
import { DaySection } from './DaySection';
import { BookingIntro, SendWithoutAppointment, WhileYouWait } from './BookingIntro';
import { BackLink } from '../../components/BackLink';
import { detailsPath } from './appointmentChange';
import {
  BOOK_APPOINTMENT_TITLE,
  BOOKING_IN_PROGRESS_PATH,
  DEFAULT_CONFIRMATION_TITLE,
  DEFAULT_VIRTUAL_LABEL,
  NO_MORE_TIMES_TITLE,
  RESCHEDULED_CONFIRMATION_TITLE,
} from './messages';
import { filterButtonText, filterOptions, filtersInvalid, groupByDay, matchesFilters, type FilterOption, type SlotFilters } from './slots';
import { useAvailability } from './useAvailability';
import { practiceAlreadyBooking, useBookingSelection, type BookingAnswer } from './useBookingSelection';
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
  const { notify, handleError } = useNotifications();
  const { settings } = useSettings();
  const virtualLabel = settings.patientApp.virtualSlotTypeLabel || DEFAULT_VIRTUAL_LABEL;
  const personFilterOn = settings.patientApp.enableSelectSessionHolder !== false;
  const narrow = useNarrowScreen();
  const flow = useFlowStore(bookingFlow);
  const filters = flow.filters;
  const service = request.mode === 'symptom-assessment' || request.mode === 'eligibility' ? 'medical' : undefined;
  const medical = request.mode === 'symptom-assessment' ? request : undefined;
  const sendRequest = useSendWithoutBooking(medical);

  const carryOut = useCallback(
    (outcome: BookingErrorOutcome, error: unknown) => {
      if (outcome.kind === 'signpost' || outcome.kind === 'possibleAppointment') void navigate(outcome.to);
      else if (outcome.kind === 'popup') notify({ title: outcome.title, message: outcome.message });
      else handleError(error, { flow: service });
    },
    [handleError, navigate, notify, service],
  );

  const slots = useAvailability(request, carryOut);

  const onAnswer = (answer: BookingAnswer) => {
    if (answer.ok) {
      const rescheduled = isReschedule(request) || answer.booking.appointmentStatus === 'RESCHEDULED';
      const result = {
        booking: answer.booking,
        title: request.confirmation?.title ?? (rescheduled ? RESCHEDULED_CONFIRMATION_TITLE : DEFAULT_CONFIRMATION_TITLE),
        ...(request.confirmation?.body ? { body: request.confirmation.body } : {}),
        virtualLabel,
      };
      bookingResult.set({ result });
      clearBooking();
      // The request went with the booking: the answers and patient details of its flow go too.
      // The journey is over, as on a sent request's confirmation: the next one passes the emergency screen again.
      if (request.mode === 'symptom-assessment' || request.mode === 'eligibility') {
        clearTriageFlow();
        endJourney();
      }
      void navigate('/appointment/confirmation', { state: { result } });
      return;
    }
    // The practice is already booking this request (RH-E005 on a link): every time would be
    // refused the same way, so the screen ends with a way on instead of "choose another time".
    if (practiceAlreadyBooking(request, answer.error)) {
      clearBooking();
      void navigate(BOOKING_IN_PROGRESS_PATH, { replace: true });
      return;
    }
    const mapped = bookingErrorOutcome(answer.error, 'book');
    // A refused change (too late, practice-only, practice-updated, record changed) is the end of
    // rescheduling: the appointment's page says why, with its own address, title and focus.
    if (request.mode === 'reschedule' && mapped.kind === 'popup' && !mapped.removeSlot) {
      clearBooking();
      void navigate(detailsPath(request.linkUUID, 'problem'), {
        replace: true,
        state: { problem: { title: mapped.title, message: mapped.message } },
      });
      return;
    }
    if (mapped.kind === 'popup' && mapped.removeSlot === 'past') slots.refreshNow();
    carryOut(mapped, answer.error);
  };

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

  const [filterOpen, setFilterOpen] = useState<'sites' | 'holders' | undefined>();
  // Each opening starts the filter's draft afresh (a new key); closing returns focus to its button.
  const [filterOpenings, setFilterOpenings] = useState(0);
  const openFilter = (kind: 'sites' | 'holders') => {
    setFilterOpenings((n) => n + 1);
    setFilterOpen(kind);
  };

  // Filters that no longer fit the slots reset, and the patient is told ("No more times for your options").
  useEffect(() => {
    if (!loading && filtersInvalid(filters, all))
      bookingFlow.set({
        filters: { sites: [], holders: [] },
        noMoreTimes: true,
      });
  }, [all, filters, loading]);

  // No slots at all and no next page: the no-slots screen (the medical flow offers Send request there).
  const bookingNow = choice.booking;
  useEffect(() => {
    if (firstLoaded && !loading && !loadFailed && !bookingNow && all.length === 0 && !nextLink) {
      void navigate('/appointment/no-appointments', { replace: true });
    }
  }, [firstLoaded, loading, loadFailed, bookingNow, all.length, nextLink, navigate]);

  // More chunks load as the last date scrolls into view.
  const [lastDay, setLastDay] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!lastDay || !nextLink || loading || loadFailed || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) slots.loadMore();
    });
    observer.observe(lastDay);
    return () => observer.disconnect();
  }, [lastDay, nextLink, loading, loadFailed, slots]);

  const leave = () => {
    clearBooking();
    void navigate(cancelPathOf(request));
  };
  // After a questionnaire (medical or eligibility), Cancel throws the answered request away: ask first (leaveFlow.ts).
  const cancel = () => (request.mode === 'symptom-assessment' || request.mode === 'eligibility' ? confirmDiscard(leave) : leave());

  const chosenOf = (kind: 'sites' | 'holders'): FilterOption[] => options[kind].filter((o) => filters[kind].includes(o.value));

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
            <div className="app-booking-filters nhsuk-button-group">
              <button type="button" className="nhsuk-button nhsuk-button--secondary app-booking-filter" onClick={() => openFilter('sites')}>
                {filterButtonText('Location', chosenOf('sites'), narrow)}
              </button>
              {personFilterOn ? (
                <button type="button" className="nhsuk-button nhsuk-button--secondary app-booking-filter" onClick={() => openFilter('holders')}>
                  {filterButtonText('Person', chosenOf('holders'), narrow)}
                </button>
              ) : null}
            </div>
          ) : null}
          {days.map((day, index) => (
            <DaySection
              key={day.date}
              day={day}
              onChoose={choice.choose}
              virtualLabel={virtualLabel}
              sectionRef={index === days.length - 1 ? setLastDay : undefined}
            />
          ))}
          {loading === 'more' ? <Loading message={LOADING_MESSAGES.loadingAppointments} /> : null}
          {nextLink && !loading && !loadFailed ? (
            <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={slots.loadMore}>
              Show more times
            </button>
          ) : null}
          {loadFailed ? (
            <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={slots.retry}>
              Try again
            </button>
          ) : null}
        </>
      )}
      {sendWithout && loading !== 'first' ? <SendWithoutAppointment onSend={sendWithout} place="end" /> : null}
      <p>
        <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={cancel}>
          Cancel
        </button>
      </p>

      {(['sites', 'holders'] as const).map((kind) => (
        <FilterModal
          key={`${kind}-${filterOpenings}`}
          open={filterOpen === kind}
          kind={kind}
          options={options[kind]}
          chosen={filters[kind]}
          onApply={(values) => {
            bookingFlow.set((s) => ({
              ...s,
              filters: { ...s.filters, [kind]: values } as SlotFilters,
            }));
            setFilterOpen(undefined);
          }}
          onClose={() => setFilterOpen((open) => (open === kind ? undefined : open))}
        />
      ))}

      <LocationModal
        selection={choice.selection?.step === 'location' ? choice.selection : undefined}
        onChoose={choice.chooseLocation}
        onContinue={choice.continueToConfirm}
        onCancel={() => choice.dismiss('location')}
      />

      <ConfirmModal
        selection={choice.selection}
        selectedHolders={filters.holders}
        onConfirm={() => void choice.confirm()}
        onCancel={choice.cancel}
        onClose={() => choice.dismiss('confirm')}
      />

      <Modal open={flow.noMoreTimes === true} title={NO_MORE_TIMES_TITLE} onClose={() => bookingFlow.set({ noMoreTimes: false })}>
        <p>There are no more times for the location or person you chose, so all times are shown again.</p>
      </Modal>
    </>
  );
}
