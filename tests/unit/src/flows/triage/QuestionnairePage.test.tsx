// @vitest-environment jsdom
// The questionnaire page uses the one leave guard every flow uses (so signing out is never asked
// "Reload page?"), and its failure panel's actions follow the kind of failure, not the title shown.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allowLeaving } from '../../../../../src/shell/useLeaveGuard';
import QuestionnairePage from '../../../../../src/flows/triage/QuestionnairePage';
import { triageFlow } from '../../../../../src/flows/guideline/journey';
import { renderWithSettings } from '../../../support/app/renderWithSettings';
import { QUESTION, inProgress, json, resetQuestionnaire, seedQuestionnaire, stubQuestionnaireFetch } from '../../../support/app/questionnaireFixture';

const ENGINE_FAILED = { statusCode: 500, error: 'Internal Server Error', message: 'The engine failed' };
let continueFails = false;
let loadFails = false;

beforeEach(() => {
  continueFails = false;
  loadFails = false;
  stubQuestionnaireFetch((url) => {
    if (url.endsWith('/$continue')) return continueFails ? json(ENGINE_FAILED, 500) : json(inProgress);
    if (url.includes('/GuidelineExecution/')) return loadFails ? json(ENGINE_FAILED, 500) : json(inProgress);
    return undefined;
  });
  seedQuestionnaire();
});
afterEach(resetQuestionnaire);

function leavePrompted(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('the questionnaire page', () => {
  it('names the section on screen and its execution in the address, so the server can draw it on a reload', async () => {
    const router = renderWithSettings(QuestionnairePage, '/triage/questionnaire');
    await screen.findByText(QUESTION);
    const { executionId, execution } = triageFlow.get();
    expect(executionId).toBeDefined();
    await vi.waitFor(() => {
      const query = new URLSearchParams(router.state.location.search);
      expect([query.get('section'), query.get('execution')]).toEqual([execution?.section?.id, executionId]);
    });
  });

  it('an answer the engine refuses ("Questionnaire problem") offers Start again only', async () => {
    renderWithSettings(QuestionnairePage, '/triage/questionnaire');
    const user = userEvent.setup();
    await screen.findByText(QUESTION);
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
    await screen.findByText(QUESTION);
  });

  it('asks before the tab is closed while answers could be lost, but never once the patient signs out', async () => {
    renderWithSettings(QuestionnairePage, '/triage/questionnaire');
    await screen.findByText(QUESTION);
    expect(leavePrompted()).toBe(true);
    allowLeaving(); // what sign-out calls before it leaves the page
    expect(leavePrompted()).toBe(false);
  });
});
