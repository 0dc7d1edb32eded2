// Urgency tiers (schemas/api/urgency-tier.schema.json; schemas/questionnaires/README.md "Tiers"):
// the tier of an execution's recommendations, its plain words for the practice inbox, and the
// inbox's sort rank. The engine names each recommendation's `tier`; an engine that gives none (an
// external engine at ENGINE_URL, an older pathway) is read through the contract's one table from
// referral id to tier (`tierOfReferral`, server/engine/hierarchy.ts): ref-emergency CALL_999,
// ref-ae AE_NOW, ref-urgent-callback / ref-same-day URGENT_TODAY, the other referrals ROUTINE.
import { isTier, TIER_ORDER, tierOfReferral, type UrgencyTier } from './engine/hierarchy.js';

export { isTier, TIER_ORDER, type UrgencyTier };

/** What the practice reads for each tier (the inbox). */
export const TIER_WORDS: Readonly<Record<UrgencyTier, string>> = {
  CALL_999: 'Call 999 now',
  AE_NOW: 'Go to A&E now',
  URGENT_TODAY: 'Urgent: speak to a GP or call NHS 111 today',
  PHARMACY: 'See a pharmacist (Pharmacy First)',
  ROUTINE: 'Routine: the practice replies within 48 hours (Monday to Friday)',
  SELF_CARE: 'Self-care at home',
};

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});

/** The first Referral action's id of one recommendation. */
export function referralIdOf(recommendation: unknown): string | undefined {
  const actions = obj(recommendation).actions;
  const referral = (Array.isArray(actions) ? actions : []).map(obj).find((a) => a.type === 'Referral');
  return typeof referral?.referralId === 'string' ? referral.referralId : undefined;
}

/**
 * One recommendation's tier: the engine's `tier`, else its referral's (`tierOfReferral`); a
 * referral id outside the table counts as ROUTINE (the practice still replies), no referral at
 * all as SELF_CARE. tests/unit/app/urgency-tiers.test.ts keeps the table and the
 * urgency-by-referral-id settings consistent.
 */
export function recommendationTier(recommendation: unknown): UrgencyTier {
  const named = obj(recommendation).tier;
  if (isTier(named)) return named;
  const referralId = referralIdOf(recommendation);
  if (referralId === undefined) return 'SELF_CARE';
  return tierOfReferral(referralId) ?? 'ROUTINE';
}

/** The execution's top tier: the most urgent of its recommendations' (SELF_CARE when it has none). */
export function topTier(recommendations: readonly unknown[]): UrgencyTier {
  let best: UrgencyTier = 'SELF_CARE';
  for (const r of recommendations) {
    const tier = recommendationTier(r);
    if (TIER_ORDER.indexOf(tier) < TIER_ORDER.indexOf(best)) best = tier;
  }
  return best;
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
