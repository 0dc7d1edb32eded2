// Wrong staff passwords lock one account from one client, never everyone behind an address
// (docs/security.md "Staff sign-in"). Counted in the store (rate_limit_windows, both stores), so
// every instance counts the same attempts together.
import { LONG_WINDOW_BUCKET_PREFIX } from './rate-limits.js';
import type { Sql } from './store/types.js';

export const STAFF_LOCKOUT = {
  /** Sign-in attempts for one account from one client (without a right one between) before it is refused. */
  maxFailures: 10,
  /** How long the count runs from the first attempt; a locked account opens again after it. */
  windowMs: 15 * 60_000,
} as const;

const BUCKET = `${LONG_WINDOW_BUCKET_PREFIX}staff-sign-in`;

/**
 * Counts each sign-in attempt for (account, client) before the password is checked, in one upsert
 * that answers the new count, so concurrent guesses on any number of instances count exactly; a
 * right password clears the count. An unknown username is counted like a known one.
 */
export class StaffLockout {
  constructor(
    private readonly store: Sql,
    private readonly now: () => number,
  ) {}

  private static key(username: string, client: string): string {
    return `${username} ${client}`;
  }

  /** Counts one attempt; answers the seconds to wait when the account is locked for this client (the password must then not be checked). */
  async attempt(username: string, client: string): Promise<number | undefined> {
    const now = this.now();
    const expired = now - STAFF_LOCKOUT.windowMs;
    const row = await this.store.get<{ n: number; window_start: number }>(
      `INSERT INTO rate_limit_windows (bucket, client, window_start, n) VALUES (?, ?, ?, 1)
       ON CONFLICT (bucket, client) DO UPDATE SET
         n = CASE WHEN rate_limit_windows.window_start <= ? THEN 1 ELSE rate_limit_windows.n + 1 END,
         window_start = CASE WHEN rate_limit_windows.window_start <= ? THEN ? ELSE rate_limit_windows.window_start END
       RETURNING n, window_start`,
      [BUCKET, StaffLockout.key(username, client), now, expired, expired, now],
    );
    if (!row || Number(row.n) <= STAFF_LOCKOUT.maxFailures) return undefined;
    return Math.max(1, Math.ceil((Number(row.window_start) + STAFF_LOCKOUT.windowMs - now) / 1000));
  }

  /** A right password: the account's count for this client starts again. */
  async succeeded(username: string, client: string): Promise<void> {
    await this.store.run('DELETE FROM rate_limit_windows WHERE bucket = ? AND client = ?', [BUCKET, StaffLockout.key(username, client)]);
  }

  /** Forgets counts whose window is over; answers how many (the retention sweep calls it). */
  async prune(): Promise<number> {
    return (await this.store.run('DELETE FROM rate_limit_windows WHERE bucket = ? AND window_start <= ?', [BUCKET, this.now() - STAFF_LOCKOUT.windowMs]))
      .changes;
  }
}
