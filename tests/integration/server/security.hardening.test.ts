import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../../server/rate-limits';
import { SESSION_IDLE_MS } from '../../../server/services/index';
import { ADMIN_URL, AMELIA, otherEnquiry, STAFF_AUTH, startServer, type TestServer } from '../support/helpers';

const CONSULTATION_URL = '/api/v1/triage/patient/consultation';
const UNVERIFIED_URL = '/api/v1/triage/patient/unverified/requests';
const VALIDATE_URL = '/api/v1/triage/nhs/next/validate/patient';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** A JSON value nested `depth` objects deep: {"a":{"a":…{}…}}. */
function deepJson(depth: number): string {
  return `${'{"a":'.repeat(depth)}{}${'}'.repeat(depth)}`;
}

function consultation(extra: Record<string, unknown> = {}) {
  return { triageRequest: { triageRequestType: 'MEDICAL_REQUEST', patient: { ...AMELIA, contactDetails: {} }, ...extra } };
}

describe('Host header (DNS rebinding)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ host: '192.0.2.10', publicUrl: 'https://gp.example.org' });
  });
  afterAll(async () => server.cleanup());

  it.each(['evil.example', 'evil.example:8080', 'localhost.evil.example', '127.0.0.1.nip.io', 'localhost@evil.example', 'a b'])(
    'refuses Host %j with 421',
    async (host) => {
      const response = await server.app.inject({ url: '/api/v1/settings/clinic', headers: { host } });
      expect(response.statusCode).toBe(421);
      expect(response.body).not.toContain('Riverside');
    },
  );

  it.each(['localhost:8080', '127.0.0.1', '[::1]:8080', '192.0.2.10:8080', 'gp.example.org', 'GP.Example.org'])('accepts Host %j', async (host) => {
    expect((await server.app.inject({ url: '/api/v1/settings/clinic', headers: { host } })).statusCode).toBe(200);
  });
});

describe('deeply nested bodies', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server.cleanup());

  it.each([
    ['consultation, 2,000 deep', CONSULTATION_URL, 2000, {}],
    ['consultation, 5,000 deep', CONSULTATION_URL, 5000, {}],
    ['admin request with an Idempotency-Key, 5,000 deep', ADMIN_URL, 5000, { 'idempotency-key': 'deep-1' }],
    ['unverified requests, 5,000 deep', UNVERIFIED_URL, 5000, {}],
    ['patient check, 20,000 deep', VALIDATE_URL, 20000, {}],
  ])('refuses %s with 400 before parsing', async (_name, url, depth, headers) => {
    const response = await server.app.inject({ method: 'POST', url, payload: deepJson(depth), headers: { 'content-type': 'application/json', ...headers } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'The body is nested too deeply (more than 32 levels of objects and arrays)' });
  });

  it('refuses a deep value inside an otherwise valid consultation, and stores nothing', async () => {
    const body = JSON.stringify(consultation()).replace(/}$/, `,"answers":${deepJson(40)}}`);
    const response = await server.app.inject({ method: 'POST', url: CONSULTATION_URL, payload: body, headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
    expect((await server.app.inject({ url: '/api/v1/practice/requests', headers: STAFF_AUTH })).json()).toHaveLength(0);
  });

  it('keeps the inbox and the read-back answering when a deep body is already stored (from before the limit)', async () => {
    const deep = JSON.parse(deepJson(2000)) as Record<string, unknown>;
    server.db
      .prepare('INSERT INTO requests (id, kind, form_type, status, received_at, body) VALUES (?, ?, ?, ?, ?, ?)')
      .run('deep-stored', 'CONSULTATION', 'MEDICAL_REQUEST', 'NEW', new Date().toISOString(), JSON.stringify({ triageRequest: deep }));
    // An admin request's fields are listed one by one, so its depth is cut short on the page.
    server.db
      .prepare('INSERT INTO requests (id, kind, form_type, status, received_at, body) VALUES (?, ?, ?, ?, ?, ?)')
      .run('deep-admin', 'ADMIN_REQUEST', 'OTHER_ENQUIRY', 'NEW', new Date().toISOString(), JSON.stringify({ description: deep }));
    const inbox = await server.app.inject({ url: '/practice/inbox', headers: STAFF_AUTH });
    expect(inbox.statusCode).toBe(200);
    expect(inbox.body).toContain('id deep-stored');
    expect(inbox.body).toContain('(nested too deeply to show)');
    expect((await server.app.inject({ url: '/api/v1/practice/requests', headers: STAFF_AUTH })).statusCode).toBe(200);
  });

  it('answers 413 for a body over 256 KB', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: CONSULTATION_URL,
      payload: JSON.stringify({ x: 'a'.repeat(300_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(413);
  });
});

/** Where a browser ends up from a Location header: it strips tabs and newlines and reads "\" as "/" after our check. */
function browserTarget(location: string): URL {
  return new URL(location.replace(/[\t\n\r]/g, '').replace(/\\/g, '/'), 'http://localhost:8080/start');
}

const HOSTILE_PATHS = [
  '/%09/evil.example',
  '/\t/evil.example',
  '/%0a/evil.example',
  '/%0d%0a/evil.example',
  '/\\evil.example',
  '/%5Cevil.example',
  '//evil.example',
  '/%2F/evil.example',
  '/ /evil.example',
  '/%20/evil.example',
  '/\u3000/evil.example',
  '/%E3%80%80/evil.example',
  '/\u0001x',
  '/%01x',
  '/%00',
  '/a/../..//evil.example',
  'https://evil.example/',
  'javascript:alert(1)',
  '/%E2%80%A8/evil.example',
  '/ok%ZZ',
  '/caf\u00e9?q=\u00e9',
];

describe('redirect targets stay on this site', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server.cleanup());

  it.each(HOSTILE_PATHS)('sign-out targetPath %j', async (target) => {
    // Percent-encoded as a browser would send the raw characters.
    const response = await server.app.inject({
      method: 'POST',
      url: `/signout?targetPath=${target.startsWith('/%') || target.includes('%ZZ') ? target : encodeURIComponent(target)}&tenantId=riverside`,
    });
    expect(response.statusCode).toBe(303);
    const location = String(response.headers.location);
    expect(location).toMatch(/^\/(?![/\\])/);
    expect(browserTarget(location).host).toBe('localhost:8080');
    expect(location).not.toMatch(/%(?![0-9A-Fa-f]{2})/);
  });

  it.each(HOSTILE_PATHS)('authorize POST redirect %j', async (target) => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/nhs-login/authorize',
      payload: new URLSearchParams({ redirect: target }).toString(),
      headers: FORM,
    });
    expect(response.statusCode).toBe(303);
    expect(browserTarget(String(response.headers.location)).host).toBe('localhost:8080');
  });

  it.each(HOSTILE_PATHS)('authorize page cancelUri and redirect %j', async (target) => {
    const q = new URLSearchParams({ redirect: target, cancelUri: target, tenantId: 'riverside' }).toString();
    const response = await server.app.inject({ url: `/nhs-login/authorize?${q}` });
    expect(response.statusCode).toBe(200);
    const href = /<a href="([^"]*)">Cancel and go back<\/a>/.exec(response.body)?.[1];
    expect(href).toBeDefined();
    expect(browserTarget(href!.replace(/&amp;/g, '&')).host).toBe('localhost:8080');
    const hidden = /name="redirect" value="([^"]*)"/.exec(response.body)?.[1];
    expect(browserTarget(hidden!.replace(/&amp;/g, '&')).host).toBe('localhost:8080');
  });

  it('keeps an ordinary path, query and fragment as they are', async () => {
    const response = await server.app.inject({ method: 'POST', url: `/signout?targetPath=${encodeURIComponent('/admin/FIT_NOTE?step=2#top')}` });
    expect(response.headers.location).toBe('/admin/FIT_NOTE?step=2#top');
  });
});

describe('cross-site form posts (CSRF)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ controls: true });
  });
  afterAll(async () => server.cleanup());

  it.each([
    { origin: 'https://evil.example' },
    { 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-site': 'same-site', origin: 'https://other.localhost' },
    { origin: 'null' },
  ])('refuses a login POST sent from another site (%j): no session', async (headers) => {
    const response = await server.app.inject({ method: 'POST', url: '/nhs-login/authorize', payload: 'redirect=%2F', headers: { ...FORM, ...headers } });
    expect(response.statusCode).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect((server.db.prepare('SELECT COUNT(*) AS n FROM sessions').get() as { n: number }).n).toBe(0);
  });

  it('refuses a no-cors reset of the demo controls from another site, even with staff credentials', async () => {
    await server.app.inject({ method: 'POST', url: ADMIN_URL, payload: otherEnquiry() });
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/practice/controls/reset',
      headers: { ...STAFF_AUTH, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'content-type': 'text/plain' },
      payload: '',
    });
    expect(response.statusCode).toBe(403);
    expect((await server.app.inject({ url: '/api/v1/practice/requests', headers: STAFF_AUTH })).json()).toHaveLength(1);
  });

  it('refuses a cross-site staff sign-in post', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/practice/sign-in',
      payload: 'password=x',
      headers: { ...FORM, origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('accepts the same posts from our own pages', async () => {
    const own = await server.app.inject({
      method: 'POST',
      url: '/nhs-login/authorize',
      payload: 'redirect=%2F',
      headers: { ...FORM, origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' },
    });
    expect(own.statusCode).toBe(303);
    const sameOriginOnly = await server.app.inject({
      method: 'POST',
      url: '/nhs-login/authorize',
      payload: 'redirect=%2F',
      headers: { ...FORM, origin: 'http://localhost:80' },
    });
    expect(sameOriginOnly.statusCode).toBe(303);
  });

  it('still refuses non-JSON bodies on the JSON calls', async () => {
    const response = await server.app.inject({ method: 'POST', url: ADMIN_URL, payload: 'x=1', headers: FORM });
    expect(response.statusCode).toBe(415);
  });
});

describe('malformed cookies read as signed out', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server.cleanup());

  it.each(['gp_nhs_session=%ZZ', 'gp_nhs_session=%', 'gp_nhs_session=%E0%A4%A', 'gp_nhs_session', '=; ;;', `gp_nhs_session=${'%ZZ'.repeat(3000)}`])(
    'cookie %j',
    async (cookie) => {
      expect((await server.app.inject({ url: '/nhs-login/is-logged-in', headers: { cookie } })).json()).toBe(false);
      expect((await server.app.inject({ url: '/nhs-login/user-info', headers: { cookie } })).statusCode).toBe(401);
      expect((await server.app.inject({ url: '/nhs-login/epr/patient', headers: { cookie } })).statusCode).toBe(401);
      expect((await server.app.inject({ method: 'POST', url: '/signout?targetPath=/', headers: { cookie } })).statusCode).toBe(303);
    },
  );
});

describe('patient sessions', () => {
  let clock = Date.parse('2026-11-23T09:00:00Z');
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ now: () => clock });
  });
  afterAll(async () => server.cleanup());

  const login = async () => {
    const response = await server.app.inject({ method: 'POST', url: '/nhs-login/authorize', payload: 'redirect=%2F', headers: FORM });
    return { header: String(response.headers['set-cookie']), cookie: String(response.headers['set-cookie']).split(';')[0]! };
  };

  it('expire after 30 minutes unused and are pruned', async () => {
    const { cookie, header } = await login();
    expect(header).toContain('Max-Age=43200');
    expect(header).not.toContain('Secure');
    expect((await server.app.inject({ url: '/nhs-login/is-logged-in', headers: { cookie } })).json()).toBe(true);
    clock += SESSION_IDLE_MS + 1;
    expect((await server.app.inject({ url: '/nhs-login/is-logged-in', headers: { cookie } })).json()).toBe(false);
    await login();
    clock += SESSION_IDLE_MS + 1;
    expect(await server.pruneSessions()).toBe(1);
    expect((server.db.prepare('SELECT COUNT(*) AS n FROM sessions').get() as { n: number }).n).toBe(0);
  });
});

describe('rate limits (the production defaults)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ rateLimits: { ...DEFAULT_RATE_LIMITS } });
  });
  afterAll(async () => server.cleanup());

  async function until429(send: () => Promise<{ statusCode: number; headers: Record<string, unknown>; json(): unknown }>, limit: number) {
    for (let i = 0; i < limit; i++) expect((await send()).statusCode, `request ${i + 1}`).not.toBe(429);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    return refused;
  }

  it('bounds patient checks per client per minute, without revealing whether the record exists', async () => {
    const body = { patient: { ...AMELIA, contactDetails: { emailAddress: 'guess@example.com' } }, flow: 'ADMIN_REQUEST' };
    const refused = await until429(() => server.app.inject({ method: 'POST', url: VALIDATE_URL, payload: body }), DEFAULT_RATE_LIMITS.patientCheck);
    expect(JSON.stringify(refused.json())).not.toContain('VALIDATED');
    // Another client is not affected.
    expect((await server.app.inject({ method: 'POST', url: VALIDATE_URL, payload: body, remoteAddress: '192.0.2.44' })).statusCode).toBe(200);
  });

  it('limits NHS login sign-ins (each creates a session)', async () => {
    await until429(
      () => server.app.inject({ method: 'POST', url: '/nhs-login/authorize', payload: 'redirect=%2F', headers: FORM, remoteAddress: '192.0.2.1' }),
      DEFAULT_RATE_LIMITS.nhsLogin,
    );
  });

  it('limits staff sign-in attempts from one client, whichever accounts they name', async () => {
    let n = 0;
    await until429(
      () =>
        server.app.inject({
          method: 'POST',
          url: '/practice/sign-in',
          payload: `username=guess${n++}&password=guess`,
          headers: FORM,
          remoteAddress: '192.0.2.2',
        }),
      DEFAULT_RATE_LIMITS.signIn,
    );
  });

  it('limits submissions', async () => {
    await until429(
      () => server.app.inject({ method: 'POST', url: ADMIN_URL, payload: otherEnquiry(), remoteAddress: '192.0.2.3' }),
      DEFAULT_RATE_LIMITS.submission,
    );
  });
});

describe('paged read-back', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
    for (let i = 1; i <= 27; i++) await server.app.inject({ method: 'POST', url: ADMIN_URL, payload: otherEnquiry({ description: `Request ${i}` }) });
  });
  afterAll(async () => server.cleanup());

  const get = (url: string) => server.app.inject({ url, headers: STAFF_AUTH });

  it('pages newest first with a cursor until the end', async () => {
    const seen: string[] = [];
    let url: string | undefined = '/api/v1/practice/requests?limit=10';
    let pages = 0;
    while (url) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-total-count']).toBe('27');
      const items = response.json() as Array<{ body: { description: string } }>;
      seen.push(...items.map((r) => r.body.description));
      const link = /<([^>]+)>; rel="next"/.exec(String(response.headers.link ?? ''))?.[1];
      url = link;
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: 27 }, (_, i) => `Request ${27 - i}`));
  });

  it('gives 50 by default and at most 200 a page', async () => {
    expect((await get('/api/v1/practice/requests')).json()).toHaveLength(27);
    expect((await get('/api/v1/practice/requests?limit=201')).statusCode).toBe(400);
    expect((await get('/api/v1/practice/requests?limit=0')).statusCode).toBe(400);
    expect((await get('/api/v1/practice/requests?limit=abc')).statusCode).toBe(400);
  });

  it('refuses a cursor it did not give out', async () => {
    for (const cursor of ['abc', '%ZZ', 'czA', '!!!', 'x'.repeat(100)]) {
      const response = await get(`/api/v1/practice/requests?cursor=${cursor}`);
      expect(response.statusCode, cursor).toBe(400);
    }
  });

  it('pages the outbox and the notifications queue the same way', async () => {
    const insertOutbox = server.db.prepare('INSERT INTO outbox (notification_id, channel, recipient, subject, body, sent_at) VALUES (?, ?, ?, ?, ?, ?)');
    for (let i = 1; i <= 23; i++) insertOutbox.run(`paging-${i}`, 'EMAIL', `p${i}@example.com`, 'Subject', `Message ${i}`, new Date().toISOString());
    const total = (server.db.prepare('SELECT COUNT(*) AS n FROM outbox').get() as { n: number }).n;
    const seen: string[] = [];
    let url: string | undefined = '/api/v1/practice/outbox?limit=10';
    while (url) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-total-count']).toBe(String(total));
      const items = response.json() as Array<{ notificationId: string }>;
      expect(items.length).toBeLessThanOrEqual(10);
      seen.push(...items.map((m) => m.notificationId));
      url = /<([^>]+)>; rel="next"/.exec(String(response.headers.link ?? ''))?.[1];
    }
    expect(seen).toHaveLength(total);
    expect(seen.slice(0, 2)).toEqual(['paging-23', 'paging-22']);
    const queue = await get('/api/v1/practice/notifications?limit=5');
    expect(queue.statusCode).toBe(200);
    expect(queue.json().length).toBeLessThanOrEqual(5);
    expect((await get('/api/v1/practice/outbox?limit=999')).statusCode).toBe(400);
    const page = await get('/practice/outbox');
    expect(page.body).toContain('shown on this page');
    expect(page.body).toMatch(/href="\/practice\/outbox\?cursor=[^"]+" rel="next">Older messages/);
  });

  it('pages the inbox too', async () => {
    const first = await get('/practice/inbox');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('27 requests received; 20 shown on this page');
    expect(first.body).toContain('Request 27');
    expect(first.body).not.toContain('Request 7<');
    const older = /href="(\/practice\/inbox\?cursor=[^"]+)" rel="next">Older requests/.exec(first.body)?.[1];
    expect(older).toBeDefined();
    const second = await get(older!);
    expect(second.body).toContain('7 shown on this page');
    expect(second.body).toContain('Request 1<');
    expect(second.body).toContain('<a href="/practice/inbox">Newest requests</a>');
    expect(second.body).not.toContain('Older requests');
  });
});

describe('headers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server.cleanup());

  it.each(['/api/v1/settings/clinic', '/nhs-login/user-info', '/practice/sign-in', '/api/v1/no-such-call'])(
    'Permissions-Policy and CORP on %s; no HSTS over plain HTTP',
    async (url) => {
      const response = await server.app.inject({ url });
      expect(response.headers['permissions-policy']).toContain('camera=()');
      expect(response.headers['permissions-policy']).toContain('geolocation=()');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    },
  );

  it('Cache-Control: no-store on JSON that carries patient data', async () => {
    const login = await server.app.inject({ method: 'POST', url: '/nhs-login/authorize', payload: 'redirect=%2F', headers: FORM });
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    for (const [url, headers] of [
      ['/nhs-login/user-info', { cookie }],
      ['/nhs-login/epr/patient', { cookie }],
      ['/api/v1/practice/requests', STAFF_AUTH],
    ] as const) {
      const response = await server.app.inject({ url, headers });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const check = await server.app.inject({
      method: 'POST',
      url: VALIDATE_URL,
      payload: { patient: { ...AMELIA, contactDetails: {} }, flow: 'ADMIN_REQUEST' },
    });
    expect(check.headers['cache-control']).toBe('no-store');
    const submitted = await server.app.inject({ method: 'POST', url: ADMIN_URL, payload: otherEnquiry() });
    expect(submitted.headers['cache-control']).toBe('no-store');
  });

  it('HSTS and Secure cookies when served over HTTPS (PUBLIC_URL https://)', async () => {
    const https = await startServer({ publicUrl: 'https://gp.example.org' });
    try {
      const response = await https.app.inject({
        method: 'POST',
        url: '/nhs-login/authorize',
        payload: 'redirect=%2F',
        headers: { ...FORM, host: 'gp.example.org' },
      });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(response.headers['set-cookie'])).toMatch(/; Secure$/);
      const staff = await https.app.inject({
        method: 'POST',
        url: '/practice/sign-in',
        payload: `password=${encodeURIComponent(process.env.PRACTICE_STAFF_PASSWORD!)}`,
        headers: { ...FORM, host: 'gp.example.org' },
      });
      expect(staff.statusCode).toBe(303);
      expect(String(staff.headers['set-cookie'])).toMatch(/; Secure$/);
    } finally {
      await https.cleanup();
    }
  });
});

describe('serving the built app', () => {
  let server: TestServer;
  let distDir: string;
  const script = `console.log(${JSON.stringify('hello '.repeat(200))});\n`;
  beforeAll(async () => {
    distDir = mkdtempSync(path.join(os.tmpdir(), 'gp-dist-'));
    mkdirSync(path.join(distDir, 'assets'));
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
    const file = path.join(distDir, 'assets', 'index-AbCd1234.js');
    writeFileSync(file, script);
    writeFileSync(`${file}.br`, brotliCompressSync(script));
    writeFileSync(`${file}.gz`, gzipSync(script));
    server = await startServer({ distDir });
  });
  afterAll(async () => {
    await server.cleanup();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('sends a hashed asset brotli- or gzip-compressed, cached for a year as immutable', async () => {
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const response = await server.app.inject({ url: '/assets/index-AbCd1234.js', headers: { 'accept-encoding': accept } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toContain('javascript');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.rawPayload.length).toBeLessThan(script.length / 4);
    }
    const plain = await server.app.inject({ url: '/assets/index-AbCd1234.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers 404 for a missing asset or source map, never the app page', async () => {
    for (const url of ['/assets/index-Missing0.js', '/assets/index-AbCd1234.js.map', '/assets/nope.css']) {
      const response = await server.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('<div id="root">');
    }
  });

  it('still draws client-side routes with the app page, not cached', async () => {
    const response = await server.app.inject({ url: '/admin/FIT_NOTE' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});
