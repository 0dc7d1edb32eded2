import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { HttpError } from './errors.js';
import { clientKey } from './identity.js';
import type { Sql } from './store/types.js';

/**
 * Requests per minute per client (an IPv4 address, or an IPv6 /64: server/identity.ts clientKey; see TRUST_PROXY in README.md) on each group of
 * calls. A group is counted across all its routes together (not each route on its own), and every
 * patient-facing call also counts towards `api`, the client's ceiling over all of them.
 */
export interface RateLimits {
  /** Patient match and validation (POST /api/v1/triage/nhs/…): a bounded number of record lookups. */
  patientCheck: number;
  /** The simulated NHS login's sign-in (POST /nhs-login/authorize): each one creates a session. */
  nhsLogin: number;
  /**
   * Staff sign-in (POST /practice/sign-in) from one client, any accounts: bounds the password
   * hashing a client can ask for. Wrong passwords lock one account from one client far sooner
   * (server/staffLockout.ts), so a guesser does not lock out colleagues behind the same address.
   */
  signIn: number;
  /** Submissions, bookings, changes, cancels and link checks (POST /api/v1/triage/patient/…, the booking calls). */
  submission: number;
  /** New guideline executions (`$start`, directly or through the engine proxy): each one is a stored row. */
  engineStart: number;
  /** Every engine call (/api/v1/fhir/r4/…) and the engine proxy. */
  engine: number;
  /** Availability and sessions (GET /api/v1/triage/nhs/available/appointments, …/appointment/sessions…). */
  availability: number;
  /** Every patient-facing call (/api/…, /nhs-login/…, /postcode/…, /signout) together. */
  api: number;
}

export const DEFAULT_RATE_LIMITS: Readonly<RateLimits> = {
  patientCheck: 20,
  nhsLogin: 10,
  signIn: 30,
  submission: 30,
  engineStart: 20,
  engine: 300,
  availability: 60,
  api: 600,
};

export type RateLimitGroup = keyof RateLimits;

const ENGINE_PREFIX = '/api/v1/fhir/r4/';
const PROXY_PATH = '/api/v1/engine-proxy';
const AVAILABILITY_PATHS = [
  '/api/v1/triage/nhs/available/appointments',
  '/api/v1/triage/nhs/appointments/availability/ai-led',
  '/api/v1/triage/nhs/appointment/sessions',
];
const BOOKING_PATHS = ['/api/v1/triage/nhs/book/', '/api/v1/triage/nhs/reschedule/', '/api/v1/triage/nhs/cancel/'];

/** The limit group of a route, by method and path; undefined when the route has none of its own. */
function rateLimitGroup(method: string, url: string): RateLimitGroup | undefined {
  if (url.startsWith(ENGINE_PREFIX) || url === PROXY_PATH) return method === 'POST' && url.endsWith('/$start') ? 'engineStart' : 'engine';
  if (method === 'GET' && AVAILABILITY_PATHS.some((p) => url.startsWith(p))) return 'availability';
  if (method !== 'POST' && method !== 'DELETE') return undefined;
  if (BOOKING_PATHS.some((p) => url.startsWith(p))) return 'submission';
  if (url.startsWith('/api/v1/triage/nhs/')) return 'patientCheck';
  if (url === '/nhs-login/authorize') return 'nhsLogin';
  if (url === '/practice/sign-in') return 'signIn';
  if (url.startsWith('/api/v1/triage/patient/')) return 'submission';
  return undefined;
}

/**
 * Patient-facing routes: they count towards `api` (the practice's own pages and read-back do not).
 * `/app-data/` too: a name the server has not kept makes it read and hash the settings afresh.
 */
function isPatientFacing(url: string): boolean {
  if (url.startsWith('/api/v1/practice')) return false;
  return url.startsWith('/api/') || url.startsWith('/nhs-login/') || url.startsWith('/postcode/') || url.startsWith('/app-data/') || url === '/signout';
}

/**
 * `limits` scaled by PRACTICE_RATE_LIMIT_SCALE (a positive number, default 1): load tests and the
 * test suites, which send everything from one address, raise it; production leaves it alone.
 */
export function scaledRateLimits(limits: Readonly<RateLimits>, scale: string | undefined): RateLimits {
  const factor = rateLimitScale(scale);
  const out = { ...limits };
  for (const k of Object.keys(out) as RateLimitGroup[]) out[k] = Math.ceil(limits[k] * factor);
  return out;
}

/** PRACTICE_RATE_LIMIT_SCALE as a factor: a positive number, else 1. */
export function rateLimitScale(scale: string | undefined): number {
  return scale !== undefined && Number(scale) > 0 ? Number(scale) : 1;
}

/** Buckets of rate_limit_windows counted over a longer window than a minute (server/staffLockout.ts): the minute prune leaves them. */
export const LONG_WINDOW_BUCKET_PREFIX = 'long:';

/** SQLite: the windows of each store, in this process (the one process that writes its file). */
const memoryWindows = new WeakMap<Sql, Map<string, { start: number; count: number }>>();

/**
 * One-minute windows per (group, client); a window starts at the client's first call in the group.
 * Counted where every instance of the store sees them:
 * - PostgreSQL (several instances on one database): in table rate_limit_windows, one upsert per
 *   call that answers the count (`… ON CONFLICT DO UPDATE SET n = … RETURNING n`; SET reads the old row).
 * - SQLite: one process owns the file, so its instances are that process: the windows are kept in
 *   memory per store (a write per call would cost the embedded store a transaction for nothing).
 */
export class RateCounter {
  private lastPrune = 0;
  private readonly memory: Map<string, { start: number; count: number }> | undefined;
  constructor(
    private readonly store: Sql,
    private readonly limits: Readonly<RateLimits>,
    private readonly now: () => number = Date.now,
    private readonly windowMs = 60_000,
  ) {
    if (store.dialect === 'sqlite') {
      let windows = memoryWindows.get(store);
      if (!windows) memoryWindows.set(store, (windows = new Map()));
      this.memory = windows;
    }
  }

  /** Counts one request; answers the seconds to wait when it is over the limit. */
  async take(group: RateLimitGroup, client: string): Promise<{ max: number; retryAfter: number } | undefined> {
    const now = this.now();
    const window = this.memory ? this.countInMemory(this.memory, group, client, now) : await this.countInStore(group, client, now);
    const max = this.limits[group];
    if (window.count <= max) return undefined;
    return { max, retryAfter: Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000)) };
  }

  private countInMemory(
    windows: Map<string, { start: number; count: number }>,
    group: RateLimitGroup,
    client: string,
    now: number,
  ): { start: number; count: number } {
    const key = `${group}\u0000${client}`;
    let w = windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      if (windows.size >= 50_000) for (const [k, old] of windows) if (now - old.start >= this.windowMs) windows.delete(k);
      w = { start: now, count: 0 };
      windows.set(key, w);
    }
    w.count++;
    return w;
  }

  private async countInStore(group: RateLimitGroup, client: string, now: number): Promise<{ start: number; count: number }> {
    const expired = now - this.windowMs;
    const row = await this.store.get<{ n: number; window_start: number }>(
      `INSERT INTO rate_limit_windows (bucket, client, window_start, n) VALUES (?, ?, ?, 1)
       ON CONFLICT (bucket, client) DO UPDATE SET
         n = CASE WHEN rate_limit_windows.window_start <= ? THEN 1 ELSE rate_limit_windows.n + 1 END,
         window_start = CASE WHEN rate_limit_windows.window_start <= ? THEN ? ELSE rate_limit_windows.window_start END
       RETURNING n, window_start`,
      [group, client, now, expired, expired, now],
    );
    if (now - this.lastPrune >= this.windowMs) {
      this.lastPrune = now;
      // Windows long over are forgotten; a failure here only leaves rows for the next prune.
      // Counts with windows of their own (LONG_WINDOW_BUCKET_PREFIX) prune themselves.
      this.store
        .run('DELETE FROM rate_limit_windows WHERE window_start <= ? AND bucket NOT LIKE ?', [expired, `${LONG_WINDOW_BUCKET_PREFIX}%`])
        .catch(() => undefined);
    }
    return row ? { start: row.window_start, count: row.n } : { start: now, count: 0 };
  }
}

/** The answer past a limit: 429 in the API's error shape, with Retry-After. */
function tooMany(reply: FastifyReply, over: { max: number; retryAfter: number }): HttpError {
  reply.header('retry-after', String(over.retryAfter));
  return new HttpError(429, `Too many requests: at most ${over.max} a minute from one device. Try again in ${over.retryAfter} seconds.`);
}

export interface RateLimiter {
  /** Counts a request against a group for its client (the engine proxy counts the call it forwards); rejects with 429 past the limit. */
  check(request: FastifyRequest, reply: FastifyReply, group: RateLimitGroup): Promise<void>;
  /** Headers that mark the proxy's own in-process calls to the embedded engine, so they are not counted twice. */
  readonly internalHeaders: Readonly<Record<string, string>>;
}

const INTERNAL_HEADER = 'x-practice-internal';

/**
 * Limits on every route of a limited group, whichever file registers it (call this before the
 * routes). Past the limit: a 429 in the API's error shape, with `Retry-After`.
 */
export function registerRateLimits(app: FastifyInstance, store: Sql, limits: Readonly<RateLimits>, now: () => number = Date.now): RateLimiter {
  const counter = new RateCounter(store, limits, now);
  const secret = randomBytes(24).toString('hex');
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const url = route.url ?? '';
    const groups = new Set<RateLimitGroup>();
    for (const m of methods) {
      const g = rateLimitGroup(m, url);
      if (g) groups.add(g);
    }
    if (isPatientFacing(url)) groups.add('api');
    if (groups.size === 0) return;
    route.config = { ...(route.config as object), limitGroups: [...groups] } as RouteOptions['config'];
  });
  const internal = (request: FastifyRequest) => request.headers[INTERNAL_HEADER] === secret;
  app.addHook('onRequest', async (request, reply) => {
    if (internal(request)) return;
    const config = request.routeOptions.config as { limitGroups?: RateLimitGroup[] } | undefined;
    const method = request.method;
    for (const group of config?.limitGroups ?? []) {
      // A route registered for several methods counts each request in its own method's group only.
      if (group !== 'api' && rateLimitGroup(method, request.routeOptions.url ?? '') !== group) continue;
      const over = await counter.take(group, clientKey(request.ip));
      if (over) throw tooMany(reply, over);
    }
  });
  return {
    check: async (request, reply, group) => {
      if (internal(request)) return;
      const over = await counter.take(group, clientKey(request.ip));
      if (over) throw tooMany(reply, over);
    },
    internalHeaders: { [INTERNAL_HEADER]: secret },
  };
}
