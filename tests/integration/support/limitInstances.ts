// The servers the limit tests burst against, in one place: on PostgreSQL (integration-pg) two
// server instances on one fresh database, each listening on its own port, so a burst reaches both;
// on SQLite the one instance that owns the data folder, twice in the list. Real limits (scale 1,
// the default rate limits), trusted X-Forwarded-For so a test can speak from many addresses, and
// the notification worker off so queued messages stay countable.
import { afterAll, beforeAll, expect } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../../server/rate-limits.js';
import { startServer, type Json, type TestServer } from './helpers.js';
import { freshPostgresDatabase, STORE } from './postgres.js';

export interface Instance {
  server: TestServer;
  call(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; json: Json }>;
}

async function instance(databaseUrl?: string): Promise<Instance> {
  const server = await startServer({
    trustProxy: true,
    limitScale: 1,
    rateLimits: DEFAULT_RATE_LIMITS,
    notifications: { autoStart: false },
    ...(databaseUrl ? { databaseUrl } : {}),
  });
  const base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    server,
    async call(method, url, body, headers = {}) {
      const response = await fetch(`${base}${url}`, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      let json: Json = {};
      try {
        json = JSON.parse(text) as Json;
      } catch {
        json = { text };
      }
      return { status: response.status, json };
    },
  };
}

/**
 * The file's two instances (filled before its first test, stopped after its last): call it at the
 * top of a test file and index the answer inside tests.
 */
export function useLimitInstances(): Instance[] {
  const instances: Instance[] = [];
  let database: { url: string; drop(): Promise<void> } | undefined;
  beforeAll(async () => {
    if (STORE === 'postgres') {
      database = await freshPostgresDatabase();
      // One after the other: each seeds the demo practice on start.
      instances.push(await instance(database.url), await instance(database.url));
    } else {
      // One process owns a SQLite data folder: its concurrency is one instance's.
      const only = await instance();
      instances.push(only, only);
    }
    // Build the appointment diary once before any burst.
    for (const s of instances) expect((await s.call('GET', '/api/v1/triage/nhs/appointment/sessions?referralId=ref-routine')).status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    for (const s of new Set(instances)) await s.server.cleanup();
    await database?.drop();
  });
  return instances;
}
