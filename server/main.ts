import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './app.js';
import { problemLine } from './documents/check.js';
import { DataDirInUse } from './dataDirLock.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '127.0.0.1';
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, 'data'));
const distDir = path.join(root, 'dist');

const trustProxy = process.env.TRUST_PROXY;
const server = await buildServer({
  dataDir,
  distDir,
  logRequests: process.env.LOG_REQUESTS === '1',
  controls: process.env.PRACTICE_CONTROLS === '1',
  // The engine the proxy reaches (a practice's own engine); unset = the embedded one.
  ...(process.env.ENGINE_URL ? { engineUrl: process.env.ENGINE_URL } : {}),
  host,
  ...(process.env.PUBLIC_URL ? { publicUrl: process.env.PUBLIC_URL } : {}),
  ...(trustProxy ? { trustProxy: trustProxy === 'true' ? true : trustProxy } : {}),
}).catch((error: unknown) => {
  if (error instanceof DataDirInUse) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
});
const { app, warnings, notifications, generatedStaffPassword, beginDrain, documents } = server;
for (const warning of warnings) console.warn(`Warning: ${warning}`);
// A broken form or pathway document never stops the service (server/documents/liveDocuments.ts): it is
// refused and the last good version serves. Said loudly, each problem with its file and JSON path.
for (const r of documents.refusedAtStart) {
  const instead = r.serving ? `version ${r.serving.version} (${r.serving.file}) serves instead` : 'it has no good version, so it is not served';
  console.error(`REFUSED: the ${r.kind} ${r.id} in ${r.file} fails its checks; ${instead}. Fix the file and press Reload on /practice/forms:`);
  for (const p of r.errors) console.error(`  ${problemLine(p)}`);
}
const apiToken = process.env.PRACTICE_API_TOKEN ?? '';
if (apiToken !== '' && apiToken.length < 24)
  console.warn('Warning: PRACTICE_API_TOKEN is shorter than 24 characters; use a long random value (e.g. openssl rand -hex 32).');
if (generatedStaffPassword) {
  // Printed this once: only its argon2 hash is stored. Set PRACTICE_STAFF_PASSWORD to choose one.
  console.log(`Practice staff password (generated now, shown only this once): ${generatedStaffPassword}`);
}
await app.listen({ port, host });
// The port actually bound (PORT=0 picks a free one).
const address = app.server.address();
const boundPort = typeof address === 'object' && address ? address.port : port;
const shown = host === '0.0.0.0' || host === '127.0.0.1' ? 'localhost' : host;
console.log(`Your GP practice online service is running at http://${shown}:${boundPort}/ (data in ${dataDir})`);
console.log(
  notifications.transport.name === 'notify'
    ? 'Emails and texts are sent through GOV.UK Notify.'
    : `Emails and texts go to the practice outbox: http://${shown}:${boundPort}/practice/outbox (set NOTIFY_API_KEY and the template ids to send them through GOV.UK Notify).`,
);

/** A non-negative whole number of milliseconds from the environment, else the default. */
function msFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) {
    console.warn(`Warning: ${name}="${raw}" is not a whole number of milliseconds; using ${fallback}.`);
    return fallback;
  }
  return n;
}
// README.md "Running more than one instance": how long /readyz answers 503 while requests are still
// accepted (for the load balancer to notice), then how long in-flight requests get to finish.
const shutdownDelayMs = msFromEnv('SHUTDOWN_DELAY_MS', 0);
const shutdownGraceMs = msFromEnv('SHUTDOWN_GRACE_MS', 10_000);

/**
 * Graceful shutdown (SIGTERM, SIGINT): /readyz turns 503 and the notifications worker stops
 * claiming; after SHUTDOWN_DELAY_MS no new connections are accepted; requests in flight finish
 * (up to SHUTDOWN_GRACE_MS, then their connections are cut); the worker's round in progress is
 * recorded, the store closed, and the process exits 0. A second signal skips the rest of the delay.
 */
let skipDelay: (() => void) | undefined;
let shuttingDown = false;
async function shutdown(signal: string): Promise<void> {
  if (shuttingDown) {
    skipDelay?.();
    return;
  }
  shuttingDown = true;
  console.log(`${signal}: draining (new requests for ${shutdownDelayMs} ms, then up to ${shutdownGraceMs} ms for those in flight)`);
  beginDrain();
  const workerStopped = notifications.stop();
  if (shutdownDelayMs > 0) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, shutdownDelayMs);
      skipDelay = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
  let cut = false;
  const force = setTimeout(() => {
    cut = true;
    console.warn(`Warning: requests still in flight after SHUTDOWN_GRACE_MS (${shutdownGraceMs} ms); closing their connections.`);
    app.server.closeAllConnections();
  }, shutdownGraceMs);
  // Stops accepting, answers 503 to new requests on open connections, waits for those in flight,
  // then the onClose hooks stop the worker and close the store (server/app.ts).
  try {
    await Promise.all([app.close(), workerStopped]);
  } catch (error) {
    console.error(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  clearTimeout(force);
  console.log(cut ? 'Stopped (some requests were cut off).' : 'Stopped: every request in flight was answered.');
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void shutdown(signal);
  });
}
