import { randomUUID } from 'node:crypto';
import type { SubmissionAnswer } from '../storedRequests.js';
import type { Sql } from '../store/index.js';
import type { PatientIdentity } from './patientKey.js';
import { appointmentBookingJson, changeDeadlineMs, getSlot, type AppointmentRow } from './rows.js';

/** The patient of a booking as it is stored with the appointment. */
export type Patient = PatientIdentity & Record<string, unknown>;

/** The APPOINTMENT_CONFIRMED link of a patient's appointment for a request (made on the first booking). */
export async function confirmedLink(db: Sql, consultationId: string, patientKey: string, patient: Patient, slotTypes: string[], now: number): Promise<string> {
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
export async function bookingAnswer(db: Sql, a: AppointmentRow, linkUUID: string): Promise<SubmissionAnswer> {
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

/** The booking answer of an appointment already made (a retry, a change): its confirmed link made if missing. */
export async function answerFor(db: Sql, a: AppointmentRow, now: number): Promise<SubmissionAnswer> {
  const slot = (await getSlot(db, a.slot_id))!;
  return bookingAnswer(db, a, await confirmedLink(db, a.consultation_id, a.patient_key, JSON.parse(a.patient) as Patient, [slot.slot_type], now));
}
