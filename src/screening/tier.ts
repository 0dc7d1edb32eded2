// The execution's urgency tier (schemas/questionnaires/README.md, "Tiers"): the most urgent of
// the recommendations' tiers, each the engine's `tier` or else its referral's (the contract's
// table of referral ids allowed per tier), exactly as the server reads it (server/tiers.ts).
import type { UrgencyTier } from '../../generated/types/api/urgency-tier';
import { URGENCY_TIER_VALUES } from '../../generated/types/api/urgency-tier';
import { DEFAULT_TIME_FRAME } from '../replyTimes';

type Rec = { tier?: unknown; actions?: ReadonlyArray<{ type?: string; referralId?: unknown }> };

const BY_REFERRAL: Record<string, UrgencyTier> = {
  'ref-emergency': 'CALL_999',
  'ref-ae': 'AE_NOW',
  'ref-urgent-callback': 'URGENT_TODAY',
  'ref-same-day': 'URGENT_TODAY',
  'ref-end-tomorrow': 'ROUTINE',
  'ref-5-days': 'ROUTINE',
  'ref-routine': 'ROUTINE',
  'ref-nurse': 'ROUTINE',
};

const rank = (t: UrgencyTier) => URGENCY_TIER_VALUES.indexOf(t);
const isTier = (t: unknown): t is UrgencyTier => typeof t === 'string' && (URGENCY_TIER_VALUES as readonly string[]).includes(t);

/** The most urgent of the tiers (undefined when none). */
export function mostUrgent(tiers: ReadonlyArray<UrgencyTier | undefined>): UrgencyTier | undefined {
  return tiers.filter(isTier).sort((a, b) => rank(a) - rank(b))[0];
}

/**
 * One recommendation's tier, as the server reads it (server/tiers.ts `recommendationTier`): the
 * engine's `tier`, else its first referral's (a referral id outside the table counts as ROUTINE);
 * none when it names neither.
 */
function recommendationTier(r: Rec): UrgencyTier | undefined {
  if (isTier(r.tier)) return r.tier;
  const referral = (r.actions ?? []).find((a) => a.type === 'Referral');
  if (typeof referral?.referralId !== 'string') return undefined;
  return BY_REFERRAL[referral.referralId] ?? 'ROUTINE';
}

/**
 * The execution's top tier: the most urgent of its recommendations' tiers, each read as the server
 * reads it, so the thank-you page and the practice's inbox and email name the same tier (a
 * recommendation naming ROUTINE beside one whose referral is A&E is AE_NOW on both sides).
 * Undefined when no recommendation names a tier or a referral (the server says SELF_CARE).
 */
export function topTier(recommendations: readonly Rec[]): UrgencyTier | undefined {
  return mostUrgent(recommendations.map(recommendationTier));
}

export const FIND_A_PHARMACY_URL = 'https://www.nhs.uk/service-search/pharmacy/find-a-pharmacy';

/** The plain lead line of each tier: what to do and by when. */
export const TIER_LEAD: Record<UrgencyTier, string> = {
  CALL_999: 'Call 999 now',
  AE_NOW: 'Go to A&E now',
  URGENT_TODAY: 'Urgent: speak to a GP or call NHS 111 today',
  PHARMACY: 'A pharmacist can help with this',
  // The same reply time as the thank-you page, the receipt and the email (src/replyTimes.ts).
  ROUTINE: `The practice will reply ${DEFAULT_TIME_FRAME}`,
  SELF_CARE: 'You can look after this yourself at home',
};
