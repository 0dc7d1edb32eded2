// How long guideline executions live and how large they may grow (README "Limits and abuse"):
// anyone may start one without signing in, so without these a flood of `$start`s or custom-data
// calls fills the disk. The engine calls assertExecutionSize before every write and
// assertNotAbandoned on every patient's read; the server runs sweepExecutions every hour.
import type { Sql } from '../store/index.js';
import { HttpError } from '../errors.js';

export const EXECUTION_LIMITS = {
  /** An execution not finished and untouched this long is abandoned: the patient's calls get 410. */
  abandonAfterMs: 24 * 60 * 60_000,
  /** Every execution, finished or not, is deleted with its answers this long after its last change. */
  retentionMs: 7 * 24 * 60 * 60_000,
  /** Custom data entries per execution. */
  maxCustomDataEntries: 100,
  /** Custom data per execution, as stored (JSON). */
  maxCustomDataBytes: 32 * 1024,
  /** Answers per execution, as stored (JSON), all sections together. */
  maxAnswersBytes: 128 * 1024,
  /** The customContext given to $start, as stored (JSON). */
  maxCustomContextBytes: 16 * 1024,
} as const;

/** How often the server sweeps. */
export const EXECUTION_SWEEP_INTERVAL_MS = 60 * 60_000;

const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

function tooLarge(path: string, what: string): HttpError {
  return new HttpError(413, `${what}`, { details: [{ path, message: what }], reason: 'EXECUTION_TOO_LARGE' });
}

/** The smallest of the byte caps: a state whose whole JSON is no larger meets every one of them. */
const SMALLEST_BYTES_CAP = Math.min(EXECUTION_LIMITS.maxCustomDataBytes, EXECUTION_LIMITS.maxAnswersBytes, EXECUTION_LIMITS.maxCustomContextBytes);

/**
 * Refuses (413, naming which) a write that would make the execution larger than its caps.
 * `stateJson`, JSON.stringify(state) when the caller has it: each part's JSON is a piece of it, so
 * a small whole needs no part written out again (UTF-8 takes at most 3 bytes per UTF-16 unit).
 */
export function assertExecutionSize(state: { customData: unknown[]; answers: unknown; customContext?: unknown }, stateJson?: string): void {
  if (state.customData.length > EXECUTION_LIMITS.maxCustomDataEntries) {
    throw tooLarge('/customData', `customData has too many entries: at most ${EXECUTION_LIMITS.maxCustomDataEntries} per execution`);
  }
  if (stateJson !== undefined && stateJson.length * 3 <= SMALLEST_BYTES_CAP) return;
  if (Buffer.byteLength(JSON.stringify(state.customData)) > EXECUTION_LIMITS.maxCustomDataBytes) {
    throw tooLarge('/customData', `customData is too large: at most ${kb(EXECUTION_LIMITS.maxCustomDataBytes)} per execution`);
  }
  if (Buffer.byteLength(JSON.stringify(state.answers)) > EXECUTION_LIMITS.maxAnswersBytes) {
    throw tooLarge('/responseData', `The answers are too large: at most ${kb(EXECUTION_LIMITS.maxAnswersBytes)} per execution`);
  }
  if (state.customContext !== undefined && Buffer.byteLength(JSON.stringify(state.customContext)) > EXECUTION_LIMITS.maxCustomContextBytes) {
    throw tooLarge('/customContext', `customContext is too large: at most ${kb(EXECUTION_LIMITS.maxCustomContextBytes)}`);
  }
}

/** Refuses (410) a patient's call on an unfinished execution left untouched for abandonAfterMs. */
export function assertNotAbandoned(row: { id: string; status: string; updated_at: string }, now: Date): void {
  if (row.status === 'FINISHED' || row.status === 'STOPPED') return;
  if (now.getTime() - Date.parse(row.updated_at) > EXECUTION_LIMITS.abandonAfterMs) {
    throw new HttpError(410, 'This questionnaire was left unfinished for more than 24 hours and has expired: please start again', {
      reason: 'EXECUTION_ABANDONED',
    });
  }
}

/** Deletes every execution whose last change is older than the retention period; answers how many. */
export async function sweepExecutions(db: Sql, now: number): Promise<number> {
  const before = new Date(now - EXECUTION_LIMITS.retentionMs).toISOString();
  return (await db.run('DELETE FROM guideline_executions WHERE updated_at < ?', [before])).changes;
}
