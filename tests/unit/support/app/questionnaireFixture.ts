// The engine fixture the questionnaire page's tests share: one in-progress section with one
// Yes/No question, a patient, the journey state seeded at that section, and a `fetch` stub that
// answers the settings the page reads, the guideline summary, and whatever engine calls the test
// answers itself.
import { cleanup } from '@testing-library/react';
import { vi } from 'vitest';
import { FIXTURE_PATIENT } from './fixturePatient';
import { SETTINGS_PATHS } from '../../../../src/api/settings';
import { clearTriageFlow, triageFlow, type Selection } from '../../../../src/flows/guideline/journey';

export const SECTION_DOC = {
  id: 'URGENT_FIXTURE',
  title: 'Your symptoms',
  pages: [{ title: 'Your symptoms', fields: ['ok'] }],
  schema: {
    type: 'object',
    required: ['ok'],
    properties: { ok: { type: 'boolean', title: 'Can you breathe normally?', 'x-observationType': 'BINARY' } },
    additionalProperties: false,
  },
  uiSchema: { ok: { 'ui:widget': 'yesNo' } },
};
export const QUESTION = 'Can you breathe normally?';
export const EXECUTION_ID = '11111111-2222-4333-8444-555555555555';
export const base = { identifier: EXECUTION_ID, guidelineId: 'Triage.Fixture', version: '1.0.0', customData: [], responseData: [] };
export const inProgress = {
  ...base,
  status: 'IN_PROGRESS',
  recommendations: [],
  requiredData: [],
  section: { id: 'main', number: 1, title: 'Your symptoms', document: SECTION_DOC, parameters: { patientAge: 30, sexAtBirth: 'female' }, answers: {} },
};
export const OPEN = {
  medical: { operationalStatus: 'SERVICE_ON', practiceCalendar: 'IN_HOURS' },
  admin: { operationalStatus: 'SERVICE_ON', practiceCalendar: 'IN_HOURS' },
};

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * Stubs `fetch`: `engine(url)` answers first (undefined: not this call), then the settings the
 * page reads (`operationalState()` each time it is asked) and the pathway's guideline summary;
 * anything else is a 404.
 */
export function stubQuestionnaireFetch(engine: (url: string) => Response | undefined, operationalState: () => unknown = () => OPEN): void {
  vi.stubGlobal('fetch', async (input: string) => {
    const url = String(input);
    const answer = engine(url);
    if (answer) return answer;
    if (url === SETTINGS_PATHS.operationalState) return json(operationalState());
    if (url === SETTINGS_PATHS.clinic) return json({ name: 'Test Surgery', telephone: '0100 000 0000' });
    if (url === SETTINGS_PATHS.patientApp) return json({ useProxy: false, enableAneSubmission: true });
    if (url.startsWith('/api/v1/fhir/r4/Guideline/')) return json({ guidelineId: 'Triage.Fixture', kind: 'triage', checkForAppointments: false });
    return json({}, 404);
  });
}

/** The journey at the fixture's section, a triage pathway unless `selection` says otherwise. */
export function seedQuestionnaire(selection: Partial<Selection> = {}): void {
  triageFlow.set({
    drafts: {},
    labels: {},
    useProxy: false,
    executionId: EXECUTION_ID,
    selection: { guidelineId: 'Triage.Fixture', kind: 'triage', label: 'Fixture', searchType: 'MAIN', searchTerm: 'fixture', searchMatches: [], ...selection },
    patient: FIXTURE_PATIENT as never,
    execution: inProgress as never,
  });
}

/** After each test: unmount, forget the journey, restore `fetch`. */
export function resetQuestionnaire(): void {
  cleanup();
  clearTriageFlow();
  vi.unstubAllGlobals();
}
