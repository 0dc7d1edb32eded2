// A ceiling on new questionnaires per hour over the whole service (MAX_EXECUTIONS_PER_HOUR): past
// it, $start is 429 and nothing is stored, whoever asks; /readyz reports the figures. Over HTTP,
// on the store of the run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER } from '../server/engine/walker.js';
import { startServer, type TestServer } from '../server/helpers.js';
import { STORE } from './postgres.js';

let server: TestServer;
let base: string;
const previous = process.env.MAX_EXECUTIONS_PER_HOUR;
beforeAll(async () => {
  process.env.MAX_EXECUTIONS_PER_HOUR = '5';
  server = await startServer({ trustProxy: true, limitScale: 1 });
  base = await server.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  if (previous === undefined) delete process.env.MAX_EXECUTIONS_PER_HOUR;
  else process.env.MAX_EXECUTIONS_PER_HOUR = previous;
  await server?.cleanup();
});

describe(`the hourly ceiling on new executions (${STORE})`, () => {
  it('past the ceiling $start is 429 with Retry-After for every client; /readyz reports it', async () => {
    const answers = [];
    for (let i = 0; i < 8; i++) {
      answers.push(
        await fetch(`${base}/api/v1/fhir/r4/Guideline/Triage.SoreThroat/$start`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i + 1}`, ...BROWSER },
          body: JSON.stringify({ patient: { dateOfBirth: '1985-04-12', sexAtBirth: 'female' } }),
        }),
      );
    }
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    expect(answers[7]!.headers.get('retry-after')).toBe('600');
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', details: { executions: { lastHour: 5, perHourCeiling: 5, atCeiling: true } } });
  });
});
