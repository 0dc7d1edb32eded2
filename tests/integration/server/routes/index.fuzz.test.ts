// Property-based fuzzing of every POST body and every redirect parameter (fast-check): whatever
// arrives, the answer is 2xx, 3xx (redirects) or 4xx, never 5xx, redirects stay on this site,
// and the server still answers afterwards. FUZZ_RUNS scales the number of cases (default 2,000
// bodies + 1,500 redirect targets).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_URL, AMELIA, otherEnquiry, STAFF_AUTH, startServer, type TestServer } from '../../support/helpers';

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
const deepText = fc
  .tuple(fc.integer({ min: 20, max: 30_000 }), fc.boolean())
  .map(([depth, arrays]) => (arrays ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`));

/** Names every plain object inherits: as ids, types or keys they must be unknown names, never Object's members. */
const PROTO_NAMES = [
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupSetter__',
  'prototype',
];

/** Valid bodies with one part replaced by anything: reaches the checks behind the schema. */
const validBodies = [
  otherEnquiry(),
  { triageRequest: { triageRequestType: 'MEDICAL_REQUEST', patient: { ...AMELIA, contactDetails: {} } } },
  { patient: { ...AMELIA, contactDetails: { emailAddress: 'a@example.com' } }, flow: 'ADMIN_REQUEST' },
  { primaryRequest: otherEnquiry(), associatedRequest: { triageRequestType: 'CHANGE_OF_CONTACT_DETAILS' } },
  { operationalState: { admin: { operationalStatus: 'SERVICE_ON' } }, smsEnabled: true },
  // A triage type (or an Object.prototype name) as an unverified request's formType: 400, never 500.
  {
    primaryRequest: { ...otherEnquiry(), formType: 'CONSULTATION_REQUEST', triageRequestType: 'CONSULTATION_REQUEST' },
    associatedRequest: { triageRequestType: 'CHANGE_OF_CONTACT_DETAILS' },
  },
  {
    patient: { ...AMELIA },
    linkUUID: '0c1f7e08-879f-4f13-82b1-d04475d4d888',
    appointmentSlotId: 'constructor',
    availableAppointmentSession: { slots: [{ id: 'constructor' }] },
  },
];
const anyValue = fc.oneof({ arbitrary: fc.jsonValue({ maxDepth: 4 }), weight: 4 }, { arbitrary: fc.constantFrom(...PROTO_NAMES), weight: 1 });
const mutated = fc.tuple(fc.constantFrom(...validBodies), anyValue, fc.nat(), fc.nat()).map(([body, value, i, j]) => {
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

const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/x-www-form-urlencoded',
  'text/plain',
  'multipart/form-data; boundary=x',
  'application/xml',
  undefined,
);

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
  fc
    .tuple(fc.constantFrom('/', '//', '/\\', '/\t/', '/%09/', '/%5C', '\\\\', 'javascript:', ' /', '/\u3000/'), fc.string({ maxLength: 30 }))
    .map(([a, b]) => a + b),
);

describe('fuzz', () => {
  it('Object.prototype names as path segments, query values and form types never answer 5xx', { timeout: 180_000 }, async () => {
    const named = [
      '/api/v1/triage/nhs/appointment/sessions?referralId=NAME',
      '/api/v1/triage/nhs/appointment/sessions?guidelineId=NAME',
      '/api/v1/triage/nhs/appointment/sessions?referralId=NAME&guidelineId=NAME',
      '/api/v1/triage/nhs/available/appointments?referralId=NAME',
      '/api/v1/triage/nhs/available/appointments?guidelineId=NAME&referralId=NAME',
      '/api/v1/triage/nhs/appointments/availability/ai-led?guidelineId=NAME',
      '/api/v1/settings/ai-led?guidelineId=NAME',
      '/api/v1/settings/ai-led-pathways?guidelineIds=NAME',
      '/api/v1/engine-proxy?path=/Guideline/NAME',
      '/api/v1/engine-proxy?path=/GuidelineExecution/NAME',
    ];
    const urls: Array<{ method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'; url: string; payload?: unknown }> = [];
    for (const name of PROTO_NAMES) {
      const enc = encodeURIComponent(name);
      for (const u of named) urls.push({ method: 'GET', url: u.replaceAll('NAME', enc) });
      // Every route, each :param as the name.
      for (const r of server.routes) {
        if (!r.url.includes(':') || r.method === 'HEAD' || r.method === 'OPTIONS') continue;
        urls.push({ method: r.method as 'GET', url: r.url.replace(/:[A-Za-z]+/g, enc), ...(r.method === 'GET' ? {} : { payload: {} }) });
      }
      const triage = { ...otherEnquiry(), formType: name, triageRequestType: name };
      urls.push({
        method: 'POST',
        url: '/api/v1/triage/patient/unverified/requests',
        payload: { primaryRequest: triage, associatedRequest: { triageRequestType: 'CHANGE_OF_CONTACT_DETAILS' } },
      });
      urls.push({ method: 'POST', url: ADMIN_URL, payload: triage });
    }
    for (const type of ['CONSULTATION_REQUEST', 'EMERGENCY_INDICATION', 'ELIGIBILITY_BOOKING', 'CHILD_REQUEST', 'MEDICAL_REQUEST']) {
      urls.push({
        method: 'POST',
        url: '/api/v1/triage/patient/unverified/requests',
        payload: {
          primaryRequest: { ...otherEnquiry(), formType: type, triageRequestType: type },
          associatedRequest: { triageRequestType: 'CHANGE_OF_CONTACT_DETAILS' },
        },
      });
    }
    for (const u of urls) {
      const response = await server.app.inject({ method: u.method, url: u.url, ...(u.payload !== undefined ? { payload: u.payload as object } : {}) });
      expect(response.statusCode, `${u.method} ${u.url} ${JSON.stringify(u.payload ?? '').slice(0, 120)}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
      expect(response.body).not.toMatch(/\/(?:work|home|usr|tmp)\/|\.(?:ts|js|json):\d|at [A-Za-z.]+ \(/);
    }
  });

  it('every POST route answers 2xx, 3xx or 4xx to any body, content type and headers', { timeout: 180_000 }, async () => {
    expect(postRoutes, postRoutes.join(' ')).toEqual(
      expect.arrayContaining([
        ADMIN_URL,
        '/api/v1/triage/patient/consultation',
        '/nhs-login/authorize',
        '/practice/sign-in',
        '/api/v1/practice/controls/reset',
      ]),
    );
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
      fc.asyncProperty(target, fc.constantFrom(0, 1, 2, 3, 4, 5), fc.boolean(), async (value, which, rawQuery) => {
        // Raw query strings too (the browser may send what URLSearchParams would have escaped).
        const encoded = rawQuery ? value.replace(/[#&\s]/g, (c) => encodeURIComponent(c)) : encodeURIComponent(value);
        const requests = [
          { method: 'POST' as const, url: `/signout?targetPath=${encoded}&tenantId=riverside` },
          { method: 'GET' as const, url: `/nhs-login/authorize?redirect=${encoded}&cancelUri=${encoded}&tenantId=riverside` },
          { method: 'POST' as const, url: '/nhs-login/authorize', payload: q({ redirect: value, tenantId: 'riverside' }), headers: form },
          // No password: the form comes back with `next` in it, without an argon2 check per case
          // (signing in with hostile `next` values is in staff-access.test.ts).
          { method: 'POST' as const, url: '/practice/sign-in', payload: q({ password: '', next: value }), headers: form },
          { method: 'GET' as const, url: `/practice/sign-in?next=${encoded}` },
          // The GET sign-out page only offers the button; its form and link stay on this site.
          { method: 'GET' as const, url: `/signout?targetPath=${encoded}&tenantId=riverside` },
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
        for (const [, href] of response.body.matchAll(/(?:href|value|action)="([^"]*)"/g)) {
          const decoded = href!
            .replace(/&amp;/g, '&')
            .replace(/&quot;/g, '"')
            .replace(/&#39;/g, "'")
            .replace(/&lt;/g, '<')
            .replace(/&gt;/g, '>');
          if (decoded.startsWith('/') && !sameSite(decoded)) throw new Error(`page links off-site: ${decoded}`);
        }
      }),
      { numRuns: Math.ceil(RUNS * 0.75) },
    );
    expect((await server.app.inject({ url: '/api/v1/settings/clinic' })).statusCode).toBe(200);
  });
});
