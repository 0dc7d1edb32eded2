// `npm run bench:api`: throughput and latency of the embedded practice API on loopback.
// Starts the real server (its own process, temporary DATA_DIR, free port; the app is built first
// when dist/ is missing or stale, as npm start does), measures a settings GET
// (GET /api/v1/settings/clinic), a static file of the build (GET /favicon.svg, brotli accepted)
// and the server-rendered home page (GET /) for BENCH_BASELINE_SECONDS each, then valid admin requests (each with its own Idempotency-Key) at 50 connections
// for about BENCH_SECONDS (default 20), and checks that the number of stored requests equals the number of 2xx answers.
// Then appointments: the first chunk of availability (GET) for BENCH_BASELINE_SECONDS, and
// symptom-assessment bookings at 50 connections, each of a different free slot (every free slot of
// the six weeks, at most BENCH_BOOKINGS), checking that booked appointments equal the 2xx answers.
// Each booking names a finished routine sore-throat execution of its own and a patient of its own
// (walked before the timed run): the practice classifies a booking by the execution it names
// (`consultation.executionId`, required with the embedded engine), one execution backs one booking,
// and one patient holds at most a few online bookings. Run through tsx (`npm run bench:api`) for the engine helpers it imports.
// BENCH_NODE_ARGS adds Node options to the server's process (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { benchPatient, benchPatientsSql, finishedRoutineExecutions } from './lib/routine-execution.mjs';
import { buildAppIfNeeded } from './app-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const BASELINE_SECONDS = Number(process.env.BENCH_BASELINE_SECONDS ?? 10);
const MAX_BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 3000);

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(url, deadline) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start at ${url}`);
}

const adminRequest = JSON.stringify({
  formType: 'OTHER_ENQUIRY',
  triageRequestType: 'OTHER_ENQUIRY',
  submittedDate: '2025-10-01T09:30:00.000Z',
  patient: {
    firstName: 'Amelia',
    lastName: 'Testwell',
    dateOfBirth: '1985-04-12',
    sexAtBirth: 'female',
    postCode: 'LS1 4AP',
    contactDetails: { emailAddress: 'amelia.testwell@example.com' },
  },
  questionType: 'Medication',
  description: 'Can I collect my prescription on Saturday?',
  confirmedItsNotUrgent: true,
});

function report(title, r) {
  console.log(`\n${title}`);
  console.log(`  requests/s  ${r.requests.average.toFixed(0)} (total ${r.requests.total})`);
  console.log(`  latency     p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`);
  console.log(`  errors      ${r.errors}, timeouts ${r.timeouts}, non-2xx ${r.non2xx}, 2xx ${r['2xx']}`);
}

buildAppIfNeeded();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gp-bench-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
// Read-back is staff-only (bearer token), and every request comes from one client, so the
// per-client rate limits are lifted for the load test (see docs/security.md "Rate limits").
const apiToken = randomUUID();
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
const server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(root, 'server/main.ts')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_REQUESTS: '0',
    PRACTICE_CONTROLS: '0',
    PRACTICE_API_TOKEN: apiToken,
    PRACTICE_RATE_LIMIT_SCALE: '1000000',
    PRACTICE_STAFF_PASSWORD: apiToken,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let exitCode = 0;
try {
  // A start checks every document (about 30 s on a loaded 2-core machine): wait up to 3 minutes.
  await waitUntilUp(`${base}/api/v1/settings/clinic`, Date.now() + 180_000);
  console.log(`practice API on ${base}, ${CONNECTIONS} connections, Node ${process.version}, ${os.cpus().length} CPUs`);

  // Cheap calls every page makes: a settings GET, a static file, and the home page drawn on the server.
  for (const [title, url, headers] of [
    ['Settings GET: GET /api/v1/settings/clinic', '/api/v1/settings/clinic', {}],
    ['Static file: GET /favicon.svg (Accept-Encoding: br, gzip)', '/favicon.svg', { 'accept-encoding': 'br, gzip' }],
    ['App page: GET / (server-rendered home page)', '/', { 'accept-encoding': 'br, gzip' }],
  ]) {
    const r = await autocannon({ url: `${base}${url}`, headers, connections: CONNECTIONS, duration: BASELINE_SECONDS });
    report(`${title} for ${BASELINE_SECONDS} s`, r);
    if (r.errors > 0 || r.non2xx > 0) exitCode = 1;
  }

  const submit = (options) =>
    autocannon({
      url: `${base}/api/v1/triage/patient/admin/request`,
      connections: CONNECTIONS,
      ...options,
      requests: [
        {
          method: 'POST',
          body: adminRequest,
          setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() } }),
        },
      ],
    });
  const storedCount = async () =>
    Number((await fetch(`${base}/api/v1/practice/requests?limit=1`, { headers: { authorization: `Bearer ${apiToken}` } })).headers.get('x-total-count'));

  // A run bounded by time drops the requests still in flight when the clock stops (the server
  // may still store them), so the main run is bounded by a request count instead: the rate of a
  // short warm-up times SECONDS. Every request of the main run is then answered and counted.
  const warmup = await submit({ duration: 3 });
  await new Promise((r) => setTimeout(r, 1000));
  const amount = Math.max(CONNECTIONS, Math.round(warmup.requests.average * SECONDS));
  const before = await storedCount();
  const submissions = await submit({ amount });
  report(`Admin requests: POST /api/v1/triage/patient/admin/request, ${amount} requests (about ${SECONDS} s), unique Idempotency-Key each`, submissions);
  console.log(`  duration    ${(submissions.duration ?? 0).toFixed(1)} s`);

  await new Promise((r) => setTimeout(r, 500));
  const stored = (await storedCount()) - before;
  const ok = stored === submissions['2xx'];
  console.log(`\nStored requests ${stored}, 2xx answers ${submissions['2xx']}: ${ok ? 'MATCH' : 'MISMATCH'}`);
  if (!ok || submissions.errors > 0 || submissions.non2xx > 0) exitCode = 1;

  // Appointments: the first chunk of availability, then bookings of distinct free slots.
  const availabilityPath = '/api/v1/triage/nhs/available/appointments?referralId=ref-routine';
  const chunk = await autocannon({ url: `${base}${availabilityPath}`, connections: CONNECTIONS, duration: BASELINE_SECONDS });
  report(`Availability: GET ${availabilityPath} (first chunk, a week) for ${BASELINE_SECONDS} s`, chunk);
  if (chunk.errors > 0 || chunk.non2xx > 0) exitCode = 1;

  const choices = [];
  for (let link = availabilityPath; link && choices.length < MAX_BOOKINGS;) {
    const answer = await (await fetch(`${base}${link}`)).json();
    for (const session of answer.availableAppointmentSessions) for (const slot of session.slots) choices.push({ slotId: slot.id, session });
    link = answer.navigation.nextChunkLink ?? answer.navigation.nextTierLink;
  }
  choices.splice(MAX_BOOKINGS);
  // One finished questionnaire backs one booking (a second is 409 ALREADY_SENT), and each patient
  // holds at most a few online bookings: every booking is its own patient with its own questionnaire,
  // walked before the timed run.
  // The patients go on the record through the data folder's database (WAL: the server keeps serving).
  const records = new Database(path.join(dataDir, 'practice.sqlite'));
  records.pragma('busy_timeout = 5000');
  records.exec(benchPatientsSql(choices.length));
  records.close();
  const walkStarted = Date.now();
  const executionIds = await finishedRoutineExecutions(base, choices.length);
  console.log(`\n${executionIds.length} questionnaires walked for the bookings in ${((Date.now() - walkStarted) / 1000).toFixed(1)} s (not timed below)`);
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
  let nextBody = 0;
  const staff = { authorization: `Bearer ${apiToken}` };
  // Every page of the practice's list (Link rel="next" while more remain).
  const bookedCount = async () => {
    let booked = 0;
    for (let url = '/api/v1/practice/appointments?limit=200'; url;) {
      const response = await fetch(`${base}${url}`, { headers: staff });
      if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
      booked += (await response.json()).filter((a) => a.appointmentStatus === 'BOOKED').length;
      url = /<([^>]+)>; rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
    }
    return booked;
  };
  const bookedBefore = await bookedCount();
  const bookings = await autocannon({
    url: `${base}/api/v1/triage/patient/symptom/assessments/book/appointment`,
    connections: CONNECTIONS,
    amount: bodies.length,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => ({ ...req, body: bodies[nextBody++ % bodies.length], headers: { ...req.headers, 'content-type': 'application/json' } }),
      },
    ],
  });
  report(`Bookings: POST /api/v1/triage/patient/symptom/assessments/book/appointment, ${bodies.length} requests, each a different free slot`, bookings);
  console.log(`  duration    ${(bookings.duration ?? 0).toFixed(1)} s`);
  await new Promise((r) => setTimeout(r, 500));
  // Every slot is different, so every booking should succeed. A request the client gave up on
  // (timeout) may still have been booked: booked lies between the 2xx answers and the requests sent.
  const booked = (await bookedCount()) - bookedBefore;
  const bookedOk = booked >= bookings['2xx'] && booked <= bodies.length && bookings.non2xx === 0;
  console.log(
    `\nBooked appointments ${booked}, 2xx answers ${bookings['2xx']}, timeouts ${bookings.timeouts}, sent ${bodies.length}: ${bookedOk ? 'OK (no acknowledged booking missing)' : 'MISMATCH'}`,
  );
  if (!bookedOk) exitCode = 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
