// kill -9 under load, on PostgreSQL: two real node processes write through the PostgreSQL store
// (crash-child.ts); one is killed mid-load. Every write acknowledged (its tx() resolved, when
// the server answers 2xx) is in the database, and no slot holds two active appointments.
// This is the store-level crash test; the full-server one (HTTP admin requests and bookings on
// two server/main.ts processes) is http-crash.test.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Sql } from '../../../server/store/index.js';
import { freshPostgresDatabase } from '../support/stores.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
let db: Awaited<ReturnType<typeof freshPostgresDatabase>>;
let store: Sql;
const children: ChildProcess[] = [];

beforeAll(async () => {
  db = await freshPostgresDatabase();
  store = await openStore({ databaseUrl: db.url });
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await store?.close();
  await db?.drop();
});

interface Child {
  child: ChildProcess;
  acks: { request: Set<string>; booking: Set<string> };
  ready: Promise<void>;
  exited: Promise<void>;
}

function startChild(name: string, slots: string[]): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'crash-child.ts'), db.url, slots.join(','), name], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const acks = { request: new Set<string>(), booking: new Set<string>() };
  let buffered = '';
  let err = '';
  let onReady!: () => void;
  const ready = new Promise<void>((r) => (onReady = r));
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop()!;
    for (const line of lines) {
      if (line === 'READY') onReady();
      const m = /^ACK (request|booking) (\S+)$/.exec(line);
      if (m) acks[m[1] as 'request' | 'booking'].add(m[2]!);
    }
  });
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<void>((resolve, reject) =>
    child.once('exit', (code, signal) => (signal === 'SIGKILL' || code === 0 ? resolve() : reject(new Error(`child ${name} exited ${code}: ${err}`)))),
  );
  return { child, acks, ready, exited };
}

async function until(check: () => boolean): Promise<void> {
  // Polls what the children printed (no fixed sleep: it returns as soon as the count is reached).
  while (!check()) await new Promise((r) => setTimeout(r, 10));
}

describe('kill -9 of one of two instances under load (PostgreSQL)', () => {
  it('loses no acknowledged request or booking, and double-books no slot', async () => {
    await store.run("INSERT INTO appt_sites (identifier, label, epr_source, virtual, tier, position) VALUES ('c-site', 'Crash site', 'EMIS', 0, 1, 1)");
    await store.run(
      "INSERT INTO appt_slot_types (id, description, consultation_type, virtual, patient_can_change, position) VALUES ('c-type', 'Crash', 'F2F', 0, 1, 1)",
    );
    await store.run("INSERT INTO appt_session_holders (ref_id, name, role, position) VALUES ('c-holder', 'Dr Crash', 'GP', 1)");
    const slots = Array.from({ length: 60 }, () => randomUUID());
    for (const [i, id] of slots.entries()) {
      await store.run(
        "INSERT INTO appt_slots (id, site, holder, slot_type, date, start_time, end_time, start_ms, session_name, session_id) VALUES (?, 'c-site', 'c-holder', 'c-type', '2030-01-07', '09:00', '09:10', ?, 'Morning', ?)",
        [id, 1_893_920_400_000 + i * 600_000, `s-${i}`],
      );
    }
    const a = startChild('a', slots);
    const b = startChild('b', slots);
    await Promise.all([a.ready, b.ready]);
    // Mid-load: both have acknowledged work, and transactions are in flight on both.
    await until(() => a.acks.request.size >= 150 && b.acks.request.size >= 150);
    a.child.kill('SIGKILL');
    await a.exited;
    const afterKill = b.acks.request.size;
    await until(() => b.acks.request.size >= afterKill + 100);
    b.child.kill('SIGKILL');
    await b.exited;

    const requests = [...a.acks.request, ...b.acks.request];
    const bookings = [...a.acks.booking, ...b.acks.booking];
    expect(bookings.length).toBeGreaterThan(0);
    const storedRequests = new Set((await store.all<{ id: string }>('SELECT id FROM requests')).map((r) => r.id));
    const storedBookings = new Set((await store.all<{ id: string }>('SELECT id FROM appt_appointments')).map((r) => r.id));
    expect(requests.filter((id) => !storedRequests.has(id))).toEqual([]);
    expect(bookings.filter((id) => !storedBookings.has(id))).toEqual([]);
    // Every request row has its Idempotency-Key row: a transaction is never half stored.
    const orphans = await store.get<{ n: number }>(
      'SELECT COUNT(*) AS n FROM requests r WHERE NOT EXISTS (SELECT 1 FROM idempotency_keys k WHERE k.response = \'{"id":"\' || r.id || \'"}\')',
    );
    expect(orphans?.n).toBe(0);
    const doubled = await store.all("SELECT slot_id FROM appt_appointments WHERE status = 'BOOKED' GROUP BY slot_id HAVING COUNT(*) > 1");
    expect(doubled).toEqual([]);
  }, 60_000);
});
