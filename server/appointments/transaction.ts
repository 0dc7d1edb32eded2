import { createHash } from 'node:crypto';
import { HttpError } from '../errors.js';
import { canonicalJson, lockIdempotencyKey, type SubmissionAnswer } from '../storedRequests.js';
import type { Sql } from '../store/index.js';

const MAX_KEY_LENGTH = 200;

/**
 * Runs one booking, change or cancel as a single store transaction (SQLite: BEGIN IMMEDIATE;
 * PostgreSQL: one client, the slot guarded by the unique index on active appointments), with the
 * Idempotency-Key check inside it: a retry with the same key and body gets the stored answer.
 * Everything is committed before the answer is returned. (The same rules as runIdempotent of
 * server/storedRequests.ts, on the async store; one of the two goes once requests are on the store too.)
 */
export async function runAppointmentTransaction(
  db: Sql,
  idem: { key: string | undefined; route: string; body: unknown },
  work: (tx: Sql) => Promise<SubmissionAnswer>,
): Promise<SubmissionAnswer> {
  const { key } = idem;
  if (key !== undefined && (key.length === 0 || key.length > MAX_KEY_LENGTH)) {
    throw new HttpError(400, `headers/idempotency-key must be 1 to ${MAX_KEY_LENGTH} characters`, {
      details: [{ path: '/idempotency-key', message: `must be 1 to ${MAX_KEY_LENGTH} characters` }],
    });
  }
  const hash = createHash('sha256').update(idem.route).update('\n').update(canonicalJson(idem.body)).digest('hex');
  return db.tx(async (tx) => {
    if (key === undefined) return work(tx);
    await lockIdempotencyKey(tx, key);
    const previous = await tx.get<{ body_hash: string; status_code: number; response: string }>(
      'SELECT body_hash, status_code, response FROM idempotency_keys WHERE key = ?',
      [key],
    );
    if (previous) {
      if (previous.body_hash !== hash) {
        throw new HttpError(422, 'This Idempotency-Key was already used with a different request', {
          details: [{ path: '/idempotency-key', message: 'was already used with a different request' }],
        });
      }
      return { statusCode: previous.status_code, body: JSON.parse(previous.response) as unknown };
    }
    const answer = await work(tx);
    if (answer.statusCode >= 200 && answer.statusCode < 300) {
      await tx.run('INSERT INTO idempotency_keys (key, body_hash, status_code, response, created_at) VALUES (?, ?, ?, ?, ?)', [
        key,
        hash,
        answer.statusCode,
        JSON.stringify(answer.body),
        new Date().toISOString(),
      ]);
    }
    return answer;
  });
}
