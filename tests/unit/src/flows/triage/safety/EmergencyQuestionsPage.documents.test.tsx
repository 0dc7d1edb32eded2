// @vitest-environment jsdom
// The medical flow's three documents come from the server like every other form:
// the emergency questions, the emergency override and the patient context are drawn from the
// document the loader serves (here the bundled copies, serveBundledForms), and the questionnaire
// asks for the next steps' documents while the patient answers it, so the emergency questions
// draw at once, without "Preparing information".
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadForm, loadedForm, resetFormCache } from '../../../../../../src/forms/loadForm';
import { clearTriageFlow, triageFlow } from '../../../../../../src/flows/guideline/journey';
import QuestionnairePage from '../../../../../../src/flows/triage/QuestionnairePage';
import YourOwnWordsPage from '../../../../../../src/flows/triage/YourOwnWordsPage';
import EmergencyOverridePage from '../../../../../../src/flows/triage/safety/EmergencyOverridePage';
import EmergencyQuestionsPage from '../../../../../../src/flows/triage/safety/EmergencyQuestionsPage';
import { serveBundledForms } from '../../../../support/app/bundledForms';
import { renderWithSettings } from '../../../../support/app/renderWithSettings';
import { base, inProgress, json, seedQuestionnaire, stubQuestionnaireFetch } from '../../../../support/app/questionnaireFixture';

const URGENT = [
  { id: 'red-flag', type: 'Recommendation', title: 'Go to A&E now', evidence: [], actions: [{ type: 'Referral', referralId: 'ref-ae', label: 'A&E' }] },
];
beforeEach(() => {
  serveBundledForms();
  // The shared questionnaire fixture: its section, settings and guideline summary.
  stubQuestionnaireFetch((url) => (url.includes('/GuidelineExecution/') ? json(inProgress) : undefined));
  seedQuestionnaire();
});
afterEach(() => {
  cleanup();
  clearTriageFlow();
  vi.unstubAllGlobals();
  resetFormCache();
});

/** The flow after a questionnaire that ended with an urgent result. */
function urgentResult(safety?: object) {
  triageFlow.set({
    finishedTriage: true,
    execution: { ...base, status: 'COMPLETED', recommendations: URGENT } as never,
    ...(safety ? { safety: safety as never } : {}),
  });
}

describe('the questionnaire', () => {
  it('asks for the emergency questions and patient context documents while the patient answers it', async () => {
    triageFlow.set({ execution: inProgress as never });
    expect(loadedForm('EMERGENCY_QUESTIONS')).toBeUndefined();
    renderWithSettings(QuestionnairePage, '/triage/questionnaire');
    await screen.findByText('Can you breathe normally?');
    await waitFor(() => expect(loadedForm('EMERGENCY_QUESTIONS')).toBeDefined());
    await waitFor(() => expect(loadedForm('PATIENT_CONTEXT')).toBeDefined());
  });
});

describe('the emergency questions', () => {
  it("are the served document's four questions, and their wording is what the safety answers are labelled with", async () => {
    urgentResult();
    renderWithSettings(EmergencyQuestionsPage, '/triage/emergency-questions');
    expect(await screen.findByRole('heading', { level: 1, name: 'Are you safe to wait for GP care?' })).toBeTruthy();
    for (const q of [
      'Are you able to drink fluids?',
      'Are you breathing normally?',
      'Are you passing urine (weeing) as normal?',
      'Are you able to stand or walk?',
    ]) {
      expect(within(screen.getByRole('group', { name: `${q} (required)` })).getAllByRole('radio')).toHaveLength(2);
    }
    await waitFor(() => expect(triageFlow.get().safety?.labels?.breathsNormally).toBe('Are you breathing normally?'));
    // The step after it is asked for now.
    await waitFor(() => expect(loadedForm('EMERGENCY_OVERRIDE')).toBeDefined());
  });

  it('draw at once, with no "Preparing information", when the step before already loaded the document', async () => {
    await loadForm('EMERGENCY_QUESTIONS');
    urgentResult();
    renderWithSettings(EmergencyQuestionsPage, '/triage/emergency-questions');
    // The page's first render (once the settings are in) is the form itself.
    await waitFor(() => expect(screen.queryByText('Initialising')).toBeNull());
    expect(screen.getByRole('heading', { level: 1, name: 'Are you safe to wait for GP care?' })).toBeTruthy();
    expect(screen.queryByText(/Preparing information/)).toBeNull();
  });

  it('say the form could not be loaded when the practice does not serve it', async () => {
    resetFormCache({ from: async (id) => Promise.reject(Object.assign(new Error(`no ${id}`), { name: 'TypeError' })) });
    urgentResult();
    renderWithSettings(EmergencyQuestionsPage, '/triage/emergency-questions');
    expect(await screen.findByRole('heading', { name: 'The form could not be loaded' })).toBeTruthy();
  });
});

describe('the emergency override', () => {
  it("offers the served document's reasons when the practice lists none", async () => {
    urgentResult({ reachedEmergencyQuestions: true, answers: { drinksFluids: true, breathsNormally: false, passesUrine: true, ableToStandOrWalk: true } });
    renderWithSettings(EmergencyOverridePage, '/triage/emergency-override');
    const group = await screen.findByRole('group', { name: /Choose the reason that fits best/ });
    expect(within(group).getByRole('radio', { name: 'None of these – I am not safe to wait, tell me where to get urgent help' })).toBeTruthy();
    expect(within(group).getAllByRole('radio')).toHaveLength(5);
  });
});

describe('the patient context', () => {
  it("is the served document with the page's title and the document's own needs when the practice lists none", async () => {
    triageFlow.set({ finishedTriage: true, execution: { ...base, status: 'COMPLETED', recommendations: [] } as never });
    renderWithSettings(YourOwnWordsPage, '/triage/your-own-words');
    const need = await screen.findByRole('combobox', { name: /What do you hope for from the practice\?/ });
    expect(within(need).getByRole('option', { name: 'Something else' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Self-booking is not possible for this request' })).toBeTruthy();
  });
});
