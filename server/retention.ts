// How long the service keeps what patients sent, then deletes it (docs/security.md "Retention").
// The practice's record system is the record: the service carries a request to the practice and
// keeps it long enough to be read, copied and answered, not for ever. Run at start and every hour,
// on both stores (plain DELETEs by time, so any number of instances may run it together).
import type { Sql } from './store/types.js';
import { LONG_WINDOW_BUCKET_PREFIX } from './rate-limits.js';

const DAY_MS = 24 * 60 * 60_000;

export interface RetentionPolicy {
  /** Requests (with their answers), the messages about them and the keys that answered their retries: this many days after they arrived. */
  requestDays: number;
}

/** RETENTION_DAYS: a whole number of days, 1 to 3650; default 90. Anything else stops the start (a typo must not delete early). */
export function retentionFrom(value: string | undefined): RetentionPolicy {
  if (value === undefined || value.trim() === '') return { requestDays: DEFAULT_RETENTION_DAYS };
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 3650) throw new Error(`RETENTION_DAYS must be a whole number of days from 1 to 3650 (got ${JSON.stringify(value)})`);
  return { requestDays: n };
}

export const DEFAULT_RETENTION_DAYS = 90;

/** How often the server sweeps. */
export const RETENTION_SWEEP_INTERVAL_MS = 60 * 60_000;

/** Wrong-answer records of self-booking links and long-window counts (the staff lockout) are counted over an hour at most: kept a day. */
const COUNTS_KEPT_MS = DAY_MS;

/** What one sweep deleted, by table. */
export type RetentionSwept = Record<
  | 'requests'
  | 'photos'
  | 'photoViews'
  | 'executionRequests'
  | 'idempotencyKeys'
  | 'notifications'
  | 'notificationAttempts'
  | 'outbox'
  | 'identityFailures'
  | 'longCounts',
  number
>;

/**
 * Deletes everything past its period: requests received before the cut-off (their answers are in
 * their body) with their photos and the record of who viewed them, which execution each backed,
 * the Idempotency-Key answers, the queued and sent messages with their attempts and the embedded
 * outbox's copies, then the link wrong-answer records and long-window counts older than a day.
 * Guideline executions have their own, shorter period (server/engine/expiry.ts). One transaction.
 */
export async function sweepRetention(store: Sql, now: number, policy: RetentionPolicy): Promise<RetentionSwept> {
  const cutoff = new Date(now - policy.requestDays * DAY_MS).toISOString();
  return store.tx(async (tx) => {
    const n = async (sql: string, params: unknown[]) => (await tx.run(sql, params)).changes;
    // A request's photos go with it, in the same transaction (server/photos), and so does the record of who viewed them.
    const photoViews = await n('DELETE FROM photo_views WHERE request_id IN (SELECT id FROM requests WHERE received_at < ?)', [cutoff]);
    const photos = await n('DELETE FROM photos WHERE request_id IN (SELECT id FROM requests WHERE received_at < ?)', [cutoff]);
    const requests = await n('DELETE FROM requests WHERE received_at < ?', [cutoff]);
    const executionRequests = await n('DELETE FROM execution_requests WHERE created_at < ?', [cutoff]);
    const idempotencyKeys = await n('DELETE FROM idempotency_keys WHERE created_at < ?', [cutoff]);
    const notificationAttempts = await n('DELETE FROM notification_attempts WHERE notification_id IN (SELECT id FROM notifications WHERE created_at < ?)', [
      cutoff,
    ]);
    const notifications = await n('DELETE FROM notifications WHERE created_at < ?', [cutoff]);
    const outbox = await n('DELETE FROM outbox WHERE sent_at < ?', [cutoff]);
    const identityFailures = await n('DELETE FROM appt_identity_failures WHERE at < ?', [now - COUNTS_KEPT_MS]);
    const longCounts = await n('DELETE FROM rate_limit_windows WHERE bucket LIKE ? AND window_start < ?', [
      `${LONG_WINDOW_BUCKET_PREFIX}%`,
      now - COUNTS_KEPT_MS,
    ]);
    return { requests, photos, photoViews, executionRequests, idempotencyKeys, notifications, notificationAttempts, outbox, identityFailures, longCounts };
  });
}
