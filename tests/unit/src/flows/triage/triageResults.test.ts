// @vitest-environment jsdom
// /triage/results is a route of the app (not the 404 page) and takes the patient to
// the outcome of their finished questionnaire; without one it bounces to the start.
import { describe, expect, it } from 'vitest';
import type { Execution, Recommendation } from '../../../../../src/api/engine';
import type { TriageFlowState } from '../../../../../src/flows/guideline/journey';
import { triageResultsTarget } from '../../../../../src/flows/triage/triageResults';
import { APP_ROUTES } from '../../../../../src/routing/routeTable';
import type { Patient } from '../../../../../src/patient-details/patient';
import { SETTINGS_DEFAULTS } from '../../../../../src/settings/defaults';
import type { AllSettings } from '../../../../../src/settings/types';
import { FIXTURE_PATIENT } from '../../../support/app/fixturePatient';

const patient: Patient = FIXTURE_PATIENT;
const routine: Recommendation = {
  id: 'routine',
  type: 'Recommendation',
  title: 'Routine',
  evidence: [],
  actions: [{ type: 'Referral', referralId: 'ref-routine', label: 'Routine appointment' }],
};
const ae: Recommendation = {
  id: 'ae',
  type: 'Recommendation',
  title: 'A&E',
  evidence: [],
  actions: [{ type: 'Referral', referralId: 'ref-ae', label: 'A&E' }],
};
const execution = (recommendations: Recommendation[]): Execution => ({
  identifier: 'exec-1',
  guidelineId: 'Triage.SoreThroat',
  version: '1.0.0',
  status: 'COMPLETED',
  customData: [],
  recommendations,
  requiredData: [],
  responseData: [],
  section: null,
});
const settings = SETTINGS_DEFAULTS as unknown as AllSettings;
const state = (patch: Partial<TriageFlowState>): TriageFlowState => ({
  drafts: {},
  labels: {},
  patient,
  finishedTriage: true,
  execution: execution([routine]),
  ...patch,
});

describe('/triage/results', () => {
  it('is in the route table (not the 404 page)', () => {
    expect(APP_ROUTES.find((r) => r.path === '/triage/results')).toMatchObject({ pageName: 'Results', gate: 'triageOrEligibility' });
  });
  it('bounces to the start without a finished questionnaire', () => {
    expect(triageResultsTarget(undefined, settings)).toBe('/triage');
    expect(triageResultsTarget(state({ finishedTriage: false }), settings)).toBe('/triage');
  });
  it('goes where the answers lead: safety questions for an urgent result, else on to send', () => {
    expect(triageResultsTarget(state({ execution: execution([ae]) }), settings)).toBe('/triage/emergency-questions');
    expect(triageResultsTarget(state({}), settings)).toBe('/triage/complete');
  });
});
