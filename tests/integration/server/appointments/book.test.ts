// The appointment book's guarantees through its own service functions (server/appointments), on
// the store of this run: SQLite, or PostgreSQL with three pools standing for three instances.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availabilityChunk } from '../../../../server/appointments/availability.js';
import { bookAppointment, type SlotChoice } from '../../../../server/appointments/book.js';
import { cancelAppointment, rescheduleAppointment } from '../../../../server/appointments/change.js';
import { runAppointmentTransaction } from '../../../../server/appointments/transaction.js';
import { ensureDiary } from '../../../../server/appointments/diary.js';
import { consultationOf, getLink } from '../../../../server/appointments/links.js';
import { patientKeyOf } from '../../../../server/appointments/patientKey.js';
import { DEFAULT_SLOT_TYPES } from '../../../../server/appointments/seed.js';
import { openDatabase } from '../../../../server/db.js';
import { seedDatabase } from '../../../../server/seeding.js';
import type { SubmissionAnswer } from '../../../../server/storedRequests.js';
import { openStore, postgresStore, type Sql } from '../../../../server/store/index.js';
import { addTestPatientsTo, type addTestPatients } from '../../support/appointments-helpers.js';
import { freshPostgresDatabase, STORE } from '../../support/stores.js';

type Patient = ReturnType<typeof addTestPatients>[number];
interface Slot {
  id: string;
  session: SlotChoice['availableAppointmentSession'];
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'store-appt-'));
let instances: Sql[];
let close: () => Promise<void>;
let patients: Patient[];
let free: Slot[];

beforeAll(async () => {
  if (STORE === 'postgres') {
    const db = await freshPostgresDatabase();
    const first = await openStore({ databaseUrl: db.url });
    instances = [first, postgresStore(db.url), postgresStore(db.url)];
    close = async () => {
      for (const s of instances) await s.close();
      await db.drop();
    };
  } else {
    // One file, one connection.
    const store = await openStore({ sqlite: openDatabase(dir) });
    instances = [store, store, store];
    close = () => store.close();
  }
  // Settings, patients and the notification queue are in the store with the appointment book.
  await seedDatabase(instances[0]!);
  patients = await addTestPatientsTo(instances[0]!, 60, 'Storeappt');
  // Two instances keep the diary at once: it is made once (slots have a natural key, the demo links are not doubled).
  await Promise.all([ensureDiary(instances[0]!), ensureDiary(instances[1]!)]);
  const chunk = await availabilityChunk(instances[2]!, { scope: { slotTypes: DEFAULT_SLOT_TYPES }, tier: 1, linkTo: () => '' }, Date.now());
  free = chunk.availableAppointmentSessions.flatMap((session) =>
    (session.slots as Array<{ id: string }>).map((slot) => ({ id: slot.id, session: session as unknown as SlotChoice['availableAppointmentSession'] })),
  );
}, 60_000);
afterAll(async () => {
  await close?.();
  rmSync(dir, { recursive: true, force: true });
});

/** A booking that stores its own request (as the symptom-assessment booking does), through instance i. */
function book(i: number, patient: Patient, slot: Slot): Promise<SubmissionAnswer> {
  const store = instances[i % instances.length]!;
  return runAppointmentTransaction(store, { key: undefined, route: 'test-booking', body: {} }, async (tx) =>
    bookAppointment(tx, {
      request: { requestType: 'CONSULTATION', storeRequest: () => randomUUID(), allowedSlotTypes: DEFAULT_SLOT_TYPES },
      patientKey: await patientKeyOf(tx, patient),
      patient,
      choice: { appointmentSlotId: slot.id, availableAppointmentSession: slot.session },
      now: Date.now(),
      origin: 'https://practice.example',
    }),
  );
}

/** A refusal's status and RH code (HttpError keeps the code in `extra`). */
const codeOf = (r: PromiseSettledResult<unknown>) => {
  if (r.status !== 'rejected') return undefined;
  const e = r.reason as { statusCode?: number; extra?: { code?: string } };
  return { statusCode: e.statusCode, code: e.extra?.code };
};

async function count(text: string, params: unknown[] = []): Promise<number> {
  return (await instances[1]!.get<{ n: number }>(text, params))!.n;
}

describe(`the appointment book across instances (${STORE})`, () => {
  it('keeps the diary once when two instances refresh it together, and lists free slots', async () => {
    expect(free.length).toBeGreaterThan(10);
    expect(await count('SELECT COUNT(*) AS n FROM appt_links WHERE demo = 1')).toBeGreaterThan(0);
    // Every demo link once (made by one of the two refreshes).
    expect(await count('SELECT COUNT(*) AS n FROM (SELECT link_uuid FROM appt_links GROUP BY link_uuid HAVING COUNT(*) > 1) d')).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM (SELECT session_id, start_ms FROM appt_slots GROUP BY session_id, start_ms HAVING COUNT(*) > 1) d')).toBe(0);
  });

  it('one slot, one patient: 50 concurrent bookings of one slot over 3 instances → exactly 1 booked, 49 RH-E007', async () => {
    const slot = free[3]!;
    const results = await Promise.allSettled(patients.slice(0, 50).map((p, i) => book(i, p, slot)));
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(1);
    expect((ok[0] as PromiseFulfilledResult<SubmissionAnswer>).value.statusCode).toBe(201);
    for (const r of results.filter((x) => x.status === 'rejected')) expect(codeOf(r)).toMatchObject({ statusCode: 409, code: 'RH-E007' });
    expect(await count("SELECT COUNT(*) AS n FROM appt_appointments WHERE slot_id = ? AND status IN ('BOOKED', 'RESCHEDULED')", [slot.id])).toBe(1);
    // The refused bookings rolled back whole: one request (consultation) for the slot, one BOOKED event.
    expect(await count("SELECT COUNT(*) AS n FROM appt_events WHERE slot_id = ? AND status = 'BOOKED'", [slot.id])).toBe(1);
    expect(
      await count('SELECT COUNT(*) AS n FROM appt_consultations c JOIN appt_appointments a ON a.consultation_id = c.id WHERE a.slot_id = ?', [slot.id]),
    ).toBe(1);
  }, 60_000);

  it('two changes of one appointment racing on two instances: it ends on one slot, the other stays free', async () => {
    const patient = patients[50]!;
    const booked = (await book(0, patient, free[10]!)).body as { consultationId: string; linkUUID: string; appointmentId: string };
    const link = await getLink(instances[0]!, booked.linkUUID);
    const caller = { patientKey: await patientKeyOf(instances[0]!, patient), patient };
    const [a, b] = [free[11]!, free[12]!];
    const change = (i: number, slot: Slot) =>
      runAppointmentTransaction(instances[i]!, { key: undefined, route: 'test-reschedule', body: {} }, (tx) =>
        rescheduleAppointment(tx, {
          link,
          caller,
          consultationId: booked.consultationId,
          choice: { appointmentSlotId: slot.id, availableAppointmentSession: slot.session },
          now: Date.now(),
          origin: 'https://practice.example',
        }),
      );
    const results = await Promise.allSettled([change(1, a), change(2, b)]);
    const ok = results.filter((r): r is PromiseFulfilledResult<SubmissionAnswer> => r.status === 'fulfilled');
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of results.filter((x) => x.status === 'rejected')) expect(codeOf(r)).toMatchObject({ statusCode: 409, code: 'RH-E1522' });
    const row = (await instances[0]!.get<{ slot_id: string; status: string }>('SELECT slot_id, status FROM appt_appointments WHERE id = ?', [
      booked.appointmentId,
    ]))!;
    expect(row.status).toBe('RESCHEDULED');
    // It is where the last acknowledged change put it; the original slot and the other one are free.
    const last = ok[ok.length - 1]!.value.body as { appointmentBooking: { slot: { id: string } } };
    if (ok.length === 1) expect(row.slot_id).toBe(last.appointmentBooking.slot.id);
    expect([a.id, b.id]).toContain(row.slot_id);
    for (const other of [free[10]!.id, a.id, b.id].filter((id) => id !== row.slot_id)) {
      expect(await count("SELECT COUNT(*) AS n FROM appt_appointments WHERE slot_id = ? AND status IN ('BOOKED', 'RESCHEDULED')", [other])).toBe(0);
    }
  }, 60_000);

  it('two cancels of one appointment racing on two instances: one cancels it, the other is RH-E1522, one CANCELLED event', async () => {
    const patient = patients[51]!;
    const booked = (await book(0, patient, free[20]!)).body as { consultationId: string; linkUUID: string; appointmentId: string };
    const link = await getLink(instances[0]!, booked.linkUUID);
    const cancel = (i: number) =>
      runAppointmentTransaction(instances[i]!, { key: undefined, route: 'test-cancel', body: {} }, (tx) =>
        cancelAppointment(tx, { consultationId: booked.consultationId, by: { link }, now: Date.now(), origin: 'https://practice.example' }),
      );
    const results = await Promise.allSettled([cancel(1), cancel(2)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(codeOf(results.find((r) => r.status === 'rejected')!)).toMatchObject({ statusCode: 409, code: 'RH-E1522' });
    expect(await count("SELECT COUNT(*) AS n FROM appt_events WHERE appointment_id = ? AND status = 'CANCELLED'", [booked.appointmentId])).toBe(1);
  }, 60_000);

  it('an invitation for one patient, used by two patients at once on two instances: one books, the other is RH-E3741A', async () => {
    const consultationId = randomUUID();
    const linkUUID = randomUUID();
    const at = new Date().toISOString();
    await instances[0]!.run(
      "INSERT INTO appt_consultations (id, request_type, request_id, patient, pending_booking, created_at) VALUES (?, 'CONSULTATION_REQUEST', NULL, NULL, 0, ?)",
      [consultationId, at],
    );
    await instances[0]!.run(
      `INSERT INTO appt_links (link_uuid, par_type, consultation_id, patient, patient_key, slot_types, max_uses_per_patient, max_patients, expires_at, demo, created_at)
       VALUES (?, 'DIRECT_BOOKING', ?, NULL, NULL, ?, 1, 1, NULL, 0, ?)`,
      [linkUUID, consultationId, JSON.stringify(DEFAULT_SLOT_TYPES), at],
    );
    const use = (i: number, patient: Patient, slot: Slot) =>
      runAppointmentTransaction(instances[i]!, { key: undefined, route: 'test-invitation', body: {} }, async (tx) => {
        const link = await getLink(tx, linkUUID);
        return bookAppointment(tx, {
          request: { existing: await consultationOf(tx, link), link },
          patientKey: await patientKeyOf(tx, patient),
          patient,
          choice: { appointmentSlotId: slot.id, availableAppointmentSession: slot.session },
          now: Date.now(),
          origin: 'https://practice.example',
        });
      });
    const results = await Promise.allSettled([use(1, patients[53]!, free[40]!), use(2, patients[54]!, free[41]!)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(codeOf(results.find((r) => r.status === 'rejected')!)).toMatchObject({ statusCode: 403, code: 'RH-E3741A' });
    expect(await count('SELECT COUNT(*) AS n FROM appt_appointments WHERE consultation_id = ?', [consultationId])).toBe(1);
  }, 60_000);

  it('a retried booking with the same Idempotency-Key on another instance gets the first answer and books once', async () => {
    const patient = patients[52]!;
    const slot = free[30]!;
    const key = randomUUID();
    const run = (i: number) =>
      runAppointmentTransaction(instances[i]!, { key, route: 'test-idem', body: { slot: slot.id } }, async (tx) =>
        bookAppointment(tx, {
          request: { requestType: 'CONSULTATION', storeRequest: () => randomUUID(), allowedSlotTypes: DEFAULT_SLOT_TYPES },
          patientKey: await patientKeyOf(tx, patient),
          patient,
          choice: { appointmentSlotId: slot.id, availableAppointmentSession: slot.session },
          now: Date.now(),
          origin: 'https://practice.example',
        }),
      );
    const first = await run(0);
    const again = await run(2);
    expect(again).toEqual(first);
    expect(await count('SELECT COUNT(*) AS n FROM appt_appointments WHERE slot_id = ?', [slot.id])).toBe(1);
  }, 60_000);
});
