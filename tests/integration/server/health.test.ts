// /healthz and /readyz (server/health.ts): what a load balancer and a process manager see.
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../../../server/rate-limits';
import { startServer, type TestServer } from '../support/helpers';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.cleanup();
  server = undefined;
});

describe('GET /healthz', () => {
  it('answers 200 { status: "ok" }, not cached', async () => {
    server = await startServer();
    const res = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('does not touch the store: still 200 when the database is closed', async () => {
    server = await startServer();
    server.db.close();
    const res = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /readyz', () => {
  it('answers 200 { status: "ok" } while the store answers', async () => {
    server = await startServer();
    const res = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    // With the figures the practice watches: new questionnaires in the last hour against their ceiling.
    expect(res.json()).toMatchObject({ status: 'ok', details: { executions: { lastHour: 0, atCeiling: false } } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 with reason "store" when the store does not answer', async () => {
    server = await startServer();
    server.db.close();
    const res = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', reason: 'store', message: 'This instance cannot reach its database.' });
  });

  it('answers 503 with reason "draining" once draining began, while other calls are still served', async () => {
    server = await startServer();
    server.beginDrain();
    const res = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'unavailable',
      reason: 'draining',
      message: 'This instance is shutting down: send new requests to another instance.',
    });
    expect((await server.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/settings/clinic' })).statusCode).toBe(200);
  });
});

describe('what a load balancer needs', () => {
  it('answers probes by address (any Host header), while the API still refuses an unknown host', async () => {
    server = await startServer({ host: '127.0.0.1', publicUrl: 'https://gp.example.org' });
    for (const url of ['/healthz', '/readyz']) {
      for (const host of ['10.0.0.7:8080', 'backend-2', '[fd00::2]:8081']) {
        const res = await server.app.inject({ method: 'GET', url, headers: { host } });
        expect(res.statusCode, `${url} Host: ${host}`).toBe(200);
      }
      expect((await server.app.inject({ method: 'HEAD', url, headers: { host: '10.0.0.7:8080' } })).statusCode).toBe(200);
    }
    const api = await server.app.inject({ method: 'GET', url: '/api/v1/settings/clinic', headers: { host: '10.0.0.7:8080' } });
    expect(api.statusCode).toBe(421);
    // Only GET and HEAD are exempt: anything else on those paths is checked as usual.
    expect((await server.app.inject({ method: 'POST', url: '/readyz', headers: { host: '10.0.0.7:8080' } })).statusCode).toBe(421);
  });

  it('counts no probe against any rate limit', async () => {
    const one = Object.fromEntries(Object.keys(DEFAULT_RATE_LIMITS).map((k) => [k, 1])) as unknown as RateLimits;
    server = await startServer({ rateLimits: one });
    for (let i = 0; i < 20; i++) {
      expect((await server.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect((await server.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    }
    // The limits are on: the second patient-facing call from the same client is refused.
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/settings/clinic' })).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/settings/clinic' })).statusCode).toBe(429);
  });
});
