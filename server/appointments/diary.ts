import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from './sql.js';
import type { Db } from '../db.js';
import { forgetCachedAnswers } from './availability.js';
import { APPOINTMENT_DATA_TABLES } from './schema.js';
import {
  AVAILABILITY_DAYS,
  DEMO_LINKS,
  DEMO_SESSION_HOLDERS,
  DEMO_SESSIONS,
  DEMO_SITES,
  DEMO_SLOT_TYPES,
  type DemoLinkDef,
  type SessionDef,
} from './seed.js';
import { addDays, addMinutes, fromLocal, toLocal, weekday } from './time.js';
import { patientKeyOf } from './patientKey.js';

const ACTIVE = "('BOOKED', 'RESCHEDULED')";

function meta(db: Db, key: string): string | undefined {
  return (sql(db, 'SELECT value FROM appt_meta WHERE key = ?').get(key) as { value: string } | undefined)?.value;
}

function setMeta(db: Db, key: string, value: string): void {
  sql(db, 'INSERT INTO appt_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
}

/** Sites, slot types and clinicians of the demo practice, inserted when missing. */
function seedDiaryDefinitions(db: Db): void {
  const site = sql(db, 
    `INSERT OR IGNORE INTO appt_sites (identifier, label, epr_source, virtual, tier, address, email, telephone, position)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  DEMO_SITES.forEach((s, i) =>
    site.run(s.identifier, s.label, s.eprSource, s.virtual ? 1 : 0, s.tier, s.address ? JSON.stringify(s.address) : null, s.email ?? null, s.telephone ?? null, i),
  );
  const type = sql(db, 
    'INSERT OR IGNORE INTO appt_slot_types (id, description, consultation_type, virtual, patient_can_change, position) VALUES (?, ?, ?, ?, ?, ?)',
  );
  DEMO_SLOT_TYPES.forEach((t, i) => type.run(t.id, t.description, t.consultationType, t.virtual ? 1 : 0, t.patientCanChange ? 1 : 0, i));
  const holder = sql(db, 'INSERT OR IGNORE INTO appt_session_holders (ref_id, name, role, position) VALUES (?, ?, ?, ?)');
  DEMO_SESSION_HOLDERS.forEach((h, i) => holder.run(h.refID, h.name, h.role, i));
}

/** A slot id: 128 random bits in hex, so that nobody can work out the id of another patient's slot. */
export function slotId(): string {
  return randomBytes(16).toString('hex');
}

function sessionId(s: SessionDef, date: string): string {
  return `session.${s.site}.${s.holder}.${date}.${s.start.replace(":", "")}`;
}

/**
 * Free slots for today and the next six weeks from the weekly sessions (existing slots are kept,
 * so booked ones stay booked).
 */
function generateSlots(db: Db, now: number): void {
  const today = toLocal(now).date;
  const insert = sql(db, 
    `INSERT OR IGNORE INTO appt_slots (id, site, holder, slot_type, date, start_time, end_time, start_ms, session_name, session_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (let d = 0; d < AVAILABILITY_DAYS; d++) {
    const date = addDays(today, d);
    const day = weekday(date);
    for (const s of DEMO_SESSIONS) {
      if (!s.days.includes(day)) continue;
      for (let start = s.start; addMinutes(start, s.minutes) <= s.end; start = addMinutes(start, s.minutes)) {
        const startMs = fromLocal(date, start);
        if (startMs <= now) continue;
        // A random id (unguessable); the natural key (session, start) keeps this idempotent.
        insert.run(slotId(), s.site, s.holder, s.slotType, date, start, addMinutes(start, s.minutes), startMs, s.name, sessionId(s, date));
      }
    }
  }
}

/** Slots that have started and are held by no appointment (past or present) are of no use any more. */
function dropPastFreeSlots(db: Db, now: number): void {
  sql(db, 'DELETE FROM appt_slots WHERE start_ms <= ? AND id NOT IN (SELECT slot_id FROM appt_appointments)').run(now);
}

function insertEvent(db: Db, consultationId: string, appointmentId: string | null, status: string, slotId: string | null, actor: 'PATIENT' | 'PRACTICE', at: string): void {
  sql(db, 'INSERT INTO appt_events (consultation_id, appointment_id, status, slot_id, actor, at) VALUES (?, ?, ?, ?, ?, ?)').run(
    consultationId,
    appointmentId,
    status,
    slotId,
    actor,
    at,
  );
}

/** The first free slot of a type on or after a date (tier-1 sites). */
function firstFreeSlot(db: Db, slotType: string, fromDate: string, now: number): string | undefined {
  const row = db
    .prepare(
      `SELECT s.id FROM appt_slots s JOIN appt_sites site ON site.identifier = s.site
       WHERE s.slot_type = ? AND s.date >= ? AND s.start_ms > ? AND site.tier = 1
         AND NOT EXISTS (SELECT 1 FROM appt_appointments a WHERE a.slot_id = s.id AND a.status IN ${ACTIVE})
       ORDER BY s.start_ms LIMIT 1`,
    )
    .get(slotType, fromDate, now) as { id: string } | undefined;
  return row?.id;
}

/** A slot outside the diary made for a demo appointment (starting soon, or in the past). */
function makeDemoSlot(db: Db, def: DemoLinkDef, slotType: string, startMs: number): string {
  const session = DEMO_SESSIONS.find((s) => s.slotType === slotType) ?? DEMO_SESSIONS[0]!;
  const rounded = Math.floor(startMs / 300_000) * 300_000;
  const local = toLocal(rounded);
  const demoSession = `demo.${def.linkUUID.slice(0, 8)}.${local.date}.${local.time.replace(':', '')}`;
  sql(db, 
    `INSERT OR IGNORE INTO appt_slots (id, site, holder, slot_type, date, start_time, end_time, start_ms, session_name, session_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(slotId(), session.site, session.holder, slotType, local.date, local.time, addMinutes(local.time, session.minutes), rounded, session.name, demoSession);
  return (sql(db, 'SELECT id FROM appt_slots WHERE session_id = ? AND start_ms = ?').get(demoSession, rounded) as { id: string }).id;
}

function workingDaysAhead(today: string, n: number): string {
  let date = today;
  let left = n;
  while (left > 0) {
    date = addDays(date, 1);
    if (weekday(date) < 5) left--;
  }
  return date;
}

function createDemoLink(db: Db, def: DemoLinkDef, now: number): void {
  const at = new Date(now).toISOString();
  const consultationId = randomUUID();
  const patientKey = def.patient ? patientKeyOf(db, def.patient) : null;
  sql(db, 'INSERT INTO appt_consultations (id, request_type, request_id, patient, pending_booking, created_at) VALUES (?, ?, NULL, ?, ?, ?)').run(
    consultationId,
    def.requestType,
    def.patient ? JSON.stringify(def.patient) : null,
    def.pendingBooking ? 1 : 0,
    at,
  );
  const expiresAt = def.expired ? now - 86_400_000 : null;
  sql(db, 
    `INSERT INTO appt_links (link_uuid, par_type, consultation_id, patient, patient_key, slot_types, max_uses_per_patient, max_patients, expires_at, demo, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?)`,
  ).run(
    def.linkUUID,
    def.parType,
    consultationId,
    def.patient ? JSON.stringify(def.patient) : null,
    patientKey,
    JSON.stringify(def.slotTypes),
    def.maxUsesPerPatient ?? 1,
    def.maxPatients ?? 1,
    expiresAt,
    at,
  );
  for (const use of def.usedBy ?? []) {
    sql(db, 'INSERT INTO appt_link_uses (link_uuid, patient_key, uses) VALUES (?, ?, ?)').run(def.linkUUID, use.patientKey, use.uses);
  }
  if (def.pendingBooking) insertEvent(db, consultationId, null, 'PENDING_BOOKING', null, 'PRACTICE', at);
  const a = def.appointment;
  if (!a || !def.patient || !patientKey) return;
  const slotId =
    'daysAhead' in a.when
      ? firstFreeSlot(db, a.slotType, workingDaysAhead(toLocal(now).date, a.when.daysAhead), now)
      : makeDemoSlot(db, def, a.slotType, now + a.when.minutesFromNow * 60_000);
  if (!slotId) return;
  const appointmentId = randomUUID();
  sql(db, 
    `INSERT INTO appt_appointments (id, consultation_id, patient_key, patient, slot_id, status, selected_holders, practice_locked, booked_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, '[]', ?, ?, ?)`,
  ).run(appointmentId, consultationId, patientKey, JSON.stringify(def.patient), slotId, a.status, a.practiceLocked ? 1 : 0, at, at);
  insertEvent(db, consultationId, appointmentId, 'BOOKED', slotId, 'PATIENT', at);
  if (a.status === 'CANCELLED') insertEvent(db, consultationId, appointmentId, 'CANCELLED', slotId, 'PATIENT', at);
}

function deleteDemoLink(db: Db, linkUUID: string): void {
  const link = sql(db, 'SELECT consultation_id FROM appt_links WHERE link_uuid = ?').get(linkUUID) as { consultation_id: string } | undefined;
  if (!link) return;
  const c = link.consultation_id;
  sql(db, 'DELETE FROM appt_events WHERE consultation_id = ?').run(c);
  sql(db, 'DELETE FROM appt_link_uses WHERE link_uuid IN (SELECT link_uuid FROM appt_links WHERE consultation_id = ?)').run(c);
  sql(db, 'DELETE FROM appt_appointments WHERE consultation_id = ?').run(c);
  sql(db, 'DELETE FROM appt_links WHERE consultation_id = ?').run(c);
  sql(db, 'DELETE FROM appt_consultations WHERE id = ?').run(c);
  dropUnusedDemoSlots(db);
}

/** Slots made for demo appointments exist only while their appointment does (never offered to patients). */
function dropUnusedDemoSlots(db: Db): void {
  sql(db, "DELETE FROM appt_slots WHERE session_id LIKE 'demo.%' AND id NOT IN (SELECT slot_id FROM appt_appointments)").run();
}

/**
 * Demo links are created when missing, and made again when time has overtaken the state they
 * show (a "booked" demo appointment whose start has passed), so every state stays demonstrable.
 */
function ensureDemoLinks(db: Db, now: number): void {
  for (const def of DEMO_LINKS) {
    const exists = sql(db, 'SELECT demo FROM appt_links WHERE link_uuid = ?').get(def.linkUUID) as { demo: number } | undefined;
    if (exists && def.appointment) {
      const wantsFuture = 'daysAhead' in def.appointment.when || def.appointment.when.minutesFromNow > 0;
      const row = db
        .prepare(
          `SELECT MAX(s.start_ms) AS start FROM appt_appointments a JOIN appt_slots s ON s.id = a.slot_id
           JOIN appt_links l ON l.consultation_id = a.consultation_id WHERE l.link_uuid = ?`,
        )
        .get(def.linkUUID) as { start: number | null };
      if (wantsFuture && (row.start === null || row.start <= now)) {
        deleteDemoLink(db, def.linkUUID);
        createDemoLink(db, def, now);
      }
      continue;
    }
    if (!exists) createDemoLink(db, def, now);
  }
}

const checkedDay = new WeakMap<Db, string>();

/**
 * Keeps the diary current, at most once every ten minutes: on the first call of each day (practice
 * time) it adds the slots of the new day and drops past free slots; each time it refreshes the
 * demo links. A no-op on every other call.
 */
export function ensureDiary(db: Db, now = Date.now()): void {
  const today = toLocal(now).date;
  const stamp = `${today}.${Math.floor(now / 600_000)}`;
  if (checkedDay.get(db) === stamp) return;
  db.transaction(() => {
    seedDiaryDefinitions(db);
    const newDay = meta(db, 'generated_for') !== today;
    if (newDay) {
      generateSlots(db, now);
      setMeta(db, 'generated_for', today);
    }
    ensureDemoLinks(db, now);
    if (newDay) dropPastFreeSlots(db, now);
  }).immediate();
  checkedDay.set(db, stamp);
}

/**
 * Back to the seed: every booking, link and request removed (so every slot is free again), then
 * the demo links made afresh. The generated slots stay: the diary has not changed.
 */
export function resetAppointments(db: Db, now = Date.now()): void {
  for (const table of APPOINTMENT_DATA_TABLES) db.exec(`DELETE FROM ${table}`);
  dropUnusedDemoSlots(db);
  checkedDay.delete(db);
  forgetCachedAnswers(db);
  ensureDiary(db, now);
}
