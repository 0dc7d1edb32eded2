// An outcome's tier and what goes with it (schemas/questionnaires/README.md, "Clinical
// hierarchy"): the referrals each tier allows, the advice a pharmacy or self-care ending shows,
// and links the patient's screens can show. Checked for pathways and shared sections alike.
import type { DocumentProblem } from '../../renderer/core/index';
import { FIND_A_PHARMACY_URL, isSafeAdviceUrl, isTier, TIER_ORDER, TIER_REFERRALS, type UrgencyTier } from '../../common/index.js';
import { isJsonObject as isObj } from '../json.js';

/** Tiers whose outcomes must name a referral of their row (PHARMACY and SELF_CARE may name none). */
const TIER_NEEDS_REFERRAL: ReadonlySet<UrgencyTier> = new Set<UrgencyTier>(['CALL_999', 'AE_NOW', 'URGENT_TODAY', 'ROUTINE']);

const article = (tier: string) => (/^[AEIOU]/.test(tier) ? 'an' : 'a');

/**
 * Every word an outcome carries reaches the patient (common/advice.ts draws them on the ending
 * screen, the confirmation and the email): a pharmacy or self-care ending's screen is its advice,
 * so such an outcome says what to do; and the screens show only https:// links, so any other link
 * would be shown nowhere.
 */
function outcomeWordsShown(tier: UrgencyTier, actions: unknown[], base: string, out: DocumentProblem[]): void {
  const advice = actions.filter((a) => isObj(a) && a.type === 'Management' && typeof a.text === 'string' && a.text.trim() !== '');
  if ((tier === 'PHARMACY' || tier === 'SELF_CARE') && advice.length === 0) {
    out.push({
      path: `${base}/actions`,
      message: `${article(tier)} ${tier} outcome's screen is its advice, and this one has none to show: add { "type": "Management", "managementType": "Self help content", "text": "what to do, and when to get help", "links": [...] }`,
    });
  }
  actions.forEach((a, j) => {
    if (!isObj(a) || !Array.isArray(a.links)) return;
    a.links.forEach((l, k) => {
      if (isObj(l) && !isSafeAdviceUrl(l.url)) {
        out.push({
          path: `${base}/actions/${j}/links/${k}/url`,
          message: `the patient's screens and emails show only https:// links, so this one would be shown nowhere (found ${JSON.stringify(l.url)})`,
        });
      }
    });
  });
}

/** Tier of each outcome and its referrals: the checks common to pathways and shared sections. */
export function checkOutcomeTiers(outcomes: unknown[], requireTier: boolean, out: DocumentProblem[]): void {
  outcomes.forEach((o, i) => {
    if (!isObj(o) || !isObj(o.recommendation)) return;
    const rec = o.recommendation;
    const base = `/outcomes/${i}/recommendation`;
    if (rec.tier === undefined) {
      if (requireTier) out.push({ path: `${base}/tier`, message: `every outcome names a tier (${TIER_ORDER.join(', ')})` });
      return;
    }
    if (!isTier(rec.tier)) return; // the meta-schema says so
    const tier = rec.tier;
    const allowed = TIER_REFERRALS[tier];
    const actions = Array.isArray(rec.actions) ? rec.actions : [];
    let referrals = 0;
    actions.forEach((a, j) => {
      if (!isObj(a) || a.type !== 'Referral' || typeof a.referralId !== 'string') return;
      referrals++;
      if (!allowed.includes(a.referralId)) {
        out.push({
          path: `${base}/actions/${j}/referralId`,
          message: `${article(tier)} ${tier} outcome refers with ${allowed.length ? allowed.join(' or ') : 'no referral'} (found "${a.referralId}")`,
        });
      }
    });
    if (requireTier) outcomeWordsShown(tier, actions, base, out);
    if (referrals === 0 && TIER_NEEDS_REFERRAL.has(tier)) {
      out.push({ path: `${base}/actions`, message: `${article(tier)} ${tier} outcome has a Referral action (${allowed.join(' or ')})` });
    }
    if (tier === 'PHARMACY') {
      const signposts = actions.some(
        (a) =>
          isObj(a) &&
          a.type === 'Management' &&
          a.managementType === 'Signpost copy' &&
          Array.isArray(a.links) &&
          a.links.some((l) => isObj(l) && l.url === FIND_A_PHARMACY_URL),
      );
      if (!signposts) out.push({ path: `${base}/actions`, message: `a PHARMACY outcome has a "Signpost copy" action linking to ${FIND_A_PHARMACY_URL}` });
    }
  });
}
