import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase } from '../../../server/db.js';
import { openStore, postgresStore, type Sql } from '../../../server/store/index.js';
import type { ServerOptions } from '../../../server/app.js';
import { startServer, type TestServer } from '../server/helpers.js';

/** Which store this run tests: the `integration-pg` project sets STORE=postgres. */
export const STORE: 'sqlite' | 'postgres' = process.env.STORE === 'postgres' ? 'postgres' : 'sqlite';

/** A fresh database in the run's PostgreSQL (CREATE DATABASE), its URL and a way to drop it. */
export async function freshPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = inject('pgUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = admin.replace(/\/[^/]*$/, `/${name}`);
  return {
    url,
    async drop() {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * A migrated store of this run's kind, plus `another()`: a second, independent connection to the
 * same database (another instance's pool on PostgreSQL, another connection to the file on SQLite).
 */
export async function testStore(): Promise<{ store: Sql; another(): Promise<Sql>; url?: string; cleanup(): Promise<void> }> {
  const opened: Sql[] = [];
  if (STORE === 'postgres') {
    const db = await freshPostgresDatabase();
    const store = await openStore({ databaseUrl: db.url });
    opened.push(store);
    return {
      store,
      url: db.url,
      another: async () => {
        const s = postgresStore(db.url);
        opened.push(s);
        return s;
      },
      async cleanup() {
        for (const s of opened) await s.close();
        await db.drop();
      },
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'store-test-'));
  const store = await openStore({ sqlite: openDatabase(dir) });
  opened.push(store);
  return {
    store,
    // One SQLite file is written by one process through one connection (a second connection in
    // the same process would block the thread in busy_timeout while the first awaits): the
    // "other instance" is the same store, whose transactions the mutex serialises.
    another: async () => store,
    async cleanup() {
      for (const s of opened) await s.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A whole server on this run's store: startServer (tests/integration/server/helpers.ts) already
 * gives each server a PostgreSQL database of its own when STORE=postgres.
 */
export function startStoreServer(options: Partial<ServerOptions> = {}): Promise<TestServer> {
  return startServer(options);
}
