import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractAjv, expectValid, startServer, type TestServer, STAFF_AUTH } from '../../support/helpers';

let server: TestServer;
const ajv = contractAjv();
beforeAll(async () => {
  server = await startServer({ controls: true });
});
afterAll(async () => server.cleanup());

const inject = (method: 'GET' | 'POST', url: string, extra: { cookie?: string; form?: string } = {}) =>
  server.app.inject({
    method,
    url,
    headers: {
      ...(extra.cookie ? { cookie: extra.cookie } : {}),
      ...(extra.form !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(extra.form !== undefined ? { payload: extra.form } : {}),
  });

describe('postcode exists', () => {
  it.each([
    ['LS1 4AP', true],
    ['ls14ap', true],
    ['SW1A 1AA', true],
    ['ZZ99 9ZZ', false],
    ['AB1 0XX', false],
    ['not-a-postcode', false],
    ['12345', false],
  ])('%s → %s', async (postcode, exists) => {
    const response = await inject('GET', `/postcode/${encodeURIComponent(postcode)}/exists`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBe(exists);
  });
});

describe('simulated NHS login', () => {
  it('signs in, reports the user and the record, and signs out', async () => {
    expect((await inject('GET', '/nhs-login/is-logged-in')).json()).toBe(false);
    expect((await inject('GET', '/nhs-login/user-info')).statusCode).toBe(401);

    const page = await inject('GET', '/nhs-login/authorize?redirect=%2Fadmin-request&tenantId=riverside&cancelUri=%2F');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<form method="post" action="/nhs-login/authorize">');
    expect(page.body).not.toMatch(/<script/i);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");

    const signIn = await inject('POST', '/nhs-login/authorize', { form: 'redirect=%2Fadmin-request&tenantId=riverside' });
    expect(signIn.statusCode).toBe(303);
    expect(signIn.headers.location).toBe('/admin-request');
    const setCookie = String(signIn.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    const cookie = setCookie.split(';')[0]!;

    expect((await inject('GET', '/nhs-login/is-logged-in', { cookie })).json()).toBe(true);
    const info = (await inject('GET', '/nhs-login/user-info', { cookie })).json();
    expectValid(ajv, 'nhs-user-info', info);
    expect(info).toMatchObject({ email: 'amelia.testwell@example.com', phone_number: '07400 123456', given_name: 'Amelia', family_name: 'Testwell' });
    const record = (await inject('GET', '/nhs-login/epr/patient', { cookie })).json();
    expectValid(ajv, 'patient', record);
    expect(record).toMatchObject({ lastName: 'Testwell', dateOfBirth: '1985-04-12' });

    const signOut = await inject('POST', '/signout?targetPath=%2Fhome&tenantId=riverside', { cookie });
    expect(signOut.statusCode).toBe(303);
    expect(signOut.headers.location).toBe('/home');
    const cleared = [signOut.headers['set-cookie']].flat().map(String);
    expect(cleared.find((c) => c.startsWith('gp_nhs_session=;'))).toContain('Max-Age=0');
    // The browser's guideline-engine key goes too: the signed-out patient's questionnaires are not readable from this browser.
    expect(cleared.find((c) => c.startsWith('gp_engine_key=;'))).toContain('Max-Age=0');
    expect((await inject('GET', '/nhs-login/is-logged-in', { cookie })).json()).toBe(false);
  });

  it('never redirects to another site', async () => {
    const signIn = await inject('POST', '/nhs-login/authorize', { form: 'redirect=https%3A%2F%2Fevil.example%2F' });
    expect(signIn.headers.location).toBe('/');
    const signOut = await inject('POST', '/signout?targetPath=%2F%2Fevil.example');
    expect(signOut.headers.location).toBe('/');
  });

  it('is refused when the practice switches the login off', async () => {
    const signIn = await inject('POST', '/nhs-login/authorize', { form: 'redirect=%2F' });
    const cookie = String(signIn.headers['set-cookie']).split(';')[0]!;
    await server.app.inject({ method: 'POST', url: '/api/v1/practice/controls', headers: STAFF_AUTH, payload: { nhsLoginEnabled: false } });
    expect((await inject('GET', '/nhs-login/authorize?redirect=%2F')).statusCode).toBe(403);
    expect((await inject('GET', '/nhs-login/is-logged-in', { cookie })).json()).toBe(false);
    await server.app.inject({ method: 'POST', url: '/api/v1/practice/controls/reset', headers: STAFF_AUTH });
  });

  it('keeps the urlencoded parser to the login form: JSON calls still refuse it with 415', async () => {
    const response = await inject('POST', '/api/v1/triage/nhs/next/validate/patient', { form: 'patient=x' });
    expect(response.statusCode).toBe(415);
  });
});
