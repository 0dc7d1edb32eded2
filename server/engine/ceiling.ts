// A ceiling on new guideline executions per hour over the whole service, whoever starts them.
// Rate limits bound each client; a crowd of clients (or one with many addresses) is bounded only
// here: past it new questionnaires get 429 and the disk stops growing, while executions already
// started carry on. The practice reads the figures in /readyz.
// Counted exactly: the count and the insert are one transaction under one lock.
import type { FastifyReply } from 'fastify';
import { HttpError } from '../errors.js';
import { lockNames } from '../identity.js';
import { limitScaleOf } from '../limits.js';
import type { Sql } from '../store/index.js';

const HOUR_MS = 60 * 60_000;

/** Executions that may be started in any hour (MAX_EXECUTIONS_PER_HOUR; default 2,000), times the limit scale of the store. */
function executionCeiling(db: Sql, env: string | undefined = process.env.MAX_EXECUTIONS_PER_HOUR): number {
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

/** The lock every admission takes (lockNames): one $start at a time counts and inserts, on every instance. */
const CEILING_LOCK = 'execution-ceiling';

/**
 * Admits one new execution under the hourly ceiling, inside the transaction `tx` that stores it
 * (GuidelineEngine.start's `admit`): 429 with Retry-After when the service has started its
 * ceiling of executions in the last hour. The count and the insert are under one lock (PostgreSQL:
 * a transaction-scoped advisory lock held until the insert commits; SQLite: the transaction is the
 * file's only writer), so concurrent $starts on any number of instances never pass the ceiling.
 */
export async function admitUnderExecutionCeiling(tx: Sql, reply: FastifyReply, now: number = Date.now()): Promise<void> {
  // At the ceiling already: refused without queueing for the lock (a count only grows while the
  // service is busy), so a crowd past the ceiling does not hold up the $starts still admitted.
  if (!(await underCeiling(tx, now))) refuse(reply);
  await lockNames(tx, [CEILING_LOCK]);
  if (!(await underCeiling(tx, now))) refuse(reply);
}

async function underCeiling(tx: Sql, now: number): Promise<boolean> {
  const load = await executionLoad(tx, now);
  return load.lastHour < load.perHourCeiling;
}

function refuse(reply: FastifyReply): never {
  reply.header('retry-after', '600');
  throw new HttpError(429, 'The service is very busy: no new questionnaire can be started at the moment. Please try again later or contact the practice.');
}
