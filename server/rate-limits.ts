import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { HttpError } from './errors.js';

/** Requests per minute per client (by IP address; see TRUST_PROXY in README.md) on each group of calls. */
export interface RateLimits {
  /** Patient match and validation (POST /api/v1/triage/nhs/…): a bounded number of record lookups. */
  patientCheck: number;
  /** The simulated NHS login's sign-in (POST /nhs-login/authorize): each one creates a session. */
  nhsLogin: number;
  /** Staff sign-in (POST /practice/sign-in): password guesses. */
  signIn: number;
  /** Submissions (POST /api/v1/triage/patient/…). */
  submission: number;
}

export const DEFAULT_RATE_LIMITS: Readonly<RateLimits> = { patientCheck: 20, nhsLogin: 10, signIn: 10, submission: 30 };

/** The limit group of a route, by method and path; undefined when the route is not limited. */
export function rateLimitGroup(method: string, url: string): keyof RateLimits | undefined {
  if (method !== 'POST') return undefined;
  if (url.startsWith('/api/v1/triage/nhs/')) return 'patientCheck';
  if (url === '/nhs-login/authorize') return 'nhsLogin';
  if (url === '/practice/sign-in') return 'signIn';
  if (url.startsWith('/api/v1/triage/patient/')) return 'submission';
  return undefined;
}

/**
 * `limits` scaled by PRACTICE_RATE_LIMIT_SCALE (a positive number, default 1): load tests and the
 * test suites, which send everything from one address, raise it; production leaves it alone.
 */
export function scaledRateLimits(limits: Readonly<RateLimits>, scale: string | undefined): RateLimits {
  const factor = scale !== undefined && Number(scale) > 0 ? Number(scale) : 1;
  return {
    patientCheck: Math.ceil(limits.patientCheck * factor),
    nhsLogin: Math.ceil(limits.nhsLogin * factor),
    signIn: Math.ceil(limits.signIn * factor),
    submission: Math.ceil(limits.submission * factor),
  };
}

/**
 * @fastify/rate-limit on every route of a limited group, whichever file registers it (call this
 * before the routes): past the limit a 429 in the API's error shape, with `Retry-After`.
 */
export async function registerRateLimits(app: FastifyInstance, limits: Readonly<RateLimits>): Promise<void> {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const group = methods.map((m) => rateLimitGroup(m, route.url ?? '')).find((g) => g !== undefined);
    if (!group) return;
    route.config = { ...(route.config as object), rateLimit: { max: limits[group], timeWindow: 60_000 } } as RouteOptions['config'];
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many requests: at most ${context.max} a minute from one device. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`),
  });
}
