// `npm run bench:scale`: admin requests/s and booking latency with the embedded SQLite
// store (1 instance) and with PostgreSQL at 1, 2 and 4 instances, in one run, plus stored =
// acknowledged for each configuration. A measurement: it prints a table, writes
// bench-results/scale.json, and exits 1 only when an acknowledged request or booking is missing.
//
// Each instance is the real server (server/main.ts) in its own process on its own port. The load
// generator here sends each request to the next instance in turn (round robin over keep-alive
// connections, BENCH_CONNECTIONS in flight in all, default 50):
//  1. admin requests (POST /api/v1/triage/patient/admin/request, a fresh Idempotency-Key each) for
//     BENCH_SECONDS (default 15); every request sent is answered before counting;
//  2. bookings (POST …/symptom/assessments/book/appointment), each of a different free slot (at
//     most BENCH_BOOKINGS, default 1500), each naming a finished routine sore-throat execution and
//     a patient of its own (one questionnaire backs one booking; a patient holds a few at most).
// Stored = acknowledged: the practice's lists, read with the bearer token from the first instance
// (so on PostgreSQL also proving the instances share one store), against the 2xx answers.
// PostgreSQL comes from scripts/lib/postgres.mjs (Debian's postgresql, started here, a fresh
// database per configuration, stopped at the end). BENCH_SCALE_CONFIGS picks configurations, e.g.
// "sqlite:1,postgres:2" (default "sqlite:1,postgres:1,postgres:2,postgres:4").
// Every process shares this machine's CPUs: on a small machine more instances mostly share the
// same cores (the numbers say what one machine does, not what N machines would).
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error -- plain ESM helpers without type declarations
import { postgresAvailable, postgresBin, startPostgres } from './lib/postgres.mjs';
// @ts-expect-error -- plain ESM helpers without type declarations
import { benchPatient, benchPatientsSql, finishedRoutineExecutions } from './lib/routine-execution.mjs';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a bench reads answers loosely

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const MAX_BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 1500);
const CONFIGS = (process.env.BENCH_SCALE_CONFIGS ?? 'sqlite:1,postgres:1,postgres:2,postgres:4').split(',').map((c) => {
  const [store, n] = c.trim().split(':');
  if ((store !== 'sqlite' && store !== 'postgres') || !(Number(n) >= 1)) throw new Error(`BENCH_SCALE_CONFIGS: "${c}" is not sqlite:<n> or postgres:<n>`);
  if (store === 'sqlite' && Number(n) !== 1) throw new Error('BENCH_SCALE_CONFIGS: the SQLite store is one process (sqlite:1)');
  return { store, instances: Number(n) } as { store: 'sqlite' | 'postgres'; instances: number };
});

const TOKEN = randomUUID();
const STAFF = { authorization: `Bearer ${TOKEN}` };
const PATIENT = { firstName: 'Amelia', lastName: 'Testwell', dateOfBirth: '1985-04-12', sexAtBirth: 'female', postCode: 'LS1 4AP' };
const ADMIN_REQUEST = JSON.stringify({
  formType: 'OTHER_ENQUIRY',
  triageRequestType: 'OTHER_ENQUIRY',
  submittedDate: '2025-10-01T09:30:00.000Z',
  patient: { ...PATIENT, contactDetails: { emailAddress: 'amelia.testwell@example.com' } },
  questionType: 'Medication',
  description: 'Can I collect my prescription on Saturday?',
  confirmedItsNotUrgent: true,
});

interface Instance {
  child: ChildProcess;
  base: string;
  port: number;
  agent: http.Agent;
}

/** server/main.ts on a free port (PORT=0; the port is read from what it prints). */
async function startInstance(env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_REQUESTS: '0',
      PRACTICE_CONTROLS: '0',
      PRACTICE_API_TOKEN: TOKEN,
      PRACTICE_STAFF_PASSWORD: TOKEN,
      PRACTICE_RATE_LIMIT_SCALE: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /is running at http:\/\/localhost:(\d+)\//.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`an instance exited (${code}) before listening:\n${out}`)));
  });
  return { child, port, base: `http://127.0.0.1:${port}`, agent: new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS }) };
}

async function stopInstance(instance: Instance): Promise<void> {
  instance.agent.destroy();
  if (instance.child.exitCode !== null) return;
  const exited = new Promise((resolve) => instance.child.once('exit', resolve));
  instance.child.kill('SIGTERM');
  await exited;
}

/** One request over the instance's keep-alive agent: status and latency (ms). */
function send(
  instance: Instance,
  method: string,
  urlPath: string,
  body: string | undefined,
  headers: Record<string, string> = {},
): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: instance.port,
        method,
        path: urlPath,
        agent: instance.agent,
        headers: { ...(body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}), ...headers },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(body);
  });
}

interface LoadResult {
  sent: number;
  ok: number;
  non2xx: number;
  errors: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return Number(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!.toFixed(1));
}

/**
 * CONNECTIONS workers; the n-th request goes to instance n mod N. Stops starting requests when
 * `next()` answers undefined or the deadline passes, and waits for every request in flight.
 */
async function load(
  instances: Instance[],
  next: (n: number) => { method: string; path: string; body?: string; headers?: Record<string, string> } | undefined,
  deadline = Infinity,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let sent = 0;
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  const started = performance.now();
  const worker = async () => {
    while (Date.now() < deadline) {
      const n = sent;
      const request = next(n);
      if (!request) return;
      sent++;
      const answer = await send(instances[n % instances.length]!, request.method, request.path, request.body, request.headers);
      latencies.push(answer.ms);
      if (answer.status === 0) errors++;
      else if (answer.status >= 200 && answer.status < 300) ok++;
      else non2xx++;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    sent,
    ok,
    non2xx,
    errors,
    seconds: Number(seconds.toFixed(2)),
    perSecond: Math.round(ok / seconds),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

async function getJson(base: string, urlPath: string, headers: Record<string, string> = {}): Promise<{ json: Json; headers: Headers }> {
  const res = await fetch(`${base}${urlPath}`, { headers });
  if (!res.ok) throw new Error(`GET ${urlPath}: ${res.status} ${await res.text()}`);
  return { json: (await res.json()) as Json, headers: res.headers };
}

async function storedRequests(base: string): Promise<number> {
  return Number((await getJson(base, '/api/v1/practice/requests?limit=1', STAFF)).headers.get('x-total-count'));
}

/** Booked appointments in the practice's list, every page. */
async function bookedAppointments(base: string): Promise<number> {
  let booked = 0;
  for (let url: string | undefined = '/api/v1/practice/appointments?limit=200'; url;) {
    const page = await getJson(base, url, STAFF);
    booked += (page.json as unknown as Json[]).filter((a) => a.appointmentStatus === 'BOOKED').length;
    url = /<([^>]+)>; rel="next"/.exec(page.headers.get('link') ?? '')?.[1];
  }
  return booked;
}

/** Free slots from the availability answers (every chunk and tier), at most `max`. */
async function freeSlots(base: string, max: number): Promise<Array<{ slotId: string; session: Json }>> {
  const choices: Array<{ slotId: string; session: Json }> = [];
  for (let link: string | undefined = '/api/v1/triage/nhs/available/appointments?referralId=ref-routine'; link && choices.length < max;) {
    const { json } = await getJson(base, link);
    for (const session of json.availableAppointmentSessions as Json[])
      for (const slot of session.slots as Json[]) choices.push({ slotId: slot.id as string, session });
    link = (json.navigation.nextChunkLink ?? json.navigation.nextTierLink) as string | undefined;
  }
  return choices.slice(0, max);
}

function psql(url: string, sql: string): string {
  return execFileSync(path.join(postgresBin() as string, 'psql'), [url, '-v', 'ON_ERROR_STOP=1', '-tAc', sql], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();
}

interface ConfigResult {
  store: 'sqlite' | 'postgres';
  instances: number;
  admin?: LoadResult & { stored: number; storedEqualsAcknowledged: boolean };
  bookings?: LoadResult & { booked: number; storedEqualsAcknowledged: boolean };
  skipped?: string;
}

async function runConfig(config: { store: 'sqlite' | 'postgres'; instances: number }, pg: { url: string } | undefined, index: number): Promise<ConfigResult> {
  const result: ConfigResult = { ...config };
  const dirs: string[] = [];
  const instances: Instance[] = [];
  try {
    const env: Record<string, string> = {};
    if (config.store === 'postgres') {
      if (!pg) return { ...result, skipped: 'PostgreSQL is not installed here (apt-get install postgresql, or set PG_BIN)' };
      const database = `bench_scale_${index}`;
      psql(pg.url, `CREATE DATABASE ${database}`);
      env.DATABASE_URL = pg.url.replace(/\/[^/]*$/, `/${database}`);
    }
    // Instances one after another: the first runs the migrations (the others find them done).
    for (let i = 0; i < config.instances; i++) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gp-bench-scale-'));
      dirs.push(dataDir);
      try {
        instances.push(await startInstance({ ...env, DATA_DIR: dataDir }));
      } catch (error) {
        return { ...result, skipped: `an instance did not start: ${(error as Error).message.split('\n').slice(0, 3).join(' ')}` };
      }
    }
    const first = instances[0]!.base;

    // 1. Admin requests, round robin, for SECONDS.
    await load(
      instances,
      () => ({ method: 'POST', path: '/api/v1/triage/patient/admin/request', body: ADMIN_REQUEST, headers: { 'idempotency-key': randomUUID() } }),
      Date.now() + 2_000,
    );
    const storedBefore = await storedRequests(first);
    const admin = await load(
      instances,
      () => ({ method: 'POST', path: '/api/v1/triage/patient/admin/request', body: ADMIN_REQUEST, headers: { 'idempotency-key': randomUUID() } }),
      Date.now() + SECONDS * 1000,
    );
    const stored = (await storedRequests(first)) - storedBefore;
    result.admin = { ...admin, stored, storedEqualsAcknowledged: stored === admin.ok };
    if (config.store === 'postgres' && env.DATABASE_URL) {
      // The rows are in PostgreSQL itself, not in a SQLite file of each instance.
      let inPostgres = 0;
      try {
        inPostgres = Number(psql(env.DATABASE_URL, 'SELECT count(*) FROM requests'));
      } catch {
        // no requests table: nothing was written there
      }
      if (!(inPostgres >= admin.ok))
        return {
          ...result,
          skipped: `the instances did not write to PostgreSQL (${inPostgres} requests there): this checkout's server does not use DATABASE_URL`,
        };
    }

    // 2. Bookings of distinct free slots, round robin.
    const choices = await freeSlots(first, MAX_BOOKINGS);
    // One finished questionnaire backs one booking and one patient holds a few online bookings at
    // most: each booking is its own patient with its own questionnaire, walked (over every
    // instance) before the timed run.
    // The patients go on the practice record first: a booking needs a patient the record matches.
    // (psql takes the SQL as an argument, at most 128 KB: 500 patients at a time.)
    if (env.DATABASE_URL)
      for (let from = 0; from < choices.length; from += 500) psql(env.DATABASE_URL, benchPatientsSql(Math.min(from + 500, choices.length), from));
    else {
      const records = new Database(path.join(dirs[0]!, 'practice.sqlite'));
      records.pragma('busy_timeout = 5000');
      records.exec(benchPatientsSql(choices.length));
      records.close();
    }
    const executionIds = (await finishedRoutineExecutions(
      instances.map((i) => i.base),
      choices.length,
    )) as string[];
    const bodies = choices.map((c, i) =>
      JSON.stringify({
        triageRequest: {
          triageRequestType: 'CONSULTATION_REQUEST',
          patient: benchPatient(i),
          consultation: { guidelineId: 'Triage.SoreThroat', executionId: executionIds[i] },
        },
        appointmentSlotId: c.slotId,
        availableAppointmentSession: c.session,
      }),
    );
    const bookedBefore = await bookedAppointments(first);
    const bookings = await load(instances, (n) =>
      n < bodies.length ? { method: 'POST', path: '/api/v1/triage/patient/symptom/assessments/book/appointment', body: bodies[n]! } : undefined,
    );
    const booked = (await bookedAppointments(first)) - bookedBefore;
    result.bookings = { ...bookings, booked, storedEqualsAcknowledged: booked === bookings.ok };
    return result;
  } finally {
    await Promise.all(instances.map(stopInstance));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

const pg = CONFIGS.some((c) => c.store === 'postgres') && postgresAvailable() ? ((await startPostgres()) as { url: string; stop(): Promise<void> }) : undefined;
console.log(
  `bench:scale: ${CONNECTIONS} connections, admin requests for ${SECONDS} s, up to ${MAX_BOOKINGS} bookings; Node ${process.version}, ${os.cpus().length} CPUs${pg ? `, PostgreSQL ${psql(pg.url, 'SHOW server_version')}` : ''}`,
);
const results: ConfigResult[] = [];
try {
  for (const [i, config] of CONFIGS.entries()) {
    console.log(`\n${config.store} × ${config.instances}…`);
    const r = await runConfig(config, pg, i);
    results.push(r);
    if (r.admin)
      console.log(
        `  admin requests  ${r.admin.perSecond}/s (p50 ${r.admin.p50} ms, p99 ${r.admin.p99} ms), 2xx ${r.admin.ok}, stored ${r.admin.stored}, non-2xx ${r.admin.non2xx}, errors ${r.admin.errors}`,
      );
    if (r.bookings)
      console.log(
        `  bookings        ${r.bookings.perSecond}/s (p50 ${r.bookings.p50} ms, p99 ${r.bookings.p99} ms), 2xx ${r.bookings.ok}, booked ${r.bookings.booked}, non-2xx ${r.bookings.non2xx}, errors ${r.bookings.errors}`,
      );
    if (r.skipped) console.log(`  NOT MEASURED: ${r.skipped}`);
  }
} finally {
  await pg?.stop();
}

console.log('\nstore       instances  admin req/s  admin p99 ms  bookings/s  booking p99 ms  stored = acknowledged');
for (const r of results) {
  const same = r.skipped ? `not measured: ${r.skipped}` : r.admin?.storedEqualsAcknowledged && r.bookings?.storedEqualsAcknowledged ? 'yes' : 'NO';
  console.log(
    `${r.store.padEnd(11)} ${String(r.instances).padStart(9)}  ${String(r.admin?.perSecond ?? '-').padStart(11)}  ${String(r.admin?.p99 ?? '-').padStart(12)}  ${String(r.bookings?.perSecond ?? '-').padStart(10)}  ${String(r.bookings?.p99 ?? '-').padStart(14)}  ${same}`,
  );
}
mkdirSync(path.join(root, 'bench-results'), { recursive: true });
writeFileSync(
  path.join(root, 'bench-results', 'scale.json'),
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, connections: CONNECTIONS, seconds: SECONDS, maxBookings: MAX_BOOKINGS, results }, null, 2)}\n`,
);
const lost = results.some((r) => !r.skipped && (!r.admin?.storedEqualsAcknowledged || !r.bookings?.storedEqualsAcknowledged));
process.exit(lost ? 1 : 0);
