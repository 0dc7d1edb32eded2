// kill -9 of one of two real server processes under HTTP load, on one PostgreSQL: two
// `server/main.ts` processes (what `npm start` runs) with DATABASE_URL on one database; the test
// sends admin requests and bookings spread over both, each with its own Idempotency-Key, and kills
// one with SIGKILL mid-load. A call whose connection the kill cut is sent again to the survivor
// with the same key, as a client (or a load balancer) retries. Afterwards, read back with the
// staff token: every acknowledged (2xx) request and booking is stored, none twice, no slot holds
// two appointments, and the survivor kept serving throughout.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_URL, otherEnquiry, repoRoot, STAFF_AUTH, type Json } from '../support/helpers.js';
import { addTestPatientsTo, AVAILABILITY, slotsOf, SYMPTOM_BOOKING, triageRequest } from '../support/appointments-helpers.js';
import { postgresStore } from '../../../server/store/index.js';
import { finishedExample, overHttp } from '../support/walker.js';
import { freshPostgresDatabase } from '../support/stores.js';

let db: Awaited<ReturnType<typeof freshPostgresDatabase>>;
const children: ChildProcess[] = [];
const dirs: string[] = [];

interface Instance {
  name: string;
  child: ChildProcess;
  base: string;
  exited: Promise<void>;
}

/** server/main.ts on a free port with DATABASE_URL; resolves once it listens. */
async function startInstance(name: string): Promise<Instance> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `gp-http-crash-${name}-`));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'server', 'main.ts')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: db.url, LOG_REQUESTS: '0', NOTIFY_API_KEY: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /is running at http:\/\/localhost:(\d+)\//.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    void exited.then(() => reject(new Error(`instance ${name} exited before listening: ${out}`)));
  });
  return { name, child, base: `http://127.0.0.1:${port}`, exited };
}

beforeAll(async () => {
  db = await freshPostgresDatabase();
}, 60_000);
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await Promise.all(children.map((c) => (c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r)) : undefined)));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await db?.drop();
});

interface Answer {
  status: number;
  body: Json;
}

/** One POST; a cut connection (the instance was killed) is a rejection. */
async function postTo(base: string, urlPath: string, body: unknown, key: string): Promise<Answer> {
  const response = await fetch(`${base}${urlPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

/** Every item of a staff list, following its Link rel="next". */
async function readAll(base: string, first: string): Promise<Json[]> {
  const items: Json[] = [];
  let next: string | undefined = first;
  while (next) {
    const response: Response = await fetch(`${base}${next}`, { headers: STAFF_AUTH });
    expect(response.status).toBe(200);
    items.push(...((await response.json()) as Json[]));
    next = /<([^>]+)>; rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
  }
  return items;
}

describe('kill -9 of one of two server processes under HTTP load (PostgreSQL)', () => {
  it('stores every acknowledged admin request and booking once; the survivor keeps serving', async () => {
    const [a, b] = await Promise.all([startInstance('a'), startInstance('b')]);
    const available = await fetch(`${b.base}${AVAILABILITY}?referralId=ref-routine`);
    expect(available.status).toBe(200);
    // 24: each needs a questionnaire walked first (below), and the load test is about the kill, not the count.
    const slots = slotsOf((await available.json()) as Json).slice(0, 24);
    expect(slots.length).toBeGreaterThanOrEqual(20);
    // A finished questionnaire and a patient for each slot, made on a and booked from on both
    // (executions are rows of the shared store): one questionnaire backs one booking, and one
    // patient holds at most two online bookings.
    const routines: Json[] = [];
    while (routines.length < slots.length) {
      routines.push(...(await Promise.all(Array.from({ length: 8 }, () => finishedExample(overHttp(a.base), 'Triage.SoreThroat', 'Routine sore throat')))));
    }
    const direct = postgresStore(db.url);
    const patients = await addTestPatientsTo(direct, slots.length, 'Httpcrash');
    await direct.close();

    let aAlive = true;
    const acked = { requests: new Map<string, string>(), bookings: new Map<string, string>() };
    const ackedOn = { a: 0, b: 0, afterKill: 0 };
    let retried = 0;
    let failed = 0;

    /** Sends one logical call to `first`; when a's connection is cut, again to b with the same key. */
    async function send(first: Instance, urlPath: string, body: unknown, key: string): Promise<Answer | undefined> {
      try {
        const answer = await postTo(first.base, urlPath, body, key);
        if (answer.status < 300) ackedOn[first.name as 'a' | 'b']++;
        if (answer.status < 300 && !aAlive) ackedOn.afterKill++;
        return answer;
      } catch (error) {
        if (first === b) throw error;
        retried++;
        const answer = await postTo(b.base, urlPath, body, key);
        if (answer.status < 300) {
          ackedOn.b++;
          ackedOn.afterKill++;
        }
        return answer;
      }
    }

    let n = 0;
    let slotIndex = 0;
    let stop = false;
    /** One client: admin requests and (every fourth call, while slots last) bookings, alternating instances while a lives. */
    async function client(): Promise<void> {
      while (!stop) {
        const i = n++;
        const target = aAlive && i % 2 === 0 ? a : b;
        if (i % 4 === 3 && slotIndex < slots.length) {
          const k = slotIndex++;
          const pair = slots[k]!;
          const answer = await send(
            target,
            SYMPTOM_BOOKING,
            { triageRequest: triageRequest(patients[k]!, routines[k]!), appointmentSlotId: pair.slot.id, availableAppointmentSession: pair.session },
            `crash-booking-${i}`,
          );
          if (answer?.status === 201) acked.bookings.set(String(pair.slot.id), String(answer.body.appointmentId));
          else failed++;
        } else {
          const description = `Crash test enquiry ${i}`;
          const answer = await send(target, ADMIN_URL, otherEnquiry({ description }), `crash-admin-${i}`);
          if (answer?.status === 201) acked.requests.set(description, String(answer.body.id));
          else failed++;
        }
      }
    }
    const until = async (check: () => boolean) => {
      while (!check()) await new Promise((r) => setTimeout(r, 5));
    };

    const clients = Array.from({ length: 6 }, () => client());
    // Mid-load: both instances have acknowledged work, and calls are in flight on both.
    await until(() => ackedOn.a >= 40 && ackedOn.b >= 40 && acked.bookings.size >= 5);
    a.child.kill('SIGKILL');
    aAlive = false;
    await a.exited;
    // The survivor keeps serving: more acknowledged calls after the kill, all on b.
    await until(() => ackedOn.afterKill >= 60);
    stop = true;
    await Promise.all(clients);

    expect(failed).toBe(0);
    expect((await fetch(`${b.base}/readyz`)).status).toBe(200);

    // Read back through the survivor with the staff token.
    const requests = await readAll(b.base, '/api/v1/practice/requests?limit=200');
    const admin = requests.filter((r) => typeof r.body?.description === 'string' && r.body.description.startsWith('Crash test enquiry '));
    const byDescription = new Map<string, Json[]>();
    for (const r of admin) byDescription.set(r.body.description as string, [...(byDescription.get(r.body.description as string) ?? []), r]);
    // Every acknowledged request is stored, under the id it was acknowledged with, exactly once.
    const missing = [...acked.requests].filter(([description, id]) => byDescription.get(description)?.[0]?.id !== id);
    expect(missing).toEqual([]);
    expect([...byDescription.values()].filter((rows) => rows.length > 1)).toEqual([]);
    // Nothing stored that no one was told about twice: every stored one was acknowledged (cut calls were retried).
    expect(admin.length).toBe(acked.requests.size);

    // Every acknowledged booking: its request stored once, its appointment in the practice's list.
    const bookingRequests = requests.filter((r) => typeof r.body?.appointmentSlotId === 'string');
    for (const slotId of acked.bookings.keys()) expect(bookingRequests.filter((r) => r.body.appointmentSlotId === slotId)).toHaveLength(1);
    const appointments = JSON.stringify(await readAll(b.base, '/api/v1/practice/appointments?limit=200'));
    expect([...acked.bookings.values()].filter((id) => !appointments.includes(id))).toEqual([]);
    expect(bookingRequests.length).toBe(acked.bookings.size);

    console.log(
      `http-crash: ${acked.requests.size} admin requests and ${acked.bookings.size} bookings acknowledged (${ackedOn.a} on a before its kill, ${ackedOn.b} on b, ${ackedOn.afterKill} after the kill, ${retried} cut calls retried on b); all stored once`,
    );
    b.child.kill('SIGTERM');
    await b.exited;
  }, 180_000);
});
