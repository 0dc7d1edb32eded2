// The execution's urgency tier (schemas/questionnaires/README.md, "Tiers"): the most urgent
// `recommendations[].tier`; when the engine gives none, the tier of the top referral (the
// contract's table of referral ids allowed per tier).
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

/** The execution's top tier: recommendations' `tier`, else the top referral's tier. */
export function topTier(recommendations: readonly Rec[]): UrgencyTier | undefined {
  const given = mostUrgent(recommendations.map((r) => (isTier(r.tier) ? r.tier : undefined)));
  if (given) return given;
  for (const r of recommendations) {
    for (const a of r.actions ?? []) {
      if (a.type === 'Referral' && typeof a.referralId === 'string' && BY_REFERRAL[a.referralId]) return BY_REFERRAL[a.referralId];
    }
  }
  return undefined;
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
