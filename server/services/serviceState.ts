import type { OperationalState } from '../../generated/types/api/operational-state';
import { serviceOpen } from '../../common/index.js';
import { HttpError } from '../errors.js';
import { getSetting, settingsWrites } from '../settingsStore.js';
import type { Sql } from '../store/index.js';

/**
 * How long a store's operational state, once read, answers the engine's calls
 * (assertEngineServiceOpen). Every `$start` and `$continue` asks whether the medical service is
 * open, and reading and parsing the settings row each time was about a twentieth of a `$continue`'s
 * CPU under load. A change made in this process (putSetting, the demo reset) is seen on the next
 * call; one made by another instance on the same PostgreSQL database within this time (at worst), well inside
 * how long a practice takes to switch a service off and tell anyone. The engine's calls only move a
 * questionnaire on; what reaches the practice (a request, a booking) is decided on the stored state
 * by assertServiceOpen, never the copy.
 */
export const OPERATIONAL_STATE_TTL_MS = 1000;

const kept = new WeakMap<Sql, { state: OperationalState; writes: number; until: number }>();

/** Whether the medical and admin services are on, and the practice's calendar (the `operational-state` setting). */
async function readStoredOperationalState(db: Sql): Promise<OperationalState> {
  const state = await getSetting<OperationalState>(db, 'operational-state');
  if (!state) throw new Error('operational-state setting missing');
  return state;
}

/** The operational state from the store's copy while it is fresh (inside a transaction: as stored now). */
async function keptOperationalState(db: Sql): Promise<OperationalState> {
  if (db.base !== undefined) return readStoredOperationalState(db);
  const now = Date.now();
  const copy = kept.get(db);
  if (copy && copy.writes === settingsWrites() && now < copy.until) return copy.state;
  // Counted before the read: a write in this process while it is under way makes the copy stale at once.
  const writes = settingsWrites();
  const state = await readStoredOperationalState(db);
  kept.set(db, { state, writes, until: now + OPERATIONAL_STATE_TTL_MS });
  return state;
}

/**
 * 412 "Outside normal operating hours" when the service is SERVICE_OFF or OUT_OF_HOURS
 * (schemas/api/README.md, "Errors"): the same rule the app's cards and routes ask (common/serviceOpen.ts).
 */
export async function assertServiceOpen(db: Sql, service: 'medical' | 'admin'): Promise<void> {
  assertOpenIn(await readStoredOperationalState(db), service);
}

/** assertServiceOpen for the medical service from the store's copy (OPERATIONAL_STATE_TTL_MS): the engine's `$start` and `$continue`. */
export async function assertEngineServiceOpen(db: Sql): Promise<void> {
  assertOpenIn(await keptOperationalState(db), 'medical');
}

function assertOpenIn(state: OperationalState, service: 'medical' | 'admin'): void {
  if (!serviceOpen(service === 'admin' ? 'admin' : 'adult', { state }).open) {
    throw new HttpError(412, 'Outside normal operating hours');
  }
}
