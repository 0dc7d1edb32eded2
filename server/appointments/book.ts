import { createHash, randomUUID } from 'node:crypto';
import { HttpError } from '../errors.js';
import { canonicalJson, lockIdempotencyKey, type SubmissionAnswer } from '../store.js';
import { isUniqueViolation, type Sql } from '../store/index.js';
import { appointmentErrors } from './errors.js';
import { assertInvitationUsable, consultationOf, countLinkUse, linkExpired, type LinkCaller } from './links.js';
import type { AppointmentBookingRequest } from '../../generated/types/api/appointment-booking-request';
import type { PatientIdentity } from './patientKey.js';
import { notifyAppointment } from './notify.js';
import { requireRecord } from './records.js';
import { practiceLimits } from '../limits.js';
import {
  ACTIVE_STATUSES,
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

const MAX_KEY_LENGTH = 200;

/**
 * Runs one booking, change or cancel as a single store transaction (SQLite: BEGIN IMMEDIATE;
 * PostgreSQL: one client, the slot guarded by the unique index on active appointments), with the
 * Idempotency-Key check inside it: a retry with the same key and body gets the stored answer.
 * Everything is committed before the answer is returned. (The same rules as runIdempotent of
 * server/store.ts, on the async store; one of the two goes once requests are on the store too.)
 */
export async function runAppointmentTransaction(
  db: Sql,
  idem: { key: string | undefined; route: string; body: unknown },
  work: (tx: Sql) => Promise<SubmissionAnswer>,
): Promise<SubmissionAnswer> {
  const { key } = idem;
  if (key !== undefined && (key.length === 0 || key.length > MAX_KEY_LENGTH)) {
    throw new HttpError(400, `headers/idempotency-key must be 1 to ${MAX_KEY_LENGTH} characters`, {
      details: [{ path: '/idempotency-key', message: `must be 1 to ${MAX_KEY_LENGTH} characters` }],
    });
  }
  const hash = createHash('sha256').update(idem.route).update('\n').update(canonicalJson(idem.body)).digest('hex');
  return db.tx(async (tx) => {
    if (key === undefined) return work(tx);
    await lockIdempotencyKey(tx, key);
    const previous = await tx.get<{ body_hash: string; status_code: number; response: string }>(
      'SELECT body_hash, status_code, response FROM idempotency_keys WHERE key = ?',
      [key],
    );
    if (previous) {
      if (previous.body_hash !== hash) {
        throw new HttpError(422, 'This Idempotency-Key was already used with a different request', {
          details: [{ path: '/idempotency-key', message: 'was already used with a different request' }],
        });
      }
      return { statusCode: previous.status_code, body: JSON.parse(previous.response) as unknown };
    }
    const answer = await work(tx);
    if (answer.statusCode >= 200 && answer.statusCode < 300) {
      await tx.run('INSERT INTO idempotency_keys (key, body_hash, status_code, response, created_at) VALUES (?, ?, ?, ?, ?)', [
        key,
        hash,
        answer.statusCode,
        JSON.stringify(answer.body),
        new Date().toISOString(),
      ]);
    }
    return answer;
  });
}

/** The APPOINTMENT_CONFIRMED link of a patient's appointment for a request (made on the first booking). */
async function confirmedLink(db: Sql, consultationId: string, patientKey: string, patient: Patient, slotTypes: string[], now: number): Promise<string> {
  const row = await db.get<{ link_uuid: string }>(
    "SELECT link_uuid FROM appt_links WHERE consultation_id = ? AND patient_key = ? AND par_type = 'APPOINTMENT_CONFIRMED'",
    [consultationId, patientKey],
  );
  if (row) return row.link_uuid;
  const linkUUID = randomUUID();
  await db.run(
    `INSERT INTO appt_links (link_uuid, par_type, consultation_id, patient, patient_key, slot_types, max_uses_per_patient, max_patients, expires_at, demo, created_at)
     VALUES (?, 'APPOINTMENT_CONFIRMED', ?, ?, ?, ?, 1, 1, NULL, 0, ?)`,
    [linkUUID, consultationId, JSON.stringify(patient), patientKey, JSON.stringify(slotTypes), new Date(now).toISOString()],
  );
  return linkUUID;
}

/** The 201 answer of every booking call (appointment-booking-response.schema.json). */
async function bookingAnswer(db: Sql, a: AppointmentRow, linkUUID: string): Promise<SubmissionAnswer> {
  return {
    statusCode: 201,
    body: {
      appointmentId: a.id,
      consultationId: a.consultation_id,
      linkUUID,
      appointmentStatus: a.status,
      appointmentBooking: await appointmentBookingJson(db, a),
      changeDeadline: new Date(await changeDeadlineMs(db, a)).toISOString(),
      bookedAt: a.updated_at,
    },
  };
}

async function answerFor(db: Sql, a: AppointmentRow, now: number): Promise<SubmissionAnswer> {
  const slot = (await getSlot(db, a.slot_id))!;
  return bookingAnswer(db, a, await confirmedLink(db, a.consultation_id, a.patient_key, JSON.parse(a.patient) as Patient, [slot.slot_type], now));
}

async function requireSlot(db: Sql, id: string): Promise<SlotRow> {
  const slot = await getSlot(db, id);
  if (!slot) throw appointmentErrors.slotTaken();
  return slot;
}

/** The request a booking belongs to: one the practice holds (links), or one this call stores. */
export type BookingRequest =
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
async function serialise(db: Sql, patientKey: string, link: LinkRow | undefined): Promise<void> {
  if (db.dialect !== 'postgres') return;
  if (link && link.par_type !== 'APPOINTMENT_CONFIRMED') await db.get('SELECT link_uuid FROM appt_links WHERE link_uuid = ? FOR UPDATE', [link.link_uuid]);
  await db.get('SELECT pg_advisory_xact_lock(hashtext(CAST(? AS text)))', [`appt-patient:${patientKey}`]);
}

/** Future appointments the patient holds from online booking (BOOKED or RESCHEDULED, not yet started). */
export async function onlineBookingsHeld(db: Sql, patientKey: string, now: number): Promise<number> {
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

/** Refusals shared by change and cancel: already cancelled or updated by the practice, practice-only type, too late, record. */
async function assertChangeable(db: Sql, current: AppointmentRow | undefined, now: number): Promise<AppointmentRow> {
  if (!isActive(current) || current.practice_locked === 1) throw appointmentErrors.unableToUpdate();
  const slot = (await getSlot(db, current.slot_id))!;
  if ((await getSlotType(db, slot.slot_type)).patient_can_change !== 1) throw appointmentErrors.practiceOnly();
  if (now > (await changeDeadlineMs(db, current))) throw appointmentErrors.tooLate();
  await requireRecord(db, JSON.parse(current.patient) as Patient);
  return current;
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
export async function rescheduleAppointment(db: Sql, input: RescheduleInput): Promise<SubmissionAnswer> {
  const { link, caller, now, choice } = input;
  await serialise(db, caller.patientKey, link);
  const consultation = await consultationOf(db, link);
  if (input.consultationId !== consultation.id) throw appointmentErrors.linkInvalid();
  const latest = await latestAppointment(db, consultation.id, caller.patientKey);
  const slot = await requireSlot(db, choice.appointmentSlotId);
  if (isActive(latest) && latest.slot_id === slot.id) return answerFor(db, latest, now);
  if (linkExpired(link, now)) throw appointmentErrors.linkExpired();
  await assertInvitationUsable(db, link, caller.patientKey, now);
  if (!isActive(latest) && consultation.pending_booking === 1) throw appointmentErrors.bookingInProgress();
  const current = await assertChangeable(db, latest, now);
  if (slot.start_ms <= now) throw appointmentErrors.slotInPast();
  if (await appointmentOnSlot(db, slot.id)) throw appointmentErrors.slotTaken();
  if (!(JSON.parse(link.slot_types) as string[]).includes(slot.slot_type)) throw appointmentErrors.slotTypeNotAllowed();

  const at = new Date(now).toISOString();
  try {
    // Only from the slot it was read on: of two changes racing on two instances, one moves it.
    const done = await db.run(
      `UPDATE appt_appointments SET slot_id = ?, status = 'RESCHEDULED', selected_holders = ?, updated_at = ? WHERE id = ? AND slot_id = ? AND status IN ${ACTIVE_STATUSES}`,
      [slot.id, JSON.stringify(choice.selectedSessionHolders ?? []), at, current.id, current.slot_id],
    );
    if (done.changes !== 1) throw appointmentErrors.unableToUpdate();
  } catch (e) {
    if (isUniqueViolation(e)) throw appointmentErrors.slotTaken();
    throw e;
  }
  await countLinkUse(db, link, caller.patientKey);
  await insertEvent(db, { consultationId: consultation.id, appointmentId: current.id, status: 'RESCHEDULED', slotId: slot.id, actor: 'PATIENT', at });
  const moved = (await db.get<AppointmentRow>('SELECT * FROM appt_appointments WHERE id = ?', [current.id]))!;
  const answer = await answerFor(db, moved, now);
  // Same transaction as the change.
  await notifyAppointment(db, 'APPOINTMENT_RESCHEDULED', moved, { origin: input.origin, linkUUID: (answer.body as { linkUUID: string }).linkUUID }, at);
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
export async function cancelAppointment(db: Sql, input: CancelInput): Promise<SubmissionAnswer> {
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
  const latest = await latestAppointment(db, input.consultationId, patientKey);
  if (!latest) throw appointmentErrors.linkInvalid();
  const current = await assertChangeable(db, latest, now);
  const at = new Date(now).toISOString();
  // Only while still active: of two cancels racing on two instances, one changes it.
  const done = await db.run(`UPDATE appt_appointments SET status = 'CANCELLED', updated_at = ? WHERE id = ? AND status IN ${ACTIVE_STATUSES}`, [
    at,
    current.id,
  ]);
  if (done.changes !== 1) throw appointmentErrors.unableToUpdate();
  await insertEvent(db, {
    consultationId: input.consultationId,
    appointmentId: current.id,
    status: 'CANCELLED',
    slotId: current.slot_id,
    actor: 'PATIENT',
    at,
  });
  const confirmed = await db.get<{ link_uuid: string }>(
    "SELECT link_uuid FROM appt_links WHERE consultation_id = ? AND patient_key = ? AND par_type = 'APPOINTMENT_CONFIRMED'",
    [input.consultationId, patientKey],
  );
  // Same transaction as the cancellation.
  await notifyAppointment(
    db,
    'APPOINTMENT_CANCELLED',
    { ...current, status: 'CANCELLED', updated_at: at },
    { origin: input.origin, linkUUID: confirmed?.link_uuid },
    at,
  );
  return { statusCode: 200, body: { appointmentId: current.id, consultationId: input.consultationId, appointmentStatus: 'CANCELLED', cancelledAt: at } };
}
