// What the embedded engine stores of an execution (a row of `guideline_executions`, its state as
// JSON) and who may read it: the row's read, with the owner and abandonment checks, and its writes.
import type { CustomDataEntry } from '../../generated/types/api/engine-custom-data-entry';
import type { GuidelineExecution, Recommendation } from '../../generated/types/api/engine-execution';
import type { EngineFinishRequest } from '../../generated/types/api/engine-finish-request';
import type { FormData } from '../../renderer/core/index';
import { HttpError } from '../errors.js';
import type { Sql } from '../store/index.js';
import { assertExecutionSize, assertNotAbandoned } from './expiry.js';

export type ExecutionStatus = GuidelineExecution['status'];

/** What is stored of an execution (the `state` column, JSON). */
interface ExecutionState {
  version: string;
  params: { patientAge: number; sexAtBirth: 'female' | 'male' };
  customData: CustomDataEntry[];
  /** Pruned answers by section id (only sections on `path`). */
  answers: Record<string, FormData>;
  /** Section ids shown so far, document order; the last is the current one while IN_PROGRESS. */
  path: string[];
  /** Frozen when the execution completes. */
  recommendations: Recommendation[];
  feedback?: EngineFinishRequest;
  doctorId?: string;
  customContext?: unknown;
}

export interface ExecutionRecord {
  id: string;
  guidelineId: string;
  status: ExecutionStatus;
  state: ExecutionState;
}

/**
 * Who asks for an execution: the browser that started it (the digest of its engine key, see
 * server/routes/engine.ts), or the practice (signed-in staff, or the server itself re-checking a
 * submitted request). An execution holds the patient's age, sex and answers, so anyone else gets
 * the same 404 as for an id that does not exist.
 */
export type ExecutionAccess = { readonly owner: string } | { readonly practice: true };
export const PRACTICE_ACCESS: ExecutionAccess = { practice: true };

const INSERT_EXECUTION = 'INSERT INTO guideline_executions (id, guideline_id, status, state, created_at, updated_at, owner) VALUES (?, ?, ?, ?, ?, ?, ?)';
const UPDATE_EXECUTION = 'UPDATE guideline_executions SET status = ?, state = ?, updated_at = ? WHERE id = ?';
const SELECT_EXECUTION = 'SELECT id, guideline_id, status, state, owner, updated_at FROM guideline_executions WHERE id = ?';
const SELECT_FOR_UPDATE = `${SELECT_EXECUTION} FOR UPDATE`;

interface ExecutionRow {
  id: string;
  guideline_id: string;
  status: ExecutionStatus;
  state: string;
  owner: string | null;
  updated_at: string;
}

/**
 * The execution `id` as `access` may read it: 404 for an id that does not exist or is another
 * browser's, 410 for a patient's read of one abandoned. `forUpdate` holds the row until the
 * transaction ends (PostgreSQL; SQLite's transaction is already the file's only writer).
 */
export async function loadExecution(db: Sql, id: string, access: ExecutionAccess, now: Date, forUpdate = false): Promise<ExecutionRecord> {
  const row = await db.get<ExecutionRow>(forUpdate && db.dialect === 'postgres' ? SELECT_FOR_UPDATE : SELECT_EXECUTION, [id]);
  if (!row || !('practice' in access || (row.owner !== null && row.owner === access.owner))) throw new HttpError(404, `No guideline execution ${id}`);
  if (!('practice' in access)) assertNotAbandoned(row, now);
  return { id: row.id, guidelineId: row.guideline_id, status: row.status, state: JSON.parse(row.state) as ExecutionState };
}

/** Stores a new execution owned by `owner` (its size already checked: a 413 comes before the hourly ceiling's count). */
export async function insertExecution(db: Sql, rec: ExecutionRecord, owner: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.run(INSERT_EXECUTION, [rec.id, rec.guidelineId, rec.status, JSON.stringify(rec.state), at, at, owner]);
}

/** Writes the execution's status and state (413 when the change would make it too large). */
export async function saveExecution(db: Sql, rec: ExecutionRecord, now: Date): Promise<void> {
  const state = JSON.stringify(rec.state);
  assertExecutionSize(rec.state, state);
  await db.run(UPDATE_EXECUTION, [rec.status, state, now.toISOString(), rec.id]);
}
