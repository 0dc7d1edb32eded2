import type { Db } from '../db.js';
import { sql } from './sql.js';
import { CHANGE_CUTOFF_MINUTES, DEMO_SESSIONS } from './seed.js';

/** Appointment statuses that hold their slot. */
export const ACTIVE_STATUSES = "('BOOKED', 'RESCHEDULED')";

import type { AppointmentStatus, ParType } from '../../generated/types/api/patient-action-request';
export type { AppointmentStatus, ParType };

export interface SlotRow {
  id: string;
  site: string;
  holder: string;
  slot_type: string;
  date: string;
  start_time: string;
  end_time: string;
  start_ms: number;
  session_name: string;
  session_id: string;
}

export interface SiteRow {
  identifier: string;
  label: string;
  epr_source: string;
  virtual: number;
  tier: number;
  address: string | null;
  email: string | null;
  telephone: string | null;
  position: number;
}

export interface SlotTypeRow {
  id: string;
  description: string;
  consultation_type: string;
  virtual: number;
  patient_can_change: number;
}

export interface HolderRow {
  ref_id: string;
  name: string;
  role: string;
}

export interface LinkRow {
  link_uuid: string;
  par_type: ParType;
  consultation_id: string;
  patient: string | null;
  patient_key: string | null;
  slot_types: string;
  max_uses_per_patient: number;
  max_patients: number;
  expires_at: number | null;
  created_at: string;
}

export interface ConsultationRow {
  id: string;
  request_type: string;
  request_id: string | null;
  patient: string | null;
  pending_booking: number;
  created_at: string;
}

export interface AppointmentRow {
  id: string;
  consultation_id: string;
  patient_key: string;
  patient: string;
  slot_id: string;
  status: 'BOOKED' | 'RESCHEDULED' | 'CANCELLED';
  selected_holders: string;
  practice_locked: number;
  booked_at: string;
  updated_at: string;
  /** 1: booked by the patient online (counted by the per-patient cap); absent on older reads. */
  online?: number;
}

export function getSlot(db: Db, id: string): SlotRow | undefined {
  return sql(db, 'SELECT * FROM appt_slots WHERE id = ?').get(id) as SlotRow | undefined;
}

export function getSite(db: Db, id: string): SiteRow {
  return sql(db, 'SELECT * FROM appt_sites WHERE identifier = ?').get(id) as SiteRow;
}

export function getSlotType(db: Db, id: string): SlotTypeRow {
  return sql(db, 'SELECT * FROM appt_slot_types WHERE id = ?').get(id) as SlotTypeRow;
}

export function getHolder(db: Db, refId: string): HolderRow {
  return sql(db, 'SELECT * FROM appt_session_holders WHERE ref_id = ?').get(refId) as HolderRow;
}

export function getConsultation(db: Db, id: string): ConsultationRow | undefined {
  return sql(db, 'SELECT * FROM appt_consultations WHERE id = ?').get(id) as ConsultationRow | undefined;
}

/** The active appointment on a slot, if any. */
export function appointmentOnSlot(db: Db, slotId: string): AppointmentRow | undefined {
  return sql(db, `SELECT * FROM appt_appointments WHERE slot_id = ? AND status IN ${ACTIVE_STATUSES}`).get(slotId) as AppointmentRow | undefined;
}

/** The patient's latest appointment for a request (active or cancelled). */
export function latestAppointment(db: Db, consultationId: string, patientKey: string): AppointmentRow | undefined {
  return db
    .prepare('SELECT * FROM appt_appointments WHERE consultation_id = ? AND patient_key = ? ORDER BY updated_at DESC, rowid DESC LIMIT 1')
    .get(consultationId, patientKey) as AppointmentRow | undefined;
}

export function isActive(a: AppointmentRow | undefined): a is AppointmentRow & { status: 'BOOKED' | 'RESCHEDULED' } {
  return a !== undefined && (a.status === 'BOOKED' || a.status === 'RESCHEDULED');
}

export function siteJson(s: SiteRow, holders: string[]) {
  return {
    identifier: s.identifier,
    label: s.label,
    eprSource: s.epr_source,
    virtual: s.virtual === 1,
    sessionHolders: holders,
    ...(s.address ? { address: JSON.parse(s.address) as { street: string; city: string; postcode: string } } : {}),
    ...(s.email ? { email: s.email } : {}),
    ...(s.telephone ? { telephone: s.telephone } : {}),
  };
}

/** refIDs of the clinicians who hold sessions at a site (the diary's weekly sessions). */
export function siteHolders(siteId: string): string[] {
  return [...new Set(DEMO_SESSIONS.filter((s) => s.site === siteId).map((s) => s.holder))];
}

export function slotTypeJson(t: SlotTypeRow) {
  return {
    id: t.id,
    description: t.description,
    consultationType: t.consultation_type as 'FACE_TO_FACE' | 'TELEPHONE' | 'VIDEO',
    virtual: t.virtual === 1,
    patientCanChange: t.patient_can_change === 1,
  };
}

/** The booked appointment in words (AppointmentBooking of patient-action-request.schema.json). */
export function appointmentBookingJson(db: Db, a: AppointmentRow) {
  const slot = getSlot(db, a.slot_id)!;
  return bookingJson(a, { slot, site: getSite(db, slot.site), type: getSlotType(db, slot.slot_type), holder: getHolder(db, slot.holder) });
}

/** appointmentBookingJson from rows already read (the practice's list reads a page's rows in a few queries). */
export function bookingJson(a: AppointmentRow, { slot, site, type, holder }: { slot: SlotRow; site: SiteRow; type: SlotTypeRow; holder: HolderRow }) {
  return {
    date: slot.date,
    slot: {
      id: slot.id,
      startTime: slot.start_time,
      endTime: slot.end_time,
      type: type.description,
      slotTypeId: type.id,
      virtual: type.virtual === 1 || site.virtual === 1,
      dateTimeInMilliseconds: slot.start_ms,
    },
    siteName: site.label,
    site: siteJson(site, siteHolders(site.identifier)),
    selectedSessionHolders: JSON.parse(a.selected_holders) as string[],
    sessionHolders: [holder.name],
    eprSource: site.epr_source,
  };
}

/** Until when the patient may change or cancel (ms). */
export function changeDeadlineMs(db: Db, a: AppointmentRow): number {
  return getSlot(db, a.slot_id)!.start_ms - CHANGE_CUTOFF_MINUTES * 60_000;
}

export function insertEvent(
  db: Db,
  e: { consultationId: string; appointmentId: string | null; status: AppointmentStatus; slotId: string | null; actor: 'PATIENT' | 'PRACTICE'; at: string },
): void {
  sql(db, 'INSERT INTO appt_events (consultation_id, appointment_id, status, slot_id, actor, at) VALUES (?, ?, ?, ?, ?, ?)').run(
    e.consultationId,
    e.appointmentId,
    e.status,
    e.slotId,
    e.actor,
    e.at,
  );
}
