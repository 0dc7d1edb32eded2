// One finished questionnaire backs one request at the practice. Without this, one completed
// execution could be sent any number of times, from any client, each a request the practice must
// read; and its answers could still be changed by $continue after the practice had them.
import { HttpError } from './errors.js';
import { asObject } from './json.js';
import { shortReference } from './notifications/index.js';
import type { AdminRequest } from '../generated/types/api/admin-request';
import type { TriageRequest } from '../generated/types/api/triage-request';
import type { Sql } from './store/index.js';

/**
 * The execution id a stored triage request was built from (the engine's own, set by
 * reclassification); none for an admin request (an unverified pair's primary request may be one).
 */
export function executionIdOf(request: Pick<TriageRequest, 'consultation'> | AdminRequest): string | undefined {
  const id = asObject(request.consultation).executionId;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/**
 * Holds the execution's row until the transaction ends (PostgreSQL), so a $continue on another
 * instance waits for the request to be stored, then sees it and is refused. SQLite: the
 * transaction is already the file's only writer.
 */
export async function lockExecution(tx: Sql, executionId: string | undefined): Promise<void> {
  if (executionId && tx.dialect === 'postgres') await tx.get('SELECT id FROM guideline_executions WHERE id = ? FOR UPDATE', [executionId]);
}

/** 409 naming the request the execution already backs (its short reference), at the body's executionId. */
function alreadySent(requestId: string, path: string): HttpError {
  const message = `this questionnaire has already been sent to the practice (reference ${shortReference(requestId)})`;
  return new HttpError(409, `body${path}/consultation/executionId: ${message}`, {
    reason: 'ALREADY_SENT',
    details: [{ path: `${path}/consultation/executionId`, message }],
  });
}

/**
 * Records that `requestId` is the request of `executionId`, in the transaction that stores it. A
 * second request from the same execution is 409 with the first one's reference (a retry of the
 * first, with its Idempotency-Key, gets the first answer before it comes here). The primary key
 * decides between concurrent sends on any number of instances. A request and a booking after a
 * questionnaire claim alike: one finished questionnaire backs one of them, once.
 */
export async function claimExecution(tx: Sql, executionId: string | undefined, requestId: string, path: string): Promise<void> {
  if (!executionId) return;
  const claimed = await tx.run('INSERT INTO execution_requests (execution_id, request_id, created_at) VALUES (?, ?, ?) ON CONFLICT (execution_id) DO NOTHING', [
    executionId,
    requestId,
    new Date().toISOString(),
  ]);
  if (claimed.changes === 1) return;
  throw alreadySent((await claimant(tx, executionId)) ?? '', path);
}

async function claimant(db: Sql, executionId: string): Promise<string | undefined> {
  return (await db.get<{ request_id: string }>('SELECT request_id FROM execution_requests WHERE execution_id = ?', [executionId]))?.request_id;
}

/** Refuses a change to an execution whose request the practice already has (409). */
export async function assertNotSent(db: Sql, executionId: string, call: string): Promise<void> {
  const sent = await claimant(db, executionId);
  if (sent !== undefined) {
    throw new HttpError(409, `Execution ${executionId} has been sent to the practice (reference ${shortReference(sent)}): ${call} is refused`);
  }
}
