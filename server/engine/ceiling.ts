// A ceiling on new guideline executions per hour over the whole service, whoever starts them.
// Rate limits bound each client; a crowd of clients (or one with many addresses) is bounded only
// here: past it new questionnaires get 429 and the disk stops growing, while executions already
// started carry on. The practice reads the figures in /readyz.
import type { FastifyReply } from 'fastify';
import { HttpError } from '../errors.js';
import { limitScaleOf } from '../limits.js';
import type { Sql } from '../store/index.js';

const HOUR_MS = 60 * 60_000;

/** Executions that may be started in any hour (MAX_EXECUTIONS_PER_HOUR; default 2,000), times the limit scale of the store. */
export function executionCeiling(db: Sql, env: string | undefined = process.env.MAX_EXECUTIONS_PER_HOUR): number {
  const n = Number(env);
  const base = env !== undefined && env.trim() !== '' && Number.isInteger(n) && n > 0 ? n : 2_000;
  return Math.ceil(base * limitScaleOf(db));
}

export interface ExecutionLoad {
  /** Executions started in the last hour, on every instance of the store. */
  lastHour: number;
  perHourCeiling: number;
  atCeiling: boolean;
}

export async function executionLoad(db: Sql, now: number = Date.now()): Promise<ExecutionLoad> {
  const since = new Date(now - HOUR_MS).toISOString();
  const row = await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM guideline_executions WHERE created_at > ?', [since]);
  const lastHour = Number(row?.n ?? 0);
  const perHourCeiling = executionCeiling(db);
  return { lastHour, perHourCeiling, atCeiling: lastHour >= perHourCeiling };
}

/** The count read at most once a second per store: a $start costs no count of its own (the ceiling may be passed by a second's starts). */
const recent = new WeakMap<Sql, { at: number; load: ExecutionLoad }>();

/** 429 with Retry-After when the service has started its ceiling of executions in the last hour. */
export async function assertUnderExecutionCeiling(db: Sql, reply: FastifyReply, now: number = Date.now()): Promise<void> {
  let seen = recent.get(db);
  if (!seen || now - seen.at >= 1_000) {
    seen = { at: now, load: await executionLoad(db, now) };
    recent.set(db, seen);
  }
  seen.load.lastHour++;
  const load = seen.load;
  if (load.lastHour <= load.perHourCeiling) return;
  reply.header('retry-after', '600');
  throw new HttpError(429, 'The service is very busy: no new questionnaire can be started at the moment. Please try again later or contact the practice.');
}
