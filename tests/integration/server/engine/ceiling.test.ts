// A ceiling on new questionnaires per hour over the whole service (MAX_EXECUTIONS_PER_HOUR): past
// it, $start is 429 and nothing is stored, whoever asks; /readyz reports the figures. Over HTTP,
// on the store of the run: on PostgreSQL (integration-pg) over two server instances on one
// database, each on its own port; on SQLite over the one instance that owns the data folder.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER } from '../../support/walker.js';
import { startServer, type TestServer } from '../../support/helpers.js';
import { freshPostgresDatabase, STORE } from '../../support/postgres.js';

interface Instance {
  server: TestServer;
  base: string;
}

let instances: Instance[] = [];
let database: { url: string; drop(): Promise<void> } | undefined;
const previous = process.env.MAX_EXECUTIONS_PER_HOUR;

async function instance(databaseUrl?: string): Promise<Instance> {
  const server = await startServer({ trustProxy: true, limitScale: 1, notifications: { autoStart: false }, ...(databaseUrl ? { databaseUrl } : {}) });
  return { server, base: await server.app.listen({ port: 0, host: '127.0.0.1' }) };
}

beforeAll(async () => {
  // Read at each $start, so each test sets the ceiling it needs.
  process.env.MAX_EXECUTIONS_PER_HOUR = '5';
  if (STORE === 'postgres') {
    database = await freshPostgresDatabase();
    // One after the other: each seeds the demo practice on start.
    instances = [await instance(database.url), await instance(database.url)];
  } else {
    const only = await instance();
    instances = [only, only];
  }
}, 120_000);

afterAll(async () => {
  if (previous === undefined) delete process.env.MAX_EXECUTIONS_PER_HOUR;
  else process.env.MAX_EXECUTIONS_PER_HOUR = previous;
  for (const s of new Set(instances)) await s.server.cleanup();
  await database?.drop();
});

/** One $start from client address number `i` (each its own client, so no per-client limit is what stops it). */
const start = (base: string, i: number) =>
  fetch(`${base}/api/v1/fhir/r4/Guideline/Triage.SoreThroat/$start`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${(i % 250) + 1}`, ...BROWSER },
    body: JSON.stringify({ patient: { dateOfBirth: '1985-04-12', sexAtBirth: 'female' } }),
  });

const readyz = async (base: string) => {
  const ready = await fetch(`${base}/readyz`);
  expect(ready.status).toBe(200);
  return (await ready.json()) as unknown;
};

describe(`the hourly ceiling on new executions (${STORE}, ${STORE === 'postgres' ? 'two instances' : 'one instance'})`, () => {
  it('past the ceiling $start is 429 with Retry-After for every client; /readyz reports it', async () => {
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await start(instances[i % 2]!.base, i));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    expect(answers[7]!.headers.get('retry-after')).toBe('600');
    for (const s of instances)
      expect(await readyz(s.base)).toEqual({ status: 'ok', details: { executions: { lastHour: 5, perHourCeiling: 5, atCeiling: true } } });
  });

  it('60 concurrent $starts split over the instances store exactly the 12 the ceiling has left, never more', async () => {
    // 5 stored by the test above: 12 places left under a ceiling of 17.
    process.env.MAX_EXECUTIONS_PER_HOUR = '17';
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => start(instances[i % 2]!.base, 100 + i)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(12);
    expect(statuses.filter((s) => s === 429)).toHaveLength(48);
    // Every instance reads the same count from the store: the ceiling, not past it.
    for (const s of instances)
      expect(await readyz(s.base)).toEqual({ status: 'ok', details: { executions: { lastHour: 17, perHourCeiling: 17, atCeiling: true } } });
  });
});
