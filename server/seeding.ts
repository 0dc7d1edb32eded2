// The demo practice in the database (out of db.ts, which only opens the SQLite
// file). buildServer seeds on every start (server/app.ts); the demo switch POST
// /api/v1/practice/controls/reset puts the database back (server/routes/controls.ts). Both run on
// either store through `Sql`. The data itself is in server/seed.ts; the appointment diary and its
// demo links are kept by server/appointments/diary.ts.
import { DEMO_AI_LED, DEMO_PATHWAY_SETTINGS, DEMO_SETTINGS } from './seed.js';
import { DEMO_PATIENTS } from './seedPatients.js';
import { getSetting, putSetting } from './settingsStore.js';
import type { Sql } from './store/index.js';

/** pg_advisory_xact_lock's key for seeding: instances starting together on one database take turns. */
const SEED_LOCK = 290_026;

/** The tables the demo reset empties (staff accounts and sessions stay: staff stay signed in). */
const RESET_TABLES = [
  'settings',
  'patients',
  'requests',
  'idempotency_keys',
  'sessions',
  'notifications',
  'notification_attempts',
  'outbox',
  'guideline_executions',
];

/** A database seeded before the pathway library (or before a document changed) gets the documents' view. */
async function syncDemoPathwaySettings(tx: Sql): Promise<void> {
  const app = await getSetting<Record<string, unknown>>(tx, 'patient-app');
  if (app) await putSetting(tx, 'patient-app', { ...app, triageMapping: DEMO_PATHWAY_SETTINGS.triageMapping });
  const shared = await getSetting<Record<string, unknown>>(tx, 'shared');
  if (shared)
    await putSetting(tx, 'shared', {
      ...shared,
      eligibilityGuidelines: DEMO_PATHWAY_SETTINGS.eligibilityGuidelines,
      childGuidelines: DEMO_PATHWAY_SETTINGS.childGuidelines,
    });
  await putSetting(tx, 'ai-led', DEMO_AI_LED);
}

/** seedDatabase's work on an open transaction. */
async function seedIn(tx: Sql): Promise<void> {
  if (tx.dialect === 'postgres') await tx.get('SELECT pg_advisory_xact_lock(?)', [SEED_LOCK]);
  for (const [key, value] of Object.entries(DEMO_SETTINGS)) {
    await tx.run('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING', [key, JSON.stringify(value)]);
  }
  await syncDemoPathwaySettings(tx);
  const patients = await tx.get<{ n: number }>('SELECT COUNT(*) AS n FROM patients');
  if (Number(patients?.n ?? 0) > 0) return;
  for (const p of DEMO_PATIENTS) {
    await tx.run(
      `INSERT INTO patients (id, first_name, last_name, date_of_birth, sex_at_birth, postcode, nhs_number, email, mobile, ehr_state, update_contact_requested)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [p.id, p.firstName, p.lastName, p.dateOfBirth, p.sexAtBirth, p.postCode, p.nhsNumber, p.email, p.mobile, p.ehrState, p.updateContactRequested ? 1 : 0],
    );
  }
}

/**
 * Seeds what is missing: every setting not yet stored, and the demo patients when there are none.
 * Safe on every start, so a database made by an older version gains the newer settings. One
 * transaction (SQLite: BEGIN IMMEDIATE; PostgreSQL: under an advisory lock, so two instances
 * starting together on a new database seed it once).
 */
export async function seedDatabase(store: Sql): Promise<void> {
  await store.tx(seedIn);
}

/**
 * Puts the database back to the demo seed: settings, patients, requests, keys, patients' sessions,
 * the notifications queue and outbox, guideline executions (staff stay signed in). On the
 * transaction given (the reset resets the appointment book in the same one).
 */
export async function resetDatabase(tx: Sql): Promise<void> {
  await tx.tx(async (t) => {
    for (const table of RESET_TABLES) await t.run(`DELETE FROM ${table}`);
    await seedIn(t);
  });
}
