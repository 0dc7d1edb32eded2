import { randomUUID } from 'node:crypto';
import { sql } from './sql.js';
import type { Db } from '../db.js';
import { runIdempotent, type SubmissionAnswer } from '../store.js';
import { appointmentErrors } from './errors.js';
import { assertInvitationUsable, consultationOf, countLinkUse, linkExpired, type LinkCaller } from './links.js';
import type { AppointmentBookingRequest } from '../../generated/types/api/appointment-booking-request';
import type { PatientIdentity } from './patientKey.js';
import { notifyAppointment } from './notify.js';
import { requireRecord } from './records.js';
import { practiceLimits } from '../limits.js';
import {
  appointmentBookingJson,
  appointmentOnSlot,
  changeDeadlineMs,
  getSlot,
  getSlotType,
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

type Patient = PatientIdentity & Record<string, unknown>;

/** The chosen slot must be one of the session the patient chose it from (400 otherwise). */
export function assertSlotInSession(choice: SlotChoice): void {
  if (!choice.availableAppointmentSession.slots.some((s) => s.id === choice.appointmentSlotId)) throw appointmentErrors.slotNotInSession();
}

/**
 * Runs one booking, change or cancel as a single IMMEDIATE SQLite transaction (the write lock is
 * taken first, so two servers on one database cannot interleave either), with the Idempotency-Key
 * check inside it: a retry with the same key and body gets the stored answer. Everything is
 * committed before the answer is returned.
 */
export function runAppointmentTransaction(db: Db, idem: { key: string | undefined; route: string; body: unknown }, work: () => SubmissionAnswer): SubmissionAnswer {
  return db.transaction(() => runIdempotent(db, idem.key, idem.route, idem.body, work)).immediate();
}

function isUniqueViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** The APPOINTMENT_CONFIRMED link of a patient's appointment for a request (made on the first booking). */
function confirmedLink(db: Db, consultationId: string, patientKey: string, patient: Patient, slotTypes: string[], now: number): string {
  const row = db
    .prepare("SELECT link_uuid FROM appt_links WHERE consultation_id = ? AND patient_key = ? AND par_type = 'APPOINTMENT_CONFIRMED'")
    .get(consultationId, patientKey) as { link_uuid: string } | undefined;
  if (row) return row.link_uuid;
  const linkUUID = randomUUID();
  sql(db, 
    `INSERT INTO appt_links (link_uuid, par_type, consultation_id, patient, patient_key, slot_types, max_uses_per_patient, max_patients, expires_at, demo, created_at)
     VALUES (?, 'APPOINTMENT_CONFIRMED', ?, ?, ?, ?, 1, 1, NULL, 0, ?)`,
  ).run(linkUUID, consultationId, JSON.stringify(patient), patientKey, JSON.stringify(slotTypes), new Date(now).toISOString());
  return linkUUID;
}

/** The 201 answer of every booking call (appointment-booking-response.schema.json). */
function bookingAnswer(db: Db, a: AppointmentRow, linkUUID: string): SubmissionAnswer {
  return {
    statusCode: 201,
    body: {
      appointmentId: a.id,
      consultationId: a.consultation_id,
      linkUUID,
      appointmentStatus: a.status,
      appointmentBooking: appointmentBookingJson(db, a),
      changeDeadline: new Date(changeDeadlineMs(db, a)).toISOString(),
      bookedAt: a.updated_at,
    },
  };
}

function answerFor(db: Db, a: AppointmentRow, now: number): SubmissionAnswer {
  const slot = getSlot(db, a.slot_id)!;
  return bookingAnswer(db, a, confirmedLink(db, a.consultation_id, a.patient_key, JSON.parse(a.patient) as Patient, [slot.slot_type], now));
}

function requireSlot(db: Db, id: string): SlotRow {
  const slot = getSlot(db, id);
  if (!slot) throw appointmentErrors.slotTaken();
  return slot;
}

/** The request a booking belongs to: one the practice holds (links), or one this call stores. */
export type BookingRequest =
  | { existing: ConsultationRow; link: LinkRow }
  | {
      requestType: string;
      storeRequest: () => string;
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

/** Future appointments the patient holds from online booking (BOOKED or RESCHEDULED, not yet started). */
export function onlineBookingsHeld(db: Db, patientKey: string, now: number): number {
  return (
    sql(
      db,
      `SELECT COUNT(*) AS n FROM appt_appointments a JOIN appt_slots s ON s.id = a.slot_id
       WHERE a.patient_key = ? AND a.online = 1 AND a.status IN ('BOOKED', 'RESCHEDULED') AND s.start_ms > ?`,
    ).get(patientKey, now) as { n: number }
  ).n;
}

/**
 * BOOK: claims the slot for the patient. Call inside runAppointmentTransaction. A slot held by
 * anyone else is RH-E007; the unique index on active appointments makes a double booking
 * impossible even if two claims raced.
 */
export function bookAppointment(db: Db, input: BookInput): SubmissionAnswer {
  const { now, choice } = input;
  const slot = requireSlot(db, choice.appointmentSlotId);
  const onSlot = appointmentOnSlot(db, slot.id);
  if (isRepeat(onSlot, input)) return answerFor(db, onSlot, now);
  requireRecord(db, input.patient);
  if ('existing' in input.request) {
    const { existing, link } = input.request;
    assertInvitationUsable(db, link, input.patientKey, now);
    if (existing.pending_booking === 1) throw appointmentErrors.bookingInProgress();
    if (isActive(latestAppointment(db, existing.id, input.patientKey))) throw appointmentErrors.alreadyBooked();
  }
  if (slot.start_ms <= now) throw appointmentErrors.slotInPast();
  if (onSlot) throw appointmentErrors.slotTaken();
  // Only a slot of a type the referral or invitation books (never a practice-only review slot).
  const allowed = 'existing' in input.request ? (JSON.parse(input.request.link.slot_types) as string[]) : input.request.allowedSlotTypes;
  if (!allowed.includes(slot.slot_type)) throw appointmentErrors.slotTypeNotAllowed();
  const cap = practiceLimits(db).maxOnlineBookingsPerPatient;
  if (onlineBookingsHeld(db, input.patientKey, now) >= cap) throw appointmentErrors.bookingLimit(cap);

  const at = new Date(now).toISOString();
  let consultationId: string;
  let slotTypes: string[];
  if ('existing' in input.request) {
    consultationId = input.request.existing.id;
    slotTypes = JSON.parse(input.request.link.slot_types) as string[];
  } else {
    consultationId = input.request.storeRequest();
    slotTypes = [slot.slot_type];
    sql(db, 'INSERT INTO appt_consultations (id, request_type, request_id, patient, pending_booking, created_at) VALUES (?, ?, ?, ?, 0, ?)').run(
      consultationId,
      input.request.requestType,
      consultationId,
      JSON.stringify(input.patient),
      at,
    );
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
    sql(db, 
      `INSERT INTO appt_appointments (id, consultation_id, patient_key, patient, slot_id, status, selected_holders, practice_locked, booked_at, updated_at, online)
       VALUES (@id, @consultation_id, @patient_key, @patient, @slot_id, @status, @selected_holders, @practice_locked, @booked_at, @updated_at, @online)`,
    ).run(appointment);
  } catch (e) {
    if (isUniqueViolation(e)) throw appointmentErrors.slotTaken();
    throw e;
  }
  if ('existing' in input.request) countLinkUse(db, input.request.link, input.patientKey);
  insertEvent(db, { consultationId, appointmentId: appointment.id, status: 'BOOKED', slotId: slot.id, actor: 'PATIENT', at });
  const linkUUID = confirmedLink(db, consultationId, input.patientKey, input.patient, slotTypes, now);
  // Same transaction as the booking: a booked appointment always has its message queued.
  notifyAppointment(db, 'APPOINTMENT_BOOKED', appointment, { origin: input.origin, linkUUID }, at);
  return bookingAnswer(db, appointment, linkUUID);
}

/** Refusals shared by change and cancel: already cancelled or updated by the practice, practice-only type, too late, record. */
function assertChangeable(db: Db, current: AppointmentRow | undefined, now: number): asserts current is AppointmentRow {
  if (!isActive(current) || current.practice_locked === 1) throw appointmentErrors.unableToUpdate();
  const slot = getSlot(db, current.slot_id)!;
  if (getSlotType(db, slot.slot_type).patient_can_change !== 1) throw appointmentErrors.practiceOnly();
  if (now > changeDeadlineMs(db, current)) throw appointmentErrors.tooLate();
  requireRecord(db, JSON.parse(current.patient) as Patient);
}

export interface RescheduleInput {
  link: LinkRow;
  caller: LinkCaller;
  consultationId: string;
  choice: SlotChoice;
  now: number;
  /** The public origin of the change-or-cancel link in the message. */
  origin: string;
}

/**
 * RESCHEDULE: moves the patient's appointment to the new slot. Call inside
 * runAppointmentTransaction. The new slot is claimed by the same statement that releases the old
 * one, so either both happen or neither: a taken new slot leaves the original booking as it was.
 */
export function rescheduleAppointment(db: Db, input: RescheduleInput): SubmissionAnswer {
  const { link, caller, now, choice } = input;
  const consultation = consultationOf(db, link);
  if (input.consultationId !== consultation.id) throw appointmentErrors.linkInvalid();
  const current = latestAppointment(db, consultation.id, caller.patientKey);
  const slot = requireSlot(db, choice.appointmentSlotId);
  if (isActive(current) && current.slot_id === slot.id) return answerFor(db, current, now);
  if (linkExpired(link, now)) throw appointmentErrors.linkExpired();
  assertInvitationUsable(db, link, caller.patientKey, now);
  if (!isActive(current) && consultation.pending_booking === 1) throw appointmentErrors.bookingInProgress();
  assertChangeable(db, current, now);
  if (slot.start_ms <= now) throw appointmentErrors.slotInPast();
  if (appointmentOnSlot(db, slot.id)) throw appointmentErrors.slotTaken();
  if (!(JSON.parse(link.slot_types) as string[]).includes(slot.slot_type)) throw appointmentErrors.slotTypeNotAllowed();

  const at = new Date(now).toISOString();
  try {
    sql(db, "UPDATE appt_appointments SET slot_id = ?, status = 'RESCHEDULED', selected_holders = ?, updated_at = ? WHERE id = ?").run(
      slot.id,
      JSON.stringify(choice.selectedSessionHolders ?? []),
      at,
      current.id,
    );
  } catch (e) {
    if (isUniqueViolation(e)) throw appointmentErrors.slotTaken();
    throw e;
  }
  countLinkUse(db, link, caller.patientKey);
  insertEvent(db, { consultationId: consultation.id, appointmentId: current.id, status: 'RESCHEDULED', slotId: slot.id, actor: 'PATIENT', at });
  const moved = sql(db, 'SELECT * FROM appt_appointments WHERE id = ?').get(current.id) as AppointmentRow;
  const answer = answerFor(db, moved, now);
  // Same transaction as the change.
  notifyAppointment(db, 'APPOINTMENT_RESCHEDULED', moved, { origin: input.origin, linkUUID: (answer.body as { linkUUID: string }).linkUUID }, at);
  return answer;
}

export interface CancelInput {
  consultationId: string;
  /** The link it is cancelled through, or the signed-in patient's record id (NHS login). */
  by: { link: LinkRow } | { patientKey: string };
  now: number;
  /** The public origin of the appointment's page in the message. */
  origin: string;
}

/** CANCEL: the appointment is cancelled and its slot is free again. Call inside runAppointmentTransaction. */
export function cancelAppointment(db: Db, input: CancelInput): SubmissionAnswer {
  const { now } = input;
  let patientKey: string;
  if ('link' in input.by) {
    const { link } = input.by;
    if (link.consultation_id !== input.consultationId || !link.patient_key) throw appointmentErrors.linkInvalid();
    if (linkExpired(link, now)) throw appointmentErrors.linkExpired();
    patientKey = link.patient_key;
  } else {
    patientKey = input.by.patientKey;
  }
  const current = latestAppointment(db, input.consultationId, patientKey);
  if (!current) throw appointmentErrors.linkInvalid();
  assertChangeable(db, current, now);
  const at = new Date(now).toISOString();
  sql(db, "UPDATE appt_appointments SET status = 'CANCELLED', updated_at = ? WHERE id = ?").run(at, current.id);
  insertEvent(db, { consultationId: input.consultationId, appointmentId: current.id, status: 'CANCELLED', slotId: current.slot_id, actor: 'PATIENT', at });
  const confirmed = db
    .prepare("SELECT link_uuid FROM appt_links WHERE consultation_id = ? AND patient_key = ? AND par_type = 'APPOINTMENT_CONFIRMED'")
    .get(input.consultationId, patientKey) as { link_uuid: string } | undefined;
  // Same transaction as the cancellation.
  notifyAppointment(db, 'APPOINTMENT_CANCELLED', { ...current, status: 'CANCELLED', updated_at: at }, { origin: input.origin, linkUUID: confirmed?.link_uuid }, at);
  return { statusCode: 200, body: { appointmentId: current.id, consultationId: input.consultationId, appointmentStatus: 'CANCELLED', cancelledAt: at } };
}
