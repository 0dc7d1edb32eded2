// kill -9 in the middle of sending notifications, then a restart: the crash check behind
// `npm run bench:notify` (scripts/bench-notify.ts) and tests/integration/server/notifications/recovery.test.ts.
// A worker process (this file, run as `child <dataDir> run|finish`) drains a queue of confirmations
// through the outbox, or through GOV.UK Notify's client against the local fake Notify; it is killed
// with SIGKILL once 40 % are delivered, and a second one finishes the queue.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Db } from '../server/db.js';
import { sqliteStore } from '../server/store/sqlite.js';
import { migrate } from '../server/store/migrations.js';
import { seedDatabase } from '../server/seeding.js';
import { enqueueNotifications, NotificationWorker, transportFromEnv, type NotificationEvent } from '../server/notifications/index.js';
import { FAKE_NOTIFY_API_KEY, startFakeNotify } from './fake-notify.js';

const self = fileURLToPath(import.meta.url);

/** Queues `n` request confirmations (one email each) in one transaction, with the demo practice's settings. */
export async function queueMessages(db: Db, n: number): Promise<void> {
  const events: NotificationEvent[] = Array.from({ length: n }, (_, i) => ({
    type: 'REQUEST_RECEIVED',
    id: `bench-${i}`,
    sourceId: `0000${i.toString(16).padStart(4, '0')}-bench`,
    requestType: 'OTHER_ENQUIRY',
    service: 'admin',
    to: { email: `patient${i}@example.com` },
  }));
  const store = sqliteStore(db);
  await migrate(store);
  await seedDatabase(store);
  await store.tx((tx) => enqueueNotifications(tx, events));
}

export function count(db: Db, sql: string): number {
  return (db.prepare(sql).get() as { n: number }).n;
}

/** The worker process: drains the queue of `dataDir` again and again ('run', until killed) or until it is empty ('finish'). */
async function child(dataDir: string, mode: 'run' | 'finish'): Promise<void> {
  const db = openDatabase(dataDir);
  const { transport } = transportFromEnv(process.env);
  const worker = new NotificationWorker(sqliteStore(db), transport, { inflightGraceMs: Number(process.env.BENCH_GRACE_MS ?? 60_000), backoffMs: () => 0 });
  for (;;) {
    await worker.drain();
    const open = count(db, `SELECT COUNT(*) AS n FROM notifications WHERE status IN ('QUEUED', 'SENDING')`);
    if (open === 0 && mode === 'finish') break;
    await new Promise((r) => setTimeout(r, 50));
  }
  db.close();
}

function spawnWorker(dataDir: string, mode: 'run' | 'finish', env: NodeJS.ProcessEnv) {
  const proc = spawn(process.execPath, ['--import', 'tsx', self, 'child', dataDir, mode], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return { proc, exited };
}

export interface KillResult {
  /** Messages delivered (outbox rows, or sends Notify accepted) when the first worker was killed. */
  atKill: number;
  /** Delivered in all, and how many of them distinct (by notification id / Notify reference). */
  delivered: number;
  distinct: number;
  /** Notifications recorded SENT. */
  sent: number;
  /** Claims of the killed worker found not sent at Notify, and resent. */
  notSent: number;
  multiAttempt: number;
  /** Claims of the killed worker found sent at Notify by their reference (not resent). */
  confirmed: number;
  restartMs: number;
}

/** Queues `messages`, kills a worker at 40 % delivered, lets a second one finish; answers what was delivered. */
export async function killMidDrain(kind: 'outbox' | 'notify', messages: number): Promise<KillResult> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gp-notify-kill-'));
  const fake = kind === 'notify' ? await startFakeNotify({ sendDelayMs: 5 }) : undefined;
  try {
    const db = openDatabase(dataDir);
    await queueMessages(db, messages);
    const env: NodeJS.ProcessEnv = fake
      ? {
          NOTIFY_API_KEY: FAKE_NOTIFY_API_KEY,
          NOTIFY_BASE_URL: fake.url,
          NOTIFY_EMAIL_TEMPLATE_ID: 'bench-email',
          NOTIFY_SMS_TEMPLATE_ID: 'bench-sms',
          NOTIFY_TIMEOUT_MS: '2000',
          BENCH_GRACE_MS: '3000',
        }
      : { NOTIFY_API_KEY: '' };
    const progress = () => (fake ? fake.accepted.size : count(db, 'SELECT COUNT(*) AS n FROM outbox'));

    const first = spawnWorker(dataDir, 'run', env);
    const target = Math.floor(messages * 0.4);
    const deadline = Date.now() + 60_000;
    while (progress() < target) {
      if (Date.now() > deadline) throw new Error('the worker made no progress');
      await new Promise((r) => setTimeout(r, 2));
    }
    first.proc.kill('SIGKILL');
    await first.exited;
    const atKill = progress();

    const start = performance.now();
    const second = spawnWorker(dataDir, 'finish', env);
    const code = await second.exited;
    const restartMs = performance.now() - start;
    if (code !== 0) throw new Error(`the restarted worker exited with ${code}`);

    let delivered: number;
    let distinct: number;
    if (fake) {
      delivered = fake.calls.length;
      distinct = new Set(fake.calls.map((c) => c.body.reference)).size;
    } else {
      delivered = count(db, 'SELECT COUNT(*) AS n FROM outbox');
      distinct = count(db, 'SELECT COUNT(DISTINCT notification_id) AS n FROM outbox');
    }
    const sent = count(db, `SELECT COUNT(*) AS n FROM notifications WHERE status = 'SENT'`);
    const notSent = count(db, `SELECT COUNT(*) AS n FROM notification_attempts WHERE outcome = 'NOT_SENT'`);
    const multiAttempt = count(db, 'SELECT COUNT(*) AS n FROM notifications WHERE attempts > 1');
    const confirmed = count(db, `SELECT COUNT(*) AS n FROM notification_attempts WHERE outcome = 'SENT' AND error LIKE 'confirmed by the provider%'`);
    db.close();
    return { atKill, delivered, distinct, sent, notSent, multiAttempt, confirmed, restartMs };
  } finally {
    await fake?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === self && process.argv[2] === 'child') await child(process.argv[3]!, process.argv[4] as 'run' | 'finish');
