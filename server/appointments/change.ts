import type { SubmissionAnswer } from '../storedRequests.js';
import { isUniqueViolation, type Sql } from '../store/index.js';
import { answerFor, type Patient } from './answers.js';
import { requireSlot, serialise, type SlotChoice } from './book.js';
import { appointmentErrors } from './errors.js';
import { assertInvitationUsable, consultationOf, countLinkUse, linkExpired, type LinkCaller } from './links.js';
import { notifyAppointment } from './notify.js';
import { requireRecord } from './records.js';
import {
  ACTIVE_STATUSES,
  appointmentOnSlot,
  changeDeadlineMs,
  getSlot,
  getSlotType,
  insertEvent,
  isActive,
  latestAppointment,
  type AppointmentRow,
  type LinkRow,
} from './rows.js';

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
