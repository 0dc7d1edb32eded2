import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { migrateAppointments } from './appointments/schema.js';

export type Db = Database.Database;

/**
 * Schema migrations, applied in order; `user_version` records how many have run.
 * Append only: never edit a migration that has shipped.
 */
export const MIGRATIONS: string[] = [
  `CREATE TABLE settings (
     key TEXT PRIMARY KEY,
     value TEXT NOT NULL
   );`,
  // Demo patient records (the practice's record system), matched by last name + date of birth + postcode.
  `CREATE TABLE patients (
     id TEXT PRIMARY KEY,
     first_name TEXT NOT NULL,
     last_name TEXT NOT NULL,
     date_of_birth TEXT NOT NULL,
     sex_at_birth TEXT NOT NULL,
     postcode TEXT NOT NULL,
     nhs_number TEXT NOT NULL,
     email TEXT,
     mobile TEXT,
     ehr_state TEXT NOT NULL,
     update_contact_requested INTEGER NOT NULL DEFAULT 0
   );
   CREATE INDEX patients_match ON patients (date_of_birth);
   -- What the practice received. seq orders them; body is the stored JSON.
   CREATE TABLE requests (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     id TEXT NOT NULL UNIQUE,
     kind TEXT NOT NULL,
     form_type TEXT,
     status TEXT NOT NULL,
     received_at TEXT NOT NULL,
     body TEXT NOT NULL
   );
   -- Idempotency keys of accepted submissions: a retry returns the stored answer.
   CREATE TABLE idempotency_keys (
     key TEXT PRIMARY KEY,
     body_hash TEXT NOT NULL,
     status_code INTEGER NOT NULL,
     response TEXT NOT NULL,
     created_at TEXT NOT NULL
   );
   -- Sessions of the simulated national login.
   CREATE TABLE sessions (
     id TEXT PRIMARY KEY,
     patient_id TEXT NOT NULL,
     created_at TEXT NOT NULL
   );`,
  // The notifications queue, its attempts and the embedded outbox (server/notifications/README.md).
  `CREATE TABLE notifications (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     id TEXT NOT NULL UNIQUE,
     event_id TEXT NOT NULL,
     source_id TEXT NOT NULL,
     template TEXT NOT NULL,
     channel TEXT NOT NULL,
     recipient TEXT NOT NULL,
     personalisation TEXT NOT NULL,
     status TEXT NOT NULL,
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at INTEGER NOT NULL,
     claimed_by TEXT,
     claimed_at INTEGER,
     created_at TEXT NOT NULL,
     finished_at TEXT,
     provider_id TEXT,
     last_error TEXT
   );
   CREATE INDEX notifications_due ON notifications (status, next_attempt_at);
   CREATE TABLE notification_attempts (
     notification_id TEXT NOT NULL,
     attempt INTEGER NOT NULL,
     transport TEXT NOT NULL,
     started_at TEXT NOT NULL,
     finished_at TEXT,
     outcome TEXT NOT NULL,
     error TEXT,
     PRIMARY KEY (notification_id, attempt)
   );
   CREATE TABLE outbox (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     notification_id TEXT NOT NULL UNIQUE,
     channel TEXT NOT NULL,
     recipient TEXT NOT NULL,
     subject TEXT,
     body TEXT NOT NULL,
     sent_at TEXT NOT NULL
   );`,
  // Sessions expire (30 minutes idle, 12 hours in all): when each was last used. Practice staff
  // sign in with an argon2-hashed password; only a SHA-256 of each staff session token is kept.
  `ALTER TABLE sessions ADD COLUMN last_seen_at TEXT;
   CREATE TABLE staff_accounts (
     username TEXT PRIMARY KEY,
     password_hash TEXT NOT NULL,
     updated_at TEXT NOT NULL
   );
   CREATE TABLE staff_sessions (
     token_hash TEXT PRIMARY KEY,
     username TEXT NOT NULL,
     created_at INTEGER NOT NULL,
     last_seen_at INTEGER NOT NULL
   );`,
  // Guideline executions of the embedded engine (server/engine/engine.ts): state is JSON.
  `CREATE TABLE guideline_executions (
     id TEXT PRIMARY KEY,
     guideline_id TEXT NOT NULL,
     status TEXT NOT NULL,
     state TEXT NOT NULL,
     created_at TEXT NOT NULL,
     updated_at TEXT NOT NULL
   );`,
  // Each execution belongs to the browser that started it: a SHA-256 of that browser's engine key
  // (an HttpOnly cookie, server/routes/engine.ts). Older rows (NULL) are readable by the practice only.
  `ALTER TABLE guideline_executions ADD COLUMN owner TEXT;`,
  // Each medical request's urgency tier (server/tiers.ts), taken from its execution when stored, and
  // the inbox's sort rank (CALL_999 0, AE_NOW 1, URGENT_TODAY 2, the rest 3): the inbox pages by
  // (tier_rank, seq). Requests stored before tiers: an emergency indication ranks as A&E.
  `ALTER TABLE requests ADD COLUMN tier TEXT;
   ALTER TABLE requests ADD COLUMN tier_rank INTEGER NOT NULL DEFAULT 3;
   UPDATE requests SET tier_rank = 1 WHERE form_type = 'EMERGENCY_INDICATION';
   CREATE INDEX requests_inbox ON requests (tier_rank, seq);`,
];

/**
 * Opens the practice's SQLite file in `dataDir` (creating it) and runs the file's older migration
 * lists (this one and the appointment book's). Nothing else: the store's own migrations
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
  migrate(db);
  migrateAppointments(db);
  return db;
}

function migrate(db: Db): void {
  for (let i = db.pragma('user_version', { simple: true }) as number; i < MIGRATIONS.length; i++) {
    // Each step under the write lock, its version read again inside: of two processes starting on
    // one new file, the second waits and then finds the step done.
    db.transaction(() => {
      if ((db.pragma('user_version', { simple: true }) as number) > i) return;
      db.exec(MIGRATIONS[i]!);
      db.pragma(`user_version = ${i + 1}`);
    }).immediate();
  }
}
