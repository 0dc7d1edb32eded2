import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { startGuideline, stopExecution, type StartRefusal } from '../../api/engine';
import { Loading, LOADING_MESSAGES } from '../../components/Loading';
import { useNotifications } from '../../errors/ErrorNotifications';
import { useSettings } from '../../settings/useSettings';
import { EngineErrorPanel, errorMessage, isOutOfHours, type EngineErrorState } from '../triage/EngineErrorPanel';
import { proxyOn, triageFlow, type Selection } from '../triage/triageFlow';
import { clearChildFlow } from './childFlow';
import { useChildFlow } from './useChildGuard';
import { BackLink } from '../../components/BackLink';

export interface ChildGuideline {
  guidelineId: string;
  label: string;
  shortDescription?: string;
  suitableFor?: string;
  notSuitableFor?: string;
}

/** The practice's `childGuidelines` (shared settings), well-formed Form.U16 entries only, by label. */
export function childGuidelines(raw: unknown): ChildGuideline[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((g): g is ChildGuideline => !!g && typeof g === 'object' && typeof (g as ChildGuideline).guidelineId === 'string' && typeof (g as ChildGuideline).label === 'string')
    .filter((g) => g.guidelineId.startsWith('Form.U16'))
    .sort((a, b) => a.label.localeCompare(b.label));
}

const REFUSALS: readonly StartRefusal[] = ['NOT_AVAILABLE', 'RESTRICTED_BY_AGE', 'RESTRICTED_BY_SEX'];

/**
 * /child-request/menu: "Child request", one option per child pathway with what it is and is not
 * suitable for. Choosing one starts it for the child (the guideline engine, as in a medical
 * request) and opens the questionnaire; sending it from "Send your request?" goes to the child
 * confirmation.
 */
export default function ChildMenuPage() {
  const child = useChildFlow();
  const { settings } = useSettings();
  const navigate = useNavigate();
  const { handleError } = useNotifications();
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<EngineErrorState>();
  const useProxy = proxyOn(settings);

  if (!child) return <Navigate to="/" replace />;
  const patient = child.flow.patient;
  if (!patient) return <Navigate to="/child-request/patient-details" replace />;
  const options = childGuidelines(settings.shared.childGuidelines);

  async function choose(option: ChildGuideline) {
    if (!patient?.sexAtBirth) return;
    const selection: Selection = { guidelineId: option.guidelineId, label: option.label, searchType: 'ALL_OPTIONS', searchTerm: '', searchMatches: [] };
    setFailure(undefined);
    setStarting(true);
    const old = triageFlow.get();
    if (old.executionId && old.execution?.status === 'IN_PROGRESS') await stopExecution(old.executionId, old.useProxy ?? useProxy).catch(() => undefined);
    try {
      const execution = await startGuideline(option.guidelineId, { patient: { dateOfBirth: patient.dateOfBirth, sexAtBirth: patient.sexAtBirth } }, useProxy);
      triageFlow.set({ selection, patient, useProxy, executionId: execution.identifier, execution, drafts: {}, labels: {} });
      await navigate('/triage/questionnaire');
    } catch (error) {
      setStarting(false);
      if (isOutOfHours(error)) {
        handleError(error, { flow: 'medical' });
        return;
      }
      const code = error instanceof ApiError && error.body && typeof error.body === 'object' ? (error.body as { code?: unknown }).code : undefined;
      const refusal = REFUSALS.find((r) => r === code);
      if (refusal) {
        triageFlow.set({ selection, patient, refusal, drafts: {}, labels: {} });
        await navigate('/triage/questionnaire');
        return;
      }
      setFailure({ title: 'Unable to start questionnaire', message: errorMessage(error) });
    }
  }

  if (starting) return <Loading message={LOADING_MESSAGES.preparingQuestions} />;

  return (
    <>
      <BackLink fallback="/child-request/patient-details" />
      <h1>Child request</h1>
      <p>Pick the option that looks the best for what the child needs.</p>
      {failure ? <EngineErrorPanel error={failure} actions={[{ label: 'Back to home', onClick: () => void navigate('/') }]} /> : null}
      {options.length === 0 ? (
        <p data-testid="no-child-options">No options found. Please contact the practice.</p>
      ) : (
        <ul className="nhsuk-list" data-testid="child-options">
          {options.map((option) => (
            <li key={option.guidelineId} className="nhsuk-card">
              <div className="nhsuk-card__content">
                <h2 className="nhsuk-card__heading nhsuk-heading-m">{option.label}</h2>
                {option.shortDescription ? <p className="nhsuk-card__description">{option.shortDescription}</p> : null}
                {option.suitableFor ? (
                  <p>
                    <strong>Suitable for:</strong> {option.suitableFor}
                  </p>
                ) : null}
                {option.notSuitableFor ? (
                  <p>
                    <strong>Not suitable for:</strong> {option.notSuitableFor}
                  </p>
                ) : null}
                <button type="button" className="nhsuk-button nhsuk-u-margin-bottom-0" onClick={() => void choose(option)} aria-label={`Choose ${option.label}`}>
                  Choose
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="nhsuk-button nhsuk-button--secondary"
        onClick={() => {
          void Promise.resolve(navigate('/')).then(clearChildFlow);
        }}
      >
        Cancel
      </button>
    </>
  );
}
