import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './app.js';
import { DocumentsRefused } from './documents/store.js';

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
  // A broken form or pathway document: each problem names its file and JSON path.
  if (error instanceof DocumentsRefused) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
});
const { app, warnings, notifications, generatedStaffPassword } = server;
for (const warning of warnings) console.warn(`Warning: ${warning}`);
const apiToken = process.env.PRACTICE_API_TOKEN ?? '';
if (apiToken !== '' && apiToken.length < 24) console.warn('Warning: PRACTICE_API_TOKEN is shorter than 24 characters; use a long random value (e.g. openssl rand -hex 32).');
if (generatedStaffPassword) {
  // Printed this once: only its argon2 hash is stored. Set PRACTICE_STAFF_PASSWORD to choose one.
  console.log(`Practice staff password (generated now, shown only this once): ${generatedStaffPassword}`);
}
await app.listen({ port, host });
const shown = host === '0.0.0.0' || host === '127.0.0.1' ? 'localhost' : host;
console.log(`Your GP practice online service is running at http://${shown}:${port}/ (data in ${dataDir})`);
console.log(
  notifications.transport.name === 'notify'
    ? 'Emails and texts are sent through GOV.UK Notify.'
    : `Emails and texts go to the practice outbox: http://${shown}:${port}/practice/outbox (set NOTIFY_API_KEY and the template ids to send them through GOV.UK Notify).`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
