import type { Statement } from 'better-sqlite3';
import type { Db } from './db.js';

const statements = new WeakMap<Db, Map<string, Statement>>();

/** A prepared statement, compiled once per database (preparing costs far more than running). */
export function sql(db: Db, text: string): Statement {
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = new Map()));
  let statement = cache.get(text);
  if (!statement) cache.set(text, (statement = db.prepare(text)));
  return statement;
}
