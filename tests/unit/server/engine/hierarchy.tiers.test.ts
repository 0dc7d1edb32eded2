// The urgency tiers agree with the practice's urgency-by-referral-id settings:
// every referral id of the demo settings belongs to a tier row, every referral a tier allows is a
// setting, and the urgency / colour of each referral id is the one its tier stands for — so the
// inbox's urgency (read from the referral) and the patient's tier never disagree.
import { describe, expect, it } from 'vitest';
import { URGENCY_TIER_VALUES } from '../../../../generated/types/api/urgency-tier';
import { EMERGENCY_TIERS, TIER_ORDER, TIER_REFERRALS, tierOfReferral, topTier, type UrgencyTier } from '../../../../server/engine/hierarchy';
import { DEMO_URGENCY } from '../../../../server/seed';

/** What each tier's referrals must be marked in urgency-by-referral-id. */
const EXPECTED: Record<UrgencyTier, { urgency: string[]; colour: string[] }> = {
  CALL_999: { urgency: ['Emergency_indication'], colour: ['BLACK'] },
  AE_NOW: { urgency: ['A_E_department'], colour: ['RED'] },
  URGENT_TODAY: { urgency: ['Urgent_callback', 'Same_day_appointment'], colour: ['RED', 'AMBER'] },
  PHARMACY: { urgency: ['By_end_tomorrow', 'Within_5_days', 'TRoutine'], colour: ['YELLOW', 'GREEN'] },
  ROUTINE: { urgency: ['By_end_tomorrow', 'Within_5_days', 'TRoutine', 'Nurse'], colour: ['YELLOW', 'GREEN', 'UNKNOWN'] },
  SELF_CARE: { urgency: [], colour: [] },
};
const urgency = DEMO_URGENCY as Record<string, { urgency: string; colour: string }>;

describe('urgency tiers and urgency-by-referral-id', () => {
  it('the tier order is the schema enum, most urgent first; CALL_999 and AE_NOW are the emergency tiers', () => {
    expect(TIER_ORDER).toEqual(URGENCY_TIER_VALUES);
    expect([...EMERGENCY_TIERS]).toEqual(['CALL_999', 'AE_NOW']);
    expect(topTier(['ROUTINE', undefined, 'URGENT_TODAY', 'PHARMACY'])).toBe('URGENT_TODAY');
    expect(topTier([])).toBeUndefined();
  });

  it('every referral id of the settings belongs to a tier row, and every referral of a row is a setting', () => {
    for (const id of Object.keys(urgency)) expect(tierOfReferral(id), id).toBeDefined();
    for (const tier of TIER_ORDER) for (const id of TIER_REFERRALS[tier]) expect(Object.keys(urgency), `${tier}: ${id}`).toContain(id);
  });

  it.each(TIER_ORDER.flatMap((tier) => TIER_REFERRALS[tier].map((id) => [tier, id] as const)))('%s: %s has the urgency and colour of its tier', (tier, id) => {
    expect(EXPECTED[tier].urgency).toContain(urgency[id]!.urgency);
    expect(EXPECTED[tier].colour).toContain(urgency[id]!.colour);
  });

  it("the emergency referrals are exactly the emergency tiers' (ref-emergency, ref-ae)", () => {
    const emergency = Object.keys(urgency).filter((id) => EMERGENCY_TIERS.has(tierOfReferral(id)!));
    expect(emergency.sort()).toEqual(['ref-ae', 'ref-emergency']);
    expect(tierOfReferral('ref-same-day')).toBe('URGENT_TODAY');
    expect(tierOfReferral('ref-nurse')).toBe('ROUTINE');
    expect(tierOfReferral('ref-unknown')).toBeUndefined();
  });
});
