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

/**
 * A store's copy: the medical service's answer from the stored state, the rule (common/serviceOpen.ts)
 * asked once per copy, not per call (whether a service is open depends on the state alone; were
 * the clock to count, the answer would be at most OPERATIONAL_STATE_TTL_MS late).
 */
interface KeptState {
  medicalOpen: boolean;
  writes: number;
  until: number;
}
const kept = new WeakMap<Sql, KeptState>();

/** Whether the medical and admin services are on, and the practice's calendar (the `operational-state` setting). */
async function readStoredOperationalState(db: Sql): Promise<OperationalState> {
  const state = await getSetting<OperationalState>(db, 'operational-state');
  if (!state) throw new Error('operational-state setting missing');
  return state;
}

/** Whether the medical service is open, from the store's copy while it is fresh (inside a transaction: as stored now). */
async function keptMedicalOpen(db: Sql): Promise<boolean> {
  if (db.base !== undefined) return isOpen(await readStoredOperationalState(db), 'medical');
  const now = Date.now();
  const copy = kept.get(db);
  if (copy && copy.writes === settingsWrites() && now < copy.until) return copy.medicalOpen;
  // Counted before the read: a write in this process while it is under way makes the copy stale at once.
  const writes = settingsWrites();
  const medicalOpen = isOpen(await readStoredOperationalState(db), 'medical');
  kept.set(db, { medicalOpen, writes, until: now + OPERATIONAL_STATE_TTL_MS });
  return medicalOpen;
}

/**
 * 412 "Outside normal operating hours" when the service is SERVICE_OFF or OUT_OF_HOURS
 * (schemas/api/README.md, "Errors"): the same rule the app's cards and routes ask (common/serviceOpen.ts).
 */
export async function assertServiceOpen(db: Sql, service: 'medical' | 'admin'): Promise<void> {
  if (!isOpen(await readStoredOperationalState(db), service)) throw closed();
}

/** assertServiceOpen for the medical service from the store's copy (OPERATIONAL_STATE_TTL_MS): the engine's `$start` and `$continue`. */
export async function assertEngineServiceOpen(db: Sql): Promise<void> {
  if (!(await keptMedicalOpen(db))) throw closed();
}

const isOpen = (state: OperationalState, service: 'medical' | 'admin'): boolean => serviceOpen(service === 'admin' ? 'admin' : 'adult', { state }).open;
const closed = (): HttpError => new HttpError(412, 'Outside normal operating hours');
