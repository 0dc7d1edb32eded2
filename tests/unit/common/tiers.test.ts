// The one table referral id → tier (tierOfReferral, server/engine/hierarchy.ts) and the practice's urgency-by-referral-id
// settings (server/seed.ts) describe the same referrals consistently, and an execution's tier is
// the engine's when it names one, else its referral's.
import { describe, expect, it } from 'vitest';
import { DEMO_URGENCY } from '../../../server/seed';
import { TIER_REFERRALS, tierOfReferral } from '../../../server/engine/hierarchy';
import { TIER_ORDER, tierRank, topTier } from '../../../common';
import tierSchema from '../../../schemas/api/urgency-tier.schema.json';

const rec = (referralId?: string, tier?: string) => ({
  id: referralId ?? 'none',
  ...(tier ? { tier } : {}),
  actions: referralId ? [{ type: 'Referral', referralId, label: referralId }] : [{ type: 'Management', managementType: 'Self help content' }],
});

describe('urgency tiers', () => {
  it('the tier order is the contract enum', () => {
    expect([...TIER_ORDER]).toEqual(tierSchema.enum);
  });

  it('every urgency-by-referral-id key has a tier and every tier table key is a referral id the practice lists', () => {
    for (const referralId of Object.keys(DEMO_URGENCY)) expect(tierOfReferral(referralId), referralId).toBeDefined();
    const tabled = new Set(Object.values(TIER_REFERRALS).flat());
    expect([...tabled].sort()).toEqual(Object.keys(DEMO_URGENCY).sort());
  });

  it.each(Object.entries(DEMO_URGENCY))('%s: its urgency and colour agree with its tier', (referralId, { urgency, colour }) => {
    const tier = tierOfReferral(referralId);
    if (tier === 'CALL_999') expect([urgency, colour]).toEqual(['Emergency_indication', 'BLACK']);
    else if (tier === 'AE_NOW') expect([urgency, colour]).toEqual(['A_E_department', 'RED']);
    else if (tier === 'URGENT_TODAY') {
      expect(['Urgent_callback', 'Same_day_appointment']).toContain(urgency);
      expect(['RED', 'AMBER']).toContain(colour);
    } else {
      expect(tier).toBe('ROUTINE');
      expect(['Emergency_indication', 'A_E_department', 'Urgent_callback', 'Same_day_appointment']).not.toContain(urgency);
      expect(['BLACK', 'RED', 'AMBER']).not.toContain(colour);
    }
  });

  it("an execution's tier: the engine's when named, else its referral's; the most urgent recommendation wins", () => {
    expect(topTier([rec('ref-routine')])).toBe('ROUTINE');
    expect(topTier([rec('ref-routine', 'PHARMACY')])).toBe('PHARMACY');
    expect(topTier([rec('ref-routine'), rec('ref-ae')])).toBe('AE_NOW');
    expect(topTier([rec('ref-same-day'), rec('ref-emergency')])).toBe('CALL_999');
    expect(topTier([rec('ref-routine', 'NOT_A_TIER')])).toBe('ROUTINE');
    expect(topTier([rec(undefined)])).toBe('SELF_CARE');
    // Nothing decided: the practice reads it (the more urgent reading).
    expect(topTier([])).toBe('ROUTINE');
    expect(topTier([rec('ref-unknown')])).toBe('ROUTINE');
  });

  it('inbox ranks: 999, A&E, urgent today, then the rest', () => {
    expect(TIER_ORDER.map(tierRank)).toEqual([0, 1, 2, 3, 3, 3]);
    expect(tierRank(undefined)).toBe(3);
  });
});
