import type { Sql } from './store/index.js';

/**
 * The practice's settings (table `settings`, one JSON value per key) through the store. The
 * synchronous readSetting/writeSetting of server/db.ts remain for the callers not yet on the store
 * (seeding, the engine, triage classification, notifications, the appointment book).
 */
export async function getSetting<T>(db: Sql, key: string): Promise<T | undefined> {
  const row = await db.get<{ value: string }>('SELECT value FROM settings WHERE key = ?', [key]);
  return row ? (JSON.parse(row.value) as T) : undefined;
}

export async function putSetting(db: Sql, key: string, value: unknown): Promise<void> {
  await db.run('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [key, JSON.stringify(value)]);
}
