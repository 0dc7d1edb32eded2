// @vitest-environment jsdom
// Spec (questionnaire flow): "Urgent result: check operational state; service off goes to the
// service-off screen". The embedded engine refuses $continue while the service is off, but a
// practice's own engine (ENGINE_URL) may answer: here the engine completes with an A&E result
// while the practice has switched the medical service off, and the app must not go on to the
// safety check.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import QuestionnairePage from '../../../../../src/flows/triage/QuestionnairePage';
import { renderWithSettings } from '../../../support/app/renderWithSettings';
import { OPEN, QUESTION, base, json, resetQuestionnaire, seedQuestionnaire, stubQuestionnaireFetch } from '../../../support/app/questionnaireFixture';

const completedAE = {
  ...base,
  status: 'COMPLETED',
  requiredData: [],
  section: null,
  recommendations: [
    { id: 'red-flag', type: 'Recommendation', title: 'Go to A&E now', evidence: [], actions: [{ type: 'Referral', referralId: 'ref-ae', label: 'A&E' }] },
  ],
};

let medicalOff = false;
let stopped = 0;

beforeEach(() => {
  medicalOff = false;
  stopped = 0;
  stubQuestionnaireFetch(
    (url) => {
      if (url.endsWith('/$continue')) return json(completedAE);
      if (url.endsWith('/$putCustomData')) return json(completedAE);
      if (url.endsWith('/$stop')) {
        stopped++;
        return json({ ...completedAE, status: 'STOPPED' });
      }
      return undefined;
    },
    () => (medicalOff ? { ...OPEN, medical: { operationalStatus: 'SERVICE_OFF', practiceCalendar: 'IN_HOURS' } } : OPEN),
  );
  seedQuestionnaire();
});
afterEach(resetQuestionnaire);

async function answerLastSection() {
  const user = userEvent.setup();
  await screen.findByText(QUESTION);
  await user.click(screen.getByLabelText('No'));
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

describe('an urgent result checks the operational state', () => {
  it('service switched off while the patient answered: the service-off screen, the execution stopped, no safety check', async () => {
    const router = renderWithSettings(QuestionnairePage, '/triage/questionnaire');
    await screen.findByText(QUESTION);
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

  it("service open, a pathway whose document declares the child kind (whatever its id): a child's A&E result goes to the emergency screen, not the adult safety check", async () => {
    seedQuestionnaire({ kind: 'child' }); // guidelineId stays Triage.Fixture
    const router = renderWithSettings(QuestionnairePage, '/triage/questionnaire');
    await answerLastSection();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/triage/get-help-now'));
  });
});
