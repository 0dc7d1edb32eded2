import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type PracticeServer } from '../../../server/app';

let server: PracticeServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'gp-headers-'));
  server = await buildServer({ dataDir });
});
afterAll(async () => {
  await server.app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('security headers', () => {
  it.each([
    '/api/v1/settings/clinic',
    '/api/v1/no-such-call',
    '/practice/inbox',
    '/nhs-login/authorize?redirect=/',
    '/postcode/LS1%204AP/exists',
    '/nhs-login/user-info',
  ])('are on every response (%s)', async (url) => {
    const response = await server.app.inject({ method: 'GET', url });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('answers an unknown API path with a JSON 404 naming it', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/no-such-call' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'No such resource: GET /api/v1/no-such-call' });
  });
});

describe('security headers on refused input', () => {
  it('are on a 400 answer to a malformed body', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/triage/patient/admin/request',
      payload: '{"formType":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(String(response.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
