import { describe, expect, it } from 'vitest';
import { deriveFeatures, isGateOpen, type Gate } from '../../../../src/routing/gating';
import { APP_ROUTES, SHORT_REDIRECTS } from '../../../../src/routing/routeTable';

const GATES: Gate[] = ['always', 'triage', 'triageOrEligibility', 'directBooking', 'child', 'eligibility'];

function open(featureSets: string[], opts: { child?: boolean; loggedIn?: boolean } = {}) {
  const features = deriveFeatures({ featureSets, enableChildRequests: opts.child ?? false, loggedIn: opts.loggedIn ?? false });
  return Object.fromEntries(GATES.map((g) => [g, isGateOpen(g, features)])) as Record<Gate, boolean>;
}

describe('feature gating', () => {
  const cases: [string, string[], { child?: boolean; loggedIn?: boolean }, Record<Gate, boolean>][] = [
    ['triage only', ['SMART_TRIAGE'], {}, { always: true, triage: true, triageOrEligibility: true, directBooking: false, child: false, eligibility: false }],
    [
      'triage with child requests',
      ['SMART_TRIAGE'],
      { child: true },
      { always: true, triage: true, triageOrEligibility: true, directBooking: false, child: true, eligibility: false },
    ],
    [
      'child requests but logged in',
      ['SMART_TRIAGE'],
      { child: true, loggedIn: true },
      { always: true, triage: true, triageOrEligibility: true, directBooking: false, child: false, eligibility: false },
    ],
    [
      'child requests without triage',
      ['SMART_DIRECT_BOOKING'],
      { child: true },
      { always: true, triage: false, triageOrEligibility: true, directBooking: true, child: false, eligibility: true },
    ],
    [
      'practice suite',
      ['SMART_PRACTICE_SUITE'],
      {},
      { always: true, triage: true, triageOrEligibility: true, directBooking: false, child: false, eligibility: true },
    ],
    [
      'smart direct booking only',
      ['SMART_DIRECT_BOOKING'],
      {},
      { always: true, triage: false, triageOrEligibility: true, directBooking: true, child: false, eligibility: true },
    ],
    [
      'triage and direct booking',
      ['SMART_TRIAGE', 'SMART_DIRECT_BOOKING'],
      {},
      { always: true, triage: true, triageOrEligibility: true, directBooking: true, child: false, eligibility: true },
    ],
    [
      'link-generator-only',
      ['PATIENT_DIRECT_BOOKING'],
      { child: true },
      { always: true, triage: false, triageOrEligibility: false, directBooking: false, child: false, eligibility: false },
    ],
    [
      'patient direct booking with triage is not link-only',
      ['PATIENT_DIRECT_BOOKING', 'SMART_TRIAGE'],
      {},
      { always: true, triage: true, triageOrEligibility: true, directBooking: false, child: false, eligibility: false },
    ],
    ['no feature sets', [], {}, { always: true, triage: false, triageOrEligibility: false, directBooking: false, child: false, eligibility: false }],
    [
      'unknown feature set ignored',
      ['SOMETHING_ELSE'],
      {},
      { always: true, triage: false, triageOrEligibility: false, directBooking: false, child: false, eligibility: false },
    ],
  ];
  it.each(cases)('%s', (_name, sets, opts, expected) => {
    expect(open(sets, opts)).toEqual(expected);
  });

  it('marks link-generator-only mode only when PATIENT_DIRECT_BOOKING is the sole feature set', () => {
    const f = (sets: string[]) => deriveFeatures({ featureSets: sets, enableChildRequests: false, loggedIn: false }).linkGeneratorOnly;
    expect(f(['PATIENT_DIRECT_BOOKING'])).toBe(true);
    expect(f(['PATIENT_DIRECT_BOOKING', 'SMART_DIRECT_BOOKING'])).toBe(false);
    expect(f([])).toBe(false);
  });
});

describe('the route table', () => {
  const gateOf = (path: string) => APP_ROUTES.find((r) => r.path === path)?.gate;

  it('puts each screen of this issue in its spec route group', () => {
    expect(gateOf('/')).toBe('triage');
    expect(gateOf('/triage/service-closed')).toBe('triage');
    expect(gateOf('/emergency-symptoms')).toBe('triageOrEligibility');
    expect(gateOf('/triage/emergency-signpost')).toBe('triageOrEligibility');
    expect(gateOf('/error')).toBe('always');
    expect(gateOf('/appointment/not-accessible')).toBe('always');
  });

  it('has unique paths, a page name for every title, and a loader for every screen', () => {
    const paths = APP_ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const r of APP_ROUTES) {
      expect(r.pageName.trim()).not.toBe('');
      expect(typeof r.load).toBe('function');
    }
  });

  it('keeps always-accessible routes open in link-generator-only mode and closes the rest', () => {
    const linkOnly = deriveFeatures({ featureSets: ['PATIENT_DIRECT_BOOKING'], enableChildRequests: true, loggedIn: false });
    const openPaths = APP_ROUTES.filter((r) => isGateOpen(r.gate, linkOnly)).map((r) => r.path);
    // Always accessible: book appointment, self booking, appointment details, confirmation, no slots, not accessible, error signpost;
    // and logging out must land on its page in every mode.
    expect(openPaths.sort()).toEqual([
      '/appointment/book-appointment',
      '/appointment/confirmation',
      '/appointment/details',
      '/appointment/no-appointments',
      '/appointment/not-accessible',
      '/error',
      '/logged-out',
      '/self-booking',
    ]);
  });

  it('sends deep links into the medical, admin and self-help journeys through the emergency symptoms screen, and nothing else', () => {
    const checked = APP_ROUTES.filter((r) => r.emergencyCheck)
      .map((r) => r.path)
      .sort();
    expect(checked).toEqual([
      '/add-contact-details',
      '/admin-request',
      '/admin-request/form',
      '/admin-request/patient-details',
      '/change-of-contact-details',
      '/self-help',
      '/triage',
      '/triage/complete',
      '/triage/patient-details',
      '/triage/questionnaire',
      '/triage/results',
      '/triage/your-own-words',
    ]);
    // The screen itself, the safety-netting after an urgent answer, booking links and the child's own checklist never wait on it.
    for (const path of [
      '/emergency-symptoms',
      '/triage/emergency-questions',
      '/triage/submit-emergency',
      '/appointment/book-appointment',
      '/child-request',
      '/child-request/emergency-symptoms',
      '/logged-out',
    ]) {
      expect(APP_ROUTES.find((r) => r.path === path)?.emergencyCheck).not.toBe(true);
    }
  });

  it('gates the short redirects by their feature', () => {
    const gates = Object.fromEntries(SHORT_REDIRECTS.map((r) => [r.from, [r.to, r.gate]]));
    expect(gates).toEqual({
      '/d/b': ['/direct-booking', 'directBooking'],
      '/e/b': ['/eligibility/booking', 'eligibility'],
      '/s/b': ['/self-booking', 'always'],
      '/a/d': ['/appointment/details', 'always'],
    });
  });
});
