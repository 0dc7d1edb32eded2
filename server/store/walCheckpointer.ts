// Checkpoints the SQLite write-ahead log from a worker thread, so the request that happens to
// commit the 1,000th page no longer waits for the checkpoint's two fsyncs (13-65 ms on this
// machine, about 70 µs a transaction averaged over the ~300 small transactions between them).
// Durability is unchanged or better: every commit is written to the WAL exactly as before
// (synchronous = NORMAL), and the worker syncs the WAL within about CHECKPOINT_PAUSE_MS (250 ms) of a
// commit, where the connection's own checkpoint synced it once per 1,000 pages (at a quiet
// practice's pace, hours apart).
import type Database from 'better-sqlite3';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** What `PRAGMA wal_checkpoint` answers: frames in the log, and how many are in the database file. */
export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

export interface WalCheckpointer {
  /** After each commit on the main connection: wakes the worker when it is idle (one atomic read otherwise). */
  committed(): void;
  /** Stops the worker and closes its connection (before the main connection closes, so that one can remove the log). */
  close(): Promise<void>;
}

/**
 * The main connection checkpoints itself only past this many pages (40 MB): while commits keep
 * coming, a passive checkpoint never catches the log's end, so the log can only start over after
 * a checkpoint made on the committing connection. Also the fallback should the worker fall behind.
 */
export const MAIN_CONNECTION_CHECKPOINT_PAGES = 10_000;
/**
 * The worker's rest between two checkpoints while commits keep coming: about as often as the
 * connection's own checkpoints came at 1,500 small transactions a second (each copies the pages
 * written since the last, so resting longer costs less CPU: with 100 ms a `$continue` cost the process
 * more CPU than before in one in-process run under load, with 250 ms less).
 */
const CHECKPOINT_PAUSE_MS = 250;

// The worker: a second connection to the same file that runs passive checkpoints (they take no
// lock a writer waits for) while the log grows, and sleeps once a checkpoint finds nothing new.
// state[0] is 1 while it sleeps; the main thread wakes it with a message.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('synchronous = ' + workerData.synchronous);
db.pragma('busy_timeout = 0');
const state = new Int32Array(workerData.state);
let last = '';
let timer;
function checkpoint() {
  let r;
  try {
    r = db.pragma('wal_checkpoint(PASSIVE)')[0];
  } catch {
    // A lock held elsewhere: counts as progress, so the next round tries again.
    r = { busy: 1, log: -1, checkpointed: Date.now() };
  }
  if (workerData.report) parentPort.postMessage(r);
  return r;
}
function round() {
  timer = undefined;
  const r = checkpoint();
  const now = r.log + '/' + r.checkpointed;
  if (now !== last) {
    last = now;
    timer = setTimeout(round, workerData.pauseMs);
    return;
  }
  Atomics.store(state, 0, 1);
  // A commit made between the checkpoint above and the store finds the worker busy and sends no
  // message: one more look catches it.
  const again = checkpoint();
  if (again.log + '/' + again.checkpointed !== last && Atomics.compareExchange(state, 0, 1, 0) === 1) {
    last = again.log + '/' + again.checkpointed;
    timer = setTimeout(round, workerData.pauseMs);
  }
}
parentPort.on('message', (m) => {
  if (m === 'close') {
    if (timer) clearTimeout(timer);
    db.close();
    process.exit(0);
  }
  if (!timer) timer = setTimeout(round, 0);
});
`;

/**
 * Starts the worker for `db` when it is a file in WAL mode (undefined otherwise: an in-memory
 * database has no log). `onCheckpoint` sees each checkpoint's result (tests).
 */
export function startWalCheckpointer(db: Database.Database, onCheckpoint?: (result: CheckpointResult) => void): WalCheckpointer | undefined {
  if (db.memory || db.name === '' || String(db.pragma('journal_mode', { simple: true })).toLowerCase() !== 'wal') return undefined;
  const ownPages = Number(db.pragma('wal_autocheckpoint', { simple: true }));
  const state = new SharedArrayBuffer(4);
  const sleeping = new Int32Array(state);
  // It starts asleep: the first commit wakes it.
  Atomics.store(sleeping, 0, 1);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      file: db.name,
      synchronous: Number(db.pragma('synchronous', { simple: true })),
      state,
      pauseMs: CHECKPOINT_PAUSE_MS,
      report: onCheckpoint !== undefined,
    },
  });
  // The server's exit does not wait for it: the main connection's close checkpoints what is left.
  worker.unref();
  let running = true;
  db.pragma(`wal_autocheckpoint = ${MAIN_CONNECTION_CHECKPOINT_PAGES}`);
  const exited = new Promise<void>((resolve) => {
    const stop = () => {
      if (running && db.open) db.pragma(`wal_autocheckpoint = ${ownPages}`);
      running = false;
      resolve();
    };
    // A worker that fails leaves the connection checkpointing itself, as it did before.
    worker.once('error', stop);
    worker.once('exit', stop);
  });
  if (onCheckpoint) worker.on('message', onCheckpoint);
  return {
    committed() {
      if (running && Atomics.compareExchange(sleeping, 0, 1, 0) === 1) worker.postMessage('wake');
    },
    async close() {
      if (!running) return;
      running = false;
      // Held by the event loop again until it has gone: unreferenced, a process with nothing else
      // left to do (the server closed) ended while this close waited, its promise never settled.
      worker.ref();
      worker.postMessage('close');
      await exited;
    },
  };
}
