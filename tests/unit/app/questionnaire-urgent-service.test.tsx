// @vitest-environment jsdom
// Spec (questionnaire flow): "Urgent result: check operational state; service off goes to the
// service-off screen". The embedded engine refuses $continue while the service is off, but a
// practice's own engine (ENGINE_URL) may answer: here the engine completes with an A&E result
// while the practice has switched the medical service off, and the app must not go on to the
// safety check (issue 28, row 10).
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTINGS_PATHS } from '../../../src/api/settings';
import QuestionnairePage from '../../../src/flows/triage/QuestionnairePage';
import { clearTriageFlow, triageFlow } from '../../../src/flows/guideline/journey';
import { renderWithSettings } from './renderWithSettings';

const SECTION_DOC = {
  id: 'URGENT_FIXTURE',
  title: 'Your symptoms',
  pages: [{ title: 'Your symptoms', fields: ['ok'] }],
  schema: { type: 'object', required: ['ok'], properties: { ok: { type: 'boolean', title: 'Can you breathe normally?', 'x-observationType': 'BINARY' } }, additionalProperties: false },
  uiSchema: { ok: { 'ui:widget': 'yesNo' } },
};
const EXECUTION_ID = '11111111-2222-4333-8444-555555555555';
const base = { identifier: EXECUTION_ID, guidelineId: 'Triage.Fixture', version: '1.0.0', customData: [], responseData: [] };
const inProgress = {
  ...base,
  status: 'IN_PROGRESS',
  recommendations: [],
  requiredData: [],
  section: { id: 'main', number: 1, title: 'Your symptoms', document: SECTION_DOC, parameters: { patientAge: 30, sexAtBirth: 'female' }, answers: {} },
};
const completedAE = {
  ...base,
  status: 'COMPLETED',
  requiredData: [],
  section: null,
  recommendations: [{ id: 'red-flag', type: 'Recommendation', title: 'Go to A&E now', evidence: [], actions: [{ type: 'Referral', referralId: 'ref-ae', label: 'A&E' }] }],
};

let medicalOff = false;
let stopped = 0;
const OPEN = { medical: { operationalStatus: 'SERVICE_ON', practiceCalendar: 'IN_HOURS' }, admin: { operationalStatus: 'SERVICE_ON', practiceCalendar: 'IN_HOURS' } };

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  medicalOff = false;
  stopped = 0;
  vi.stubGlobal('fetch', async (input: string) => {
    const url = String(input);
    if (url === SETTINGS_PATHS.operationalState) return json(medicalOff ? { ...OPEN, medical: { operationalStatus: 'SERVICE_OFF', practiceCalendar: 'IN_HOURS' } } : OPEN);
    if (url === SETTINGS_PATHS.clinic) return json({ name: 'Test Surgery', telephone: '0100 000 0000' });
    if (url === SETTINGS_PATHS.patientApp) return json({ useProxy: false, enableAneSubmission: true });
    if (url.endsWith('/$continue')) return json(completedAE);
    if (url.endsWith('/$putCustomData')) return json(completedAE);
    if (url.endsWith('/$stop')) {
      stopped++;
      return json({ ...completedAE, status: 'STOPPED' });
    }
    if (url.startsWith('/api/v1/fhir/r4/Guideline/')) return json({ guidelineId: 'Triage.Fixture', checkForAppointments: false });
    return json({}, 404);
  });
  triageFlow.set({
    drafts: {},
    labels: {},
    useProxy: false,
    executionId: EXECUTION_ID,
    selection: { guidelineId: 'Triage.Fixture', label: 'Fixture', searchType: 'SYMPTOM', searchTerm: 'fixture', searchMatches: [] } as never,
    patient: { firstName: 'Amelia', lastName: 'Testwell', dateOfBirth: '1985-04-12', sexAtBirth: 'female', postCode: 'LS1 4AP', contactDetails: { emailAddress: 'a@example.com' } } as never,
    execution: inProgress as never,
  });
});
afterEach(() => {
  cleanup();
  clearTriageFlow();
  vi.unstubAllGlobals();
});

async function answerLastSection() {
  const user = userEvent.setup();
  await screen.findByText('Can you breathe normally?');
  await user.click(screen.getByLabelText('No'));
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

describe('an urgent result checks the operational state (spec row 10)', () => {
  it('service switched off while the patient answered: the service-off screen, the execution stopped, no safety check', async () => {
    const router = renderWithSettings(QuestionnairePage, '/triage/questionnaire');
    await screen.findByText('Can you breathe normally?');
    medicalOff = true; // the practice closes the service; the engine still answers
    await answerLastSection();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/triage/service-closed'));
    await vi.waitFor(() => expect(stopped).toBe(1));
  });

  it('service open: on to the safety check', async () => {
    const router = renderWithSettings(QuestionnairePage, '/triage/questionnaire');
    await answerLastSection();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/triage/emergency-questions'));
    expect(stopped).toBe(0);
  });
});
