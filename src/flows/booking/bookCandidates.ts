// Booking one chosen time (docs/architecture.md "Booking request"): the candidate slots are tried
// in random order; a slot that fails on its own (taken, in the past) is noted and the next is
// tried; any other failure stops, and when every slot fails the last error is raised. A lost
// answer is retried once with the same Idempotency-Key (the practice answers the same booking,
// never a second one). Why not move on after any failure, as the product description says:
// docs/architecture.md "Decisions", "Booking candidates" (a second lost answer may be a booking).
import type { AppointmentBookingResponse, SlotChoice } from '../../api/appointments';
import { isLostAnswer, isSlotFailure } from './bookingErrors';
import { shuffled, type Candidate } from './slots';

type BookOne = (choice: SlotChoice, idempotencyKey: string) => Promise<AppointmentBookingResponse>;

export type BookingOutcome = { ok: true; booking: AppointmentBookingResponse; failedSlots: string[] } | { ok: false; error: unknown; failedSlots: string[] };

export interface BookCandidatesOptions {
  candidates: readonly Candidate[];
  selectedHolders: readonly string[];
  book: BookOne;
  /** The key of a slot: the same slot keeps its key across attempts (stored in the flow). */
  keyFor: (slotId: string) => string;
  random?: () => number;
}

export async function bookCandidates({ candidates, selectedHolders, book, keyFor, random }: BookCandidatesOptions): Promise<BookingOutcome> {
  const failedSlots: string[] = [];
  let lastError: unknown = new Error('No slot to book');
  for (const candidate of shuffled(candidates, random)) {
    const choice: SlotChoice = {
      appointmentSlotId: candidate.slot.id,
      availableAppointmentSession: candidate.session,
      ...(selectedHolders.length > 0 ? { selectedSessionHolders: [...selectedHolders] } : {}),
    };
    const key = keyFor(candidate.slot.id);
    try {
      let booking: AppointmentBookingResponse;
      try {
        booking = await book(choice, key);
      } catch (error) {
        if (!isLostAnswer(error)) throw error;
        booking = await book(choice, key);
      }
      return { ok: true, booking, failedSlots };
    } catch (error) {
      lastError = error;
      if (!isSlotFailure(error)) return { ok: false, error, failedSlots };
      failedSlots.push(candidate.slot.id);
    }
  }
  return { ok: false, error: lastError, failedSlots };
}
