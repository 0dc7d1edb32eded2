// The appointment book's tables are created by the store's migrations (APPOINTMENT_MIGRATIONS in
// server/store/legacyMigrations.ts, then server/store/migrations.ts): the store owns every table.

/** The tables of what patients and the practice did (not the diary and its slots), children first. */
export const APPOINTMENT_DATA_TABLES = ['appt_identity_failures', 'appt_events', 'appt_link_uses', 'appt_appointments', 'appt_links', 'appt_consultations'];
