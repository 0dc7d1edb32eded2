import type Database from 'better-sqlite3';
import { migrate } from './migrations.js';
import { postgresStore } from './postgres.js';
import { sqliteStore } from './sqlite.js';
import type { Sql } from './types.js';

export type {
  AsJson,
  Dialect,
  RequestKind,
  Sql,
  StoredAdminRequest,
  StoredAssociatedRequest,
  StoredBodies,
  StoredBody,
  StoredBooking,
  StoredConsultation,
  StoredTriageRequest,
  StoredUnverifiedPair,
} from './types.js';
export { isUniqueViolation } from './types.js';
export { migrate, MIGRATIONS } from './migrations.js';
export { postgresStore } from './postgres.js';
export { sqliteStore } from './sqlite.js';

/** True for a DATABASE_URL that names PostgreSQL (postgres:// or postgresql://). */
export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//i.test(url);
}

/**
 * The store for this process, migrated: PostgreSQL when `databaseUrl` is a postgres:// URL, else
 * the SQLite connection `sqlite` (opened by server/db.ts, whose legacy migrations have run).
 */
export async function openStore(options: { databaseUrl?: string; sqlite?: Database.Database }): Promise<Sql> {
  let store: Sql;
  if (isPostgresUrl(options.databaseUrl)) store = postgresStore(options.databaseUrl);
  else if (options.sqlite) store = sqliteStore(options.sqlite);
  else throw new Error('openStore: no DATABASE_URL and no SQLite connection');
  try {
    await migrate(store);
  } catch (e) {
    await store.close().catch(() => undefined);
    throw e;
  }
  return store;
}
