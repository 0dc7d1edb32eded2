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
