import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { migrateLegacyLists } from './store/legacyMigrations.js';

export type Db = Database.Database;

/**
 * Opens the practice's SQLite file in `dataDir` (creating it) and runs the file's older migration
 * lists (server/store/legacyMigrations.ts). Nothing else: the store's own migrations
 * (server/store/migrations.ts) run in openStore, and the demo data is seeded by server/seeding.ts
 * from buildServer.
 */
export function openDatabase(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, 'practice.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrateLegacyLists(db);
  return db;
}
