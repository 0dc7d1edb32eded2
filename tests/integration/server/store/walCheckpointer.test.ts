// The SQLite store's log checkpoints run on a worker's connection (server/store/walCheckpointer.ts):
// what a commit wrote reaches the database file soon after, without the committing connection
// checkpointing; the worker sleeps when nothing is written and wakes on the next commit; closing
// stops it, and the last connection's close still removes the log.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../../../server/db.js';
import { sqliteStore } from '../../../../server/store/sqlite.js';
import { MAIN_CONNECTION_CHECKPOINT_PAGES, startWalCheckpointer, type CheckpointResult } from '../../../../server/store/walCheckpointer.js';

const dirs: string[] = [];
function freshDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gp-wal-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const BLOB = 'x'.repeat(2000);

describe('the WAL checkpointer', () => {
  it('moves committed pages into the database file from its worker, the main connection no longer checkpointing', async () => {
    const dir = freshDir();
    const db = openDatabase(dir);
    const results: CheckpointResult[] = [];
    const checkpointer = startWalCheckpointer(db, (r) => results.push(r))!;
    expect(checkpointer).toBeDefined();
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(MAIN_CONNECTION_CHECKPOINT_PAGES);
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)');
    const file = path.join(dir, 'practice.sqlite');
    const before = statSync(file).size;
    const insert = db.prepare('INSERT INTO t (body) VALUES (?)');
    // About 100 pages: far below both the main connection's own threshold and SQLite's default.
    for (let i = 0; i < 200; i++) {
      insert.run(BLOB);
      checkpointer.committed();
    }
    // The worker reports a checkpoint of the whole log, and the pages are in the file itself.
    await vi.waitFor(
      () => {
        expect(results.some((r) => r.busy === 0 && r.log > 0 && r.checkpointed === r.log)).toBe(true);
        expect(statSync(file).size).toBeGreaterThan(before + 200 * BLOB.length);
      },
      { timeout: 10_000, interval: 20 },
    );
    await checkpointer.close();
    db.close();
    // The last connection to close removes the log: the worker's connection is closed too.
    expect(existsSync(`${file}-wal`)).toBe(false);
  });

  it('sleeps once a checkpoint finds nothing new, and wakes on the next commit', async () => {
    const dir = freshDir();
    const db = openDatabase(dir);
    const results: CheckpointResult[] = [];
    const checkpointer = startWalCheckpointer(db, (r) => results.push(r))!;
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)');
    db.prepare('INSERT INTO t (body) VALUES (?)').run(BLOB);
    checkpointer.committed();
    // Asleep: two results alike in a row (the round that found nothing new, and the one more look).
    await vi.waitFor(
      () => {
        expect(results.length).toBeGreaterThanOrEqual(2);
        expect(results.at(-1)).toEqual(results.at(-2));
      },
      { timeout: 10_000, interval: 20 },
    );
    const file = path.join(dir, 'practice.sqlite');
    const asleep = statSync(file).size;
    for (let i = 0; i < 20; i++) db.prepare('INSERT INTO t (body) VALUES (?)').run(BLOB);
    checkpointer.committed();
    await vi.waitFor(() => expect(statSync(file).size).toBeGreaterThan(asleep + 20 * BLOB.length), { timeout: 10_000, interval: 20 });
    await checkpointer.close();
    db.close();
  });

  it('is not started for a database in memory', () => {
    const db = new Database(':memory:');
    expect(startWalCheckpointer(db)).toBeUndefined();
    db.close();
  });

  it('runs under the SQLite store: a transaction committed through it reaches the database file, and close removes the log', async () => {
    const dir = freshDir();
    const db = openDatabase(dir);
    const store = sqliteStore(db);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(MAIN_CONNECTION_CHECKPOINT_PAGES);
    await store.run('CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)');
    const file = path.join(dir, 'practice.sqlite');
    const before = statSync(file).size;
    await store.tx(async (tx) => {
      for (let i = 0; i < 200; i++) await tx.run('INSERT INTO t (body) VALUES (?)', [BLOB]);
    });
    await vi.waitFor(() => expect(statSync(file).size).toBeGreaterThan(before + 200 * BLOB.length), { timeout: 10_000, interval: 20 });
    await store.close();
    expect(db.open).toBe(false);
    expect(existsSync(`${file}-wal`)).toBe(false);
  });

  it('finishes closing in a process that has nothing else left to do (the worker keeps it alive until it has gone)', () => {
    const dir = freshDir();
    // As the server's shutdown does: the last thing the process awaits is the store's close. With
    // the worker left unreferenced the process ended inside that await (exit 13, the close unfinished).
    const script = `
      import { openDatabase } from ${JSON.stringify(path.resolve('server/db.ts'))};
      import { startWalCheckpointer } from ${JSON.stringify(path.resolve('server/store/walCheckpointer.ts'))};
      const db = openDatabase(${JSON.stringify(dir)});
      const checkpointer = startWalCheckpointer(db);
      db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)');
      db.prepare('INSERT INTO t (body) VALUES (?)').run('x');
      checkpointer.committed();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await checkpointer.close();
      db.close();
      console.log('closed');
    `;
    const file = path.join(dir, 'close.mts');
    writeFileSync(file, script);
    const run = spawnSync(process.execPath, ['--import', 'tsx', file], { encoding: 'utf8', timeout: 60_000 });
    expect({ status: run.status, out: run.stdout.trim() }, run.stderr).toEqual({ status: 0, out: 'closed' });
    expect(existsSync(path.join(dir, 'practice.sqlite-wal'))).toBe(false);
  }, 60_000);
});
