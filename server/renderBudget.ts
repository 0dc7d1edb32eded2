import { rateLimitScale } from './rate-limits.js';

/**
 * How many app pages the server draws (server/appPage.ts): drawing one costs a React render and
 * the settings calls it makes, where the client-only page costs nothing. Past the budget the page
 * is still served, as the client-only page the app draws in the browser — a flood from one client,
 * or from many at once, never takes the server's CPU from other patients, and no patient is refused.
 *
 * - per client (an IPv4 address or an IPv6 /64, server/identity.ts): `perMinute` pages drawn in a
 *   fixed one-minute window, counted in memory (a degradation, not a guarantee across instances);
 * - at once: `concurrent` renders in flight; one more is served client-only.
 */
export interface RenderBudgetLimits {
  perMinute: number;
  concurrent: number;
}

export const DEFAULT_RENDER_BUDGET: Readonly<RenderBudgetLimits> = { perMinute: 60, concurrent: 4 };

/** Clients counted in one window at most; past it a new client's page is drawn by its browser. */
const MAX_CLIENTS = 20_000;
const WINDOW_MS = 60_000;

export interface RenderBudget {
  /** A render may start for `client`: counts it and answers a release to call when it ends; undefined when over budget. */
  take(client: string): (() => void) | undefined;
}

export function renderBudget(limits: Readonly<RenderBudgetLimits>, now: () => number = Date.now): RenderBudget {
  let windowStart = now();
  const counts = new Map<string, number>();
  let inFlight = 0;
  return {
    take(client) {
      const at = now();
      if (at - windowStart >= WINDOW_MS) {
        counts.clear();
        windowStart = at;
      }
      if (inFlight >= limits.concurrent) return undefined;
      const used = counts.get(client) ?? 0;
      if (used >= limits.perMinute || (used === 0 && counts.size >= MAX_CLIENTS)) return undefined;
      counts.set(client, used + 1);
      inFlight++;
      let released = false;
      return () => {
        if (!released) inFlight--;
        released = true;
      };
    },
  };
}

/** DEFAULT_RENDER_BUDGET's per-client allowance scaled as the rate limits are (PRACTICE_RATE_LIMIT_SCALE). */
export function scaledRenderBudget(scale: string | undefined): RenderBudgetLimits {
  const factor = rateLimitScale(scale);
  return { perMinute: Math.max(1, Math.round(DEFAULT_RENDER_BUDGET.perMinute * factor)), concurrent: DEFAULT_RENDER_BUDGET.concurrent };
}
