// The booking screen's choice of a time: where (when a time has more than one place), confirm,
// and the booking itself (each candidate slot in turn, one Idempotency-Key per slot). The answer
// is handed back to the screen: booked, a mapped error, or "the practice is already booking".
import { useEffect, useRef, useState } from 'react';
import { bookSlot, type AppointmentBookingResponse } from '../../api/appointments';
import { ApiError } from '../../api/client';
import { newIdempotencyKey } from '../../api/send';
import { bookCandidates } from './bookCandidates';
import { bookingCallOf, bookingFlow, type BookingRequest } from '../bookingRequest';
import { locationOptions, needsLocationChoice, type Candidate, type LocationOption, type TimeOption } from './slots';

export type Selection =
  | {
      step: 'location';
      time: TimeOption;
      options: LocationOption[];
      choice?: string;
    }
  | {
      step: 'confirm';
      time: TimeOption;
      candidates: Candidate[];
      place: string;
    }
  | {
      step: 'booking';
      time: TimeOption;
      candidates: Candidate[];
      place: string;
    };

export type BookingAnswer = { ok: true; booking: AppointmentBookingResponse } | { ok: false; error: unknown };

/**
 * RH-E005 on a link (self-booking, direct booking, reschedule): the practice is already booking
 * this request, so every time the patient picks would be refused the same way. The screen ends
 * instead of asking for "another time" again.
 */
export function practiceAlreadyBooking(request: BookingRequest, error: unknown): boolean {
  if (request.mode === 'symptom-assessment' || request.mode === 'eligibility') return false;
  const body = error instanceof ApiError ? error.body : undefined;
  return !!body && typeof body === 'object' && 'code' in body && body.code === 'RH-E005';
}

export function useBookingSelection({
  request,
  selectedHolders,
  virtualLabel,
  onFailedSlots,
  onAnswer,
}: {
  request: BookingRequest;
  selectedHolders: string[];
  virtualLabel: string;
  onFailedSlots: (slotIds: readonly string[]) => void;
  onAnswer: (answer: BookingAnswer) => void;
}) {
  const [selection, setSelection] = useState<Selection | undefined>();
  // The modals' close events arrive after the step has moved on: they read the step through this ref.
  const selectionRef = useRef(selection);
  useEffect(() => {
    selectionRef.current = selection;
  }, [selection]);

  const choose = (time: TimeOption) => {
    const locations = locationOptions(time.candidates, virtualLabel);
    if (needsLocationChoice(locations)) setSelection({ step: 'location', time, options: locations });
    else
      setSelection({
        step: 'confirm',
        time,
        candidates: time.candidates,
        place: locations[0]?.label ?? '',
      });
  };

  const chooseLocation = (choice: string) => setSelection((s) => (s?.step === 'location' ? { ...s, choice } : s));

  /** Continue on "Where would you like your appointment?": false when no place is chosen yet. */
  const continueToConfirm = (): boolean => {
    if (selection?.step !== 'location') return false;
    const option = selection.options.find((o) => o.key === selection.choice);
    if (!option) return false;
    setSelection({
      step: 'confirm',
      time: selection.time,
      candidates: option.candidates,
      place: option.label,
    });
    return true;
  };

  /** Closes the modal of `step` (a close event of a modal whose step is already over is ignored). */
  const dismiss = (step: Selection['step']) => {
    if (selectionRef.current?.step === step) setSelection(undefined);
  };

  const confirm = async () => {
    if (selection?.step !== 'confirm') return;
    const chosen = selection;
    setSelection({ ...chosen, step: 'booking' });
    const call = bookingCallOf(request);
    const outcome = await bookCandidates({
      candidates: chosen.candidates,
      selectedHolders,
      book: (choice, key) => bookSlot(call, choice, key),
      keyFor: (slotId) => {
        const keys = bookingFlow.get().keys;
        const existing = keys[slotId];
        if (existing) return existing;
        const key = newIdempotencyKey();
        bookingFlow.set({ keys: { ...keys, [slotId]: key } });
        return key;
      },
    });
    onFailedSlots(outcome.failedSlots);
    if (!outcome.ok) setSelection(undefined);
    onAnswer(outcome.ok ? { ok: true, booking: outcome.booking } : { ok: false, error: outcome.error });
  };

  return {
    selection,
    choose,
    chooseLocation,
    continueToConfirm,
    dismiss,
    confirm,
    cancel: () => setSelection(undefined),
    booking: selection?.step === 'booking',
  };
}
