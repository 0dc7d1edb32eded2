import pg from 'pg';
import type { Sql } from './types.js';

/**
 * `?` placeholders to PostgreSQL's $1, $2…, leaving string literals, quoted names and comments
 * alone. Cached per text.
 */
const rewritten = new Map<string, string>();
export function toPostgres(text: string): string {
  const hit = rewritten.get(text);
  if (hit !== undefined) return hit;
  let out = '';
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'" || c === '"') {
      const end = text.indexOf(c, i + 1);
      const stop = end === -1 ? text.length : end + 1;
      out += text.slice(i, stop);
      i = stop - 1;
    } else if (c === '-' && text[i + 1] === '-') {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? text.length : end;
      out += text.slice(i, stop);
      i = stop - 1;
    } else if (c === '?') {
      out += `$${++n}`;
    } else {
      out += c;
    }
  }
  if (rewritten.size < 5000) rewritten.set(text, out);
  return out;
}

/** BIGINT (int8) and NUMERIC come back as JS numbers (ms timestamps and counts fit in 2^53). */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20 || oid === 1700) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

function bind(params: readonly unknown[] | undefined): unknown[] {
  if (!params) return [];
  return params.map((p) => (p === undefined ? null : typeof p === 'boolean' ? (p ? 1 : 0) : p));
}

type Queryable = pg.Pool | pg.PoolClient;

function over(q: Queryable, inTx: boolean, pool: pg.Pool, base?: Sql): Sql {
  const query = async (text: string, params?: readonly unknown[]) => q.query({ text: toPostgres(text), values: bind(params) });
  const self: Sql = {
    dialect: 'postgres',
    ...(base ? { base } : {}),
    get: async <T>(t: string, p?: readonly unknown[]) => (await query(t, p)).rows[0] as T | undefined,
    all: async <T>(t: string, p?: readonly unknown[]) => (await query(t, p)).rows as T[],
    run: async (t, p) => ({ changes: (await query(t, p)).rowCount ?? 0 }),
    async tx<T>(fn: (tx: Sql) => Promise<T>): Promise<T> {
      if (inTx) return fn(self);
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query('BEGIN');
        try {
          const result = await fn(over(client, true, pool, self));
          await client.query('COMMIT');
          return result;
        } catch (e) {
          try {
            await client.query('ROLLBACK');
          } catch {
            broken = true;
          }
          throw e;
        }
      } finally {
        client.release(broken);
      }
    },
    ping: async () => {
      await q.query('SELECT 1');
    },
    close: async () => {
      if (!inTx) await pool.end();
    },
  };
  return self;
}

export interface PostgresOptions {
  /** Connections this instance may hold (default 10; PGPOOL_MAX). */
  max?: number;
}

/** The PostgreSQL store over a connection pool for `url` (postgres://…). */
export function postgresStore(url: string, options: PostgresOptions = {}): Sql {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? (Number(process.env.PGPOOL_MAX) || 10),
    types,
  });
  // An idle client's error (the server restarted) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  return over(pool, false, pool);
}
