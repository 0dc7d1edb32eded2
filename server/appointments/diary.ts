import { randomBytes, randomUUID } from 'node:crypto';
import type { Sql } from '../store/index.js';
import { forgetCachedAnswers } from './availability.js';
import { APPOINTMENT_DATA_TABLES } from './schema.js';
import { DEMO_LINKS, type DemoLinkDef } from './demoLinks.js';
import { AVAILABILITY_DAYS, DEMO_SESSION_HOLDERS, DEMO_SESSIONS, DEMO_SITES, DEMO_SLOT_TYPES, type SessionDef } from './seed.js';
import { addDays, addMinutes, fromLocal, toLocal, weekday } from './time.js';
import { patientKeyOf } from './patientKey.js';

const ACTIVE = "('BOOKED', 'RESCHEDULED')";

async function meta(db: Sql, key: string): Promise<string | undefined> {
  return (await db.get<{ value: string }>('SELECT value FROM appt_meta WHERE key = ?', [key]))?.value;
}

async function setMeta(db: Sql, key: string, value: string): Promise<void> {
  await db.run('INSERT INTO appt_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [key, value]);
}

/** Sites, slot types and clinicians of the demo practice, inserted when missing. */
async function seedDiaryDefinitions(db: Sql): Promise<void> {
  for (const [i, s] of DEMO_SITES.entries()) {
    await db.run(
      `INSERT INTO appt_sites (identifier, label, epr_source, virtual, tier, address, email, telephone, position)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      [s.identifier, s.label, s.eprSource, s.virtual ? 1 : 0, s.tier, s.address ? JSON.stringify(s.address) : null, s.email ?? null, s.telephone ?? null, i],
    );
  }
  for (const [i, t] of DEMO_SLOT_TYPES.entries()) {
    await db.run(
      'INSERT INTO appt_slot_types (id, description, consultation_type, virtual, patient_can_change, position) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
      [t.id, t.description, t.consultationType, t.virtual ? 1 : 0, t.patientCanChange ? 1 : 0, i],
    );
  }
  for (const [i, h] of DEMO_SESSION_HOLDERS.entries()) {
    await db.run('INSERT INTO appt_session_holders (ref_id, name, role, position) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING', [h.refID, h.name, h.role, i]);
  }
}

/** A slot id: 128 random bits in hex, so that nobody can work out the id of another patient's slot. */
function slotId(): string {
  return randomBytes(16).toString('hex');
}

function sessionId(s: SessionDef, date: string): string {
  return `session.${s.site}.${s.holder}.${date}.${s.start.replace(':', '')}`;
}

/**
 * Free slots for today and the next six weeks from the weekly sessions (existing slots are kept,
 * so booked ones stay booked).
 */
async function generateSlots(db: Sql, now: number): Promise<void> {
  const today = toLocal(now).date;
  const rows: unknown[][] = [];
  for (let d = 0; d < AVAILABILITY_DAYS; d++) {
    const date = addDays(today, d);
    const day = weekday(date);
    for (const s of DEMO_SESSIONS) {
      if (!s.days.includes(day)) continue;
      for (let start = s.start; addMinutes(start, s.minutes) <= s.end; start = addMinutes(start, s.minutes)) {
        const startMs = fromLocal(date, start);
        if (startMs <= now) continue;
        // A random id (unguessable); the natural key (session, start) keeps this idempotent.
        rows.push([slotId(), s.site, s.holder, s.slotType, date, start, addMinutes(start, s.minutes), startMs, s.name, sessionId(s, date)]);
      }
    }
  }
  // SLOT_BATCH rows a statement: on PostgreSQL one round trip each instead of one per slot.
  for (let i = 0; i < rows.length; i += SLOT_BATCH) {
    const batch = rows.slice(i, i + SLOT_BATCH);
    await db.run(
      `INSERT INTO appt_slots (id, site, holder, slot_type, date, start_time, end_time, start_ms, session_name, session_id)
       VALUES ${batch.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')} ON CONFLICT DO NOTHING`,
      batch.flat(),
    );
  }
}

const SLOT_BATCH = 100;

/** Slots that have started and are held by no appointment (past or present) are of no use any more. */
async function dropPastFreeSlots(db: Sql, now: number): Promise<void> {
  await db.run('DELETE FROM appt_slots WHERE start_ms <= ? AND id NOT IN (SELECT slot_id FROM appt_appointments)', [now]);
}

async function insertEvent(
  db: Sql,
  consultationId: string,
  appointmentId: string | null,
  status: string,
  slotId: string | null,
  actor: 'PATIENT' | 'PRACTICE',
  at: string,
): Promise<void> {
  await db.run('INSERT INTO appt_events (consultation_id, appointment_id, status, slot_id, actor, at) VALUES (?, ?, ?, ?, ?, ?)', [
    consultationId,
    appointmentId,
    status,
    slotId,
    actor,
    at,
  ]);
}

/** The first free slot of a type on or after a date (tier-1 sites). */
async function firstFreeSlot(db: Sql, slotType: string, fromDate: string, now: number): Promise<string | undefined> {
  const row = await db.get<{ id: string }>(
    `SELECT s.id FROM appt_slots s JOIN appt_sites site ON site.identifier = s.site
     WHERE s.slot_type = ? AND s.date >= ? AND s.start_ms > ? AND site.tier = 1
       AND NOT EXISTS (SELECT 1 FROM appt_appointments a WHERE a.slot_id = s.id AND a.status IN ${ACTIVE})
     ORDER BY s.start_ms LIMIT 1`,
    [slotType, fromDate, now],
  );
  return row?.id;
}

/** A slot outside the diary made for a demo appointment (starting soon, or in the past). */
async function makeDemoSlot(db: Sql, def: DemoLinkDef, slotType: string, startMs: number): Promise<string> {
  const session = DEMO_SESSIONS.find((s) => s.slotType === slotType) ?? DEMO_SESSIONS[0]!;
  const rounded = Math.floor(startMs / 300_000) * 300_000;
  const local = toLocal(rounded);
  const demoSession = `demo.${def.linkUUID.slice(0, 8)}.${local.date}.${local.time.replace(':', '')}`;
  await db.run(
    `INSERT INTO appt_slots (id, site, holder, slot_type, date, start_time, end_time, start_ms, session_name, session_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    [slotId(), session.site, session.holder, slotType, local.date, local.time, addMinutes(local.time, session.minutes), rounded, session.name, demoSession],
  );
  return (await db.get<{ id: string }>('SELECT id FROM appt_slots WHERE session_id = ? AND start_ms = ?', [demoSession, rounded]))!.id;
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

async function createDemoLink(db: Sql, def: DemoLinkDef, now: number): Promise<void> {
  const at = new Date(now).toISOString();
  const consultationId = randomUUID();
  const patientKey = def.patient ? await patientKeyOf(db, def.patient) : null;
  await db.run('INSERT INTO appt_consultations (id, request_type, request_id, patient, pending_booking, created_at) VALUES (?, ?, NULL, ?, ?, ?)', [
    consultationId,
    def.requestType,
    def.patient ? JSON.stringify(def.patient) : null,
    def.pendingBooking ? 1 : 0,
    at,
  ]);
  const expiresAt = def.expired ? now - 86_400_000 : null;
  await db.run(
    `INSERT INTO appt_links (link_uuid, par_type, consultation_id, patient, patient_key, slot_types, max_uses_per_patient, max_patients, expires_at, demo, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?)`,
    [
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
    ],
  );
  for (const use of def.usedBy ?? []) {
    await db.run('INSERT INTO appt_link_uses (link_uuid, patient_key, uses) VALUES (?, ?, ?)', [def.linkUUID, use.patientKey, use.uses]);
  }
  if (def.pendingBooking) await insertEvent(db, consultationId, null, 'PENDING_BOOKING', null, 'PRACTICE', at);
  const a = def.appointment;
  if (!a || !def.patient || !patientKey) return;
  const slotId =
    'daysAhead' in a.when
      ? await firstFreeSlot(db, a.slotType, workingDaysAhead(toLocal(now).date, a.when.daysAhead), now)
      : await makeDemoSlot(db, def, a.slotType, now + a.when.minutesFromNow * 60_000);
  if (!slotId) return;
  const appointmentId = randomUUID();
  await db.run(
    `INSERT INTO appt_appointments (id, consultation_id, patient_key, patient, slot_id, status, selected_holders, practice_locked, booked_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, '[]', ?, ?, ?)`,
    [appointmentId, consultationId, patientKey, JSON.stringify(def.patient), slotId, a.status, a.practiceLocked ? 1 : 0, at, at],
  );
  await insertEvent(db, consultationId, appointmentId, 'BOOKED', slotId, 'PATIENT', at);
  if (a.status === 'CANCELLED') await insertEvent(db, consultationId, appointmentId, 'CANCELLED', slotId, 'PATIENT', at);
}

async function deleteDemoLink(db: Sql, linkUUID: string): Promise<void> {
  const link = await db.get<{ consultation_id: string }>('SELECT consultation_id FROM appt_links WHERE link_uuid = ?', [linkUUID]);
  if (!link) return;
  const c = link.consultation_id;
  await db.run('DELETE FROM appt_events WHERE consultation_id = ?', [c]);
  await db.run('DELETE FROM appt_link_uses WHERE link_uuid IN (SELECT link_uuid FROM appt_links WHERE consultation_id = ?)', [c]);
  await db.run('DELETE FROM appt_appointments WHERE consultation_id = ?', [c]);
  await db.run('DELETE FROM appt_links WHERE consultation_id = ?', [c]);
  await db.run('DELETE FROM appt_consultations WHERE id = ?', [c]);
  await dropUnusedDemoSlots(db);
}

/** Slots made for demo appointments exist only while their appointment does (never offered to patients). */
async function dropUnusedDemoSlots(db: Sql): Promise<void> {
  await db.run("DELETE FROM appt_slots WHERE session_id LIKE 'demo.%' AND id NOT IN (SELECT slot_id FROM appt_appointments)");
}

/**
 * Demo links are created when missing, and made again when time has overtaken the state they
 * show (a "booked" demo appointment whose start has passed), so every state stays demonstrable.
 */
async function ensureDemoLinks(db: Sql, now: number): Promise<void> {
  for (const def of DEMO_LINKS) {
    const exists = await db.get<{ demo: number }>('SELECT demo FROM appt_links WHERE link_uuid = ?', [def.linkUUID]);
    if (exists && def.appointment) {
      const wantsFuture = 'daysAhead' in def.appointment.when || def.appointment.when.minutesFromNow > 0;
      const row = await db.get<{ start: number | null }>(
        `SELECT MAX(s.start_ms) AS start FROM appt_appointments a JOIN appt_slots s ON s.id = a.slot_id
         JOIN appt_links l ON l.consultation_id = a.consultation_id WHERE l.link_uuid = ?`,
        [def.linkUUID],
      );
      const start = row?.start ?? null;
      if (wantsFuture && (start === null || start <= now)) {
        await deleteDemoLink(db, def.linkUUID);
        await createDemoLink(db, def, now);
      }
      continue;
    }
    if (!exists) await createDemoLink(db, def, now);
  }
}

/** pg_advisory_xact_lock's key for keeping the diary: instances refreshing it together take turns. */
const DIARY_LOCK = 290_002;

const checkedDay = new WeakMap<Sql, string>();

/**
 * Keeps the diary current, at most once every ten minutes: on the first call of each day (practice
 * time) it adds the slots of the new day and drops past free slots; each time it refreshes the
 * demo links. A no-op on every other call.
 */
export async function ensureDiary(db: Sql, now = Date.now()): Promise<void> {
  const today = toLocal(now).date;
  const stamp = `${today}.${Math.floor(now / 600_000)}`;
  if (checkedDay.get(db) === stamp) return;
  await db.tx(async (tx) => {
    // Several instances on one PostgreSQL refresh it one after the other (the second finds it done).
    if (tx.dialect === 'postgres') await tx.get('SELECT pg_advisory_xact_lock(?)', [DIARY_LOCK]);
    await seedDiaryDefinitions(tx);
    const newDay = (await meta(tx, 'generated_for')) !== today;
    if (newDay) {
      await generateSlots(tx, now);
      await setMeta(tx, 'generated_for', today);
    }
    await ensureDemoLinks(tx, now);
    if (newDay) await dropPastFreeSlots(tx, now);
  });
  checkedDay.set(db, stamp);
}

/**
 * Back to the seed: every booking, link and request removed (so every slot is free again), then
 * the demo links made afresh. The generated slots stay: the diary has not changed. `db` may be a
 * transaction; `cacheOf` is the store whose cached answers and diary stamp are forgotten.
 */
export async function resetAppointments(db: Sql, now = Date.now(), cacheOf: Sql = db): Promise<void> {
  for (const table of APPOINTMENT_DATA_TABLES) await db.run(`DELETE FROM ${table}`);
  await dropUnusedDemoSlots(db);
  checkedDay.delete(cacheOf);
  checkedDay.delete(db);
  forgetCachedAnswers(cacheOf);
  forgetCachedAnswers(db);
  await ensureDiary(db, now);
}
