import type { FastifyInstance } from 'fastify';
import type { Sql } from './store/index.js';

/**
 * Liveness and readiness for load balancers and process managers (README.md "Running more than
 * one instance"). Neither answer carries patient data; both are exempt from the Host check
 * (server/security.ts: a load balancer probes by address) and from the rate limits (no limit
 * group covers them, server/rate-limits.ts).
 */
const HEALTH_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz']);

/** Whether a request path (query ignored) is /healthz or /readyz. */
export function isHealthPath(url: string): boolean {
  return HEALTH_PATHS.has(url.split('?')[0] ?? '');
}

/** How long /readyz waits for the store before answering 503. */
const READY_TIMEOUT_MS = 2_000;

/** The one place readiness asks the store: its ping (a trivial query; a closed or unreachable database fails). */
async function storeReady(store: Sql): Promise<void> {
  await store.ping();
}

type NotReadyReason = 'draining' | 'store';

/** The 503 body of /readyz: why this instance should get no traffic now. */
interface NotReady {
  status: 'unavailable';
  reason: NotReadyReason;
  message: string;
}

const MESSAGES: Record<NotReadyReason, string> = {
  draining: 'This instance is shutting down: send new requests to another instance.',
  store: 'This instance cannot reach its database.',
};

/** Whether this instance is draining (SIGTERM received, server/main.ts): /readyz answers 503 from then on. */
export class DrainState {
  private started = false;

  begin(): void {
    this.started = true;
  }

  get draining(): boolean {
    return this.started;
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * GET /healthz: 200 `{ status: "ok" }` while the process serves HTTP at all (no store access: a
 * database outage must not make a process manager restart every instance).
 * GET /readyz: 200 `{ status: "ok" }` when the store answers a trivial query and the instance is
 * not draining; else 503 with the reason. Logged at warn level only, so probes every few seconds
 * do not fill the request log.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  store: Sql,
  drain: DrainState,
  readyTimeoutMs = READY_TIMEOUT_MS,
  details?: () => Promise<Record<string, unknown>>,
): void {
  const notReady = (reason: NotReadyReason): NotReady => ({ status: 'unavailable', reason, message: MESSAGES[reason] });
  app.get('/healthz', { logLevel: 'warn' }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', { logLevel: 'warn' }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    if (drain.draining) return reply.code(503).send(notReady('draining'));
    try {
      await withTimeout(storeReady(store), readyTimeoutMs);
    } catch (error) {
      // The error's text only (a driver message, never a query's parameters).
      request.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'readiness: the store did not answer');
      return reply.code(503).send(notReady('store'));
    }
    // What the practice watches (e.g. new questionnaires against their hourly ceiling): counts only, no patient data.
    const more = details ? await details().catch(() => undefined) : undefined;
    return more ? { status: 'ok', details: more } : { status: 'ok' };
  });
}
