import type Database from 'better-sqlite3';

// The SQLite store's two older migration lists, both counted (not named as in migrations.ts).
// Existing data folders were made by them, so the SQLite file still runs them when it is opened
// (server/db.ts openDatabase) before the store's own list; PostgreSQL starts from `0001-baseline`
// (migrations.ts), the same tables written from these lists. Closed: a new table or column is a
// new entry in MIGRATIONS of migrations.ts, never a third step here.

type Db = Database.Database;

/**
 * The SQLite file's first schema migrations, applied in order; `user_version` records how many
 * have run.
 * Append only: never edit a migration that has shipped.
 */
export const SQLITE_MIGRATIONS: string[] = [
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
 * The appointment book's tables. They keep their own migration count (table appt_meta, key
 * schema_version) so that they evolved apart from SQLITE_MIGRATIONS. Append only.
 *
 * One slot, one patient: appt_one_patient_per_slot lets at most one active (BOOKED or
 * RESCHEDULED) appointment name a slot, so even a bug in the booking code cannot double-book.
 */
export const APPOINTMENT_MIGRATIONS: string[] = [
  `CREATE TABLE appt_sites (
     identifier TEXT PRIMARY KEY,
     label TEXT NOT NULL,
     epr_source TEXT NOT NULL,
     virtual INTEGER NOT NULL,
     tier INTEGER NOT NULL,
     address TEXT,
     email TEXT,
     telephone TEXT,
     position INTEGER NOT NULL
   );
   CREATE TABLE appt_slot_types (
     id TEXT PRIMARY KEY,
     description TEXT NOT NULL,
     consultation_type TEXT NOT NULL,
     virtual INTEGER NOT NULL,
     patient_can_change INTEGER NOT NULL,
     position INTEGER NOT NULL
   );
   CREATE TABLE appt_session_holders (
     ref_id TEXT PRIMARY KEY,
     name TEXT NOT NULL,
     role TEXT NOT NULL,
     position INTEGER NOT NULL
   );
   -- Free or booked times. session_id groups a clinician's slots at a site on a day.
   CREATE TABLE appt_slots (
     id TEXT PRIMARY KEY,
     site TEXT NOT NULL REFERENCES appt_sites (identifier),
     holder TEXT NOT NULL REFERENCES appt_session_holders (ref_id),
     slot_type TEXT NOT NULL REFERENCES appt_slot_types (id),
     date TEXT NOT NULL,
     start_time TEXT NOT NULL,
     end_time TEXT NOT NULL,
     start_ms INTEGER NOT NULL,
     session_name TEXT NOT NULL,
     session_id TEXT NOT NULL
   );
   CREATE INDEX appt_slots_by_date ON appt_slots (date, start_ms);
   -- A request an appointment belongs to: a consultation the practice holds (links) or one stored by a booking call.
   CREATE TABLE appt_consultations (
     id TEXT PRIMARY KEY,
     request_type TEXT NOT NULL,
     request_id TEXT,
     patient TEXT,
     pending_booking INTEGER NOT NULL DEFAULT 0,
     created_at TEXT NOT NULL
   );
   -- Patient action links. patient_key binds a link to one patient; max_* are its limits.
   CREATE TABLE appt_links (
     link_uuid TEXT PRIMARY KEY,
     par_type TEXT NOT NULL,
     consultation_id TEXT NOT NULL REFERENCES appt_consultations (id),
     patient TEXT,
     patient_key TEXT,
     slot_types TEXT NOT NULL,
     max_uses_per_patient INTEGER NOT NULL,
     max_patients INTEGER NOT NULL,
     expires_at INTEGER,
     demo INTEGER NOT NULL DEFAULT 0,
     created_at TEXT NOT NULL
   );
   CREATE INDEX appt_links_by_consultation ON appt_links (consultation_id);
   CREATE TABLE appt_link_uses (
     link_uuid TEXT NOT NULL REFERENCES appt_links (link_uuid),
     patient_key TEXT NOT NULL,
     uses INTEGER NOT NULL,
     PRIMARY KEY (link_uuid, patient_key)
   );
   CREATE TABLE appt_appointments (
     id TEXT PRIMARY KEY,
     consultation_id TEXT NOT NULL REFERENCES appt_consultations (id),
     patient_key TEXT NOT NULL,
     patient TEXT NOT NULL,
     slot_id TEXT NOT NULL REFERENCES appt_slots (id),
     status TEXT NOT NULL,
     selected_holders TEXT NOT NULL,
     practice_locked INTEGER NOT NULL DEFAULT 0,
     booked_at TEXT NOT NULL,
     updated_at TEXT NOT NULL
   );
   CREATE UNIQUE INDEX appt_one_patient_per_slot ON appt_appointments (slot_id) WHERE status IN ('BOOKED', 'RESCHEDULED');
   CREATE INDEX appt_appointments_by_consultation ON appt_appointments (consultation_id, patient_key);
   -- Status changes of each request's appointment, for the practice inbox.
   CREATE TABLE appt_events (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     consultation_id TEXT NOT NULL,
     appointment_id TEXT,
     status TEXT NOT NULL,
     slot_id TEXT,
     actor TEXT NOT NULL,
     at TEXT NOT NULL
   );
   CREATE INDEX appt_events_by_consultation ON appt_events (consultation_id);`,
  // The practice's list pages by each entry's latest event (server/appointments/inbox.ts): finding
  // an appointment's later events, and its events, is an index look-up, not a scan.
  `CREATE INDEX appt_events_by_appointment ON appt_events (appointment_id, seq);`,
  // Slot ids are random (128 bits, hex): a slot id no longer says whose appointment it may be
  // (they used to be site.holder.date.time). Rows keep their natural key (session, start) unique
  // so the diary's INSERT OR IGNORE stays idempotent; existing slots get new ids in place.
  // appt_appointments.online: booked by a patient through the online service (the per-patient cap
  // counts these, never the practice's own bookings). appt_identity_failures: wrong answers to a
  // link's identity check (date of birth, details), by link and by client, for the lock.
  `CREATE TABLE appt_slot_ids AS SELECT id AS old, lower(hex(randomblob(16))) AS new FROM appt_slots;
   INSERT INTO appt_slots (id, site, holder, slot_type, date, start_time, end_time, start_ms, session_name, session_id)
     SELECT m.new, s.site, s.holder, s.slot_type, s.date, s.start_time, s.end_time, s.start_ms, s.session_name, s.session_id
     FROM appt_slots s JOIN appt_slot_ids m ON m.old = s.id;
   UPDATE appt_appointments SET slot_id = (SELECT new FROM appt_slot_ids WHERE old = appt_appointments.slot_id);
   UPDATE appt_events SET slot_id = (SELECT new FROM appt_slot_ids WHERE old = appt_events.slot_id) WHERE slot_id IS NOT NULL;
   DELETE FROM appt_slots WHERE id IN (SELECT old FROM appt_slot_ids);
   DROP TABLE appt_slot_ids;
   CREATE UNIQUE INDEX appt_slots_natural ON appt_slots (session_id, start_ms);
   ALTER TABLE appt_appointments ADD COLUMN online INTEGER NOT NULL DEFAULT 0;
   CREATE INDEX appt_appointments_by_patient ON appt_appointments (patient_key, status);
   CREATE TABLE appt_identity_failures (
     link_uuid TEXT NOT NULL,
     client TEXT NOT NULL,
     at INTEGER NOT NULL
   );
   CREATE INDEX appt_identity_failures_by_link ON appt_identity_failures (link_uuid, at);
   CREATE INDEX appt_identity_failures_by_client ON appt_identity_failures (client, at);`,
];

/** Runs what the SQLite file lacks of both older lists (the file's own count, then the appointment book's). */
export function migrateLegacyLists(db: Db): void {
  migrateUserVersion(db);
  migrateAppointments(db);
}

function migrateUserVersion(db: Db): void {
  for (let i = db.pragma('user_version', { simple: true }) as number; i < SQLITE_MIGRATIONS.length; i++) {
    // Each step under the write lock, its version read again inside: of two processes starting on
    // one new file, the second waits and then finds the step done.
    db.transaction(() => {
      if ((db.pragma('user_version', { simple: true }) as number) > i) return;
      db.exec(SQLITE_MIGRATIONS[i]!);
      db.pragma(`user_version = ${i + 1}`);
    }).immediate();
  }
}

function migrateAppointments(db: Db): void {
  db.exec('CREATE TABLE IF NOT EXISTS appt_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
  const row = db.prepare("SELECT value FROM appt_meta WHERE key = 'schema_version'").get() as { value: string } | undefined;
  const current = row ? Number(row.value) : 0;
  for (let i = current; i < APPOINTMENT_MIGRATIONS.length; i++) {
    db.transaction(() => {
      db.exec(APPOINTMENT_MIGRATIONS[i]!);
      db.prepare("INSERT INTO appt_meta (key, value) VALUES ('schema_version', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(String(i + 1));
    })();
  }
}
