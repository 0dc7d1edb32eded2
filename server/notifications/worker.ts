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
import { errorText, sendLocal, sendRemote, type Row, type WorkerRun } from './delivery.js';
import { recover } from './recovery.js';
import type { Transport } from './transports.js';

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

function defaultBackoff(failures: number): number {
  const base = Math.min(30_000 * 2 ** Math.max(0, failures - 1), 30 * 60_000);
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

export class NotificationWorker {
  /** This run's id: claims made by another run belong to a worker that is gone. */
  readonly runId = randomUUID();
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly concurrency: number;
  private readonly now: () => number;
  /** What each try reads of this worker (server/notifications/delivery.ts). */
  private readonly run: WorkerRun;
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
    this.now = options.now ?? Date.now;
    this.run = {
      db,
      transport,
      runId: this.runId,
      now: this.now,
      maxAttempts: options.maxAttempts ?? 8,
      backoffMs: options.backoffMs ?? defaultBackoff,
      graceMs: options.inflightGraceMs ?? 60_000,
      batchSize: this.batchSize,
    };
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
    await recover(this.run);
    const due = await this.db.all<Row>(
      `SELECT id, template, channel, recipient, personalisation, attempts, claimed_by, claimed_at FROM notifications
       WHERE status = 'QUEUED' AND next_attempt_at <= ? ORDER BY next_attempt_at, seq LIMIT ?`,
      [this.now(), this.batchSize],
    );
    if (due.length === 0) return 0;
    const transport = this.transport;
    if (transport.kind === 'local') {
      for (const row of due) {
        await sendLocal(this.run, row);
        // Let the server answer requests between messages of a long queue.
        if (due.length > 10) await new Promise((resolve) => setImmediate(resolve));
      }
    } else {
      let next = 0;
      const lanes = Array.from({ length: Math.min(this.concurrency, due.length) }, async () => {
        while (next < due.length) await sendRemote(this.run, transport, due[next++]!);
      });
      await Promise.all(lanes);
    }
    return due.length;
  }
}
