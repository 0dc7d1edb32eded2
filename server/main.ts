import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './app.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '127.0.0.1';
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, 'data'));
const distDir = path.join(root, 'dist');

const trustProxy = process.env.TRUST_PROXY;
const { app, warnings, notifications, generatedStaffPassword } = await buildServer({
  dataDir,
  distDir,
  logRequests: process.env.LOG_REQUESTS === '1',
  controls: process.env.PRACTICE_CONTROLS === '1',
  host,
  ...(process.env.PUBLIC_URL ? { publicUrl: process.env.PUBLIC_URL } : {}),
  ...(trustProxy ? { trustProxy: trustProxy === 'true' ? true : trustProxy } : {}),
});
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
