/**
 * The store: what every server module talks to (docs/architecture.md "The store"). Two
 * implementations, chosen at start by DATABASE_URL: the embedded SQLite file (default, nothing to
 * install) and PostgreSQL (several instances on one database). SQL is written once, with `?`
 * placeholders, in the subset both engines share (INSERT … ON CONFLICT … DO …, RETURNING, partial
 * unique indexes); the PostgreSQL adapter numbers the placeholders ($1, $2…).
 *
 * Portable SQL, in short: snake_case column aliases (PostgreSQL folds unquoted names to lower
 * case), no INSERT OR IGNORE / OR REPLACE (use ON CONFLICT … DO NOTHING / DO UPDATE), no
 * datetime()/randomblob() (compute values in TypeScript and bind them), booleans bound as 1/0.
 * Numbers come back as numbers from both (PostgreSQL's BIGINT and COUNT(*) are parsed).
 */
export type Dialect = 'sqlite' | 'postgres';

export interface Sql {
  readonly dialect: Dialect;
  /** Inside a transaction: the store it was opened on (per-store process state, such as the limit scale, keys on it). */
  readonly base?: Sql;
  /** The first row, or undefined. */
  get<T>(text: string, params?: readonly unknown[]): Promise<T | undefined>;
  all<T>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** A statement without rows to read (or whose RETURNING rows are not needed): how many rows it changed. */
  run(text: string, params?: readonly unknown[]): Promise<{ changes: number }>;
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. SQLite:
   * BEGIN IMMEDIATE on the one connection, transactions serialised by an async mutex (statements
   * outside a transaction wait for it too). PostgreSQL: one pooled client, READ COMMITTED. A
   * transaction inside a transaction joins it.
   */
  tx<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  /** Answers when the store can serve (a `SELECT 1`); throws otherwise. For /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** SQLite's error for a broken unique constraint, PostgreSQL's 23505: true for either. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
