// Staff as named people (PRACTICE_STAFF_ACCOUNTS) and the sign-in lockout per account and client:
// wrong passwords lock one account from one address, never everyone behind it. Over HTTP, on the
// store of the run (SQLite in `integration`, PostgreSQL in `integration-pg`).
import { hash } from '@node-rs/argon2';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../../server/rate-limits';
import { TEST_PASSWORD_HASHING } from '../../../server/staff';
import { STAFF_LOCKOUT } from '../../../server/staffLockout';
import { startServer, type TestServer } from '../support/helpers';

const SHARED = 'the shared demo password';
const ALICE = 'alice password 123';
const BOB = 'bob password 456';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const OFFICE = '192.0.2.10';
/** The practice's address in the lockout test: everyone in the building shares it. */
const DESK = '192.0.2.20';

async function accounts(): Promise<string> {
  return [`alice:${await hash(ALICE, { ...TEST_PASSWORD_HASHING })}`, `bob:${await hash(BOB, { ...TEST_PASSWORD_HASHING })}`].join('\n');
}

function signIn(server: TestServer, username: string, password: string, remoteAddress = OFFICE) {
  return server.app.inject({
    method: 'POST',
    url: '/practice/sign-in',
    payload: new URLSearchParams({ username, password }).toString(),
    headers: FORM,
    remoteAddress,
  });
}

const cookieOf = (setCookie: unknown) => String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0]!;

describe('staff sign in as named people', () => {
  let server: TestServer;
  let clock = Date.parse('2026-11-28T09:00:00Z');
  beforeAll(async () => {
    server = await startServer({ staffPassword: SHARED, staffAccounts: await accounts(), rateLimits: { ...DEFAULT_RATE_LIMITS }, now: () => clock });
  });
  afterAll(async () => server?.cleanup());

  it('the sign-in page asks for a username (labelled, with its hint) and the password', async () => {
    const page = await server.app.inject({ url: '/practice/sign-in' });
    expect(page.body).toContain('<label class="nhsuk-label" for="username">Staff username</label>');
    expect(page.body).toContain('aria-describedby="username-hint"');
    expect(page.body).toContain('autocomplete="username"');
    expect(page.body).toContain('<label class="nhsuk-label" for="password">Staff password</label>');
  });

  it('each person signs in with their own password, not another’s; the shared password still works with no username', async () => {
    expect((await signIn(server, 'alice', ALICE)).statusCode).toBe(303);
    expect((await signIn(server, 'Alice ', ALICE)).statusCode).toBe(303);
    const wrong = await signIn(server, 'alice', BOB);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('The username or password is not right');
    expect((await signIn(server, 'bob', BOB)).statusCode).toBe(303);
    expect((await signIn(server, '', SHARED)).statusCode).toBe(303);
    expect((await signIn(server, 'alice', SHARED)).statusCode).toBe(401);
  });

  it('an unknown username gets the same answer as a wrong password', async () => {
    const unknown = await signIn(server, 'mallory', ALICE, '192.0.2.99');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toContain('The username or password is not right');
    const malformed = await signIn(server, 'x y', ALICE, '192.0.2.99');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain('href="#username"');
  });

  it('ten wrong passwords lock that account from that address only: a colleague behind the same address still signs in', async () => {
    for (let i = 0; i < STAFF_LOCKOUT.maxFailures; i++) expect((await signIn(server, 'alice', `guess ${i}`, DESK)).statusCode, `guess ${i + 1}`).toBe(401);
    const locked = await signIn(server, 'alice', ALICE, DESK);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.body).toContain('Too many wrong passwords for this account from this device');
    expect(locked.headers['set-cookie']).toBeUndefined();
    // Bob, at the next desk (same address), and the shared password are not locked out…
    expect((await signIn(server, 'bob', BOB, DESK)).statusCode).toBe(303);
    expect((await signIn(server, '', SHARED, DESK)).statusCode).toBe(303);
    // …nor Alice herself from another address.
    expect((await signIn(server, 'alice', ALICE, '198.51.100.7')).statusCode).toBe(303);
    // After the window, Alice signs in from the office again.
    clock += STAFF_LOCKOUT.windowMs + 1;
    expect((await signIn(server, 'alice', ALICE, DESK)).statusCode).toBe(303);
  });

  it('concurrent guesses count exactly: of 25 at once, 10 are checked and the rest refused', async () => {
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => signIn(server, 'bob', `burst ${i}`, '192.0.2.55')));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(STAFF_LOCKOUT.maxFailures);
    expect(codes.filter((c) => c === 429)).toHaveLength(25 - STAFF_LOCKOUT.maxFailures);
  });

  it('the document history names who made a version, whose change was refused and who removed it', async () => {
    const signedIn = await signIn(server, 'bob', BOB, '203.0.113.5');
    const cookie = cookieOf(signedIn.headers['set-cookie']);
    const source = path.join(path.dirname(new URL(import.meta.url).pathname), '../support/practice-folder', 'MEDICAL_RECORDS.form.json');
    const folder = path.join(server.dataDir, 'practice', 'forms');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'MEDICAL_RECORDS.form.json'), readFileSync(source));
    const pressed = await server.app.inject({ method: 'POST', url: '/practice/forms/reload', headers: { cookie, ...FORM }, payload: 'reload=1' });
    expect(pressed.statusCode).toBe(200);
    const versions = (await server.app.inject({ url: '/api/v1/practice/documents/form/MEDICAL_RECORDS/versions', headers: { cookie } })).json() as Array<{
      updatedBy: string;
    }>;
    expect(versions.map((v) => v.updatedBy)).toEqual(['bob']);

    // Alice's broken version is refused, then Bob removes the file: both are in the history, with who.
    const alice = cookieOf((await signIn(server, 'alice', ALICE, '203.0.113.6')).headers['set-cookie']);
    const broken = JSON.parse(readFileSync(source, 'utf8')) as { schema: { properties: { details: Record<string, unknown> } } };
    broken.schema.properties.details.maxLength = 'long';
    writeFileSync(path.join(folder, 'MEDICAL_RECORDS.form.json'), JSON.stringify(broken));
    clock += 60_000;
    const refused = await server.app.inject({ method: 'POST', url: '/api/v1/practice/documents/reload', headers: { cookie: alice } });
    expect(refused.statusCode).toBe(200);
    rmSync(path.join(folder, 'MEDICAL_RECORDS.form.json'));
    clock += 60_000;
    expect((await server.app.inject({ method: 'POST', url: '/api/v1/practice/documents/reload', headers: { cookie } })).statusCode).toBe(200);
    const history = (await server.app.inject({ url: '/api/v1/practice/documents/form/MEDICAL_RECORDS/history', headers: { cookie } })).json() as Array<{
      action: string;
      by: string;
      version?: number;
      detail?: string;
    }>;
    expect(history.map((h) => [h.action, h.by, h.version])).toEqual([
      ['removed', 'bob', undefined],
      ['refused', 'alice', 1],
      ['version', 'bob', 1],
    ]);
    expect(history[1]!.detail).toContain('/schema/properties/details/maxLength');
    expect((await server.app.inject({ url: '/api/v1/practice/documents/form/MEDICAL_RECORDS/history' })).statusCode).toBe(401);
  });
});

describe('named accounts without a shared password', () => {
  it('remove the shared account: no username and the old shared password no longer sign in', async () => {
    const first = await startServer({ staffPassword: SHARED });
    try {
      expect((await signIn(first, '', SHARED)).statusCode).toBe(303);
      await first.close();
      const second = await startServer({ dataDir: first.dataDir, staffPassword: '', staffAccounts: await accounts() });
      try {
        expect(second.generatedStaffPassword).toBeUndefined();
        expect((await signIn(second, '', SHARED)).statusCode).toBe(401);
        expect((await signIn(second, 'alice', ALICE)).statusCode).toBe(303);
        const names = await second.store.all<{ username: string }>('SELECT username FROM staff_accounts ORDER BY username');
        expect(names.map((r) => r.username)).toEqual(['alice', 'bob']);
      } finally {
        await second.close();
      }
    } finally {
      await first.cleanup();
    }
  });

  it('a malformed list stops the start, naming the entry and never the hash', async () => {
    const secret = '$argon2id$v=19$m=1024,t=1,p=1$c2FsdHNhbHQ$notarealhashatall';
    await expect(startServer({ staffAccounts: `alice:${secret} Bob:${secret}` })).rejects.toThrow(/PRACTICE_STAFF_ACCOUNTS entry 2: the username must be/);
    await expect(startServer({ staffAccounts: `carol:not-a-hash` })).rejects.toThrow(/entry 1 \("carol"\): the password hash must be an argon2 hash/);
    const twice = await startServer({ staffAccounts: `alice:${secret} alice:${secret}` }).catch((error: unknown) => error as Error);
    expect((twice as Error).message).toBe('PRACTICE_STAFF_ACCOUNTS entry 2: "alice" is listed twice');
  });
});
