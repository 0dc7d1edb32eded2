import type { Sql } from './store/index.js';

/**
 * Settings writes made in this process so far (putSetting; the demo reset's seeding ends with
 * putSetting calls in the same transaction). A setting kept in memory (the operational state, server/services/serviceState.ts)
 * is read again once this moves on, so a change made here is seen at once; other instances on the
 * same database see it when their copy expires.
 */
let writes = 0;
export const settingsWrites = (): number => writes;

/**
 * The practice's settings (table `settings`, one JSON value per key) through the store. Inside a
 * transaction pass the transaction (`tx`): on SQLite a statement on the store itself waits for the
 * open transaction, so a read on `store` from inside one would wait for ever.
 */
export async function getSetting<T>(db: Sql, key: string): Promise<T | undefined> {
  const row = await db.get<{ value: string }>('SELECT value FROM settings WHERE key = ?', [key]);
  return row ? (JSON.parse(row.value) as T) : undefined;
}

export async function putSetting(db: Sql, key: string, value: unknown): Promise<void> {
  await db.run('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [key, JSON.stringify(value)]);
  writes++;
}
