// @vitest-environment jsdom
// The questionnaire page uses the one leave guard every flow uses (so signing out is never asked
// "Reload page?"), and its failure panel's actions follow the kind of failure, not the title shown
// (issue 26).
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTINGS_PATHS } from '../../../src/api/settings';
import { allowLeaving } from '../../../src/shell/useLeaveGuard';
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

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let continueFails = false;
let loadFails = false;

beforeEach(() => {
  continueFails = false;
  loadFails = false;
  vi.stubGlobal('fetch', async (input: string) => {
    const url = String(input);
    if (url === SETTINGS_PATHS.operationalState) return json({ medical: { operationalStatus: 'SERVICE_ON', practiceCalendar: 'IN_HOURS' }, admin: { operationalStatus: 'SERVICE_ON', practiceCalendar: 'IN_HOURS' } });
    if (url === SETTINGS_PATHS.clinic) return json({ name: 'Test Surgery', telephone: '0100 000 0000' });
    if (url === SETTINGS_PATHS.patientApp) return json({ useProxy: false, enableAneSubmission: true });
    if (url.endsWith('/$continue')) return continueFails ? json({ statusCode: 500, error: 'Internal Server Error', message: 'The engine failed' }, 500) : json(inProgress);
    if (url.includes('/GuidelineExecution/')) return loadFails ? json({ statusCode: 500, error: 'Internal Server Error', message: 'The engine failed' }, 500) : json(inProgress);
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

function leavePrompted(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('the questionnaire page', () => {
  it('an answer the engine refuses ("Questionnaire problem") offers Start again only', async () => {
    renderWithSettings(QuestionnairePage, '/triage/questionnaire');
    const user = userEvent.setup();
    await screen.findByText('Can you breathe normally?');
    continueFails = true;
    await user.click(screen.getByLabelText('No'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Questionnaire problem');
    expect(screen.getByRole('button', { name: 'Start again' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('a section that could not be fetched ("Unable to prepare information") offers Try again, which fetches it again', async () => {
    triageFlow.set({ execution: undefined });
    loadFails = true;
    renderWithSettings(QuestionnairePage, '/triage/questionnaire');
    await screen.findByText('Unable to prepare information');
    loadFails = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('Can you breathe normally?');
  });

  it('asks before the tab is closed while answers could be lost, but never once the patient signs out', async () => {
    renderWithSettings(QuestionnairePage, '/triage/questionnaire');
    await screen.findByText('Can you breathe normally?');
    expect(leavePrompted()).toBe(true);
    allowLeaving(); // what sign-out calls before it leaves the page
    expect(leavePrompted()).toBe(false);
  });
});
