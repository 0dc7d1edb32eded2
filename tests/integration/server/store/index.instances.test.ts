// Guarantees that hold in the database, not in one process: several connections (instances'
// pools on PostgreSQL; connections to one file on SQLite) racing on the same rows.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../../../server/db.js';
import { GuidelineEngine } from '../../../../server/engine/engine.js';
import { PathwayLibrary } from '../../../../server/engine/library.js';
import { enqueueNotifications, NotificationWorker, outboxTransport } from '../../../../server/notifications/index.js';
import { DEFAULT_RATE_LIMITS, RateCounter } from '../../../../server/rate-limits.js';
import { assertEngineServiceOpen, assertServiceOpen, SESSION_COOKIE, sessionPatientId } from '../../../../server/services/index.js';
import { OPERATIONAL_STATE_TTL_MS } from '../../../../server/services/serviceState.js';
import { putSetting } from '../../../../server/settingsStore.js';
import { ensureStaffPassword, STAFF_COOKIE, StaffAuth } from '../../../../server/staff.js';
import { isUniqueViolation, sqliteStore, type Sql } from '../../../../server/store/index.js';
import { STORE, testStore } from '../../support/stores.js';

let t: Awaited<ReturnType<typeof testStore>>;
let instances: Sql[];
beforeAll(async () => {
  t = await testStore();
  instances = [t.store, await t.another(), await t.another()];
});
afterAll(() => t?.cleanup());

describe(`across instances (${STORE})`, () => {
  it('one slot, one patient: 50 concurrent bookings of one slot over 3 connections → exactly 1 stored', async () => {
    const slot = randomUUID();
    const db0 = instances[0]!;
    await db0.run(
      "INSERT INTO appt_sites (identifier, label, epr_source, virtual, tier, position) VALUES ('t-site', 'Test site', 'EMIS', 0, 1, 99) ON CONFLICT (identifier) DO NOTHING",
    );
    await db0.run(
      "INSERT INTO appt_slot_types (id, description, consultation_type, virtual, patient_can_change, position) VALUES ('t-type', 'Test', 'F2F', 0, 1, 99) ON CONFLICT (id) DO NOTHING",
    );
    await db0.run("INSERT INTO appt_session_holders (ref_id, name, role, position) VALUES ('t-holder', 'Dr Test', 'GP', 99) ON CONFLICT (ref_id) DO NOTHING");
    await db0.run(
      "INSERT INTO appt_slots (id, site, holder, slot_type, date, start_time, end_time, start_ms, session_name, session_id) VALUES (?, 't-site', 't-holder', 't-type', '2030-01-07', '09:00', '09:10', ?, 'Morning', ?)",
      [slot, 1_893_920_400_000, randomUUID()],
    );
    const consultationsBefore = (await db0.get<{ n: number }>('SELECT COUNT(*) AS n FROM appt_consultations'))!.n;
    const now = new Date().toISOString();
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, async (_, i) => {
        const db = instances[i % 3]!;
        return db.tx(async (tx) => {
          const consultation = randomUUID();
          await tx.run("INSERT INTO appt_consultations (id, request_type, created_at) VALUES (?, 'CONSULTATION', ?)", [consultation, now]);
          await tx.run(
            "INSERT INTO appt_appointments (id, consultation_id, patient_key, patient, slot_id, status, selected_holders, booked_at, updated_at) VALUES (?, ?, ?, ?, ?, 'BOOKED', '[]', ?, ?)",
            [randomUUID(), consultation, `k${i}`, `p${i}`, slot, now, now],
          );
        });
      }),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(1);
    expect(refused.every((r) => isUniqueViolation(r.reason))).toBe(true);
    const n = await instances[1]!.get<{ n: number }>("SELECT COUNT(*) AS n FROM appt_appointments WHERE slot_id = ? AND status = 'BOOKED'", [slot]);
    expect(n?.n).toBe(1);
    // The losers' transactions rolled back whole: only the winner's consultation is left.
    expect((await instances[2]!.get<{ n: number }>('SELECT COUNT(*) AS n FROM appt_consultations'))?.n).toBe(consultationsBefore + 1);
  });

  it('the same Idempotency-Key sent to two instances at once is stored once', async () => {
    const key = randomUUID();
    const insert = 'INSERT INTO idempotency_keys (key, body_hash, status_code, response, created_at) VALUES (?, ?, 201, ?, ?) ON CONFLICT (key) DO NOTHING';
    const answers = await Promise.all(
      instances.flatMap((db, i) => [db.run(insert, [key, 'h', `{"i":${i}}`, 'now']), db.run(insert, [key, 'h', `{"j":${i}}`, 'now'])]),
    );
    expect(answers.map((a) => a.changes).reduce((a, b) => a + b, 0)).toBe(1);
    expect((await instances[0]!.get<{ n: number }>('SELECT COUNT(*) AS n FROM idempotency_keys WHERE key = ?', [key]))?.n).toBe(1);
  });

  it('a counter bumped on every instance at once counts every bump (upsert … RETURNING n)', async () => {
    const up =
      'INSERT INTO rate_limit_windows (bucket, client, window_start, n) VALUES (?, ?, ?, 1) ON CONFLICT (bucket, client) DO UPDATE SET n = rate_limit_windows.n + 1 RETURNING n';
    const seen = await Promise.all(Array.from({ length: 60 }, (_, i) => instances[i % 3]!.get<{ n: number }>(up, ['api', '203.0.113.9', 42])));
    expect(seen.map((r) => r!.n).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
  });

  it('a rate limit counts one client over two instances together: the limit trips when the calls are split', async () => {
    let clock = 1_800_000_000_000;
    const a = new RateCounter(instances[0]!, DEFAULT_RATE_LIMITS, () => clock);
    const b = new RateCounter(instances[1]!, DEFAULT_RATE_LIMITS, () => clock);
    const max = DEFAULT_RATE_LIMITS.signIn;
    for (let i = 0; i < max; i++) expect(await (i % 2 ? a : b).take('signIn', '198.51.100.7'), `request ${i + 1}`).toBeUndefined();
    clock += 15_000;
    expect(await a.take('signIn', '198.51.100.7')).toEqual({ max, retryAfter: 45 });
    expect(await b.take('signIn', '198.51.100.7')).toEqual({ max, retryAfter: 45 });
    // Another client, and another group, have their own counts.
    expect(await b.take('signIn', '198.51.100.8')).toBeUndefined();
    expect(await a.take('nhsLogin', '198.51.100.7')).toBeUndefined();
    // A minute after the window opened, a new one starts at 1.
    clock += 45_000;
    expect(await b.take('signIn', '198.51.100.7')).toBeUndefined();
    if (STORE === 'postgres') {
      // Counted in the database, where every instance reads it.
      const row = await instances[2]!.get<{ n: number }>('SELECT n FROM rate_limit_windows WHERE bucket = ? AND client = ?', ['signIn', '198.51.100.7']);
      expect(row?.n).toBe(1);
    }
  });

  it('a staff session made on one instance is valid on another, and signing out on that one ends it on both', async () => {
    await ensureStaffPassword(instances[0]!, 'a-staff-password-for-this-test');
    const on = (i: number) => new StaffAuth({ db: instances[i]!, apiToken: undefined, now: Date.now });
    const token = await on(0).signIn('a-staff-password-for-this-test');
    expect(token).toBeDefined();
    const request = { headers: { cookie: `${STAFF_COOKIE}=${token}` } } as unknown as FastifyRequest;
    expect(await on(1).sessionUser(request)).toBeDefined();
    await on(2).signOut(request);
    expect(await on(0).sessionUser(request)).toBeUndefined();
  });

  it("a patient's session stored by one instance is read by another", async () => {
    const id = 'ab'.repeat(32);
    const now = new Date().toISOString();
    await instances[0]!.run('INSERT INTO sessions (id, patient_id, created_at, last_seen_at) VALUES (?, ?, ?, ?)', [id, 'patient-1', now, now]);
    const request = { headers: { cookie: `${SESSION_COOKIE}=${id}` } } as unknown as FastifyRequest;
    expect(await sessionPatientId(instances[1]!, request)).toBe('patient-1');
    expect(await sessionPatientId(instances[2]!, { headers: {} } as unknown as FastifyRequest)).toBeUndefined();
  });

  it('notifications: two workers on two instances drain one queue, each message delivered once', async () => {
    // Real queue rows, made by the queueing code on a scratch SQLite file, copied into this store.
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'queue-'));
    const made = openDatabase(scratch);
    const scratchStore = sqliteStore(made);
    await scratchStore.tx((tx) =>
      enqueueNotifications(
        tx,
        Array.from({ length: 40 }, (_, i) => ({
          type: 'REQUEST_RECEIVED' as const,
          id: `two-workers-${i}`,
          sourceId: `0000${i.toString(16).padStart(4, '0')}-two`,
          requestType: 'OTHER_ENQUIRY',
          service: 'admin' as const,
          to: { email: `patient${i}@example.com` },
        })),
      ),
    );
    const rows = made
      .prepare('SELECT id, event_id, source_id, template, channel, recipient, personalisation, next_attempt_at, created_at FROM notifications')
      .all() as Array<Record<string, unknown>>;
    made.close();
    rmSync(scratch, { recursive: true, force: true });
    expect(rows).toHaveLength(40);
    for (const r of rows) {
      await instances[0]!.run(
        "INSERT INTO notifications (id, event_id, source_id, template, channel, recipient, personalisation, status, attempts, next_attempt_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'QUEUED', 0, ?, ?)",
        [r.id, r.event_id, r.source_id, r.template, r.channel, r.recipient, r.personalisation, r.next_attempt_at, r.created_at],
      );
    }
    const workers = [
      new NotificationWorker(instances[0]!, outboxTransport, { batchSize: 7 }),
      new NotificationWorker(instances[1]!, outboxTransport, { batchSize: 7 }),
    ];
    const tried = await Promise.all(workers.map((w) => w.drain()));
    expect(tried[0]! + tried[1]!).toBeGreaterThanOrEqual(40);
    const ids = rows.map((r) => r.id as string);
    const marks = ids.map(() => '?').join(', ');
    const outbox = await instances[2]!.all<{ notification_id: string }>(`SELECT notification_id FROM outbox WHERE notification_id IN (${marks})`, ids);
    expect(outbox.map((o) => o.notification_id).sort()).toEqual([...ids].sort());
    const attempts = await instances[2]!.get<{ n: number }>(`SELECT COUNT(*) AS n FROM notification_attempts WHERE notification_id IN (${marks})`, ids);
    expect(attempts?.n).toBe(40);
    const sent = await instances[2]!.get<{ n: number }>(`SELECT COUNT(*) AS n FROM notifications WHERE status = 'SENT' AND id IN (${marks})`, ids);
    expect(sent?.n).toBe(40);
  });
});

describe('guideline executions across instances', () => {
  it('two changes of one execution at once on two instances both survive (read and write in one transaction, the row locked)', async () => {
    const library = new PathwayLibrary([path.resolve(import.meta.dirname, '../../../../schemas/questionnaires')]);
    const [a, b] = [new GuidelineEngine(instances[0]!, library), new GuidelineEngine(instances[1]!, library)];
    const owner = { owner: 'browser-1' };
    const started = await a.start('Triage.SoreThroat', { patient: { dateOfBirth: '1985-04-12', sexAtBirth: 'female' } }, owner.owner);
    const keys = Array.from({ length: 20 }, (_, i) => `entry-${i}`);
    // Each call reads the execution's custom data and writes it back with its own entry: without the
    // row lock, two instances reading the same state would each drop the other's entry.
    await Promise.all(keys.map((key, i) => (i % 2 === 0 ? a : b).putCustomData(started.identifier, [{ key, type: 'STRING', value: key }], owner)));
    const after = await b.get(started.identifier, owner);
    expect(after.customData.map((e) => e.key).sort()).toEqual([...keys].sort());
  });
});

describe("the engine's copy of the operational state across instances", () => {
  const OPEN = {
    medical: { operationalStatus: 'SERVICE_ON', practiceCalendar: 'IN_HOURS' },
    admin: { operationalStatus: 'SERVICE_ON', practiceCalendar: 'IN_HOURS' },
  };
  const OFF = { ...OPEN, medical: { operationalStatus: 'SERVICE_OFF', practiceCalendar: 'IN_HOURS' } };
  // Written as another instance writes it: straight to the shared table, nothing in this process told.
  const writeElsewhere = (db: Sql, value: unknown) =>
    db.run('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [
      'operational-state',
      JSON.stringify(value),
    ]);
  afterEach(() => vi.useRealTimers());

  it('a service switched off through another instance is honoured by $start and $continue within OPERATIONAL_STATE_TTL_MS; a request is refused at once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const [here, there] = [instances[0]!, instances[1]!];
    await writeElsewhere(there, OPEN);
    vi.advanceTimersByTime(OPERATIONAL_STATE_TTL_MS);
    await assertEngineServiceOpen(here);
    await writeElsewhere(there, OFF);
    // What reaches the practice reads the stored state: refused at once.
    await expect(assertServiceOpen(here, 'medical')).rejects.toMatchObject({ statusCode: 412 });
    // The engine's copy (the reason it exists: one settings read per second, not per call).
    vi.advanceTimersByTime(OPERATIONAL_STATE_TTL_MS - 1);
    await assertEngineServiceOpen(here);
    vi.advanceTimersByTime(1);
    await expect(assertEngineServiceOpen(here)).rejects.toMatchObject({ statusCode: 412, message: 'Outside normal operating hours' });
    // And back on: the closed copy expires alike.
    await writeElsewhere(there, OPEN);
    vi.advanceTimersByTime(OPERATIONAL_STATE_TTL_MS);
    await assertEngineServiceOpen(here);
  });

  it('inside a transaction the engine reads the stored state, never the copy', async () => {
    const [here, there] = [instances[0]!, instances[1]!];
    await writeElsewhere(there, OPEN);
    await putSetting(here, 'operational-state', OPEN);
    await assertEngineServiceOpen(here);
    await writeElsewhere(there, OFF);
    try {
      await expect(here.tx((tx) => assertEngineServiceOpen(tx))).rejects.toMatchObject({ statusCode: 412 });
    } finally {
      await writeElsewhere(there, OPEN);
    }
  });
});
