import { iso, type Row, type WorkerRun } from './delivery.js';

/** Claims left by a worker that is gone (or by a call that broke off): see the top of worker.ts. */
export async function recover(run: WorkerRun): Promise<void> {
  const stale = await run.db.all<Row>(
    `SELECT id, template, channel, recipient, personalisation, attempts, claimed_by, claimed_at FROM notifications
     WHERE status = 'SENDING' AND (claimed_by IS NULL OR claimed_by <> ?) AND claimed_at <= ? LIMIT ?`,
    [run.runId, run.now() - run.graceMs, run.batchSize],
  );
  const finishAttempt = `UPDATE notification_attempts SET finished_at = COALESCE(finished_at, ?), outcome = ?, error = ? WHERE notification_id = ? AND attempt = ? AND outcome IN ('SENDING', 'UNKNOWN')`;
  for (const row of stale) {
    if (run.transport.kind !== 'remote') {
      await run.db.tx(async (tx) => {
        await tx.run(finishAttempt, [iso(run), 'UNKNOWN', 'claimed by a worker that stopped; the current transport cannot check it', row.id, row.attempts]);
        await tx.run(`UPDATE notifications SET status = 'UNKNOWN', claimed_by = NULL, finished_at = ? WHERE id = ? AND status = 'SENDING'`, [iso(run), row.id]);
      });
      continue;
    }
    let found: { providerId: string } | null;
    try {
      found = await run.transport.lookup(row.id);
    } catch {
      // Cannot ask now: leave it SENDING and ask again after another grace period.
      await run.db.run(`UPDATE notifications SET claimed_at = ? WHERE id = ? AND status = 'SENDING'`, [run.now(), row.id]);
      continue;
    }
    await run.db.tx(async (tx) => {
      if (found) {
        await tx.run(finishAttempt, [iso(run), 'SENT', 'confirmed by the provider after the worker stopped', row.id, row.attempts]);
        await tx.run(
          `UPDATE notifications SET status = 'SENT', claimed_by = NULL, finished_at = ?, provider_id = ?, last_error = NULL WHERE id = ? AND status = 'SENDING'`,
          [iso(run), found.providerId, row.id],
        );
      } else {
        await tx.run(finishAttempt, [iso(run), 'NOT_SENT', 'the provider has no such message: the worker stopped before it arrived', row.id, row.attempts]);
        await tx.run(`UPDATE notifications SET status = 'QUEUED', claimed_by = NULL, next_attempt_at = ? WHERE id = ? AND status = 'SENDING'`, [
          run.now(),
          row.id,
        ]);
      }
    });
  }
}
