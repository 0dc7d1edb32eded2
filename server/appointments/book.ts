import { randomUUID } from 'node:crypto';
import type { SubmissionAnswer } from '../storedRequests.js';
import { isUniqueViolation, type Sql } from '../store/index.js';
import { appointmentErrors } from './errors.js';
import { assertInvitationUsable, countLinkUse } from './links.js';
import type { AppointmentBookingRequest } from '../../generated/types/api/appointment-booking-request';
import { answerFor, bookingAnswer, confirmedLink, type Patient } from './answers.js';
import { notifyAppointment } from './notify.js';
import { requireRecord } from './records.js';
import { practiceLimits } from '../limits.js';
import {
  appointmentOnSlot,
  getSlot,
  insertEvent,
  isActive,
  latestAppointment,
  type AppointmentRow,
  type ConsultationRow,
  type LinkRow,
  type SlotRow,
} from './rows.js';

/** The slot a patient chose, as every booking body carries it (the contract's fields). */
export type SlotChoice = Pick<AppointmentBookingRequest, 'appointmentSlotId' | 'availableAppointmentSession' | 'selectedSessionHolders'>;

/** The chosen slot must be one of the session the patient chose it from (400 otherwise). */
export function assertSlotInSession(choice: SlotChoice): void {
  if (!choice.availableAppointmentSession.slots.some((s) => s.id === choice.appointmentSlotId)) throw appointmentErrors.slotNotInSession();
}

export async function requireSlot(db: Sql, id: string): Promise<SlotRow> {
  const slot = await getSlot(db, id);
  if (!slot) throw appointmentErrors.slotTaken();
  return slot;
}

/** The request a booking belongs to: one the practice holds (links), or one this call stores. */
type BookingRequest =
  | { existing: ConsultationRow; link: LinkRow }
  | {
      requestType: string;
      storeRequest: () => string | Promise<string>;
      /** The slot types this request may book: those of its pathway's referrals or guideline (a slot of another type is refused). */
      allowedSlotTypes: readonly string[];
    };

export interface BookInput {
  request: BookingRequest;
  patientKey: string;
  patient: Patient;
  choice: SlotChoice;
  now: number;
  /** The public origin of the change-or-cancel link in the message (PUBLIC_URL, else the address the patient used). */
  origin: string;
}

/**
 * The holder of a link bound to one patient asking again for the slot they already hold through
 * it: a retry, answered with their own appointment. Nothing else is: knowing a patient's name,
 * date of birth, postcode and slot id proves nothing, so a booking call that names a taken slot
 * without the link is RH-E007 and never carries that appointment or its link (a retry of such a
 * call gets its first answer through its Idempotency-Key instead).
 */
function isRepeat(onSlot: AppointmentRow | undefined, input: BookInput): onSlot is AppointmentRow {
  if (!onSlot || onSlot.patient_key !== input.patientKey || !('existing' in input.request)) return false;
  return input.request.link.patient !== null && onSlot.consultation_id === input.request.existing.id;
}

/**
 * PostgreSQL (READ COMMITTED, instances side by side): the checks that count rows — a patient's
 * online bookings against the cap, one appointment per request, an invitation's patients and
 * uses — would each pass in two transactions at once. A patient's bookings and changes take turns
 * (an advisory lock on the patient's key for the transaction), and so do uses of one link (its
 * row locked). SQLite's BEGIN IMMEDIATE already runs one transaction at a time.
 */
export async function serialise(db: Sql, patientKey: string, link: LinkRow | undefined): Promise<void> {
  if (db.dialect !== 'postgres') return;
  if (link && link.par_type !== 'APPOINTMENT_CONFIRMED') await db.get('SELECT link_uuid FROM appt_links WHERE link_uuid = ? FOR UPDATE', [link.link_uuid]);
  await db.get('SELECT pg_advisory_xact_lock(hashtext(CAST(? AS text)))', [`appt-patient:${patientKey}`]);
}

/** Future appointments the patient holds from online booking (BOOKED or RESCHEDULED, not yet started). */
async function onlineBookingsHeld(db: Sql, patientKey: string, now: number): Promise<number> {
  const row = await db.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM appt_appointments a JOIN appt_slots s ON s.id = a.slot_id
     WHERE a.patient_key = ? AND a.online = 1 AND a.status IN ('BOOKED', 'RESCHEDULED') AND s.start_ms > ?`,
    [patientKey, now],
  );
  return row!.n;
}

/**
 * BOOK: claims the slot for the patient. Call inside runAppointmentTransaction (`db` is its
 * transaction: the patient's record, the limits, the request and the messages are read and
 * written on it). A slot held by anyone else is RH-E007; the unique index on
 * active appointments makes a double booking impossible even if two claims raced, on one
 * instance or several.
 */
export async function bookAppointment(db: Sql, input: BookInput): Promise<SubmissionAnswer> {
  const { now, choice } = input;
  await serialise(db, input.patientKey, 'existing' in input.request ? input.request.link : undefined);
  const slot = await requireSlot(db, choice.appointmentSlotId);
  const onSlot = await appointmentOnSlot(db, slot.id);
  if (isRepeat(onSlot, input)) return answerFor(db, onSlot, now);
  await requireRecord(db, input.patient);
  if ('existing' in input.request) {
    const { existing, link } = input.request;
    await assertInvitationUsable(db, link, input.patientKey, now);
    if (existing.pending_booking === 1) throw appointmentErrors.bookingInProgress();
    if (isActive(await latestAppointment(db, existing.id, input.patientKey))) throw appointmentErrors.alreadyBooked();
  }
  if (slot.start_ms <= now) throw appointmentErrors.slotInPast();
  if (onSlot) throw appointmentErrors.slotTaken();
  // Only a slot of a type the referral or invitation books (never a practice-only review slot).
  const allowed = 'existing' in input.request ? (JSON.parse(input.request.link.slot_types) as string[]) : input.request.allowedSlotTypes;
  if (!allowed.includes(slot.slot_type)) throw appointmentErrors.slotTypeNotAllowed();
  const cap = (await practiceLimits(db)).maxOnlineBookingsPerPatient;
  if ((await onlineBookingsHeld(db, input.patientKey, now)) >= cap) throw appointmentErrors.bookingLimit(cap);

  const at = new Date(now).toISOString();
  let consultationId: string;
  let slotTypes: string[];
  if ('existing' in input.request) {
    consultationId = input.request.existing.id;
    slotTypes = JSON.parse(input.request.link.slot_types) as string[];
  } else {
    consultationId = await input.request.storeRequest();
    slotTypes = [slot.slot_type];
    await db.run('INSERT INTO appt_consultations (id, request_type, request_id, patient, pending_booking, created_at) VALUES (?, ?, ?, ?, 0, ?)', [
      consultationId,
      input.request.requestType,
      consultationId,
      JSON.stringify(input.patient),
      at,
    ]);
  }
  const appointment: AppointmentRow = {
    id: randomUUID(),
    consultation_id: consultationId,
    patient_key: input.patientKey,
    patient: JSON.stringify(input.patient),
    slot_id: slot.id,
    status: 'BOOKED',
    selected_holders: JSON.stringify(choice.selectedSessionHolders ?? []),
    practice_locked: 0,
    booked_at: at,
    updated_at: at,
    online: 1,
  };
  try {
    const a = appointment;
    await db.run(
      `INSERT INTO appt_appointments (id, consultation_id, patient_key, patient, slot_id, status, selected_holders, practice_locked, booked_at, updated_at, online)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [a.id, a.consultation_id, a.patient_key, a.patient, a.slot_id, a.status, a.selected_holders, a.practice_locked, a.booked_at, a.updated_at, a.online],
    );
  } catch (e) {
    if (isUniqueViolation(e)) throw appointmentErrors.slotTaken();
    throw e;
  }
  if ('existing' in input.request) await countLinkUse(db, input.request.link, input.patientKey);
  await insertEvent(db, { consultationId, appointmentId: appointment.id, status: 'BOOKED', slotId: slot.id, actor: 'PATIENT', at });
  const linkUUID = await confirmedLink(db, consultationId, input.patientKey, input.patient, slotTypes, now);
  // Same transaction as the booking: a booked appointment always has its message queued.
  await notifyAppointment(db, 'APPOINTMENT_BOOKED', appointment, { origin: input.origin, linkUUID }, at);
  return bookingAnswer(db, appointment, linkUUID);
}
