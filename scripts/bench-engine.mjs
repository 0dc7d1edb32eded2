// `npm run bench:engine`: latency of the embedded guideline engine on loopback, beside a plain
// settings GET in the same run. Starts the real server (its own process, temporary DATA_DIR,
// free port), then at 50 connections (BENCH_CONNECTIONS) for BENCH_SECONDS each (default 15):
//   1. GET /api/v1/settings/clinic                                  (baseline)
//   2. POST /api/v1/fhir/r4/Guideline/{id}/$start                   (creates an execution, writes a row)
//   3. POST /api/v1/fhir/r4/GuidelineExecution/{id}/$continue       (BENCH_POOL executions, round
//      robin, each answering its current section again: decode observations, prune, validate,
//      evaluate the section and outcome conditions, write the row, answer the next section)
// BENCH_PATHWAY picks the pathway (default Triage.SoreThroat). Answers are the safe answers of
// server/engine/exampleAnswers.ts. Fails when any answer is not 2xx. Prints p50/p99 per call.
// BENCH_NODE_ARGS adds Node options to the server's process, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
// (the profile is written when the server exits at the end).
// On Linux it also prints the server process's CPU time per call (from /proc/<pid>/stat, before and
// after each call's run) and the ratio of those: on a machine shared with other work the requests/s
// follow whatever else runs, while the CPU a call costs moves much less.
// Then BENCH_PAIRS (5) pairs of a settings GET and $continue, BENCH_PAIR_SECONDS (3) each, one right
// after the other, and the median of the pairs' requests/s ratios: each pair's two runs see about the
// same load from the rest of the machine, where the three long runs above are minutes apart.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { toObservations } from '../renderer/core/index.ts';
import { safeAnswers } from '../server/engine/exampleAnswers.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const POOL = Number(process.env.BENCH_POOL ?? 500);
const PATHWAY = process.env.BENCH_PATHWAY ?? 'Triage.SoreThroat';
const ENGINE = '/api/v1/fhir/r4';
const PAIRS = Number(process.env.BENCH_PAIRS ?? 5);
const PAIR_SECONDS = Number(process.env.BENCH_PAIR_SECONDS ?? 3);

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

/** CPU seconds (user + system) the process `pid` has used so far, or undefined where /proc is not there. */
function cpuSeconds(pid) {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

const rows = [];
/** `cpu`: the server's CPU seconds over the run, when known. */
function report(title, r, cpu) {
  const cpuPerCall = cpu !== undefined && r.requests.total > 0 ? (cpu * 1000) / r.requests.total : undefined;
  rows.push({ title, p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average, cpuPerCall });
  console.log(`\n${title}`);
  console.log(`  requests/s  ${r.requests.average.toFixed(0)} (total ${r.requests.total})`);
  if (cpuPerCall !== undefined) console.log(`  server CPU  ${cpuPerCall.toFixed(3)} ms per call (${cpu.toFixed(2)} s)`);
  console.log(`  latency     p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`);
  console.log(`  errors      ${r.errors}, timeouts ${r.timeouts}, non-2xx ${r.non2xx}, 2xx ${r['2xx']}`);
  return r.errors === 0 && r.timeouts === 0 && r.non2xx === 0;
}

const startBody = JSON.stringify({ patient: { dateOfBirth: '1985-04-12', sexAtBirth: 'female' } });

// One browser's engine key (an execution answers only the browser that started it): the server
// issues it on the first $start (it adopts no key a browser chose) and every later call carries it.
const BROWSER = { 'content-type': 'application/json' };

async function post(url, body) {
  const res = await fetch(url, { method: 'POST', headers: BROWSER, body });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  const key = /gp_engine_key=([0-9a-f]{64})/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (key) BROWSER.cookie = `gp_engine_key=${key}`;
  return res.json();
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gp-bench-engine-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
const server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(root, 'server/main.ts')], {
  cwd: root,
  // Every request comes from one client, so the per-client rate limits are lifted for the load
  // test, as bench:api and bench:scale do (docs/security.md "Rate limits"); without this, $start
  // stops at 429 after its 20 a minute.
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_REQUESTS: '0',
    PRACTICE_CONTROLS: '0',
    PRACTICE_RATE_LIMIT_SCALE: '1000000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let ok = true;
try {
  // On a busy machine the server (compiled by tsx at start) can take more than 30 s to answer.
  await waitUntilUp(`${base}/api/v1/settings/clinic`, Date.now() + 120_000);
  console.log(
    `guideline engine on ${base}, pathway ${PATHWAY}, ${CONNECTIONS} connections, ${SECONDS} s per call, Node ${process.version}, ${os.cpus().length} CPUs`,
  );

  // Executions for $continue, each at its first section, and the body that answers it.
  const today = new Date();
  const pool = [];
  for (let i = 0; i < POOL; i++) {
    const e = await post(`${base}${ENGINE}/Guideline/${PATHWAY}/$start`, startBody);
    const section = e.section;
    const body = JSON.stringify({
      sectionId: section.id,
      responseData: toObservations({ id: section.id, document: section.document }, safeAnswers(section.document, today)),
    });
    pool.push({ url: `${ENGINE}/GuidelineExecution/${e.identifier}/$continue`, body });
  }
  // Check the body is accepted before measuring.
  await post(`${base}${pool[0].url}`, pool[0].body);

  /** One call's run, and the server's CPU seconds over it. */
  const run = async (opts) => {
    const before = cpuSeconds(server.pid);
    const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts });
    const after = cpuSeconds(server.pid);
    return [result, before !== undefined && after !== undefined ? after - before : undefined];
  };
  ok = report('Baseline: GET /api/v1/settings/clinic', ...(await run({ url: `${base}/api/v1/settings/clinic` }))) && ok;
  ok =
    report(
      `$start: POST ${ENGINE}/Guideline/${PATHWAY}/$start`,
      ...(await run({ url: `${base}${ENGINE}/Guideline/${PATHWAY}/$start`, method: 'POST', headers: BROWSER, body: startBody })),
    ) && ok;
  let next = 0;
  const continueCalls = {
    url: base,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          const item = pool[next++ % pool.length];
          return { ...req, path: item.url, body: item.body, headers: { ...req.headers, ...BROWSER } };
        },
      },
    ],
  };
  ok = report(`$continue: POST ${ENGINE}/GuidelineExecution/{id}/$continue (${POOL} executions, round robin)`, ...(await run(continueCalls))) && ok;

  // Pairs: a short settings GET run, then a short $continue run, each pair's ratio.
  const pairRatios = [];
  for (let i = 0; i < PAIRS; i++) {
    const [get] = await run({ url: `${base}/api/v1/settings/clinic`, duration: PAIR_SECONDS });
    const [cont] = await run({ ...continueCalls, duration: PAIR_SECONDS });
    for (const r of [get, cont]) ok = r.errors === 0 && r.timeouts === 0 && r.non2xx === 0 && ok;
    pairRatios.push(cont.requests.average / get.requests.average);
  }

  console.log('\n| Call | p50 (ms) | p99 (ms) | requests/s | server CPU per call (ms) |\n|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.title.split(':')[0]} | ${r.p50} | ${r.p99} | ${r.rps.toFixed(0)} | ${r.cpuPerCall?.toFixed(3) ?? '–'} |`);
  // The goal (docs/benchmarks.md): $continue at least 0.35× a settings GET's requests/s, in the same run.
  if (rows.length === 3) {
    console.log(`\n$continue / settings GET: ${(rows[2].rps / rows[0].rps).toFixed(2)}× (requests/s, same run)`);
    // The same ratio as the CPU each call costs the server: what the requests/s ratio would be were the
    // server alone on its cores.
    if (rows[0].cpuPerCall && rows[2].cpuPerCall) {
      console.log(`$continue / settings GET: ${(rows[0].cpuPerCall / rows[2].cpuPerCall).toFixed(2)}× (server CPU per call, same run)`);
    }
  }
  if (pairRatios.length > 0) {
    const sorted = [...pairRatios].sort((a, b) => a - b);
    const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
    console.log(
      `$continue / settings GET: ${median.toFixed(2)}× (requests/s, median of ${PAIRS} pairs of ${PAIR_SECONDS} s runs one after the other: ${pairRatios.map((r) => r.toFixed(2)).join(', ')})`,
    );
  }
  if (!ok) console.error('\nSome answers were not 2xx (see above).');
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
