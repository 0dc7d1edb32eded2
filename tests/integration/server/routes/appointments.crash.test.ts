import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../server/db';
import { repoRoot, type Json } from '../../support/helpers';
import { addTestPatients, AVAILABILITY, routineExecution, slotsOf, staffHeaders, SYMPTOM_BOOKING, triageRequest } from '../../support/appointments-helpers';
import { overHttp } from '../../support/walker';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gp-appt-crash-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The real server (npm start's entry point) as a child process; resolves once it listens. */
async function startChild(dir = dataDir): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'server', 'main.ts')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, LOG_REQUESTS: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('is running at')) resolve();
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening: ${out}`)));
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

describe('a server killed mid-load', () => {
  it('loses no acknowledged booking and never gives a slot to two patients', async () => {
    // Patients on record for the load, written before the server starts.
    const setup = openDatabase(dataDir);
    const patients = addTestPatients(setup, 200, 'Crashtest');
    setup.close();

    const first = await startChild();
    // Finished executions for the bookings' requests (in the database both servers use). One
    // questionnaire backs one booking: a booking that went through uses its execution up, one
    // refused (the slot was taken) hands it back for the next.
    const pool: Json[] = [];
    for (let i = 0; i < 5; i++) pool.push(...(await Promise.all(Array.from({ length: 8 }, () => routineExecution(overHttp(first.base))))));
    const listing = (await (await fetch(`${first.base}${AVAILABILITY}?referralId=ref-routine`)).json()) as Json;
    const pairs = slotsOf(listing).slice(0, 60);
    expect(pairs.length).toBe(60);

    const acknowledged: Array<{ appointmentId: string; slotId: string; patient: string }> = [];
    let next = 0;
    let killed = false;
    const KILL_AFTER = 20;
    const worker = async () => {
      while (!killed && next < patients.length && pool.length > 0) {
        const patient = patients[next++]!;
        const execution = pool.pop()!;
        // Several patients aim at each slot, so claims collide while the server dies.
        const pair = pairs[Math.floor(Math.random() * pairs.length)]!;
        try {
          const response = await fetch(`${first.base}${SYMPTOM_BOOKING}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              triageRequest: triageRequest(patient, execution),
              appointmentSlotId: pair.slot.id,
              availableAppointmentSession: pair.session,
            }),
          });
          const body = (await response.json()) as Json;
          if (response.status === 201) {
            acknowledged.push({ appointmentId: body.appointmentId as string, slotId: pair.slot.id as string, patient: patient.lastName });
            if (acknowledged.length >= KILL_AFTER && !killed) {
              killed = true;
              first.child.kill('SIGKILL');
            }
          } else {
            expect(body.code).toBe('RH-E007');
            pool.push(execution);
          }
        } catch {
          // The connection died with the server: not acknowledged, so not counted.
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    expect(killed).toBe(true);
    await exited(first.child);
    expect(first.child.signalCode).toBe('SIGKILL');

    const second = await startChild();
    // Every page of the list (it pages like the requests: Link rel="next" while more remain).
    const list: Json[] = [];
    for (let url: string | undefined = '/api/v1/practice/appointments?limit=200'; url;) {
      const response: Response = await fetch(`${second.base}${url}`, { headers: staffHeaders() });
      list.push(...((await response.json()) as Json[]));
      url = /<([^>]+)>; rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
    }
    const byId = new Map(list.filter((e) => e.appointmentId).map((e) => [e.appointmentId as string, e]));
    for (const ack of acknowledged) {
      const entry = byId.get(ack.appointmentId);
      expect(entry, `acknowledged booking ${ack.appointmentId} lost`).toBeDefined();
      expect(entry).toMatchObject({ appointmentStatus: 'BOOKED', appointmentBooking: { slot: { id: ack.slotId } } });
      expect(entry!.patientName).toBe(`Test ${ack.patient}`);
    }
    // Still serving: an acknowledged slot is not offered again.
    const after = (await (await fetch(`${second.base}${AVAILABILITY}?referralId=ref-routine`)).json()) as Json;
    const offered = new Set(slotsOf(after).map((p) => p.slot.id as string));
    for (const ack of acknowledged) expect(offered.has(ack.slotId)).toBe(false);
    second.child.kill('SIGTERM');
    await exited(second.child);

    const db = new Database(path.join(dataDir, 'practice.sqlite'), { readonly: true });
    const doubles = db
      .prepare("SELECT slot_id, COUNT(*) AS n FROM appt_appointments WHERE status IN ('BOOKED', 'RESCHEDULED') GROUP BY slot_id HAVING n > 1")
      .all();
    const requestsWithoutAppointment = db
      .prepare(
        "SELECT COUNT(*) AS n FROM requests r WHERE r.kind = 'CONSULTATION' AND NOT EXISTS (SELECT 1 FROM appt_appointments a WHERE a.consultation_id = r.id)",
      )
      .get() as { n: number };
    db.close();
    expect(doubles).toEqual([]);
    // A booking is all or nothing: no request was kept without its appointment.
    expect(requestsWithoutAppointment.n).toBe(0);
  }, 180_000);
});

// Two server processes no longer share one SQLite data folder (the second refuses to start:
// tests/integration/server/dataDirLock.test.ts). One slot, one patient across instances is tested
// where instances share a database: tests/integration/server/store/index.instances.test.ts (50 concurrent
// bookings over three connections, on PostgreSQL in integration-pg) and
// tests/integration/scale/http-crash.test.ts (two processes on one PostgreSQL).
