import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../../src/api/client';
import type { AppointmentBookingResponse, AvailableAppointmentSession, SlotChoice } from '../../../../../src/api/appointments';
import { bookCandidates } from '../../../../../src/flows/booking/bookCandidates';
import { bookingErrorOutcome, isLostAnswer, isSlotFailure } from '../../../../../src/flows/booking/bookingErrors';
import { candidatesOf } from '../../../../../src/flows/booking/slots';

const GENERIC = 'Please refresh the page. If this does not work, please check your internet connection and re-try.';
const err = (status: number, message: string, extra: Record<string, unknown> = {}) =>
  new ApiError(status, message, { statusCode: status, error: 'x', message, ...extra });

describe('booking error mapping', () => {
  it.each([
    ['RH-E3741E', 400, 'ACTION_TYPE_AND_LINKUUID_MISMATCH'],
    ['RH-E3741D', 404, 'PATIENT_ACTION_LINK_INVALID'],
    ['RH-E3741C', 410, 'PATIENT_ACTION_LINK_EXPIRED'],
    ['RH-E3741B', 403, 'EXCEED_MAX_PER_PATIENT'],
    ['RH-E3741A', 403, 'EXCEED_MAX_PATIENTS'],
  ])('%s goes to the error signpost with mid %s', (code, status, mid) => {
    for (const op of ['load', 'link', 'book', 'cancel'] as const) {
      expect(bookingErrorOutcome(err(status, 'x', { code }), op)).toEqual({ kind: 'signpost', to: `/error?mid=${mid}` });
    }
  });

  it.each([
    ['RH-E005', 'This appointment is no longer available', 'Please close this message and choose another time.'],
    ['RH-E007', 'Sorry, this time has now been taken', 'Please close this message and choose another time. There is high demand for appointments.'],
    ['RH-E1522', 'Unable to update this appointment', 'If you have not already updated or cancelled this appointment, please contact the practice directly.'],
    ['RH-E008', 'Unable to update this appointment', 'The time window for updating this appointment has expired. Please contact the practice directly.'],
    ['RH-E109', 'This appointment type can only be changed by the practice.', 'Please call the practice to change or cancel this appointment.'],
    ['RH-E002', 'The appointment system is not available', 'Please try again later or call the practice.'],
    ['RH-E024', 'There is a temporary problem', 'Please try again later or call the practice.'],
  ])('%s shows its title and message word for word', (code, title, message) => {
    const outcome = bookingErrorOutcome(err(409, 'whatever the server says', { code }), 'book');
    expect(outcome).toMatchObject({ kind: 'popup', title, message });
  });

  it('a questionnaire the practice already has (409 ALREADY_SENT) says so with the first reference, not "booking failed"', () => {
    const message = 'body/consultation/executionId: this questionnaire has already been sent to the practice (reference 3F2A9C1B)';
    const outcome = bookingErrorOutcome(err(409, message, { reason: 'ALREADY_SENT' }), 'book');
    expect(outcome).toMatchObject({ kind: 'popup', title: 'Your answers have already been sent' });
    expect(outcome.kind === 'popup' && outcome.message).toContain('(reference 3F2A9C1B)');
    expect(outcome.kind === 'popup' && outcome.message).toContain('you do not need to send them again');
    expect(isSlotFailure(err(409, message, { reason: 'ALREADY_SENT' }))).toBe(false);
  });

  it('RH-E007 removes the taken slot; a past slot shows the toast and re-filters', () => {
    expect(bookingErrorOutcome(err(409, 'x', { code: 'RH-E007' }), 'book')).toMatchObject({ removeSlot: 'taken' });
    expect(bookingErrorOutcome(err(409, 'x', { reason: 'SLOT_IN_PAST' }), 'book')).toEqual({
      kind: 'popup',
      title: 'Error while booking appointment',
      message: 'The selected slot is in the past',
      removeSlot: 'past',
    });
  });

  it('RH-E012, and a cancel failure whose message names the unmatched patient, show the record-changed message', () => {
    const book = bookingErrorOutcome(err(409, 'Unable to find matched patient', { code: 'RH-E012' }), 'book');
    expect(book).toMatchObject({ kind: 'popup', title: 'Failed to book this appointment slot' });
    const cancel = bookingErrorOutcome(err(409, 'Unable to find matched patient for this appointment'), 'cancel');
    expect(cancel).toMatchObject({ kind: 'popup', title: 'Unable to cancel this appointment' });
    expect(cancel.kind === 'popup' && cancel.message).toMatch(/record has changed/);
  });

  it('any other booking failure is "Unable to book the appointment"; a cancel failure "Unable to cancel this appointment"', () => {
    expect(bookingErrorOutcome(err(400, 'body/x is not allowed'), 'book')).toEqual({
      kind: 'popup',
      title: 'Unable to book the appointment',
      message: GENERIC,
    });
    expect(bookingErrorOutcome(err(409, 'Conflict here'), 'cancel')).toEqual({
      kind: 'popup',
      title: 'Unable to cancel this appointment',
      message: 'Conflict here',
    });
  });

  it('a failed availability call is "Error while loading available appointments"', () => {
    expect(bookingErrorOutcome(err(400, 'querystring/referralId is required'), 'load')).toEqual({
      kind: 'popup',
      title: 'Error while loading available appointments',
      message: 'querystring/referralId is required',
    });
    expect(bookingErrorOutcome(new TypeError('Failed to fetch'), 'load')).toEqual({
      kind: 'popup',
      title: 'Error while loading available appointments',
      message: GENERIC,
    });
  });

  it('details that do not match the link say so', () => {
    expect(bookingErrorOutcome(err(403, 'x', { reason: 'PATIENT_DETAILS_MISMATCH' }), 'link')).toMatchObject({
      title: "The details you have provided don't correspond with those on the consultation",
    });
  });

  it('a lost answer while booking is the possible-appointment signpost; 401 and 412 go to the app-wide mapping', () => {
    expect(bookingErrorOutcome(new TypeError('Failed to fetch'), 'book')).toEqual({ kind: 'possibleAppointment', to: '/error?eid=possible-appointment' });
    expect(bookingErrorOutcome(err(504, 'Gateway Timeout'), 'book')).toEqual({ kind: 'possibleAppointment', to: '/error?eid=possible-appointment' });
    expect(bookingErrorOutcome(err(412, 'Outside normal operating hours'), 'book')).toEqual({ kind: 'app' });
    expect(bookingErrorOutcome(err(401, 'Unauthorised access'), 'cancel')).toEqual({ kind: 'app' });
  });

  it('tells slot failures and lost answers apart', () => {
    expect(isSlotFailure(err(409, 'x', { code: 'RH-E007' }))).toBe(true);
    expect(isSlotFailure(err(409, 'x', { reason: 'SLOT_IN_PAST' }))).toBe(true);
    expect(isSlotFailure(err(409, 'x', { code: 'RH-E005' }))).toBe(false);
    expect(isLostAnswer(new TypeError('x'))).toBe(true);
    expect(isLostAnswer(err(503, 'x', { code: 'RH-E002' }))).toBe(false);
  });
});

describe('booking a chosen time: candidates in random order', () => {
  const session: AvailableAppointmentSession = {
    id: 's',
    date: '2099-01-05',
    siteName: 'Main',
    sessionHolders: [{ refID: 'H1', name: 'Dr A' }],
    slots: ['a', 'b', 'c'].map((id) => ({ id, startTime: '09:00', type: 'GP', date: '2099-01-05' })),
  };
  const candidates = candidatesOf([session], new Date('2026-11-23T12:00:00').getTime());
  const booking = (slotId: string) => ({ appointmentId: `appt-${slotId}` }) as unknown as AppointmentBookingResponse;
  const keyFor = (slotId: string) => `key-${slotId}`;

  it('moves on past taken slots and books the first that works, noting the taken ones', async () => {
    const tried: string[] = [];
    const book = vi.fn(async (choice: { appointmentSlotId: string }) => {
      tried.push(choice.appointmentSlotId);
      if (tried.length < 3) throw err(409, 'taken', { code: 'RH-E007' });
      return booking(choice.appointmentSlotId);
    });
    const outcome = await bookCandidates({ candidates, selectedHolders: [], book, keyFor, random: () => 0 });
    expect(tried).toEqual(['b', 'c', 'a']);
    expect(outcome).toEqual({ ok: true, booking: booking('a'), failedSlots: ['b', 'c'] });
  });

  it('raises the last error when every slot fails', async () => {
    let n = 0;
    const book = vi.fn(async (_choice: SlotChoice, _key: string): Promise<AppointmentBookingResponse> => {
      n += 1;
      throw err(409, `taken ${n}`, { code: 'RH-E007' });
    });
    const outcome = await bookCandidates({ candidates, selectedHolders: ['H1'], book, keyFor });
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && (outcome.error as ApiError).message).toBe('taken 3');
    expect(outcome.failedSlots.sort()).toEqual(['a', 'b', 'c']);
    expect(book.mock.calls[0]?.[0]).toMatchObject({ selectedSessionHolders: ['H1'], availableAppointmentSession: session });
  });

  it('stops at a failure that is not the slot’s own', async () => {
    const book = vi.fn(async () => {
      throw err(409, 'in progress', { code: 'RH-E005' });
    });
    const outcome = await bookCandidates({ candidates, selectedHolders: [], book, keyFor });
    expect(book).toHaveBeenCalledTimes(1);
    expect(outcome).toMatchObject({ ok: false, failedSlots: [] });
  });

  // The spec moves on after any failure; we move on after the slot's own failures
  // only (docs/architecture.md "Decisions", "Booking candidates"). These are the failures that
  // made the choice: moving on after them would book twice or repeat a failure on every slot.
  it('a second lost answer (the practice may have booked it) never books another candidate', async () => {
    const book = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const outcome = await bookCandidates({ candidates, selectedHolders: [], book, keyFor, random: () => 0 });
    // One slot, its one retry with the same key; the other two candidates are never tried.
    expect(book).toHaveBeenCalledTimes(2);
    expect(new Set(book.mock.calls.map((c) => (c as unknown as [SlotChoice])[0].appointmentSlotId)).size).toBe(1);
    expect(outcome).toMatchObject({ ok: false, failedSlots: [] });
    expect(bookingErrorOutcome(!outcome.ok && outcome.error, 'book')).toMatchObject({ kind: 'possibleAppointment' });
  });

  it.each([
    ['the service closing (412)', err(412, 'Outside normal operating hours')],
    ['an expired link', err(410, 'x', { code: 'RH-E3741C' })],
    ['the record system down', err(503, 'x', { code: 'RH-E002' })],
  ])('stops at once on %s: the same failure would repeat for every candidate', async (_name, failure) => {
    const book = vi.fn(async () => {
      throw failure;
    });
    const outcome = await bookCandidates({ candidates, selectedHolders: [], book, keyFor });
    expect(book).toHaveBeenCalledTimes(1);
    expect(outcome).toMatchObject({ ok: false, error: failure });
  });

  it('retries a lost answer once with the same key', async () => {
    const keys: string[] = [];
    const book = vi.fn(async (choice: { appointmentSlotId: string }, key: string) => {
      keys.push(key);
      if (keys.length === 1) throw new TypeError('Failed to fetch');
      return booking(choice.appointmentSlotId);
    });
    const outcome = await bookCandidates({ candidates: candidates.slice(0, 1), selectedHolders: [], book, keyFor });
    expect(outcome.ok).toBe(true);
    expect(keys).toEqual(['key-a', 'key-a']);
  });

  it('tries candidates in different orders over many bookings', async () => {
    const firsts = new Set<string>();
    for (let i = 0; i < 40; i++) {
      await bookCandidates({
        candidates,
        selectedHolders: [],
        keyFor,
        book: async (choice) => (firsts.add(choice.appointmentSlotId), booking(choice.appointmentSlotId)),
      });
    }
    expect(firsts.size).toBe(3);
  });
});
