import { EXECUTION_SWEEP_INTERVAL_MS, sweepExecutions } from '../engine/expiry.js';
import { RETENTION_SWEEP_INTERVAL_MS, sweepRetention, type RetentionPolicy, type RetentionSwept } from '../retention.js';
import { prunePatientSessions, SESSION_PRUNE_INTERVAL_MS } from '../sessions.js';
import type { StaffAuth } from '../staff.js';
import type { Sql } from '../store/index.js';

/** The server's timed clean-ups, each also callable at once; `stop` ends the timers. */
export interface Housekeeping {
  pruneSessions(): Promise<number>;
  sweepExecutions(): Promise<number>;
  sweepRetention(): Promise<RetentionSwept>;
  stop(): void;
}

/** Starts the timers of the clean-ups and runs each once now. */
export async function startHousekeeping(store: Sql, staff: StaffAuth, now: () => number, retention: RetentionPolicy): Promise<Housekeeping> {
  const pruneSessions = async () => (await staff.prune()) + (await prunePatientSessions(store, now()));
  // A failed prune (the store briefly away) leaves the rows for the next one.
  const pruneTimer = setInterval(() => void pruneSessions().catch(() => undefined), SESSION_PRUNE_INTERVAL_MS);
  pruneTimer.unref();
  await pruneSessions();
  // Guideline executions older than their retention go with their answers (server/engine/expiry.ts).
  const sweep = () => sweepExecutions(store, now());
  // A failed sweep (the store briefly away) leaves the rows for the next one.
  const sweepTimer = setInterval(() => void sweep().catch(() => undefined), EXECUTION_SWEEP_INTERVAL_MS);
  sweepTimer.unref();
  await sweep();
  // Requests and their messages past the retention period go (server/retention.ts); a failed sweep leaves them for the next.
  const sweepOld = () => sweepRetention(store, now(), retention);
  const retentionTimer = setInterval(() => void sweepOld().catch(() => undefined), RETENTION_SWEEP_INTERVAL_MS);
  retentionTimer.unref();
  await sweepOld();
  return {
    pruneSessions,
    sweepExecutions: sweep,
    sweepRetention: sweepOld,
    stop: () => {
      clearInterval(pruneTimer);
      clearInterval(sweepTimer);
      clearInterval(retentionTimer);
    },
  };
}
