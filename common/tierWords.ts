// The words of each tier: the patient's lead line (what to do and by when) and the practice's
// inbox label. One table each, read by the browser and the server alike.
import type { PathwayKind } from '../generated/types/api/pathway-kind';
import { CHILD_REPLY, DEFAULT_TIME_FRAME } from './replyTimes';
import type { UrgencyTier } from './tiers';

export const FIND_A_PHARMACY_URL = 'https://www.nhs.uk/service-search/pharmacy/find-a-pharmacy';
export const NHS_111_ONLINE_URL = 'https://111.nhs.uk/';

/** The plain lead line of each tier, for the patient: what to do and by when. */
export const TIER_LEAD: Readonly<Record<UrgencyTier, string>> = {
  CALL_999: 'Call 999 now',
  AE_NOW: 'Go to A&E now',
  URGENT_TODAY: 'You need to speak to a GP today',
  PHARMACY: 'A pharmacist can help with this today',
  ROUTINE: `The practice will reply ${DEFAULT_TIME_FRAME}`,
  SELF_CARE: 'You can look after this yourself at home',
};

/** A child's self-care lead line: the parent looks after the child (not "yourself"). */
const CHILD_SELF_CARE_LEAD = 'You can look after the child at home';

/**
 * The lead line for one request: a child's routine request carries the child promise (1 working
 * day), and a child's self-care speaks of the child.
 */
export function tierLead(tier: UrgencyTier, kind: PathwayKind = 'triage'): string {
  if (tier === 'ROUTINE' && kind === 'child') return CHILD_REPLY.long.replace(/\.$/, '');
  if (tier === 'SELF_CARE' && kind === 'child') return CHILD_SELF_CARE_LEAD;
  return TIER_LEAD[tier];
}

/** What the practice reads for each tier (the inbox, the staff preview). */
export const PRACTICE_TIER_WORDS: Readonly<Record<UrgencyTier, string>> = {
  CALL_999: 'Call 999 now',
  AE_NOW: 'Go to A&E now',
  URGENT_TODAY: 'Urgent: reply today',
  PHARMACY: 'See a pharmacist (Pharmacy First)',
  ROUTINE: 'Routine: the practice replies within 48 hours (Monday to Friday)',
  SELF_CARE: 'Self-care at home',
};
