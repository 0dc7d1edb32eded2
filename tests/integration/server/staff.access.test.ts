import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../../server/services/index';
import { ADMIN_URL, otherEnquiry, STAFF_AUTH, startServer, type TestServer } from '../support/helpers';

const PASSWORD = 'correct horse battery staple';
const TOKEN = process.env.PRACTICE_API_TOKEN!;

/** The session cookie pair ("name=value") from a sign-in answer. */
function cookieOf(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie[0]! : String(setCookie);
  return header.split(';')[0]!;
}

describe('practice data needs staff credentials', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ controls: true, staffPassword: PASSWORD });
    await server.app.inject({ method: 'POST', url: ADMIN_URL, payload: otherEnquiry() });
  });
  afterAll(async () => server.cleanup());

  it('answers anonymous read-back with 401 and no patient data', async () => {
    const response = await server.app.inject({ url: '/api/v1/practice/requests' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toContain('Bearer');
    expect(response.body).not.toContain('Testwell');
  });

  it('sends an anonymous visitor of the inbox to the sign-in page', async () => {
    const response = await server.app.inject({ url: '/practice/inbox?cursor=x' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/practice/sign-in?next=%2Fpractice%2Finbox%3Fcursor%3Dx');
    expect(response.body).not.toContain('Testwell');
  });

  it.each([
    ['GET', '/practice/outbox'],
    ['GET', '/practice/anything/else'],
    ['GET', '/api/v1/practice/outbox'],
    ['POST', '/api/v1/practice/controls'],
    ['POST', '/api/v1/practice/controls/reset'],
    ['GET', '/%70ractice/inbox'],
    ['GET', '/practice//inbox'],
    ['GET', '/api/v1/%70ractice/requests'],
  ])('guards %s %s (pages and calls other files add, encoded paths) by prefix', async (method, url) => {
    const response = await server.app.inject({ method: method as 'GET' | 'POST', url, ...(method === 'POST' ? { payload: {} } : {}) });
    expect([303, 401]).toContain(response.statusCode);
    expect(response.body).not.toContain('Testwell');
  });

  it('refuses a wrong bearer token and accepts the configured one', async () => {
    expect((await server.app.inject({ url: '/api/v1/practice/requests', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
    expect((await server.app.inject({ url: '/api/v1/practice/requests', headers: { authorization: `Basic ${TOKEN}` } })).statusCode).toBe(401);
    const ok = await server.app.inject({ url: '/api/v1/practice/requests', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toHaveLength(1);
  });

  it('needs the same credentials for the demo controls', async () => {
    const anonymous = await server.app.inject({ method: 'POST', url: '/api/v1/practice/controls/reset' });
    expect(anonymous.statusCode).toBe(401);
    expect((await server.app.inject({ url: '/api/v1/practice/requests', headers: STAFF_AUTH })).json()).toHaveLength(1);
  });
});

describe('bearer access', () => {
  it('is off when no token is configured, whatever the request sends', async () => {
    const server = await startServer({ apiToken: '', staffPassword: PASSWORD });
    try {
      for (const authorization of [`Bearer ${TOKEN}`, 'Bearer ', 'Bearer undefined']) {
        expect((await server.app.inject({ url: '/api/v1/practice/requests', headers: { authorization } })).statusCode).toBe(401);
      }
    } finally {
      await server.cleanup();
    }
  });

  it('keeps the demo controls off unless asked for, even for staff', async () => {
    const server = await startServer({ staffPassword: PASSWORD });
    try {
      expect((await server.app.inject({ method: 'POST', url: '/api/v1/practice/controls/reset', headers: STAFF_AUTH })).statusCode).toBe(404);
    } finally {
      await server.cleanup();
    }
  });
});

describe('staff sign-in', () => {
  let clock = Date.parse('2026-11-23T09:00:00Z');
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ staffPassword: PASSWORD, now: () => clock });
  });
  afterAll(async () => server.cleanup());

  const signIn = (password: string, next = '/practice/inbox') =>
    server.app.inject({
      method: 'POST',
      url: '/practice/sign-in',
      payload: new URLSearchParams({ password, next }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  const inbox = (cookie: string) => server.app.inject({ url: '/practice/inbox', headers: { cookie } });

  it('shows a labelled password form', async () => {
    const page = await server.app.inject({ url: '/practice/sign-in?next=/practice/inbox' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<label class="nhsuk-label" for="password">Staff password</label>');
    expect(page.body).toContain('autocomplete="current-password"');
    expect(page.body).toContain('name="next" value="/practice/inbox"');
  });

  it('refuses a wrong or empty password with the form and its error', async () => {
    const wrong = await signIn('not it');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    expect(wrong.body).toContain('The staff password is not right');
    expect(wrong.body).toContain('href="#password"');
    const empty = await signIn('');
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Enter the staff password');
  });

  it('signs in with the right password: an HttpOnly, SameSite=Strict cookie that opens the inbox', async () => {
    const response = await signIn(PASSWORD, '/practice/inbox?cursor=');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/practice/inbox?cursor=');
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/^gp_practice_session=[0-9a-f]{64}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=43200$/);
    const page = await inbox(cookieOf(response.headers['set-cookie']));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Practice inbox</h1>');
  });

  it('only goes back to a staff page after sign-in', async () => {
    for (const next of ['https://evil.example/', '//evil.example', '/\t/evil.example', '/nhs-login/user-info']) {
      expect((await signIn(PASSWORD, next)).headers.location).toBe('/practice/inbox');
    }
  });

  it('ends a session after 30 minutes unused', async () => {
    const cookie = cookieOf((await signIn(PASSWORD)).headers['set-cookie']);
    clock += SESSION_IDLE_MS - 60_000;
    expect((await inbox(cookie)).statusCode).toBe(200);
    clock += SESSION_IDLE_MS - 60_000;
    expect((await inbox(cookie)).statusCode).toBe(200);
    clock += SESSION_IDLE_MS + 1;
    expect((await inbox(cookie)).statusCode).toBe(303);
  });

  it('ends a session 12 hours after sign-in however busy', async () => {
    const cookie = cookieOf((await signIn(PASSWORD)).headers['set-cookie']);
    const start = clock;
    while (clock - start < SESSION_ABSOLUTE_MS - 20 * 60_000) {
      clock += 20 * 60_000;
      expect((await inbox(cookie)).statusCode).toBe(200);
    }
    clock = start + SESSION_ABSOLUTE_MS;
    expect((await inbox(cookie)).statusCode).toBe(303);
  });

  it('prunes expired sessions from the database', async () => {
    await signIn(PASSWORD);
    clock += SESSION_ABSOLUTE_MS + 1;
    const before = (server.db.prepare('SELECT COUNT(*) AS n FROM staff_sessions').get() as { n: number }).n;
    expect(before).toBeGreaterThan(0);
    expect(await server.pruneSessions()).toBeGreaterThanOrEqual(before);
    expect((server.db.prepare('SELECT COUNT(*) AS n FROM staff_sessions').get() as { n: number }).n).toBe(0);
  });

  it('signs out: the cookie is cleared and no longer opens the inbox', async () => {
    const cookie = cookieOf((await signIn(PASSWORD)).headers['set-cookie']);
    const out = await server.app.inject({ method: 'POST', url: '/practice/sign-out', headers: { cookie } });
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe('/practice/sign-in');
    expect(String(out.headers['set-cookie'])).toContain('Max-Age=0');
    expect((await inbox(cookie)).statusCode).toBe(303);
  });

  it('ignores a malformed staff cookie', async () => {
    for (const cookie of ['gp_practice_session=%ZZ', 'gp_practice_session=', 'gp_practice_session', `gp_practice_session=${'a'.repeat(64)}`]) {
      expect((await inbox(cookie)).statusCode).toBe(303);
    }
  });
});

describe('the staff password', () => {
  it('is generated on first start, given once, stored only as an argon2id hash, and works', async () => {
    const first = await startServer({ staffPassword: '' });
    try {
      const password = first.generatedStaffPassword;
      expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
      const row = first.db.prepare('SELECT password_hash FROM staff_accounts').get() as { password_hash: string };
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(row.password_hash).not.toContain(password!);
      await first.close();
      const second = await startServer({ staffPassword: '', dataDir: first.dataDir });
      expect(second.generatedStaffPassword).toBeUndefined();
      const signIn = await second.app.inject({
        method: 'POST',
        url: '/practice/sign-in',
        payload: `password=${encodeURIComponent(password!)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(signIn.statusCode).toBe(303);
      await second.close();
    } finally {
      await first.cleanup();
    }
  });
});
