import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../../server/db.js';
import { openStore, postgresStore, type Sql } from '../../../server/store/index.js';
import { freshPostgresDatabase, STORE } from './postgres.js';

export { freshPostgresDatabase, STORE };

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
