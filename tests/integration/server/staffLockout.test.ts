// The staff sign-in lockout (ten wrong passwords lock one account from one client) holds however
// many instances share the store: wrong passwords fired at once at two server instances on one
// PostgreSQL database are counted together, exactly. Real HTTP, each instance on its own port,
// behind a proxy (the client is X-Forwarded-For). On SQLite the one instance that owns the data
// folder takes the same burst.
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../../server/rate-limits.js';
import { TEST_PASSWORD_HASHING } from '../../../server/staff.js';
import { STAFF_LOCKOUT } from '../../../server/staffLockout.js';
import { startServer, type TestServer } from '../support/helpers.js';
import { freshPostgresDatabase, STORE } from '../support/postgres.js';

const SHARED = 'the shared demo password';
const ALICE = 'alice password 123';
const BOB = 'bob password 456';

interface Instance {
  server: TestServer;
  signIn(username: string, password: string, client: string): Promise<{ status: number; body: string; retryAfter: string | null; cookie: string | null }>;
}

let instances: Instance[] = [];
let database: { url: string; drop(): Promise<void> } | undefined;

async function instance(staffAccounts: string, databaseUrl?: string): Promise<Instance> {
  const server = await startServer({
    staffPassword: SHARED,
    staffAccounts,
    trustProxy: true,
    limitScale: 1,
    rateLimits: { ...DEFAULT_RATE_LIMITS },
    notifications: { autoStart: false },
    ...(databaseUrl ? { databaseUrl } : {}),
  });
  const base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    server,
    async signIn(username, password, client) {
      const response = await fetch(`${base}/practice/sign-in`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': client },
        body: new URLSearchParams({ username, password }).toString(),
      });
      return {
        status: response.status,
        body: await response.text(),
        retryAfter: response.headers.get('retry-after'),
        cookie: response.headers.get('set-cookie'),
      };
    },
  };
}

beforeAll(async () => {
  const accounts = [`alice:${await hash(ALICE, { ...TEST_PASSWORD_HASHING })}`, `bob:${await hash(BOB, { ...TEST_PASSWORD_HASHING })}`].join('\n');
  if (STORE === 'postgres') {
    database = await freshPostgresDatabase();
    // One after the other: each seeds the demo practice on start.
    instances = [await instance(accounts, database.url), await instance(accounts, database.url)];
  } else {
    const only = await instance(accounts);
    instances = [only, only];
  }
}, 120_000);

afterAll(async () => {
  for (const s of new Set(instances)) await s.server.cleanup();
  await database?.drop();
});

const BURST = 24;

describe(`the staff sign-in lockout (${STORE}, ${STORE === 'postgres' ? 'two instances on one database' : 'one instance'})`, () => {
  it(`${BURST} wrong passwords at once, split over the instances: exactly ${STAFF_LOCKOUT.maxFailures} are checked, the rest and then the right one refused on either`, async () => {
    const desk = '192.0.2.70';
    const answers = await Promise.all(Array.from({ length: BURST }, (_, i) => instances[i % 2]!.signIn('alice', `guess ${i}`, desk)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(STAFF_LOCKOUT.maxFailures);
    expect(statuses.filter((s) => s === 429)).toHaveLength(BURST - STAFF_LOCKOUT.maxFailures);
    // Both instances refused some: the count is the store's, not each process's.
    if (STORE === 'postgres') {
      for (const parity of [0, 1]) expect(statuses.filter((s, i) => i % 2 === parity && s === 429).length).toBeGreaterThan(0);
    }
    for (const s of instances) {
      const right = await s.signIn('alice', ALICE, desk);
      expect(right.status).toBe(429);
      expect(Number(right.retryAfter)).toBeGreaterThan(0);
      expect(right.body).toContain('Too many wrong passwords for this account from this device');
      expect(right.cookie).toBeNull();
    }
    // A colleague behind the same address, and Alice from another, still sign in on either instance.
    expect((await instances[1]!.signIn('bob', BOB, desk)).status).toBe(303);
    expect((await instances[0]!.signIn('alice', ALICE, '198.51.100.40')).status).toBe(303);
  });

  it('addresses of one IPv6 /64 are one client: guesses spread over them and over the instances lock the account for the whole /64', async () => {
    const address = (i: number) => `2001:db8:77:5:${(i + 1).toString(16)}::${(i * 31 + 7).toString(16)}`;
    const answers = await Promise.all(Array.from({ length: BURST }, (_, i) => instances[i % 2]!.signIn('bob', `guess ${i}`, address(i))));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(STAFF_LOCKOUT.maxFailures);
    expect(statuses.filter((s) => s === 429)).toHaveLength(BURST - STAFF_LOCKOUT.maxFailures);
    expect((await instances[1]!.signIn('bob', BOB, '2001:db8:77:5::99')).status).toBe(429);
    // The next /64 is another client.
    expect((await instances[0]!.signIn('bob', BOB, '2001:db8:77:6::99')).status).toBe(303);
  });
});
