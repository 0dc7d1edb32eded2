/**
 * Feature gating (docs/architecture.md, "Routing and gating"), as pure functions over the route table.
 *
 * Mapping from the practice's feature sets (shared settings `featureSets`) to features:
 * - triage          = SMART_TRIAGE or SMART_PRACTICE_SUITE
 * - direct booking  = SMART_DIRECT_BOOKING
 * - eligibility     = SMART_DIRECT_BOOKING or SMART_PRACTICE_SUITE (standard appointments
 *                     such as first contact physio are booked through the smart booking suite)
 * - child requests  = triage and shared `enableChildRequests`, and the patient is not logged in
 * - link-generator-only mode = PATIENT_DIRECT_BOOKING is the only feature set: then only the
 *   always-accessible routes work and home shows a short statement.
 *
 * A route whose gate is closed shows the 404 page (never a redirect to home: home itself is
 * gated, and a silent bounce would hide why a link does not work). Home is the exception: it
 * never 404s, it shows the short statement when triage is off.
 */

const FEATURE_SETS = ['SMART_TRIAGE', 'SMART_DIRECT_BOOKING', 'PATIENT_DIRECT_BOOKING', 'SMART_PRACTICE_SUITE'] as const;
type FeatureSet = (typeof FEATURE_SETS)[number];

/** Route groups of the feature gates. */
export type Gate = 'always' | 'triage' | 'triageOrEligibility' | 'directBooking' | 'child' | 'eligibility';

export interface Features {
  triage: boolean;
  directBooking: boolean;
  eligibility: boolean;
  child: boolean;
  linkGeneratorOnly: boolean;
}

export interface FeatureInputs {
  featureSets: readonly string[];
  enableChildRequests: boolean;
  loggedIn: boolean;
}

export function deriveFeatures({ featureSets, enableChildRequests, loggedIn }: FeatureInputs): Features {
  const has = (set: FeatureSet) => featureSets.includes(set);
  const known = featureSets.filter((s): s is FeatureSet => (FEATURE_SETS as readonly string[]).includes(s));
  const triage = has('SMART_TRIAGE') || has('SMART_PRACTICE_SUITE');
  const directBooking = has('SMART_DIRECT_BOOKING');
  const eligibility = has('SMART_DIRECT_BOOKING') || has('SMART_PRACTICE_SUITE');
  const linkGeneratorOnly = known.length > 0 && known.every((s) => s === 'PATIENT_DIRECT_BOOKING');
  return {
    triage,
    directBooking,
    eligibility,
    child: triage && enableChildRequests && !loggedIn,
    linkGeneratorOnly,
  };
}

/** Whether a route of the given group may be shown with these features. */
export function isGateOpen(gate: Gate, features: Features): boolean {
  switch (gate) {
    case 'always':
      return true;
    case 'triage':
      return features.triage && !features.linkGeneratorOnly;
    case 'triageOrEligibility':
      return (features.triage || features.eligibility) && !features.linkGeneratorOnly;
    case 'directBooking':
      return features.directBooking && !features.linkGeneratorOnly;
    case 'child':
      return features.child && !features.linkGeneratorOnly;
    case 'eligibility':
      return features.eligibility && !features.linkGeneratorOnly;
  }
}
