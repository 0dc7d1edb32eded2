import type Database from 'better-sqlite3';
import { Mutex } from './mutex.js';
import type { Sql } from './types.js';
import { startWalCheckpointer } from './walCheckpointer.js';

/** Values better-sqlite3 binds: booleans as 1/0, undefined as NULL. */
function bind(params: readonly unknown[] | undefined): unknown[] {
  if (!params) return [];
  return params.map((p) => (p === undefined ? null : typeof p === 'boolean' ? (p ? 1 : 0) : p));
}

/**
 * The SQLite store over one better-sqlite3 connection. Statements are prepared once per text.
 * The connection is synchronous: every call has finished when its promise is made, so the only
 * interleaving is between `await`s inside tx(); the mutex keeps other callers' statements out of
 * an open transaction (they wait for it).
 */
export function sqliteStore(db: Database.Database): Sql {
  const cache = new Map<string, Database.Statement>();
  const prepare = (text: string): Database.Statement => {
    let s = cache.get(text);
    if (!s) cache.set(text, (s = db.prepare(text)));
    return s;
  };
  const mutex = new Mutex();
  // The log's checkpoints run on a worker's connection, not in the commit of whichever request
  // reaches 1,000 pages (server/store/walCheckpointer.ts).
  const checkpointer = startWalCheckpointer(db);

  const direct = {
    get<T>(text: string, params?: readonly unknown[]): T | undefined {
      return prepare(text).get(...bind(params)) as T | undefined;
    },
    all<T>(text: string, params?: readonly unknown[]): T[] {
      return prepare(text).all(...bind(params)) as T[];
    },
    run(text: string, params?: readonly unknown[]): { changes: number } {
      const s = prepare(text);
      if (s.reader) {
        // A RETURNING statement: run it through all() (better-sqlite3's run() refuses readers).
        const rows = s.all(...bind(params));
        return { changes: rows.length };
      }
      return { changes: s.run(...bind(params)).changes };
    },
  };

  /** Outside a transaction: wait while one is open on this connection, else run at once. */
  async function outside<R>(work: () => R): Promise<R> {
    if (!mutex.locked) return work();
    const release = await mutex.acquire();
    try {
      return work();
    } finally {
      release();
    }
  }

  const inTx: Sql = {
    dialect: 'sqlite',
    get base() {
      return store;
    },
    get: async (t, p) => direct.get(t, p),
    all: async (t, p) => direct.all(t, p),
    run: async (t, p) => direct.run(t, p),
    tx: (fn) => fn(inTx),
    ping: async () => undefined,
    close: async () => undefined,
  };

  const store: Sql = {
    dialect: 'sqlite',
    get: (t, p) => outside(() => direct.get(t, p)),
    all: (t, p) => outside(() => direct.all(t, p)),
    run: (t, p) =>
      outside(() => {
        const result = direct.run(t, p);
        checkpointer?.committed();
        return result;
      }),
    async tx<T>(fn: (tx: Sql) => Promise<T>): Promise<T> {
      const release = await mutex.acquire();
      try {
        // Through the statement cache: preparing BEGIN and COMMIT anew was about a twentieth of
        // a `$continue`'s CPU in a profile under load.
        prepare('BEGIN IMMEDIATE').run();
        try {
          const result = await fn(inTx);
          prepare('COMMIT').run();
          checkpointer?.committed();
          return result;
        } catch (e) {
          if (db.inTransaction) prepare('ROLLBACK').run();
          throw e;
        }
      } finally {
        release();
      }
    },
    ping: async () => {
      db.prepare('SELECT 1').get();
    },
    close: async () => {
      const release = await mutex.acquire();
      try {
        await checkpointer?.close();
        if (db.open) db.close();
      } finally {
        release();
      }
    },
  };
  return store;
}
