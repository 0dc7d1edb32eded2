import { createHash, randomUUID } from 'node:crypto';
import type { Db } from './db.js';
import { HttpError } from './errors.js';

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
  db.prepare('INSERT INTO requests (id, kind, form_type, status, received_at, body) VALUES (?, ?, ?, ?, ?, ?)').run(
    stored.id,
    kind,
    formType ?? null,
    stored.status,
    stored.receivedAt,
    JSON.stringify(body),
  );
  return stored;
}

export function listRequests(db: Db): StoredRequest[] {
  const rows = db.prepare('SELECT id, kind, form_type, status, received_at, body FROM requests ORDER BY seq DESC').all() as Array<{
    id: string;
    kind: RequestKind;
    form_type: string | null;
    status: string;
    received_at: string;
    body: string;
  }>;
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    ...(r.form_type ? { formType: r.form_type } : {}),
    status: r.status,
    receivedAt: r.received_at,
    body: JSON.parse(r.body) as Record<string, unknown>,
  }));
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
    const previous = db.prepare('SELECT body_hash, status_code, response FROM idempotency_keys WHERE key = ?').get(key) as
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
      db.prepare('INSERT INTO idempotency_keys (key, body_hash, status_code, response, created_at) VALUES (?, ?, ?, ?, ?)').run(
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
