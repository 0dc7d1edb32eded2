import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useNotifications } from '../../errors/ErrorNotifications';
import { endJourney } from '../emergencyCheck';
import { clearTriageFlow } from '../guideline/journey';
import { bookingResult, clearBooking, isReschedule, type BookingRequest } from '../bookingRequest';
import { detailsPath } from './appointmentChange';
import { bookingErrorOutcome, type BookingErrorOutcome } from './bookingErrors';
import { BOOKING_IN_PROGRESS_PATH, DEFAULT_CONFIRMATION_TITLE, RESCHEDULED_CONFIRMATION_TITLE } from './messages';
import { practiceAlreadyBooking, type BookingAnswer } from './useBookingSelection';

interface AnswerOptions {
  request: BookingRequest;
  virtualLabel: string;
  /** Does what a refused booking's outcome says (a signpost, a popup, the error page). */
  carryOut: (outcome: BookingErrorOutcome, error: unknown) => void;
  /** Re-reads the clock, so times now past drop out. */
  refreshNow: () => void;
}

/**
 * Finishing a booking: the practice's answer to the time the patient confirmed. A booking goes to
 * the confirmation; a refusal ends the screen, ends rescheduling, or says why and stays.
 */
export function useBookingAnswer({ request, virtualLabel, carryOut, refreshNow }: AnswerOptions): (answer: BookingAnswer) => void {
  const navigate = useNavigate();
  return (answer: BookingAnswer) => {
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
    if (mapped.kind === 'popup' && mapped.removeSlot === 'past') refreshNow();
    carryOut(mapped, answer.error);
  };
}

/** Doing what a refused call's outcome says: a signpost or possible appointment is a page, a popup is shown, anything else is the error page of the flow's service. */
export function useCarryOut(service: 'medical' | undefined): (outcome: BookingErrorOutcome, error: unknown) => void {
  const navigate = useNavigate();
  const { notify, handleError } = useNotifications();
  return useCallback(
    (outcome: BookingErrorOutcome, error: unknown) => {
      if (outcome.kind === 'signpost' || outcome.kind === 'possibleAppointment') void navigate(outcome.to);
      else if (outcome.kind === 'popup') notify({ title: outcome.title, message: outcome.message });
      else handleError(error, { flow: service });
    },
    [handleError, navigate, notify, service],
  );
}
