// One try of one queued notification, on either transport, and the rows that record it. The
// guarantees each path keeps (exactly once on the outbox, at most once on Notify) are described at
// the top of worker.ts, which decides when and how many.
import type { Sql } from '../store/types.js';
import { render, type Channel, type Personalisation, type TemplateName } from './content.js';
import { TransportError, type OutgoingMessage, type RemoteTransport, type Transport } from './transports.js';

/** What a try needs of the worker running it: its database, transport, clock, run id and limits. */
export interface WorkerRun {
  readonly db: Sql;
  readonly transport: Transport;
  /** This run's id: claims made by another run belong to a worker that is gone. */
  readonly runId: string;
  readonly now: () => number;
  readonly maxAttempts: number;
  readonly backoffMs: (failures: number) => number;
  readonly graceMs: number;
  readonly batchSize: number;
}

/** A queued notification as a try reads it. */
export interface Row {
  id: string;
  template: TemplateName;
  channel: Channel;
  recipient: string;
  personalisation: string;
  attempts: number;
  claimed_by: string | null;
  claimed_at: number | null;
}

export function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

/** The message a queued row sends: its personalisation read back and its content rendered. */
function message(row: Row): OutgoingMessage {
  const personalisation = JSON.parse(row.personalisation) as Personalisation;
  return {
    id: row.id,
    template: row.template,
    channel: row.channel,
    recipient: row.recipient,
    personalisation,
    content: render(row.template, row.channel, personalisation),
  };
}

export function iso(run: WorkerRun, ms = run.now()): string {
  return new Date(ms).toISOString();
}

async function insertAttempt(
  run: WorkerRun,
  db: Sql,
  id: string,
  attempt: number,
  startedAt: string,
  outcome: string,
  error: string | null,
  finished: boolean,
): Promise<void> {
  await db.run(
    'INSERT INTO notification_attempts (notification_id, attempt, transport, started_at, finished_at, outcome, error) VALUES (?, ?, ?, ?, ?, ?, ?)',
    [id, attempt, run.transport.name, startedAt, finished ? iso(run) : null, outcome, error],
  );
}

/** After a failed try: back to the queue with a wait, or FAILED after the last try or a permanent refusal. */
async function recordFailure(run: WorkerRun, db: Sql, id: string, attempts: number, error: unknown): Promise<void> {
  const retryable = !(error instanceof TransportError) || error.retryable;
  const final = !retryable || attempts >= run.maxAttempts;
  const text = errorText(error);
  if (final) {
    await db.run(`UPDATE notifications SET status = 'FAILED', attempts = ?, claimed_by = NULL, finished_at = ?, last_error = ? WHERE id = ?`, [
      attempts,
      iso(run),
      text,
      id,
    ]);
  } else {
    await db.run(`UPDATE notifications SET status = 'QUEUED', attempts = ?, claimed_by = NULL, next_attempt_at = ?, last_error = ? WHERE id = ?`, [
      attempts,
      run.now() + run.backoffMs(attempts),
      text,
      id,
    ]);
  }
}

/** Outbox: claim + deliver + record in one transaction (exactly once, see the top of worker.ts). */
export async function sendLocal(run: WorkerRun, row: Row): Promise<void> {
  if (run.transport.kind !== 'local') return;
  const transport = run.transport;
  const attempt = row.attempts + 1;
  const startedAt = iso(run);
  let outgoing: OutgoingMessage;
  try {
    outgoing = message(row);
    await run.db.tx(async (tx) => {
      // PostgreSQL: a row another worker is delivering right now is passed over, not waited for.
      const lock = tx.dialect === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '';
      const mine = await tx.get(`SELECT id FROM notifications WHERE id = ? AND status = 'QUEUED'${lock}`, [row.id]);
      if (!mine) return; // taken by another worker on the same database
      const claimed = await tx.run(
        `UPDATE notifications SET status = 'SENT', attempts = ?, finished_at = ?, last_error = NULL WHERE id = ? AND status = 'QUEUED'`,
        [attempt, startedAt, row.id],
      );
      if (claimed.changes !== 1) return;
      await transport.deliver(tx, outgoing, startedAt);
      await insertAttempt(run, tx, row.id, attempt, startedAt, 'SENT', null, true);
    });
  } catch (error) {
    // Rolled back: nothing delivered. Count the try and decide when to try again.
    await run.db.tx(async (tx) => {
      await insertAttempt(run, tx, row.id, attempt, startedAt, 'FAILED', errorText(error), true);
      await recordFailure(run, tx, row.id, attempt, error);
    });
  }
}

/** Notify: claim (commit) -> call -> record (commit). At most once, see the top of worker.ts. */
export async function sendRemote(run: WorkerRun, transport: RemoteTransport, row: Row): Promise<void> {
  const attempt = row.attempts + 1;
  const startedAt = iso(run);
  const claimed = await run.db.tx(async (tx) => {
    const result = await tx.run(
      `UPDATE notifications SET status = 'SENDING', attempts = ?, claimed_by = ?, claimed_at = ? WHERE id = ? AND status = 'QUEUED'`,
      [attempt, run.runId, run.now(), row.id],
    );
    if (result.changes !== 1) return false;
    await insertAttempt(run, tx, row.id, attempt, startedAt, 'SENDING', null, false);
    return true;
  });
  if (!claimed) return;
  let outcome: { providerId: string } | TransportError;
  try {
    outcome = await transport.send(message(row));
  } catch (error) {
    outcome = error instanceof TransportError ? error : new TransportError(errorText(error), false);
  }
  const finishAttempt = 'UPDATE notification_attempts SET finished_at = ?, outcome = ?, error = ? WHERE notification_id = ? AND attempt = ?';
  await run.db.tx(async (tx) => {
    if (!(outcome instanceof TransportError)) {
      await tx.run(finishAttempt, [iso(run), 'SENT', null, row.id, attempt]);
      await tx.run(`UPDATE notifications SET status = 'SENT', claimed_by = NULL, finished_at = ?, provider_id = ?, last_error = NULL WHERE id = ?`, [
        iso(run),
        outcome.providerId,
        row.id,
      ]);
    } else if (outcome.ambiguous) {
      // Maybe accepted: leave it SENDING for recovery, which asks the provider before any resend.
      await tx.run(finishAttempt, [iso(run), 'UNKNOWN', outcome.message, row.id, attempt]);
      await tx.run('UPDATE notifications SET claimed_by = NULL, last_error = ? WHERE id = ?', [outcome.message, row.id]);
    } else {
      await tx.run(finishAttempt, [iso(run), 'FAILED', outcome.message, row.id, attempt]);
      await recordFailure(run, tx, row.id, attempt, outcome);
    }
  });
}
