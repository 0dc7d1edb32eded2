// `npm run bench:abuse`: the abuse figures, measured over real HTTP against the real
// server (production limits unless stated; PRACTICE_RATE_LIMIT_SCALE is ignored here).
//  1. Disk fill: one client floods `$start` (16 in flight, bodies with 100 custom-data entries of
//     2,000 characters, the most the schema allows; then 15, under the custom-data cap) for
//     BENCH_SECONDS (default 30) each; the data folder's growth, MB/s, and the starts accepted.
//  2. Messages to one address: one client sends 90 admin requests, half as unverified requests,
//     all with the same email and mobile (SMS on); emails and texts that reached the outbox for
//     that address once the worker has drained, and the requests stored.
//  3. Bookings one identity could make: with the rate limits lifted (x1000, as the probe did),
//     one patient books every free GP slot it can for BENCH_BOOK_SECONDS (default 8).
//  4. One mailbox and one mobile written many ways, from 30 clients: the messages queued to send.
//  5. 40 wrong dates of birth at once on one self-booking link: on SQLite, and over two
//     instances on one PostgreSQL (started for the run, scripts/lib/postgres.mjs).
//  6. A practice form with an evil pattern: refused at start, or the time a bystander waits.
//  7. Junk in consultation bodies, all of one finished questionnaire: what is stored.
//  8. 60 `$start` from 60 addresses of one IPv6 /64: executions stored.
//  9. Ten wrong staff passwords for one account from one address, then colleagues' sign-ins there.
// 10. A $start carrying an engine key the browser chose: adopted, and can that key read it?
// 11. A consultation with a field outside the contract: the answer, and what is stored.
// 12. 1,000 requests 100 days old and 10 recent in a data folder: what is left after a start.
// 14. Photo upload flood: 200 clients (X-Forwarded-For) send 2,000 × 1,500 noise JPEGs (the worst
//     case for re-encoding), 4 in flight, for BENCH_PHOTO_SECONDS (default 20): answers, photos
//     stored, data folder growth, and the ceilings that bound it.
// BENCH_ONLY=new runs 4-12, BENCH_ONLY=latest 9-12, BENCH_ONLY=photos 14, BENCH_ONLY=ceiling 15.
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

async function finishedExecution(call: Awaited<ReturnType<typeof serve>>['call']): Promise<{ id: string; guidelineId: string; key: { cookie: string } }> {
  const doc = (await import('../schemas/questionnaires/Triage.SoreThroat.json', { with: { type: 'json' } })).default as {
    examples?: Array<{ name: string; answers: Record<string, unknown> }>;
  };
  const example = doc.examples?.find((e) => e.name.startsWith('Routine sore throat'));
  // The engine key the server issues on $start (a newer server adopts no key a browser chose; an older one keeps this one).
  const key = { cookie: `gp_engine_key=${'c0ffee'.repeat(10)}c0de` };
  const started = await call(
    'POST',
    '/api/v1/fhir/r4/Guideline/Triage.SoreThroat/$start',
    { patient: { dateOfBirth: PATIENT.dateOfBirth, sexAtBirth: 'female' } },
    key,
  );
  const issued = /gp_engine_key=([0-9a-f]{64})/.exec(started.headers.get('set-cookie') ?? '')?.[1];
  if (issued) key.cookie = `gp_engine_key=${issued}`;
  let execution = started.json;
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
  return { id: execution.identifier as string, guidelineId: 'Triage.SoreThroat', key };
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

/** Client addresses of the flood: one each, so a per-address limit is not what stops them (TRUST_PROXY). */
const clientHeader = (i: number) => ({ 'x-forwarded-for': `198.51.100.${(i % 250) + 1}` });

async function spelledFlood(): Promise<void> {
  const s = await serve({ trustProxy: true, notifications: { autoStart: false } });
  s.server.db.prepare("UPDATE settings SET value = ? WHERE key = 'notification-config'").run(JSON.stringify({ sms: { enabled: true } }));
  const emails = ['Victim@Example.com', 'VICTIM@EXAMPLE.COM', 'victim@example.com', 'vIcTiM@eXaMpLe.CoM'];
  const mobiles = ['07700 900999', '+447700900999', '0044 7700 900999', '(07700) 900999', '+44 (0)7700 900999', '07700900999'];
  const answers = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      s.call(
        'POST',
        '/api/v1/triage/patient/admin/request',
        {
          formType: 'OTHER_ENQUIRY',
          triageRequestType: 'OTHER_ENQUIRY',
          submittedDate: new Date().toISOString(),
          patient: { ...PATIENT, contactDetails: { emailAddress: emails[i % emails.length], mobilePhoneNumber: mobiles[i % mobiles.length] } },
          questionType: 'Medication',
          description: `Spelling ${i}`,
          confirmedItsNotUrgent: true,
        },
        clientHeader(i),
      ),
    ),
  );
  const queued = s.server.db.prepare("SELECT channel, COUNT(*) AS n FROM notifications WHERE status <> 'HELD' GROUP BY channel").all() as Array<{
    channel: string;
    n: number;
  }>;
  console.log(`4. Spelled-differently flood: 30 requests, one mailbox in 4 letter cases and one mobile written 6 ways, 30 clients`);
  console.log(
    `   ${answers.filter((a) => a.status === 201).length} stored; messages to send: ${queued.map((r) => `${r.n} ${r.channel === 'EMAIL' ? 'emails' : 'texts'}`).join(', ') || 'none'}`,
  );
  await s.close();
}

/** 40 wrong dates of birth at once on one self-booking link, spread over the servers given (two instances on PostgreSQL). */
async function dobBurst(label: string, calls: Array<Awaited<ReturnType<typeof serve>>['call']>): Promise<void> {
  const url = '/api/v1/triage/patient/action-request/SELF_BOOKING_REQUEST/8882a028-7277-4bfc-a61f-029713d3a084';
  for (const call of calls) await call('GET', '/api/v1/triage/nhs/appointment/sessions?referralId=ref-routine');
  const answers = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      calls[i % calls.length]!('POST', url, { dateOfBirth: new Date(Date.UTC(1990, 0, 1 + i)).toISOString().slice(0, 10) }, clientHeader(i + 100)),
    ),
  );
  const right = await calls[0]!('POST', url, { dateOfBirth: PATIENT.dateOfBirth }, clientHeader(200));
  const count = (status: number) => answers.filter((a) => a.status === status).length;
  console.log(`5. Date-of-birth burst, ${label}: 40 wrong dates at once on one self-booking link (lock after 5)`);
  console.log(`   ${count(403)} tried (403), ${count(429)} refused as locked (429); the right date then: ${right.status}`);
}

async function dobBursts(): Promise<void> {
  const one = await serve({ trustProxy: true });
  await dobBurst('SQLite, one instance', [one.call]);
  await one.close();
  let pg: { url: string; stop(): Promise<void> } | undefined;
  try {
    // @ts-expect-error -- a plain .mjs module shared with the tests
    const { startPostgres } = (await import('./lib/postgres.mjs')) as { startPostgres(): Promise<{ url: string; stop(): Promise<void> }> };
    pg = await startPostgres();
  } catch (error) {
    console.log(`5. Date-of-birth burst over two PostgreSQL instances: skipped (${(error as Error).message})`);
    return;
  }
  try {
    const a = await serve({ trustProxy: true, databaseUrl: pg.url });
    const b = await serve({ trustProxy: true, databaseUrl: pg.url });
    await dobBurst('two instances on one PostgreSQL', [a.call, b.call]);
    await b.close();
    await a.close();
  } finally {
    await pg.stop();
  }
}

async function evilPattern(): Promise<void> {
  const { mkdirSync, readFileSync, writeFileSync } = await import('node:fs');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gp-bench-abuse-'));
  const doc = JSON.parse(readFileSync(path.join(process.cwd(), 'tests/integration/support/practice-folder/MEDICAL_RECORDS.form.json'), 'utf8')) as Json;
  doc.schema.properties.details.pattern = '^([a-zA-Z0-9]+\\s?)*$';
  mkdirSync(path.join(dataDir, 'practice', 'forms'), { recursive: true });
  writeFileSync(path.join(dataDir, 'practice', 'forms', 'MEDICAL_RECORDS.form.json'), JSON.stringify(doc));
  const letters = Number(process.env.BENCH_EVIL_LETTERS ?? 27);
  console.log(`6. Evil pattern ^([a-zA-Z0-9]+\\s?)*$ in a practice form, one request of ${letters} letters and a "!", a bystander's GET at the same moment`);
  let s: Awaited<ReturnType<typeof serve>>;
  try {
    s = await serve({ dataDir });
  } catch (error) {
    const problems = (error as { problems?: Array<{ file: string; path: string }> }).problems ?? [];
    console.log(`   refused at start: ${problems.map((p) => `${p.file}: ${p.path}`).join('; ') || (error as Error).message}`);
    rmSync(dataDir, { recursive: true, force: true });
    return;
  }
  const attackStarted = performance.now();
  const attack = s.call('POST', '/api/v1/triage/patient/admin/request', {
    formType: 'MEDICAL_RECORDS',
    triageRequestType: 'MEDICAL_RECORDS',
    submittedDate: new Date().toISOString(),
    patient: PATIENT,
    which: 'PART',
    details: `${'a'.repeat(letters)}!`,
  });
  // A bystander calls every 100 ms while the attack is answered: the longest any of them waited.
  // Server and bystander share this process, so a frozen server shows as a call sent late: each
  // wait counts from when the call was due.
  let settled = false;
  void attack.finally(() => (settled = true));
  let waited = 0;
  while (!settled) {
    const due = performance.now() + 100;
    await new Promise((resolve) => setTimeout(resolve, 100));
    await s.call('GET', '/api/v1/settings/clinic');
    waited = Math.max(waited, performance.now() - due);
  }
  const answer = await attack;
  const took = performance.now() - attackStarted;
  console.log(`   accepted at start; the attack answered ${answer.status} after ${took.toFixed(0)} ms; a bystander waited up to ${waited.toFixed(0)} ms`);
  await s.close();
}

async function junkBodies(): Promise<void> {
  const s = await serve({ rateLimits: scaledRateLimits(DEFAULT_RATE_LIMITS, '1000') });
  const execution = await finishedExecution(s.call);
  const key = execution.key;
  const junk = 'x'.repeat(80_000);
  const body = {
    triageRequest: {
      patient: { ...PATIENT, contactDetails: { emailAddress: 'amelia.testwell@example.com' } },
      triageRequestType: 'CONSULTATION_REQUEST',
      consultation: { guidelineId: execution.guidelineId, executionId: execution.id, junk },
      responseData: [],
      junk,
      moreJunk: junk,
    },
  };
  s.server.db.pragma('wal_checkpoint(TRUNCATE)');
  const before = folderBytes(s.dataDir);
  const statuses = new Map<number, number>();
  const n = Number(process.env.BENCH_JUNK_REQUESTS ?? 100);
  let next = 0;
  const worker = async () => {
    while (next++ < n) {
      const r = await s.call('POST', '/api/v1/triage/patient/consultation', body, key);
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  s.server.db.pragma('wal_checkpoint(TRUNCATE)');
  const grown = folderBytes(s.dataDir) - before;
  const bytes = (s.server.db.prepare('SELECT COALESCE(SUM(LENGTH(body)), 0) AS n FROM requests').get() as { n: number }).n;
  console.log(
    `7. Junk bodies: ${n} consultations of one finished questionnaire, ${(JSON.stringify(body).length / 1024).toFixed(0)} KB each (rate limits x1000)`,
  );
  console.log(
    `   answers: ${[...statuses].map(([k, v]) => `${v} x ${k}`).join(', ')}; stored bodies ${(bytes / 1024).toFixed(1)} KB; data folder grew ${(grown / 1e6).toFixed(1)} MB`,
  );
  await s.close();
}

async function slash64(): Promise<void> {
  const s = await serve({ trustProxy: true });
  const statuses = new Map<number, number>();
  for (let i = 0; i < 60; i++) {
    const r = await s.call(
      'POST',
      '/api/v1/fhir/r4/Guideline/Triage.SoreThroat/$start',
      { patient: { dateOfBirth: PATIENT.dateOfBirth, sexAtBirth: 'female' } },
      { 'x-forwarded-for': `2001:db8:77:1:${(i + 1).toString(16)}::${(i + 7).toString(16)}` },
    );
    statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
  }
  const rows = (s.server.db.prepare('SELECT COUNT(*) AS n FROM guideline_executions').get() as { n: number }).n;
  console.log(`8. One IPv6 /64: 60 $start, each from another address of 2001:db8:77:1::/64`);
  console.log(`   answers: ${[...statuses].map(([k, v]) => `${v} x ${k}`).join(', ')}; executions stored ${rows}`);
  await s.close();
}

async function staffLockout(): Promise<void> {
  const { hash } = await import('@node-rs/argon2');
  const cheap = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
  const accounts = `alice:${await hash('alice password 1', cheap)} bob:${await hash('bob password 2', cheap)}`;
  // staffAccounts is this branch's option (an older server ignores it and every name signs in as the shared account).
  const s = await serve({ staffPassword: 'shared demo password', staffAccounts: accounts, fastPasswordHashing: true, trustProxy: true });
  const signIn = async (username: string, password: string) =>
    (
      await fetch(`${s.base}/practice/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '192.0.2.20' },
        body: new URLSearchParams({ username, password }).toString(),
        redirect: 'manual',
      })
    ).status;
  const wrong: number[] = [];
  for (let i = 0; i < 10; i++) wrong.push(await signIn('alice', `guess ${i}`));
  const alice = await signIn('alice', 'alice password 1');
  const bob = await signIn('bob', 'bob password 2');
  const shared = await signIn('', 'shared demo password');
  console.log('9. Staff lockout: 10 wrong passwords for alice from one address, then sign-ins from the same address');
  console.log(
    `   wrong: ${wrong.join(' ')}; then alice (right password) ${alice}, bob (his own) ${bob}, the shared password ${shared} (303 = signed in, 429 = locked out)`,
  );
  await s.close();
}

async function chosenEngineKey(): Promise<void> {
  const s = await serve({});
  const chosen = { cookie: `gp_engine_key=${'ab'.repeat(32)}` };
  const started = await s.call(
    'POST',
    '/api/v1/fhir/r4/Guideline/Triage.SoreThroat/$start',
    { patient: { dateOfBirth: PATIENT.dateOfBirth, sexAtBirth: 'female' } },
    chosen,
  );
  const issued = started.headers.get('set-cookie');
  const read = await s.call('GET', `/api/v1/fhir/r4/GuidelineExecution/${String(started.json.identifier)}`, undefined, chosen);
  console.log('10. A $start with an engine key the browser chose (a planted cookie)');
  console.log(
    `   $start ${started.status}; the chosen key ${issued ? 'replaced by one the server issued' : 'adopted'}; reading the execution with the chosen key: ${read.status}`,
  );
  await s.close();
}

async function unknownFields(): Promise<void> {
  const s = await serve({ rateLimits: scaledRateLimits(DEFAULT_RATE_LIMITS, '1000') });
  const execution = await finishedExecution(s.call);
  const body = {
    triageRequest: {
      patient: { ...PATIENT, contactDetails: { emailAddress: 'amelia.testwell@example.com' } },
      triageRequestType: 'CONSULTATION_REQUEST',
      consultation: { guidelineId: execution.guidelineId, executionId: execution.id },
      responseData: [],
      notesForTheDoctor: 'x'.repeat(1000),
    },
  };
  const r = await s.call('POST', '/api/v1/triage/patient/consultation', body, execution.key);
  const stored = await s.server.store.all<{ body: string }>('SELECT body FROM requests');
  console.log('11. A consultation with a field outside the contract (triageRequest.notesForTheDoctor, 1 KB)');
  console.log(
    `   answer ${r.status}${Array.isArray(r.json.details) ? ` ${JSON.stringify(r.json.details)}` : ''}; requests stored ${stored.length}${stored.length ? `, the field kept: ${stored.some((x) => x.body.includes('notesForTheDoctor')) ? 'yes' : 'no'}` : ''}`,
  );
  await s.close();
}

async function retention(): Promise<void> {
  delete process.env.PRACTICE_RATE_LIMIT_SCALE;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gp-bench-abuse-'));
  const options = { dataDir, apiToken: 'bench-abuse-token', limitScale: 1, notifications: { autoStart: false } } as Parameters<typeof buildServer>[0];
  const first = await buildServer(options);
  const insert = 'INSERT INTO requests (id, kind, form_type, status, received_at, body, tier, tier_rank) VALUES (?, ?, ?, ?, ?, ?, ?, ?)';
  const body = JSON.stringify({ formType: 'OTHER_ENQUIRY', description: 'x'.repeat(2000) });
  await first.store.tx(async (tx) => {
    for (let i = 0; i < 1000; i++)
      await tx.run(insert, [`old-${i}`, 'ADMIN_REQUEST', 'OTHER_ENQUIRY', 'NEW', new Date(Date.now() - 100 * 86_400_000).toISOString(), body, null, 3]);
    for (let i = 0; i < 10; i++)
      await tx.run(insert, [`new-${i}`, 'ADMIN_REQUEST', 'OTHER_ENQUIRY', 'NEW', new Date(Date.now() - 86_400_000).toISOString(), body, null, 3]);
  });
  await first.app.close();
  const started = performance.now();
  const second = await buildServer(options);
  const took = performance.now() - started;
  const left = await second.store.all<{ id: string }>('SELECT id FROM requests');
  console.log('12. Retention: 1,000 requests received 100 days ago and 10 yesterday, then the server starts (default period)');
  console.log(
    `   left after the start: ${left.filter((r) => r.id.startsWith('old-')).length} old, ${left.filter((r) => r.id.startsWith('new-')).length} recent; the start took ${took.toFixed(0)} ms`,
  );
  await second.app.close();
  rmSync(dataDir, { recursive: true, force: true });
}

async function main(): Promise<void> {
  console.log(`Abuse bench, Node ${process.version}, ${os.cpus().length} CPUs, ${process.cwd()}`);
  if (process.env.BENCH_ONLY === 'latest') return latestRows();
  if (process.env.BENCH_ONLY === 'claims') return claimBursts();
  if (process.env.BENCH_ONLY === 'photos') return photoFlood();
  if (process.env.BENCH_ONLY === 'ceiling') return ceilingBursts();
  // BENCH_ONLY=new runs only the rows added for the limits' identities, patterns and bodies (4-12).
  if (process.env.BENCH_ONLY !== 'new') {
    // The most the schema allows, then the most under this branch's 32 KB custom-data cap.
    await diskFlood(100);
    await diskFlood(15);
    await messageFlood();
    await bookingFlood();
  }
  await spelledFlood();
  await dobBursts();
  await evilPattern();
  await junkBodies();
  await slash64();
  await latestRows();
  await claimBursts();
  await photoFlood();
  await ceilingBursts();
}

/** Row 14: a flood of photo uploads from many clients; the disk it takes and what stops it. */
async function photoFlood(): Promise<void> {
  const seconds = Number(process.env.BENCH_PHOTO_SECONDS ?? 20);
  const { default: sharp } = await import('sharp');
  const { PHOTO_LIMITS } = await import('../server/photos/limits');
  const noise = Buffer.alloc(2000 * 1500 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  const photo = await sharp(noise, { raw: { width: 2000, height: 1500, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
  const s = await serve({ trustProxy: true, notifications: { autoStart: false } });
  const before = folderBytes(s.dataDir);
  const statuses = new Map<number, number>();
  const until = performance.now() + seconds * 1000;
  let sent = 0;
  const worker = async () => {
    while (performance.now() < until) {
      const i = sent++;
      const response = await fetch(`${s.base}/api/v1/triage/patient/photos?draft=bench-draft-${i}`, {
        method: 'POST',
        headers: { 'content-type': 'image/jpeg', 'x-forwarded-for': `203.0.113.${(i % 200) + 1}` },
        body: new Uint8Array(photo),
      });
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  const stored = await s.server.store.get<{ n: number; bytes: number | null }>('SELECT COUNT(*) AS n, SUM(size) AS bytes FROM photos');
  const grown = folderBytes(s.dataDir) - before;
  console.log(`14. Photo upload flood, ${seconds} s, 200 clients, 4 in flight, each a ${(photo.length / 1e6).toFixed(2)} MB noise JPEG of 2,000 × 1,500`);
  console.log(
    `   answers: ${[...statuses].map(([k, v]) => `${v} x ${k}`).join(', ')}; photos stored ${stored?.n ?? 0} (${((stored?.bytes ?? 0) / 1e6).toFixed(1)} MB re-encoded)`,
  );
  console.log(
    `   data folder grew ${(grown / 1e6).toFixed(1)} MB (${(grown / 1e6 / seconds).toFixed(2)} MB/s); bounded by ${PHOTO_LIMITS.unattachedBytesCeiling / 2 ** 20} MB of unsent photos at once (503 past it), ${PHOTO_LIMITS.allPerHour} uploads an hour for everyone and ${PHOTO_LIMITS.perClientPerHour} per client (429), unsent ones deleted after ${PHOTO_LIMITS.unattachedKeptMs / 3_600_000} h`,
  );
  await s.close();
}

/** Row 13, on one store: 12 requests and 4 bookings from one finished questionnaire, all at once, spread over the instances. */
async function claimBurst(label: string, instances: Array<Awaited<ReturnType<typeof serve>>>): Promise<void> {
  const execution = await finishedExecution(instances[0]!.call);
  const listing = (await instances[0]!.call('GET', '/api/v1/triage/nhs/available/appointments?referralId=ref-routine')).json;
  const later = Date.now() + 3 * 60 * 60_000;
  const pairs = ((listing.availableAppointmentSessions ?? []) as Json[])
    .flatMap((session) => (session.slots as Json[]).map((slot) => ({ session, slot })))
    .filter((p) => (p.slot.dateTimeInMilliseconds as number) > later)
    .slice(0, 4);
  const triageRequest = {
    triageRequestType: 'CONSULTATION_REQUEST',
    patient: { ...PATIENT, contactDetails: { emailAddress: 'amelia.testwell@example.com' } },
    consultation: { guidelineId: execution.guidelineId, executionId: execution.id },
  };
  const on = (i: number) => instances[i % instances.length]!.call;
  const answers = await Promise.all([
    ...Array.from({ length: 12 }, (_, i) => on(i)('POST', '/api/v1/triage/patient/consultation', { triageRequest }, execution.key)),
    ...pairs.map((p, i) =>
      on(i + 1)(
        'POST',
        '/api/v1/triage/patient/symptom/assessments/book/appointment',
        { triageRequest, appointmentSlotId: p.slot.id, availableAppointmentSession: p.session },
        execution.key,
      ),
    ),
  ]);
  const list = (await instances[0]!.call('GET', '/api/v1/practice/requests?limit=200', undefined, { authorization: 'Bearer bench-abuse-token' })).json;
  const stored = (list as unknown as Json[]).filter((r) => JSON.stringify(r.body).includes(execution.id)).length;
  const statuses = new Map<number, number>();
  for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
  console.log(`13. One finished questionnaire, ${label}: 12 requests and ${pairs.length} bookings of it at once`);
  console.log(`   answers: ${[...statuses].map(([k, v]) => `${v} x ${k}`).join(', ')}; requests stored from it ${stored}`);
}

async function claimBursts(): Promise<void> {
  const one = await serve({ rateLimits: scaledRateLimits(DEFAULT_RATE_LIMITS, '1000') });
  await claimBurst('SQLite, one instance', [one]);
  await one.close();
  let pg: { url: string; stop(): Promise<void> } | undefined;
  try {
    // @ts-expect-error -- a plain .mjs module shared with the tests
    const { startPostgres } = (await import('./lib/postgres.mjs')) as { startPostgres(): Promise<{ url: string; stop(): Promise<void> }> };
    pg = await startPostgres();
  } catch (error) {
    console.log(`13. One finished questionnaire over two PostgreSQL instances: skipped (${(error as Error).message})`);
    return;
  }
  try {
    const a = await serve({ rateLimits: scaledRateLimits(DEFAULT_RATE_LIMITS, '1000'), databaseUrl: pg.url });
    const b = await serve({ rateLimits: scaledRateLimits(DEFAULT_RATE_LIMITS, '1000'), databaseUrl: pg.url });
    await claimBurst('two instances on one PostgreSQL', [a, b]);
    await b.close();
    await a.close();
  } finally {
    await pg.stop();
  }
}

/** Row 15, on one store: 200 $starts at once from 200 clients, spread over the instances, under a ceiling of 50 an hour. */
async function ceilingBurst(label: string, instances: Array<Awaited<ReturnType<typeof serve>>>): Promise<void> {
  const ceiling = 50;
  const previous = process.env.MAX_EXECUTIONS_PER_HOUR;
  process.env.MAX_EXECUTIONS_PER_HOUR = String(ceiling);
  try {
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        instances[i % instances.length]!.call(
          'POST',
          '/api/v1/fhir/r4/Guideline/Triage.SoreThroat/$start',
          { patient: { dateOfBirth: PATIENT.dateOfBirth, sexAtBirth: 'female' } },
          { 'x-forwarded-for': `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}` },
        ),
      ),
    );
    const ms = performance.now() - started;
    const statuses = new Map<number, number>();
    for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
    const ready = (await instances[instances.length - 1]!.call('GET', '/readyz')).json as { details?: { executions?: Json } };
    console.log(`15. Hourly ceiling of ${ceiling} new questionnaires, ${label}: 200 $start at once from 200 clients`);
    console.log(
      `   answers: ${[...statuses].map(([k, v]) => `${v} x ${k}`).join(', ')} in ${ms.toFixed(0)} ms; /readyz executions ${JSON.stringify(ready.details?.executions)}`,
    );
  } finally {
    if (previous === undefined) delete process.env.MAX_EXECUTIONS_PER_HOUR;
    else process.env.MAX_EXECUTIONS_PER_HOUR = previous;
  }
}

async function ceilingBursts(): Promise<void> {
  const one = await serve({ trustProxy: true });
  await ceilingBurst('SQLite, one instance', [one]);
  await one.close();
  let pg: { url: string; stop(): Promise<void> } | undefined;
  try {
    // @ts-expect-error -- a plain .mjs module shared with the tests
    const { startPostgres } = (await import('./lib/postgres.mjs')) as { startPostgres(): Promise<{ url: string; stop(): Promise<void> }> };
    pg = await startPostgres();
  } catch (error) {
    console.log(`15. Hourly ceiling over two PostgreSQL instances: skipped (${(error as Error).message})`);
    return;
  }
  try {
    const a = await serve({ trustProxy: true, databaseUrl: pg.url });
    const b = await serve({ trustProxy: true, databaseUrl: pg.url });
    await ceilingBurst('two instances on one PostgreSQL', [a, b]);
    await b.close();
    await a.close();
  } finally {
    await pg.stop();
  }
}

/** Rows 9-12 (BENCH_ONLY=latest runs only these). */
async function latestRows(): Promise<void> {
  await staffLockout();
  await chosenEngineKey();
  await unknownFields();
  await retention();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
