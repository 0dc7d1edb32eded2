import type { FastifyRequest } from 'fastify';
import { readCookie, TOKEN_PATTERN } from './cookies.js';
import type { Sql } from './store/types.js';

/** A session (a patient's simulated NHS login, a staff sign-in) ends after this long unused… */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
/** …and this long after it began, however busy. */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** Expired sessions are deleted this often (and whenever one is found expired). */
export const SESSION_PRUNE_INTERVAL_MS = 5 * 60 * 1000;

/** Whether a session created at `createdAt` and last used at `lastSeenAt` (ms) is still valid at `now`. */
export function sessionLive(createdAt: number, lastSeenAt: number, now: number): boolean {
  return now - createdAt < SESSION_ABSOLUTE_MS && now - lastSeenAt < SESSION_IDLE_MS;
}

/**
 * The browser's engine key: an HttpOnly, SameSite=Strict session cookie of 32 random bytes, set
 * by the first `$start` and reused by later ones. Each execution keeps the SHA-256 of the key
 * that started it, and answers only a request carrying that key (or practice staff): the
 * execution id alone, wherever it is seen, gives nobody else the patient's answers.
 */
export const ENGINE_KEY_COOKIE = 'gp_engine_key';

/** The cookie that carries a patient's (simulated NHS login) session id. */
export const SESSION_COOKIE = 'gp_nhs_session';

/** The signed-in patient's id, when the cookie names a live session (marked used); expired sessions are deleted. */
export async function sessionPatientId(db: Sql, request: FastifyRequest, now: number = Date.now()): Promise<string | undefined> {
  const id = readCookie(request, SESSION_COOKIE, TOKEN_PATTERN);
  if (!id) return undefined;
  const row = await db.get<{ patient_id: string; created_at: string; last_seen_at: string | null }>(
    'SELECT patient_id, created_at, last_seen_at FROM sessions WHERE id = ?',
    [id],
  );
  if (!row) return undefined;
  const created = Date.parse(row.created_at);
  const lastSeen = row.last_seen_at ? Date.parse(row.last_seen_at) : created;
  if (!sessionLive(created, lastSeen, now)) {
    await db.run('DELETE FROM sessions WHERE id = ?', [id]);
    return undefined;
  }
  await db.run('UPDATE sessions SET last_seen_at = ? WHERE id = ?', [new Date(now).toISOString(), id]);
  return row.patient_id;
}

/** Deletes expired patient sessions; answers how many. */
export async function prunePatientSessions(db: Sql, now: number): Promise<number> {
  const absolute = new Date(now - SESSION_ABSOLUTE_MS).toISOString();
  const idle = new Date(now - SESSION_IDLE_MS).toISOString();
  return (await db.run('DELETE FROM sessions WHERE created_at <= ? OR COALESCE(last_seen_at, created_at) <= ?', [absolute, idle])).changes;
}
