import { createHash, randomUUID } from 'node:crypto';
import type { Db } from './db.js';
import { HttpError } from './errors.js';
import { sql } from './sql.js';

export type RequestKind = 'ADMIN_REQUEST' | 'CONSULTATION' | 'UNVERIFIED_REQUESTS';

export interface StoredRequest {
  id: string;
  kind: RequestKind;
  formType?: string;
  status: string;
  receivedAt: string;
  body: Record<string, unknown>;
}

export interface SubmissionAnswer {
  statusCode: number;
  body: unknown;
}

/** JSON with object keys sorted at every level: equal bodies hash equal whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function insertRequest(db: Db, kind: RequestKind, formType: string | undefined, body: Record<string, unknown>): StoredRequest {
  const stored: StoredRequest = { id: randomUUID(), kind, status: 'NEW', receivedAt: new Date().toISOString(), body, ...(formType ? { formType } : {}) };
  sql(db, 'INSERT INTO requests (id, kind, form_type, status, received_at, body) VALUES (?, ?, ?, ?, ?, ?)').run(
    stored.id,
    kind,
    formType ?? null,
    stored.status,
    stored.receivedAt,
    JSON.stringify(body),
  );
  return stored;
}

interface RequestRow {
  seq: number;
  id: string;
  kind: RequestKind;
  form_type: string | null;
  status: string;
  received_at: string;
  body: string;
}

function fromRow(r: RequestRow): StoredRequest {
  return {
    id: r.id,
    kind: r.kind,
    ...(r.form_type ? { formType: r.form_type } : {}),
    status: r.status,
    receivedAt: r.received_at,
    body: JSON.parse(r.body) as Record<string, unknown>,
  };
}

/** Page sizes of the list call: the default, and the most one page may hold. */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

export interface RequestsPage {
  items: StoredRequest[];
  /** Opaque; pass as `cursor` for the next (older) page. Absent on the last page. */
  nextCursor?: string;
  /** How many requests are stored in all. */
  total: number;
}

/** A cursor is the position (seq) of the last request shown, base64url-encoded. */
export function encodeCursor(seq: number): string {
  return Buffer.from(`s${seq}`).toString('base64url');
}

/** The seq a cursor stands for, or undefined when it is not one of ours. */
export function decodeCursor(cursor: string): number | undefined {
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(cursor)) return undefined;
  const match = /^s([1-9][0-9]{0,14})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return match ? Number(match[1]) : undefined;
}

/** One page of what the practice received, newest first, after the request `before` (a seq) when given. */
export function listRequestsPage(db: Db, options: { limit: number; before?: number }): RequestsPage {
  const limit = Math.min(Math.max(1, Math.floor(options.limit)), MAX_PAGE_SIZE);
  const rows = (
    options.before === undefined
      ? sql(db, 'SELECT seq, id, kind, form_type, status, received_at, body FROM requests ORDER BY seq DESC LIMIT ?').all(limit + 1)
      : sql(db, 'SELECT seq, id, kind, form_type, status, received_at, body FROM requests WHERE seq < ? ORDER BY seq DESC LIMIT ?').all(options.before, limit + 1)
  ) as RequestRow[];
  const more = rows.length > limit;
  const shown = rows.slice(0, limit);
  const total = (sql(db, 'SELECT COUNT(*) AS n FROM requests').get() as { n: number }).n;
  const last = shown[shown.length - 1];
  return { items: shown.map(fromRow), total, ...(more && last ? { nextCursor: encodeCursor(last.seq) } : {}) };
}

const MAX_KEY_LENGTH = 200;

/**
 * Runs one submission so that it is stored at most once per Idempotency-Key.
 * The key check, the work (checks + insert) and the key's record happen in one SQLite
 * transaction, and better-sqlite3 is synchronous, so concurrent identical requests cannot
 * interleave: the first stores, the rest get its answer. A key reused with a different body
 * (or on another call) is 422. Only 2xx answers are remembered: a refused request may be retried.
 * Everything is committed before the caller sends the answer.
 */
export function runIdempotent(
  db: Db,
  key: string | undefined,
  route: string,
  body: unknown,
  work: () => SubmissionAnswer,
): SubmissionAnswer {
  if (key === undefined) return db.transaction(work)();
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw new HttpError(400, `headers/idempotency-key must be 1 to ${MAX_KEY_LENGTH} characters`, {
      details: [{ path: '/idempotency-key', message: `must be 1 to ${MAX_KEY_LENGTH} characters` }],
    });
  }
  const hash = createHash('sha256').update(route).update('\n').update(canonicalJson(body)).digest('hex');
  return db.transaction((): SubmissionAnswer => {
    const previous = sql(db, 'SELECT body_hash, status_code, response FROM idempotency_keys WHERE key = ?').get(key) as
      | { body_hash: string; status_code: number; response: string }
      | undefined;
    if (previous) {
      if (previous.body_hash !== hash) {
        throw new HttpError(422, 'This Idempotency-Key was already used with a different request', {
          details: [{ path: '/idempotency-key', message: 'was already used with a different request' }],
        });
      }
      return { statusCode: previous.status_code, body: JSON.parse(previous.response) as unknown };
    }
    const answer = work();
    if (answer.statusCode >= 200 && answer.statusCode < 300) {
      sql(db, 'INSERT INTO idempotency_keys (key, body_hash, status_code, response, created_at) VALUES (?, ?, ?, ?, ?)').run(
        key,
        hash,
        answer.statusCode,
        JSON.stringify(answer.body),
        new Date().toISOString(),
      );
    }
    return answer;
  })();
}
