// The store interface (server/store) against a real database of this run's kind: SQLite in the
// `integration` project, PostgreSQL (a real server, tests/integration/support/pg-global-setup.ts) in
// `integration-pg`. Both must answer the same for the same SQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation, migrate, MIGRATIONS, postgresStore, type Sql } from '../../../../server/store/index.js';
import { freshPostgresDatabase, STORE, testStore } from '../../support/stores.js';

let t: Awaited<ReturnType<typeof testStore>>;
let store: Sql;
beforeAll(async () => {
  t = await testStore();
  store = t.store;
});
afterAll(() => t?.cleanup());

describe(`the store (${STORE})`, () => {
  it('is the dialect this run asked for, and migrated once', async () => {
    expect(store.dialect).toBe(STORE);
    const names = (await store.all<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).map((r) => r.name);
    expect(names).toEqual(MIGRATIONS.map((m) => m.name));
    expect(await migrate(store)).toEqual([]);
  });

  it('binds ? placeholders in order and answers numbers as numbers', async () => {
    await store.run('INSERT INTO settings (key, value) VALUES (?, ?)', ['t-a', '"x?y"']);
    const row = await store.get<{ key: string; value: string }>("SELECT key, value FROM settings WHERE key = ? AND value <> '?'", ['t-a']);
    expect(row).toEqual({ key: 't-a', value: '"x?y"' });
    const n = await store.get<{ n: number }>('SELECT COUNT(*) AS n FROM settings WHERE key = ?', ['t-a']);
    expect(n).toEqual({ n: 1 });
    await store.run('INSERT INTO staff_sessions (token_hash, username, created_at, last_seen_at) VALUES (?, ?, ?, ?)', [
      'h1',
      'u',
      1_764_000_000_000,
      1_764_000_000_001,
    ]);
    const s = await store.get<{ created_at: number }>('SELECT created_at FROM staff_sessions WHERE token_hash = ?', ['h1']);
    expect(s?.created_at).toBe(1_764_000_000_000);
    expect(await store.get('SELECT key FROM settings WHERE key = ?', ['missing'])).toBeUndefined();
  });

  it('counts changed rows, and RETURNING works through run/get', async () => {
    expect((await store.run('UPDATE settings SET value = ? WHERE key = ?', ['"z"', 't-a'])).changes).toBe(1);
    expect((await store.run('UPDATE settings SET value = ? WHERE key = ?', ['"z"', 'nope'])).changes).toBe(0);
    const up =
      'INSERT INTO rate_limit_windows (bucket, client, window_start, n) VALUES (?, ?, ?, 1) ON CONFLICT (bucket, client) DO UPDATE SET n = rate_limit_windows.n + 1 RETURNING n';
    expect(await store.get<{ n: number }>(up, ['b', 'c', 0])).toEqual({ n: 1 });
    expect(await store.get<{ n: number }>(up, ['b', 'c', 0])).toEqual({ n: 2 });
    expect((await store.run(up, ['b', 'c', 0])).changes).toBe(1);
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    await store.tx(async (tx) => {
      await tx.run('INSERT INTO settings (key, value) VALUES (?, ?)', ['t-commit', '1']);
    });
    await expect(
      store.tx(async (tx) => {
        await tx.run('INSERT INTO settings (key, value) VALUES (?, ?)', ['t-rollback', '1']);
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(await store.get('SELECT key FROM settings WHERE key = ?', ['t-commit'])).toBeDefined();
    expect(await store.get('SELECT key FROM settings WHERE key = ?', ['t-rollback'])).toBeUndefined();
  });

  it('keeps statements from outside a transaction out of it (they see it only once committed)', async () => {
    let inside!: () => void;
    const gate = new Promise<void>((r) => (inside = r));
    let release!: () => void;
    const hold = new Promise<void>((r) => (release = r));
    const tx = store.tx(async (t2) => {
      await t2.run('INSERT INTO settings (key, value) VALUES (?, ?)', ['t-iso', '1']);
      inside();
      await hold;
      throw new Error('rolled back');
    });
    await gate;
    const outside = store.get('SELECT key FROM settings WHERE key = ?', ['t-iso']);
    release();
    await expect(tx).rejects.toThrow('rolled back');
    expect(await outside).toBeUndefined();
  });

  it('tells a unique violation apart, on either engine', async () => {
    const err = await store.run('INSERT INTO settings (key, value) VALUES (?, ?)', ['t-a', '1']).catch((e: unknown) => e);
    expect(isUniqueViolation(err)).toBe(true);
    expect(isUniqueViolation(new Error('other'))).toBe(false);
  });

  it.runIf(STORE === 'postgres')('two instances starting together on an empty database migrate it once (advisory lock)', async () => {
    const db = await freshPostgresDatabase();
    const a = postgresStore(db.url);
    const b = postgresStore(db.url);
    try {
      const [ranA, ranB] = await Promise.all([migrate(a), migrate(b)]);
      // One ran every migration, the other waited for the lock and found nothing left to do.
      expect([ranA, ranB].map((r) => r.length).sort()).toEqual([0, MIGRATIONS.length]);
      expect((await a.get<{ n: number }>('SELECT COUNT(*) AS n FROM schema_migrations'))?.n).toBe(MIGRATIONS.length);
    } finally {
      await a.close();
      await b.close();
      await db.drop();
    }
  });
});
