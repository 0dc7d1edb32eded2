// `npm run bench:abuse`: the abuse figures of issue 25, measured over real HTTP against the real
// server (production limits unless stated; PRACTICE_RATE_LIMIT_SCALE is ignored here).
//  1. Disk fill: one client floods `$start` (16 in flight, bodies with 100 custom-data entries of
//     2,000 characters, the most the schema allows; then 15, under the custom-data cap) for
//     BENCH_SECONDS (default 30) each; the data folder's growth, MB/s, and the starts accepted.
//  2. Messages to one address: one client sends 90 admin requests, half as unverified requests,
//     all with the same email and mobile (SMS on); emails and texts that reached the outbox for
//     that address once the worker has drained, and the requests stored.
//  3. Bookings one identity could make: with the rate limits lifted (x1000, as the probe did),
//     one patient books every free GP slot it can for BENCH_BOOK_SECONDS (default 8).
// Runs against any checkout with the same server entry points (compare main and a branch by
// copying this file into the other worktree). Run as `node --import tsx scripts/bench-abuse.ts`.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { toObservations, type FormDocument } from '../renderer/core/index';
import { buildServer } from '../server/app';
import { safeAnswers } from '../server/engine/exampleAnswers';
import { DEFAULT_RATE_LIMITS, scaledRateLimits } from '../server/rate-limits';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const BOOK_SECONDS = Number(process.env.BENCH_BOOK_SECONDS ?? 8);
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a bench reads answers loosely

const PATIENT = { firstName: 'Amelia', lastName: 'Testwell', dateOfBirth: '1985-04-12', sexAtBirth: 'female', postCode: 'LS1 4AP' };

function folderBytes(dir: string): number {
  let total = 0;
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    const st = statSync(p);
    total += st.isDirectory() ? folderBytes(p) : st.size;
  }
  return total;
}

async function serve(options: Record<string, unknown>) {
  delete process.env.PRACTICE_RATE_LIMIT_SCALE;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gp-bench-abuse-'));
  // limitScale: 1 is this branch's option (the practice's caps at their defaults); an older server ignores it.
  const server = await buildServer({ dataDir, apiToken: 'bench-abuse-token', limitScale: 1, ...options } as Parameters<typeof buildServer>[0]);
  const base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  const call = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    let json: Json = {};
    try {
      json = JSON.parse(text) as Json;
    } catch {
      // not JSON
    }
    return { status: response.status, json, text, headers: response.headers };
  };
  const close = async () => {
    await server.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { server, dataDir, base, call, close };
}

async function diskFlood(entries: number): Promise<void> {
  const s = await serve({});
  const body = {
    patient: { dateOfBirth: '1985-04-12', sexAtBirth: 'female' },
    customData: Array.from({ length: entries }, (_, i) => ({ key: `k${i}`, type: 'STRING', value: 'x'.repeat(2000) })),
  };
  const url = `${s.base}/api/v1/fhir/r4/Guideline/Triage.SoreThroat/$start`;
  const payload = JSON.stringify(body);
  s.server.db.pragma('wal_checkpoint(TRUNCATE)');
  const before = folderBytes(s.dataDir);
  const end = Date.now() + SECONDS * 1000;
  const counts = new Map<number, number>();
  const worker = async () => {
    while (Date.now() < end) {
      const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload });
      await r.arrayBuffer();
      counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  s.server.db.pragma('wal_checkpoint(TRUNCATE)');
  const grown = folderBytes(s.dataDir) - before;
  const rows = (s.server.db.prepare('SELECT COUNT(*) AS n FROM guideline_executions').get() as { n: number }).n;
  console.log(`1. $start flood, ${SECONDS} s, one client, 16 in flight (${entries} custom-data entries, bodies ${(payload.length / 1024).toFixed(0)} KB)`);
  console.log(`   answers: ${[...counts].map(([k, v]) => `${v} x ${k}`).join(', ')}; executions stored ${rows}`);
  console.log(`   data folder grew ${(grown / 1e6).toFixed(1)} MB (${(grown / 1e6 / SECONDS).toFixed(2)} MB/s)`);
  await s.close();
}

async function messageFlood(): Promise<void> {
  const s = await serve({ notifications: { autoStart: false } });
  s.server.db.prepare("UPDATE settings SET value = ? WHERE key = 'notification-config'").run(JSON.stringify({ sms: { enabled: true } }));
  const email = 'target@example.com';
  const mobile = '07700 900123';
  const enquiry = (i: number) => ({
    formType: 'OTHER_ENQUIRY',
    triageRequestType: 'OTHER_ENQUIRY',
    submittedDate: new Date().toISOString(),
    patient: { ...PATIENT, contactDetails: { emailAddress: email, mobilePhoneNumber: mobile } },
    questionType: 'Medication',
    description: `Message flood ${i}`,
    confirmedItsNotUrgent: true,
  });
  const started = performance.now();
  const statuses = new Map<string, number>();
  await Promise.all(
    Array.from({ length: 90 }, async (_, i) => {
      const viaUnverified = i % 2 === 1;
      const r = viaUnverified
        ? await s.call('POST', '/api/v1/triage/patient/unverified/requests', {
            primaryRequest: enquiry(i),
            associatedRequest: { triageRequestType: 'PATIENT_REFUSED_UPDATE_CONTACT' },
          })
        : await s.call('POST', '/api/v1/triage/patient/admin/request', enquiry(i));
      const key = `${viaUnverified ? 'unverified' : 'admin'} ${r.status}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    }),
  );
  const ms = performance.now() - started;
  await s.server.notifications.drain();
  const sent = s.server.db.prepare('SELECT channel, COUNT(*) AS n FROM outbox WHERE recipient IN (?, ?) GROUP BY channel').all(email, mobile) as Array<{
    channel: string;
    n: number;
  }>;
  const held = (
    s.server.db.prepare("SELECT COUNT(*) AS n FROM notifications WHERE recipient IN (?, ?) AND status = 'HELD'").get(email, mobile) as { n: number }
  ).n;
  const stored = (s.server.db.prepare('SELECT COUNT(*) AS n FROM requests').get() as { n: number }).n;
  console.log(`2. Message flood: 90 requests to one address and number from one client in ${ms.toFixed(0)} ms`);
  console.log(`   answers: ${[...statuses].map(([k, v]) => `${v} x ${k}`).join(', ')}; requests stored ${stored}`);
  console.log(
    `   sent to that address/number: ${sent.map((r) => `${r.n} ${r.channel === 'EMAIL' ? 'emails' : 'texts'}`).join(', ') || 'none'}; held back ${held}`,
  );
  await s.close();
}

async function finishedExecution(call: Awaited<ReturnType<typeof serve>>['call']): Promise<{ id: string; guidelineId: string }> {
  const doc = (await import('../schemas/questionnaires/Triage.SoreThroat.json', { with: { type: 'json' } })).default as {
    examples?: Array<{ name: string; answers: Record<string, unknown> }>;
  };
  const example = doc.examples?.find((e) => e.name.startsWith('Routine sore throat'));
  const key = { cookie: `gp_engine_key=${'c0ffee'.repeat(10)}c0de` };
  let execution = (
    await call('POST', '/api/v1/fhir/r4/Guideline/Triage.SoreThroat/$start', { patient: { dateOfBirth: PATIENT.dateOfBirth, sexAtBirth: 'female' } }, key)
  ).json;
  const today = new Date();
  for (let n = 0; execution.status === 'IN_PROGRESS' && n < 50; n++) {
    const section = execution.section as { id: string; document: FormDocument };
    const attempt: Record<string, number> = {};
    for (let tries = 0; tries < 12; tries++) {
      const sent = safeAnswers(section.document, today, (example?.answers ?? {}) as never, attempt);
      const r = await call(
        'POST',
        `/api/v1/fhir/r4/GuidelineExecution/${execution.identifier}/$continue`,
        { sectionId: section.id, responseData: toObservations({ id: section.id, document: section.document }, sent) },
        key,
      );
      if (r.status === 200) {
        execution = r.json;
        break;
      }
      for (const d of (r.json.details ?? []) as Array<{ path: string }>) {
        const f = d.path.split('/').pop()!;
        attempt[f] = (attempt[f] ?? 0) + 1;
      }
    }
  }
  if (execution.status !== 'COMPLETED') throw new Error(`the sore-throat example did not complete (${String(execution.status)})`);
  return { id: execution.identifier as string, guidelineId: 'Triage.SoreThroat' };
}

async function bookingFlood(): Promise<void> {
  const s = await serve({ rateLimits: scaledRateLimits(DEFAULT_RATE_LIMITS, '1000') });
  const execution = await finishedExecution(s.call);
  const slots: Array<{ session: Json; slot: Json }> = [];
  let url: string | undefined = '/api/v1/triage/nhs/available/appointments?referralId=ref-routine';
  while (url && slots.length < 5000) {
    const page = (await s.call('GET', url)).json;
    for (const session of (page.availableAppointmentSessions ?? []) as Json[]) for (const slot of session.slots as Json[]) slots.push({ session, slot });
    url = page.navigation?.nextChunkLink as string | undefined;
  }
  const end = Date.now() + BOOK_SECONDS * 1000;
  let booked = 0;
  const statuses = new Map<number, number>();
  let next = 0;
  const worker = async () => {
    while (Date.now() < end && next < slots.length) {
      const pair = slots[next++]!;
      const r = await s.call('POST', '/api/v1/triage/patient/symptom/assessments/book/appointment', {
        triageRequest: {
          triageRequestType: 'CONSULTATION_REQUEST',
          patient: { ...PATIENT, contactDetails: { emailAddress: 'one.identity@example.com' } },
          consultation: { guidelineId: execution.guidelineId, executionId: execution.id },
        },
        appointmentSlotId: pair.slot.id,
        availableAppointmentSession: pair.session,
      });
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      if (r.status === 201) booked++;
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  console.log(`3. Bookings by one identity, rate limits x1000, ${BOOK_SECONDS} s, ${slots.length} free slots offered`);
  console.log(`   answers: ${[...statuses].map(([k, v]) => `${v} x ${k}`).join(', ')}; booked ${booked}`);
  await s.close();
}

async function main(): Promise<void> {
  console.log(`Abuse bench, Node ${process.version}, ${os.cpus().length} CPUs, ${process.cwd()}`);
  // The most the schema allows, then the most under this branch's 32 KB custom-data cap.
  await diskFlood(100);
  await diskFlood(15);
  await messageFlood();
  await bookingFlood();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
