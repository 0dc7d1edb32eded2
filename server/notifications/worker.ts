// The worker that sends queued notifications, in the server process. Every attempt is a row of
// notification_attempts; the final status is on the notification (SENT, FAILED or UNKNOWN).
//
// Guarantees (server/notifications/README.md has the long form):
//
// * Nothing acknowledged is lost: events are queued in the transaction that stores the request
//   (enqueueNotifications), and a queued row stays until it is SENT or FAILED after its last try.
//
// * Outbox (local) transport, exactly once: the claim, the delivery (the outbox row, UNIQUE per
//   notification) and the SENT record are ONE SQLite transaction. A kill -9 before its commit
//   leaves the row QUEUED with no outbox row, so the restart sends it once; after the commit the
//   row is SENT and never picked again. On PostgreSQL the claim reads its row FOR UPDATE SKIP
//   LOCKED: a second worker passes over a message another is delivering instead of waiting.
//
// * Several workers (instances) on one database: every claim is a conditional UPDATE
//   (… WHERE status = 'QUEUED'); only one worker's changes a row, the others skip it.
//
// * Remote (GOV.UK Notify) transport, at most once: the claim (QUEUED -> SENDING, attempt
//   counted) commits BEFORE the call, the result is recorded AFTER it. A SENDING row is never
//   sent again blindly: when the worker that claimed it is gone (kill -9, or a call that broke off
//   after the request left), recovery waits until any call of that claim must have ended
//   (inflightGraceMs, longer than the transport's timeout) and then asks the provider by
//   reference (our notification id): found -> SENT, not found -> QUEUED again (it never arrived).
//   If the provider cannot be asked, the row stays SENDING and is asked again later; if the
//   current transport cannot be asked at all, the row becomes UNKNOWN and is never resent.
import { randomUUID } from 'node:crypto';
import type { Sql } from '../store/types.js';
import { render, type Channel, type Personalisation, type TemplateName } from './content.js';
import { TransportError, type OutgoingMessage, type RemoteTransport, type Transport } from './transports.js';

export interface WorkerOptions {
  /** How often the queue is looked at when idle (ms, default 500). wake() looks at once. */
  pollMs?: number;
  /** Messages taken per round (default 100). */
  batchSize?: number;
  /** Remote sends in flight at once (default 4). */
  concurrency?: number;
  /** Tries before a message is FAILED (default 8). */
  maxAttempts?: number;
  /** Wait before try n+1 after n failures (default 30 s doubling, at most 30 min, ±20 %). */
  backoffMs?: (failures: number) => number;
  /** How long a claim of a vanished worker is left alone before the provider is asked (default 60 s). */
  inflightGraceMs?: number;
  /** The clock (ms since 1970), for tests. */
  now?: () => number;
}

/** HELD: held back by the practice's per-recipient caps (never sent; `last_error` says why). */
export type NotificationStatus = 'QUEUED' | 'SENDING' | 'SENT' | 'FAILED' | 'UNKNOWN' | 'HELD';

interface Row {
  id: string;
  template: TemplateName;
  channel: Channel;
  recipient: string;
  personalisation: string;
  attempts: number;
  claimed_by: string | null;
  claimed_at: number | null;
}

export function defaultBackoff(failures: number): number {
  const base = Math.min(30_000 * 2 ** Math.max(0, failures - 1), 30 * 60_000);
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

export class NotificationWorker {
  /** This run's id: claims made by another run belong to a worker that is gone. */
  readonly runId = randomUUID();
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly concurrency: number;
  private readonly maxAttempts: number;
  private readonly backoffMs: (failures: number) => number;
  private readonly graceMs: number;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<unknown> = Promise.resolve();
  private running = false;
  private stopped = true;

  constructor(
    private readonly db: Sql,
    readonly transport: Transport,
    options: WorkerOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 500;
    this.batchSize = options.batchSize ?? 100;
    this.concurrency = options.concurrency ?? 4;
    this.maxAttempts = options.maxAttempts ?? 8;
    this.backoffMs = options.backoffMs ?? defaultBackoff;
    this.graceMs = options.inflightGraceMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops the loop and waits for the round in progress (its sends are recorded). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.chain;
  }

  /** Looks at the queue now (e.g. after a request was stored). */
  wake(): void {
    if (this.stopped || this.running) return;
    this.schedule(0);
  }

  /** Sends everything due now, round after round, until a round finds nothing; answers how many messages were tried. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.exclusive(() => this.round());
      total += n;
      if (n === 0) return total;
    }
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), ms);
    this.timer.unref?.();
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    this.running = true;
    let n = 0;
    try {
      n = await this.exclusive(() => this.round());
    } catch (error) {
      // A database problem: keep the process up and try again at the next poll.
      console.error(`Notifications worker: ${errorText(error)}`);
    } finally {
      this.running = false;
    }
    if (!this.stopped) this.schedule(n >= this.batchSize ? 0 : this.pollMs);
  }

  /** One round at a time, whether started by the timer or by drain(). */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const next = this.chain.then(work, work);
    this.chain = next.catch(() => undefined);
    return next;
  }

  /** Recovers abandoned claims, then tries up to batchSize due messages. */
  private async round(): Promise<number> {
    await this.recover();
    const due = await this.db.all<Row>(
      `SELECT id, template, channel, recipient, personalisation, attempts, claimed_by, claimed_at FROM notifications
       WHERE status = 'QUEUED' AND next_attempt_at <= ? ORDER BY next_attempt_at, seq LIMIT ?`,
      [this.now(), this.batchSize],
    );
    if (due.length === 0) return 0;
    const transport = this.transport;
    if (transport.kind === 'local') {
      for (const row of due) {
        await this.sendLocal(row);
        // Let the server answer requests between messages of a long queue.
        if (due.length > 10) await new Promise((resolve) => setImmediate(resolve));
      }
    } else {
      let next = 0;
      const lanes = Array.from({ length: Math.min(this.concurrency, due.length) }, async () => {
        while (next < due.length) await this.sendRemote(transport, due[next++]!);
      });
      await Promise.all(lanes);
    }
    return due.length;
  }

  private message(row: Row): OutgoingMessage {
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

  private iso(ms = this.now()): string {
    return new Date(ms).toISOString();
  }

  private async insertAttempt(
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
      [id, attempt, this.transport.name, startedAt, finished ? this.iso() : null, outcome, error],
    );
  }

  /** After a failed try: back to the queue with a wait, or FAILED after the last try or a permanent refusal. */
  private async recordFailure(db: Sql, id: string, attempts: number, error: unknown): Promise<void> {
    const retryable = !(error instanceof TransportError) || error.retryable;
    const final = !retryable || attempts >= this.maxAttempts;
    const text = errorText(error);
    if (final) {
      await db.run(`UPDATE notifications SET status = 'FAILED', attempts = ?, claimed_by = NULL, finished_at = ?, last_error = ? WHERE id = ?`, [
        attempts,
        this.iso(),
        text,
        id,
      ]);
    } else {
      await db.run(`UPDATE notifications SET status = 'QUEUED', attempts = ?, claimed_by = NULL, next_attempt_at = ?, last_error = ? WHERE id = ?`, [
        attempts,
        this.now() + this.backoffMs(attempts),
        text,
        id,
      ]);
    }
  }

  /** Outbox: claim + deliver + record in one transaction (exactly once, see the top of this file). */
  private async sendLocal(row: Row): Promise<void> {
    if (this.transport.kind !== 'local') return;
    const transport = this.transport;
    const attempt = row.attempts + 1;
    const startedAt = this.iso();
    let message: OutgoingMessage;
    try {
      message = this.message(row);
      await this.db.tx(async (tx) => {
        // PostgreSQL: a row another worker is delivering right now is passed over, not waited for.
        const lock = tx.dialect === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '';
        const mine = await tx.get(`SELECT id FROM notifications WHERE id = ? AND status = 'QUEUED'${lock}`, [row.id]);
        if (!mine) return; // taken by another worker on the same database
        const claimed = await tx.run(
          `UPDATE notifications SET status = 'SENT', attempts = ?, finished_at = ?, last_error = NULL WHERE id = ? AND status = 'QUEUED'`,
          [attempt, startedAt, row.id],
        );
        if (claimed.changes !== 1) return;
        await transport.deliver(tx, message, startedAt);
        await this.insertAttempt(tx, row.id, attempt, startedAt, 'SENT', null, true);
      });
    } catch (error) {
      // Rolled back: nothing delivered. Count the try and decide when to try again.
      await this.db.tx(async (tx) => {
        await this.insertAttempt(tx, row.id, attempt, startedAt, 'FAILED', errorText(error), true);
        await this.recordFailure(tx, row.id, attempt, error);
      });
    }
  }

  /** Notify: claim (commit) -> call -> record (commit). At most once, see the top of this file. */
  private async sendRemote(transport: RemoteTransport, row: Row): Promise<void> {
    const attempt = row.attempts + 1;
    const startedAt = this.iso();
    const claimed = await this.db.tx(async (tx) => {
      const result = await tx.run(
        `UPDATE notifications SET status = 'SENDING', attempts = ?, claimed_by = ?, claimed_at = ? WHERE id = ? AND status = 'QUEUED'`,
        [attempt, this.runId, this.now(), row.id],
      );
      if (result.changes !== 1) return false;
      await this.insertAttempt(tx, row.id, attempt, startedAt, 'SENDING', null, false);
      return true;
    });
    if (!claimed) return;
    let outcome: { providerId: string } | TransportError;
    try {
      outcome = await transport.send(this.message(row));
    } catch (error) {
      outcome = error instanceof TransportError ? error : new TransportError(errorText(error), false);
    }
    const finishAttempt = 'UPDATE notification_attempts SET finished_at = ?, outcome = ?, error = ? WHERE notification_id = ? AND attempt = ?';
    await this.db.tx(async (tx) => {
      if (!(outcome instanceof TransportError)) {
        await tx.run(finishAttempt, [this.iso(), 'SENT', null, row.id, attempt]);
        await tx.run(`UPDATE notifications SET status = 'SENT', claimed_by = NULL, finished_at = ?, provider_id = ?, last_error = NULL WHERE id = ?`, [
          this.iso(),
          outcome.providerId,
          row.id,
        ]);
      } else if (outcome.ambiguous) {
        // Maybe accepted: leave it SENDING for recovery, which asks the provider before any resend.
        await tx.run(finishAttempt, [this.iso(), 'UNKNOWN', outcome.message, row.id, attempt]);
        await tx.run('UPDATE notifications SET claimed_by = NULL, last_error = ? WHERE id = ?', [outcome.message, row.id]);
      } else {
        await tx.run(finishAttempt, [this.iso(), 'FAILED', outcome.message, row.id, attempt]);
        await this.recordFailure(tx, row.id, attempt, outcome);
      }
    });
  }

  /** Claims left by a worker that is gone (or by a call that broke off): see the top of this file. */
  private async recover(): Promise<void> {
    const stale = await this.db.all<Row>(
      `SELECT id, template, channel, recipient, personalisation, attempts, claimed_by, claimed_at FROM notifications
       WHERE status = 'SENDING' AND (claimed_by IS NULL OR claimed_by <> ?) AND claimed_at <= ? LIMIT ?`,
      [this.runId, this.now() - this.graceMs, this.batchSize],
    );
    const finishAttempt = `UPDATE notification_attempts SET finished_at = COALESCE(finished_at, ?), outcome = ?, error = ? WHERE notification_id = ? AND attempt = ? AND outcome IN ('SENDING', 'UNKNOWN')`;
    for (const row of stale) {
      if (this.transport.kind !== 'remote') {
        await this.db.tx(async (tx) => {
          await tx.run(finishAttempt, [this.iso(), 'UNKNOWN', 'claimed by a worker that stopped; the current transport cannot check it', row.id, row.attempts]);
          await tx.run(`UPDATE notifications SET status = 'UNKNOWN', claimed_by = NULL, finished_at = ? WHERE id = ? AND status = 'SENDING'`, [
            this.iso(),
            row.id,
          ]);
        });
        continue;
      }
      let found: { providerId: string } | null;
      try {
        found = await this.transport.lookup(row.id);
      } catch {
        // Cannot ask now: leave it SENDING and ask again after another grace period.
        await this.db.run(`UPDATE notifications SET claimed_at = ? WHERE id = ? AND status = 'SENDING'`, [this.now(), row.id]);
        continue;
      }
      await this.db.tx(async (tx) => {
        if (found) {
          await tx.run(finishAttempt, [this.iso(), 'SENT', 'confirmed by the provider after the worker stopped', row.id, row.attempts]);
          await tx.run(
            `UPDATE notifications SET status = 'SENT', claimed_by = NULL, finished_at = ?, provider_id = ?, last_error = NULL WHERE id = ? AND status = 'SENDING'`,
            [this.iso(), found.providerId, row.id],
          );
        } else {
          await tx.run(finishAttempt, [this.iso(), 'NOT_SENT', 'the provider has no such message: the worker stopped before it arrived', row.id, row.attempts]);
          await tx.run(`UPDATE notifications SET status = 'QUEUED', claimed_by = NULL, next_attempt_at = ? WHERE id = ? AND status = 'SENDING'`, [
            this.now(),
            row.id,
          ]);
        }
      });
    }
  }
}
