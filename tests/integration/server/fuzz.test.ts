// Property-based fuzzing of every POST body and every redirect parameter (fast-check): whatever
// arrives, the answer is 2xx, 3xx (redirects) or 4xx, never 5xx, redirects stay on this site,
// and the server still answers afterwards. FUZZ_RUNS scales the number of cases (default 2,000
// bodies + 1,500 redirect targets).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_URL, AMELIA, otherEnquiry, STAFF_AUTH, startServer, type TestServer } from './helpers';

const RUNS = Number(process.env.FUZZ_RUNS ?? 2000);

let server: TestServer;
let postRoutes: string[];
beforeAll(async () => {
  server = await startServer({ controls: true });
  await server.app.ready();
  postRoutes = [...new Set(server.routes.filter((r) => r.method === 'POST').map((r) => r.url.replace(/:[A-Za-z]+/g, 'segment')))].sort();
});
afterAll(async () => server.cleanup());

/** A JSON text nested `depth` deep in arrays or objects. */
const deepText = fc.tuple(fc.integer({ min: 20, max: 30_000 }), fc.boolean()).map(([depth, arrays]) => (arrays ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`));

/** Valid bodies with one part replaced by anything: reaches the checks behind the schema. */
const validBodies = [
  otherEnquiry(),
  { triageRequest: { triageRequestType: 'MEDICAL_REQUEST', patient: { ...AMELIA, contactDetails: {} } } },
  { patient: { ...AMELIA, contactDetails: { emailAddress: 'a@example.com' } }, flow: 'ADMIN_REQUEST' },
  { primaryRequest: otherEnquiry(), associatedRequest: { triageRequestType: 'CHANGE_OF_CONTACT_DETAILS' } },
  { operationalState: { admin: { operationalStatus: 'SERVICE_ON' } }, smsEnabled: true },
];
const mutated = fc.tuple(fc.constantFrom(...validBodies), fc.jsonValue({ maxDepth: 4 }), fc.nat(), fc.nat()).map(([body, value, i, j]) => {
  const copy = structuredClone(body) as Record<string, unknown>;
  const keys = Object.keys(copy);
  const key = keys[i % keys.length]!;
  const inner = copy[key];
  if (inner !== null && typeof inner === 'object' && !Array.isArray(inner) && j % 2 === 0) {
    const innerKeys = Object.keys(inner);
    if (innerKeys.length > 0) (inner as Record<string, unknown>)[innerKeys[j % innerKeys.length]!] = value;
  } else copy[key] = value;
  return JSON.stringify(copy);
});

const bodyText = fc.oneof(
  { arbitrary: mutated, weight: 4 },
  { arbitrary: fc.jsonValue({ maxDepth: 6 }).map((v) => JSON.stringify(v)), weight: 3 },
  { arbitrary: deepText, weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 400 }), weight: 2 },
  { arbitrary: fc.constantFrom('', '{', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}', 'null', '[]', '"\\ud800"', '1e400'), weight: 1 },
);

const contentType = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x', 'application/xml', undefined);

const extraHeaders = fc.record(
  {
    authorization: fc.constantFrom(STAFF_AUTH.authorization ?? '', 'Bearer wrong', 'Bearer', ''),
    'idempotency-key': fc.string({ maxLength: 250 }).filter((k) => /^[\x21-\x7e]*$/.test(k)),
    cookie: fc.constantFrom('gp_nhs_session=%ZZ', 'gp_practice_session=%', `gp_nhs_session=${'f'.repeat(64)}`, ''),
    origin: fc.constantFrom('https://evil.example', 'null', 'http://localhost:80'),
  },
  { requiredKeys: [] },
);

/** Where a browser ends up from a Location header (it strips tabs and newlines, reads "\" as "/"). */
function sameSite(location: string): boolean {
  return new URL(location.replace(/[\t\n\r]/g, '').replace(/\\/g, '/'), 'http://localhost:8080/x').host === 'localhost:8080';
}

/** Redirect targets: web paths, hostile prefixes, control characters, any Unicode. */
const target = fc.oneof(
  fc.webPath(),
  fc.webUrl(),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.tuple(fc.constantFrom('/', '//', '/\\', '/\t/', '/%09/', '/%5C', '\\\\', 'javascript:', ' /', '/\u3000/'), fc.string({ maxLength: 30 })).map(([a, b]) => a + b),
);

describe('fuzz', () => {
  it('every POST route answers 2xx, 3xx or 4xx to any body, content type and headers', { timeout: 180_000 }, async () => {
    expect(postRoutes, postRoutes.join(' ')).toEqual(expect.arrayContaining([ADMIN_URL, '/api/v1/triage/patient/consultation', '/nhs-login/authorize', '/practice/sign-in', '/api/v1/practice/controls/reset']));
    await fc.assert(
      fc.asyncProperty(fc.nat(), bodyText, contentType, extraHeaders, async (routeIndex, payload, type, headers) => {
        const url = postRoutes[routeIndex % postRoutes.length]!;
        const response = await server.app.inject({
          method: 'POST',
          url,
          payload,
          headers: { ...Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== '')), ...(type ? { 'content-type': type } : {}) },
        });
        if (response.statusCode >= 500 || response.statusCode < 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
        const location = response.headers.location;
        if (typeof location === 'string' && !sameSite(location)) throw new Error(`${url} redirected off-site to ${location}`);
      }),
      { numRuns: RUNS },
    );
    expect((await server.app.inject({ url: '/api/v1/settings/clinic' })).statusCode).toBe(200);
    expect((await server.app.inject({ url: '/practice/inbox', headers: STAFF_AUTH })).statusCode).toBe(200);
    expect((await server.app.inject({ url: '/api/v1/practice/requests', headers: STAFF_AUTH })).statusCode).toBe(200);
  });

  it('every redirect parameter keeps the browser on this site and never fails', { timeout: 180_000 }, async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
    await fc.assert(
      fc.asyncProperty(target, fc.constantFrom(0, 1, 2, 3, 4), fc.boolean(), async (value, which, rawQuery) => {
        // Raw query strings too (the browser may send what URLSearchParams would have escaped).
        const encoded = rawQuery ? value.replace(/[#&\s]/g, (c) => encodeURIComponent(c)) : encodeURIComponent(value);
        const requests = [
          { method: 'GET' as const, url: `/signout?targetPath=${encoded}&tenantId=riverside` },
          { method: 'GET' as const, url: `/nhs-login/authorize?redirect=${encoded}&cancelUri=${encoded}&tenantId=riverside` },
          { method: 'POST' as const, url: '/nhs-login/authorize', payload: q({ redirect: value, tenantId: 'riverside' }), headers: form },
          // No password: the form comes back with `next` in it, without an argon2 check per case
          // (signing in with hostile `next` values is in staff-access.test.ts).
          { method: 'POST' as const, url: '/practice/sign-in', payload: q({ password: '', next: value }), headers: form },
          { method: 'GET' as const, url: `/practice/sign-in?next=${encoded}` },
        ];
        let response;
        try {
          response = await server.app.inject(requests[which]!);
        } catch (error) {
          // A URL Node itself refuses to send (a raw control character) never reaches a server.
          if (rawQuery && error instanceof TypeError) return;
          throw error;
        }
        if (response.statusCode >= 500) throw new Error(`${requests[which]!.url} answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
        const location = response.headers.location;
        if (typeof location === 'string' && !sameSite(location)) throw new Error(`redirected off-site to ${location}`);
        for (const [, href] of response.body.matchAll(/(?:href|value)="([^"]*)"/g)) {
          const decoded = href!.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
          if (decoded.startsWith('/') && !sameSite(decoded)) throw new Error(`page links off-site: ${decoded}`);
        }
      }),
      { numRuns: Math.ceil(RUNS * 0.75) },
    );
    expect((await server.app.inject({ url: '/api/v1/settings/clinic' })).statusCode).toBe(200);
  });
});
