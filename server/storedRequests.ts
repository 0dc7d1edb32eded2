import { createHash, randomUUID } from 'node:crypto';
import { HttpError } from './errors.js';
import type { RequestKind, Sql, StoredBodies, StoredBody } from './store/index.js';
import { isTier, REST_RANK, tierRank, type UrgencyTier } from '../common/index.js';
import { type JsonObject, asObject } from './json.js';

/**
 * A stored request as the practice reads it back (GET /api/v1/practice/requests answers these:
 * each is a PracticeRequest of the contract), its body typed by its kind.
 */
export type StoredRequest = {
  [K in RequestKind]: {
    id: string;
    kind: K;
    formType?: string;
    status: string;
    receivedAt: string;
    /** A medical request's urgency tier, from its execution (server/triageClassification.ts); absent on admin requests. */
    tier?: UrgencyTier;
    body: StoredBodies[K];
  };
}[RequestKind];

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

/**
 * The tier of a stored body: its triage request's `consultation.tier` (consultation, booking,
 * eligibility booking, or the primary of an unverified pair), which the server set from the
 * execution. An emergency indication never ranks below A&E.
 */
function storedTier(body: JsonObject): { tier?: UrgencyTier; rank: number } {
  const words = screeningRank(body);
  const request = [body.triageRequest, body.eligibilityBooking, body.primaryRequest]
    .map(asObject)
    .find((r) => typeof r.triageRequestType === 'string' && r.consultation !== undefined);
  if (!request) return { rank: words };
  const tier = asObject(request.consultation).tier;
  const rank = Math.min(tierRank(tier), request.triageRequestType === 'EMERGENCY_INDICATION' ? tierRank('AE_NOW') : REST_RANK, words);
  return isTier(tier) ? { tier, rank } : { rank };
}

/**
 * The inbox rank the patient's own words call for (server/screening.ts records `screening.matched`):
 * a request whose words matched an emergency phrase sorts with that tier, and crisis words
 * (self-harm, suicide) at least with the urgent ones, whatever the questionnaire's outcome or the
 * request's kind: "I want GP advice" after a suicide plan is never read as routine.
 */
function screeningRank(body: JsonObject): number {
  const matched = asObject(body.screening).matched;
  let rank = REST_RANK;
  for (const m of (Array.isArray(matched) ? matched : []).map(asObject)) {
    rank = Math.min(rank, tierRank(m.tier), m.crisis === true ? tierRank('URGENT_TODAY') : REST_RANK);
  }
  return rank;
}

function newRequest<K extends RequestKind>(kind: K, formType: string | undefined, body: StoredBodies[K]): { stored: StoredRequest; params: unknown[] } {
  const { tier, rank } = storedTier(body);
  const stored = {
    id: randomUUID(),
    kind,
    status: 'NEW',
    receivedAt: new Date().toISOString(),
    ...(tier ? { tier } : {}),
    body,
    ...(formType ? { formType } : {}),
  } as StoredRequest;
  return { stored, params: [stored.id, kind, formType ?? null, stored.status, stored.receivedAt, JSON.stringify(body), tier ?? null, rank] };
}

const INSERT_REQUEST = 'INSERT INTO requests (id, kind, form_type, status, received_at, body, tier, tier_rank) VALUES (?, ?, ?, ?, ?, ?, ?, ?)';

/** Stores one request through the store (or the transaction `db` is: a submission's or a booking's). */
export async function insertRequest<K extends RequestKind>(db: Sql, kind: K, formType: string | undefined, body: StoredBodies[K]): Promise<StoredRequest> {
  const { stored, params } = newRequest(kind, formType, body);
  await db.run(INSERT_REQUEST, params);
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
  tier: string | null;
  tier_rank: number;
}

/**
 * A row as a StoredRequest. Its body is what the server itself stored under that kind (the
 * routes build it from the contract's types), so it is read back as that kind's StoredBody;
 * readers still look inside defensively, as a body stored by an older version may lack a field.
 */
function fromRow(r: RequestRow): StoredRequest {
  return {
    id: r.id,
    kind: r.kind,
    ...(r.form_type ? { formType: r.form_type } : {}),
    status: r.status,
    receivedAt: r.received_at,
    ...(isTier(r.tier) ? { tier: r.tier } : {}),
    body: JSON.parse(r.body) as StoredBody,
  } as StoredRequest;
}

/** A place in inbox order: the request's tier rank and its sequence number. */
interface InboxPosition {
  rank: number;
  seq: number;
}

interface RequestsPage {
  items: StoredRequest[];
  /** Where the next (older) page starts (the route makes it an opaque cursor). Absent on the last page. */
  next?: InboxPosition;
  /** How many requests are stored in all. */
  total: number;
}

const REQUEST_COLUMNS = 'seq, id, kind, form_type, status, received_at, body, tier, tier_rank';

/**
 * One page of what the practice received in inbox order: by tier (CALL_999, AE_NOW, URGENT_TODAY,
 * then the rest; server/tiers.ts `tierRank`), newest first within each, after `after` when given.
 * The order is total (rank, seq), so paging visits every request exactly once. `limit` is the
 * route's, already checked (1 to MAX_PAGE_SIZE of server/services/paging.ts).
 */
export async function listRequestsPage(db: Sql, options: { limit: number; after?: InboxPosition }): Promise<RequestsPage> {
  const limit = Math.max(1, Math.floor(options.limit));
  const rows =
    options.after === undefined
      ? await db.all<RequestRow>(`SELECT ${REQUEST_COLUMNS} FROM requests ORDER BY tier_rank ASC, seq DESC LIMIT ?`, [limit + 1])
      : await db.all<RequestRow>(
          `SELECT ${REQUEST_COLUMNS} FROM requests WHERE tier_rank > ? OR (tier_rank = ? AND seq < ?) ORDER BY tier_rank ASC, seq DESC LIMIT ?`,
          [options.after.rank, options.after.rank, options.after.seq, limit + 1],
        );
  const more = rows.length > limit;
  const shown = rows.slice(0, limit);
  const total = Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM requests'))?.n ?? 0);
  const last = shown[shown.length - 1];
  return { items: shown.map(fromRow), total, ...(more && last ? { next: { rank: last.tier_rank, seq: last.seq } } : {}) };
}

const MAX_KEY_LENGTH = 200;

function assertKeyLength(key: string): void {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw new HttpError(400, `headers/idempotency-key must be 1 to ${MAX_KEY_LENGTH} characters`, {
      details: [{ path: '/idempotency-key', message: `must be 1 to ${MAX_KEY_LENGTH} characters` }],
    });
  }
}

function submissionHash(route: string, body: unknown): string {
  return createHash('sha256').update(route).update('\n').update(canonicalJson(body)).digest('hex');
}

function keyReusedError(): HttpError {
  return new HttpError(422, 'This Idempotency-Key was already used with a different request', {
    details: [{ path: '/idempotency-key', message: 'was already used with a different request' }],
  });
}

interface KeyRow {
  body_hash: string;
  status_code: number;
  response: string;
}

/**
 * On PostgreSQL, makes the transactions of one Idempotency-Key wait for each other (a transaction
 * advisory lock on the key, released at commit or rollback): the second then reads the first's
 * stored answer instead of both missing it, doing the work twice and one failing on the key's
 * primary key. SQLite's transactions are already one at a time.
 */
export async function lockIdempotencyKey(tx: Sql, key: string): Promise<void> {
  if (tx.dialect === 'postgres') await tx.get('SELECT pg_advisory_xact_lock(hashtext(CAST(? AS text)))', [`idempotency-key:${key}`]);
}

const SELECT_KEY = 'SELECT body_hash, status_code, response FROM idempotency_keys WHERE key = ?';
const INSERT_KEY = 'INSERT INTO idempotency_keys (key, body_hash, status_code, response, created_at) VALUES (?, ?, ?, ?, ?)';

/**
 * Runs one submission so that it is stored at most once per Idempotency-Key.
 * The key check, the work (checks + insert, on the `tx` it is given) and the key's record happen
 * in one store transaction (SQLite: BEGIN IMMEDIATE, one at a time; PostgreSQL: an advisory lock
 * on the key, so a second call with the key, on any instance, waits for the first and answers what
 * it stored; the key is also the primary key, so nothing is stored twice even without the lock). A key reused with a different body (or on another call)
 * is 422. Only 2xx answers are remembered: a refused request may be retried. Everything is
 * committed before the caller sends the answer.
 */
export async function runIdempotent(
  db: Sql,
  key: string | undefined,
  route: string,
  body: unknown,
  work: (tx: Sql) => Promise<SubmissionAnswer>,
): Promise<SubmissionAnswer> {
  if (key === undefined) return db.tx(work);
  assertKeyLength(key);
  const hash = submissionHash(route, body);
  return db.tx(async (tx) => {
    await lockIdempotencyKey(tx, key);
    const previous = await tx.get<KeyRow>(SELECT_KEY, [key]);
    if (previous) {
      if (previous.body_hash !== hash) throw keyReusedError();
      return { statusCode: Number(previous.status_code), body: JSON.parse(previous.response) as unknown };
    }
    const answer = await work(tx);
    if (answer.statusCode >= 200 && answer.statusCode < 300) {
      await tx.run(INSERT_KEY, [key, hash, answer.statusCode, JSON.stringify(answer.body), new Date().toISOString()]);
    }
    return answer;
  });
}
