// The practice's abuse limits (README "Limits and abuse"): how many future online bookings one
// patient may hold, and how many messages one address or number gets an hour. A practice setting
// (settings key `practice-limits`, changed with POST /api/v1/practice/controls `limits`), with the
// defaults below when the practice set none.
import { getSetting, putSetting } from './settingsStore.js';
import type { Sql } from './store/index.js';

export interface PracticeLimits {
  /** Future appointments one patient may hold at once from online booking (the practice's own bookings do not count). */
  maxOnlineBookingsPerPatient: number;
  /** Messages (email or text) to one address or number in any hour, whatever they are about. */
  maxMessagesPerRecipientPerHour: number;
  /** Messages of one kind (booked, rescheduled, request received…) to one address or number in any hour. */
  maxMessagesPerRecipientPerTypePerHour: number;
}

const DEFAULT_PRACTICE_LIMITS: Readonly<PracticeLimits> = {
  maxOnlineBookingsPerPatient: 2,
  maxMessagesPerRecipientPerHour: 5,
  maxMessagesPerRecipientPerTypePerHour: 3,
};

const PRACTICE_LIMITS_SETTING = 'practice-limits';

/**
 * PRACTICE_RATE_LIMIT_SCALE multiplies these caps as it multiplies the rate limits: the test suites
 * and load tests, which book and send to one address over and over, raise it; production leaves it
 * at 1. Kept per store (one server, one store); a transaction reads its store's (`base`).
 */
const scales = new WeakMap<Sql, number>();

export function setLimitScale(db: Sql, scale: number): void {
  scales.set(db.base ?? db, scale > 0 ? scale : 1);
}

export function limitScaleFrom(value: string | undefined): number {
  return value !== undefined && Number(value) > 0 ? Number(value) : 1;
}

/** The scale in force for this database (1 in production). */
export function limitScaleOf(db: Sql): number {
  return scales.get(db.base ?? db) ?? 1;
}

/** The limits in force: the practice's setting over the defaults, times the scale. */
export async function practiceLimits(db: Sql): Promise<PracticeLimits> {
  const stored = (await getSetting<Partial<PracticeLimits>>(db, PRACTICE_LIMITS_SETTING)) ?? {};
  const scale = limitScaleOf(db);
  const pick = (k: keyof PracticeLimits) => {
    const v = Object.hasOwn(stored, k) ? stored[k] : undefined;
    return Math.ceil((typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : DEFAULT_PRACTICE_LIMITS[k]) * scale);
  };
  return {
    maxOnlineBookingsPerPatient: pick('maxOnlineBookingsPerPatient'),
    maxMessagesPerRecipientPerHour: pick('maxMessagesPerRecipientPerHour'),
    maxMessagesPerRecipientPerTypePerHour: pick('maxMessagesPerRecipientPerTypePerHour'),
  };
}

/** The practice's own setting (unscaled), defaults filled in. */
export async function storedPracticeLimits(db: Sql): Promise<PracticeLimits> {
  return { ...DEFAULT_PRACTICE_LIMITS, ...((await getSetting<Partial<PracticeLimits>>(db, PRACTICE_LIMITS_SETTING)) ?? {}) };
}

export async function writePracticeLimits(db: Sql, patch: Partial<PracticeLimits>): Promise<void> {
  await putSetting(db, PRACTICE_LIMITS_SETTING, { ...(await storedPracticeLimits(db)), ...patch });
}

/**
 * A link's identity check (date of birth on a self-booking link, the patient's details on a
 * direct-booking link): wrong answers counted per link and per client over a sliding hour.
 */
export const IDENTITY_CHECK = {
  /** Wrong answers on one link within the window that lock it (even the right answer is then refused). */
  perLink: 5,
  /** Wrong answers from one client (address) on any links within the window before it is refused. */
  perClient: 10,
  windowMs: 60 * 60_000,
} as const;

/** IDENTITY_CHECK's counts times the scale (the e2e suite answers wrongly on purpose, all from one address). */
export function identityCheckLimits(db: Sql): { perLink: number; perClient: number; windowMs: number } {
  const scale = limitScaleOf(db);
  return { perLink: Math.ceil(IDENTITY_CHECK.perLink * scale), perClient: Math.ceil(IDENTITY_CHECK.perClient * scale), windowMs: IDENTITY_CHECK.windowMs };
}
