// `npm test`: everything CI checks, in order, with one summary at the end.
// Every step runs even after a failure, so one run shows every problem.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from './app-build.mjs';
import { postgresAvailable } from './lib/postgres.mjs';

const runStarted = Date.now();
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const reportsDir = mkdtempSync(path.join(os.tmpdir(), 'gp-test-'));
// Codegen once per run: the `codegen --check` step leaves its result here and the unit tests that
// need the generated files take it (scripts/codegen.ts generateOnce), instead of generating again.
const codegenResults = path.join(reportsDir, 'codegen');
mkdirSync(codegenResults);

/** 83.4 → "83.4s (1m 23s)"; under a minute just "12.3s". */
function formatSeconds(seconds) {
  if (seconds < 60) return `${seconds.toFixed(1)}s`;
  return `${seconds.toFixed(1)}s (${Math.floor(seconds / 60)}m ${String(Math.floor(seconds % 60)).padStart(2, '0')}s)`;
}

/**
 * The steps of `npm test`, in order; a step with `script` runs only when package.json has that
 * script. Consecutive steps of one `group` run at the same time (each is one single-threaded
 * process, so on two or more cores the group takes about half as long), their output printed as
 * each finishes.
 */
const steps = [
  { name: 'typecheck', args: ['run', 'typecheck'], group: 'static' },
  { name: 'lint', args: ['run', 'lint'], group: 'static' },
  { name: 'format:check', args: ['run', 'format:check'], script: 'format:check', group: 'static' },
  { name: 'schemas:check', args: ['run', 'schemas:check'], script: 'schemas:check', group: 'static' },
  { name: 'codegen --check', args: ['run', 'codegen', '--', '--check'], script: 'codegen', group: 'static' },
  // Imports run one way down the floors, with no file-level cycle (docs/architecture.md "Layers and arrows").
  { name: 'check:floors', args: ['run', 'check:floors'], script: 'check:floors', group: 'static' },
  // No export that nothing imports (knip).
  { name: 'check:dead', args: ['run', 'check:dead'], script: 'check:dead', group: 'static' },
  {
    name: 'unit',
    args: ['run', 'test:unit', '--', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reportsDir, 'unit.json')}`],
    report: 'unit.json',
  },
  {
    name: 'integration',
    args: ['run', 'test:integration', '--', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reportsDir, 'integration.json')}`],
    report: 'integration.json',
  },
  // The store's tests again on a real PostgreSQL the run starts (.ci/run installs Debian's
  // postgresql; elsewhere without it this step is skipped with a note, never silently passed).
  {
    name: 'integration (PostgreSQL)',
    args: ['run', 'test:integration:pg', '--', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reportsDir, 'integration-pg.json')}`],
    report: 'integration-pg.json',
    script: 'test:integration:pg',
    needsPostgres: true,
  },
  { name: 'build', args: ['run', 'build'] },
  {
    name: 'e2e + accessibility',
    args: ['run', 'test:e2e', '--', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reportsDir, 'e2e.json')}`],
    report: 'e2e.json',
  },
].filter((s) => !s.script || pkg.scripts[s.script]);

const results = [];
/** Failing tests by name, with the first lines of their message, repeated in the summary (CI shows only the end of the log). */
const failures = [];
let passed = 0;
let failed = 0;

const childEnv = { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1', GP_CODEGEN_RESULTS: codegenResults };

/** Runs one step's npm command: its output straight through, or kept and returned when `quiet`. */
function runNpm(args, quiet) {
  return new Promise((resolve) => {
    const child = spawn('npm', args, { cwd: root, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: childEnv });
    const chunks = [];
    if (quiet) {
      child.stdout.on('data', (c) => chunks.push(c));
      child.stderr.on('data', (c) => chunks.push(c));
    }
    child.on('error', (error) => chunks.push(Buffer.from(String(error))));
    child.on('close', (code) => resolve({ status: code, output: Buffer.concat(chunks).toString() }));
  });
}

/** Reads a step's JSON report into the counts and the failure list; false when no test ran. */
function readReport(step, started) {
  if (!step.report || !existsSync(path.join(reportsDir, step.report))) return { counts: '', empty: false };
  const report = JSON.parse(readFileSync(path.join(reportsDir, step.report), 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  for (const file of report.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status !== 'failed') continue;
      const message = (t.failureMessages ?? []).join('\n').split('\n').slice(0, 6).join('\n    ');
      failures.push(`${step.name}: ${path.relative(root, file.name)} > ${t.fullName}\n    ${message}`);
    }
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
      failures.push(
        `${step.name}: ${path.relative(root, file.name)} (the file failed to run)\n    ${String(file.message ?? '')
          .split('\n')
          .slice(0, 6)
          .join('\n    ')}`,
      );
    }
  }
  if (report.numTotalTests === 0) {
    console.error(`${step.name}: no tests ran`);
    results.push({ name: step.name, ok: false, note: ' (no tests ran)', seconds: (Date.now() - started) / 1000 });
    return { counts: '', empty: true };
  }
  return {
    counts: ` (${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests + report.numTodoTests} skipped)`,
    empty: false,
  };
}

/**
 * The machine's CPU counters (/proc/stat's first line: busy and total jiffies), so each step's
 * summary says how busy the cores were: near 100% means the step is bound by the CPU (more
 * workers would not help), well under means it waits (on timers, I/O, a browser) and could
 * overlap with another step. Undefined where /proc/stat does not exist.
 */
function cpuTicks() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    const total = fields.reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

function busyNote(before) {
  const after = cpuTicks();
  if (!before || !after || after.total === before.total) return '';
  return `, CPU ${Math.round((100 * (after.busy - before.busy)) / (after.total - before.total))}% busy`;
}

async function runStep(step, quiet) {
  if (step.needsPostgres && !postgresAvailable()) {
    console.log(`\n=== ${step.name} ===\nPostgreSQL is not installed here (apt-get install postgresql): skipped`);
    results.push({ name: step.name, ok: true, note: ' (skipped: no PostgreSQL installed)', seconds: 0 });
    return;
  }
  if (!quiet) console.log(`\n=== ${step.name} ===`);
  const started = Date.now();
  const ticks = cpuTicks();
  const run = await runNpm(step.args, quiet);
  if (quiet) process.stdout.write(`\n=== ${step.name} ===\n${run.output}`);
  const ok = run.status === 0;
  const { counts, empty } = readReport(step, started);
  if (empty) return;
  results.push({ name: step.name, ok, note: `${counts}${busyNote(ticks)}`, seconds: (Date.now() - started) / 1000 });
  console.log(`--- ${step.name}: ${ok ? 'ok' : 'FAILED'} in ${formatSeconds((Date.now() - started) / 1000)}`);
}

for (let i = 0; i < steps.length;) {
  const group = steps[i].group;
  let j = i + 1;
  while (group && j < steps.length && steps[j].group === group) j++;
  const batch = steps.slice(i, j);
  if (batch.length === 1) await runStep(batch[0], false);
  else {
    console.log(`\n=== ${batch.map((s) => s.name).join(', ')}: at the same time ===`);
    await Promise.all(batch.map((s) => runStep(s, true)));
  }
  i = j;
}
rmSync(reportsDir, { recursive: true, force: true });

// In the steps' order (a group's steps end in any order).
results.sort((a, b) => steps.findIndex((s) => s.name === a.name) - steps.findIndex((s) => s.name === b.name));
console.log('\n=== summary ===');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name}${r.note} ${formatSeconds(r.seconds)}`);
const failedSteps = results.filter((r) => !r.ok).map((r) => r.name);
console.log(failedSteps.length ? `Failed steps: ${failedSteps.join(', ')}` : `All ${results.length} steps passed.`);
console.log(`tests: ${passed} passed, ${failed} failed`);
if (failures.length) console.log(`failing tests:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`total wall time: ${formatSeconds((Date.now() - runStarted) / 1000)}`);
process.exit(failedSteps.length ? 1 : 0);
