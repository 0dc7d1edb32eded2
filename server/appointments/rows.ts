import type { Dialect, Sql } from '../store/index.js';
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

/**
 * `IN (…)` over a JSON array bound as one parameter (a whole page's ids in one statement):
 * json_each on SQLite, json_array_elements_text on PostgreSQL.
 */
export function inJsonList(dialect: Dialect): string {
  return dialect === 'postgres' ? 'IN (SELECT json_array_elements_text(CAST(? AS json)))' : 'IN (SELECT value FROM json_each(?))';
}

/**
 * Insertion order as the last tie-breaker of an ORDER BY: SQLite's rowid; PostgreSQL has none, its
 * ctid (the row's place in the table) stands in (only ever breaks a tie of equal times).
 */
export function insertionOrder(dialect: Dialect): string {
  return dialect === 'postgres' ? 'ctid' : 'rowid';
}

export async function getSlot(db: Sql, id: string): Promise<SlotRow | undefined> {
  return db.get<SlotRow>('SELECT * FROM appt_slots WHERE id = ?', [id]);
}

export async function getSite(db: Sql, id: string): Promise<SiteRow> {
  return (await db.get<SiteRow>('SELECT * FROM appt_sites WHERE identifier = ?', [id]))!;
}

export async function getSlotType(db: Sql, id: string): Promise<SlotTypeRow> {
  return (await db.get<SlotTypeRow>('SELECT * FROM appt_slot_types WHERE id = ?', [id]))!;
}

export async function getHolder(db: Sql, refId: string): Promise<HolderRow> {
  return (await db.get<HolderRow>('SELECT * FROM appt_session_holders WHERE ref_id = ?', [refId]))!;
}

export async function getConsultation(db: Sql, id: string): Promise<ConsultationRow | undefined> {
  return db.get<ConsultationRow>('SELECT * FROM appt_consultations WHERE id = ?', [id]);
}

/** The active appointment on a slot, if any. */
export async function appointmentOnSlot(db: Sql, slotId: string): Promise<AppointmentRow | undefined> {
  return db.get<AppointmentRow>(`SELECT * FROM appt_appointments WHERE slot_id = ? AND status IN ${ACTIVE_STATUSES}`, [slotId]);
}

/** The patient's latest appointment for a request (active or cancelled). */
export async function latestAppointment(db: Sql, consultationId: string, patientKey: string): Promise<AppointmentRow | undefined> {
  return db.get<AppointmentRow>(
    `SELECT * FROM appt_appointments WHERE consultation_id = ? AND patient_key = ? ORDER BY updated_at DESC, ${insertionOrder(db.dialect)} DESC LIMIT 1`,
    [consultationId, patientKey],
  );
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
export async function appointmentBookingJson(db: Sql, a: AppointmentRow) {
  const slot = (await getSlot(db, a.slot_id))!;
  return bookingJson(a, { slot, site: await getSite(db, slot.site), type: await getSlotType(db, slot.slot_type), holder: await getHolder(db, slot.holder) });
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
export async function changeDeadlineMs(db: Sql, a: AppointmentRow): Promise<number> {
  return (await getSlot(db, a.slot_id))!.start_ms - CHANGE_CUTOFF_MINUTES * 60_000;
}

export async function insertEvent(
  db: Sql,
  e: { consultationId: string; appointmentId: string | null; status: AppointmentStatus; slotId: string | null; actor: 'PATIENT' | 'PRACTICE'; at: string },
): Promise<void> {
  await db.run('INSERT INTO appt_events (consultation_id, appointment_id, status, slot_id, actor, at) VALUES (?, ?, ?, ?, ?, ?)', [
    e.consultationId,
    e.appointmentId,
    e.status,
    e.slotId,
    e.actor,
    e.at,
  ]);
}
