// Urgency tiers, the one reading of them that the patient's screens, the practice's inbox, its
// emails and the document checks all use (docs/architecture.md "Endings by tier"). The engine names
// each recommendation's `tier`; an engine that gives none (an external engine, an older pathway) is
// read through the contract's one table from referral id to tier.
import type { UrgencyTier } from '../generated/types/api/urgency-tier';
import { URGENCY_TIER_VALUES } from '../generated/types/api/urgency-tier';

export type { UrgencyTier };

/** Most urgent first (the schema's order). */
export const TIER_ORDER: readonly UrgencyTier[] = URGENCY_TIER_VALUES;

/** The emergency tiers: an outcome of these ends the questionnaire at once (stop at the first red flag). */
export const EMERGENCY_TIERS: ReadonlySet<UrgencyTier> = new Set<UrgencyTier>(['CALL_999', 'AE_NOW']);

/** The referral ids each tier's outcomes may name (the contract's table). */
export const TIER_REFERRALS: Readonly<Record<UrgencyTier, readonly string[]>> = {
  CALL_999: ['ref-emergency'],
  AE_NOW: ['ref-ae'],
  URGENT_TODAY: ['ref-urgent-callback', 'ref-same-day'],
  PHARMACY: ['ref-end-tomorrow', 'ref-5-days', 'ref-routine'],
  ROUTINE: ['ref-end-tomorrow', 'ref-5-days', 'ref-routine', 'ref-nurse'],
  SELF_CARE: [],
};

export function isTier(v: unknown): v is UrgencyTier {
  return typeof v === 'string' && (TIER_ORDER as readonly string[]).includes(v);
}

/**
 * The tier a referral id stands for when an outcome names no tier (the most urgent row that
 * allows it): ref-emergency CALL_999, ref-ae AE_NOW, ref-urgent-callback / ref-same-day
 * URGENT_TODAY, the others ROUTINE; undefined for an id outside every row.
 */
export function tierOfReferral(referralId: string): UrgencyTier | undefined {
  return TIER_ORDER.find((t) => t !== 'PHARMACY' && TIER_REFERRALS[t].includes(referralId));
}

/** The most urgent of some tiers (undefined for none). */
export function mostUrgent(tiers: Iterable<UrgencyTier | undefined>): UrgencyTier | undefined {
  let best: number | undefined;
  for (const t of tiers) {
    if (!isTier(t)) continue;
    const i = TIER_ORDER.indexOf(t);
    if (best === undefined || i < best) best = i;
  }
  return best === undefined ? undefined : TIER_ORDER[best];
}

const record = (v: unknown): Record<string, unknown> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const items = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** The first Referral action's id of one recommendation. */
function referralIdOf(recommendation: unknown): string | undefined {
  const referral = items(record(recommendation).actions)
    .map(record)
    .find((a) => a.type === 'Referral');
  return typeof referral?.referralId === 'string' ? referral.referralId : undefined;
}

/**
 * One recommendation's tier: the engine's `tier`, else its first referral's (`tierOfReferral`); a
 * referral id outside the table counts as ROUTINE (the practice still replies), a recommendation
 * with neither a tier nor a referral as SELF_CARE (it only gives advice).
 */
export function recommendationTier(recommendation: unknown): UrgencyTier {
  const named = record(recommendation).tier;
  if (isTier(named)) return named;
  const referralId = referralIdOf(recommendation);
  if (referralId === undefined) return 'SELF_CARE';
  return tierOfReferral(referralId) ?? 'ROUTINE';
}

/**
 * The execution's top tier: the most urgent of its recommendations' tiers. An execution with no
 * recommendation at all is ROUTINE: the practice reads it, since nothing was decided.
 */
export function topTier(recommendations: readonly unknown[]): UrgencyTier {
  return mostUrgent(recommendations.map(recommendationTier)) ?? 'ROUTINE';
}

/**
 * The inbox's sort rank: CALL_999 0, AE_NOW 1, URGENT_TODAY 2, everything else (pharmacy,
 * routine, self-care, admin requests, requests stored before tiers) 3. Newest first within a rank.
 */
export const REST_RANK = 3;
export function tierRank(tier: unknown): number {
  if (tier === 'CALL_999') return 0;
  if (tier === 'AE_NOW') return 1;
  if (tier === 'URGENT_TODAY') return 2;
  return REST_RANK;
}
