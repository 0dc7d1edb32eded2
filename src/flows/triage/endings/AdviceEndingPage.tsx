// The pharmacy and self-care endings: the outcome's advice first, with the patient's two choices
// (take the advice, and nothing is sent; or ask the practice instead, as a routine request).
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { FIND_A_PHARMACY_URL, outcomeWords, tierLead } from '../../../../common';
import { BackLink } from '../../../components/BackLink';
import { Loading, LOADING_MESSAGES } from '../../../components/Loading';
import { OutcomeAdvice } from '../../../screening/OutcomeAdvice';
import { IfItGetsWorse } from '../../../screening/UrgentHelp';
import { finishExecution } from '../../../api/engine';
import { useSettings } from '../../../settings/useSettings';
import { clearTriageFlow, proxyOn, triageFlow } from '../../guideline/journey';
import { ADVICE_GIVEN_PATH } from '../../guideline/routeAfterTriage';
import { pathwayKind } from '../../guideline/pathwayKind';
import { useEnding, useOnToPractice } from './useEnding';

const GO_TO_PHARMACY = "I'll go to a pharmacy";
const ASK_PRACTICE_INSTEAD = 'Ask the practice instead';
const LOOK_AFTER_AT_HOME = "I'll look after this at home";
const STILL_ASK_PRACTICE = 'I still want to ask the practice';

export function AdviceEndingPage({ screen }: { screen: 'PHARMACY' | 'SELF_CARE' }) {
  const page = useEnding(screen);
  const { settings } = useSettings();
  const navigate = useNavigate();
  const onward = useOnToPractice();
  const [busy, setBusy] = useState(false);
  if (busy) return <Loading message={LOADING_MESSAGES.preparingInformation} />;
  if ('redirect' in page) return <Navigate to={page.redirect} replace />;
  const { flow, ending } = page;
  const execution = flow.execution!;
  const kind = pathwayKind(flow.selection);
  const pharmacy = screen === 'PHARMACY';
  const label = flow.selection?.label ?? 'your symptoms';

  async function takeAdvice() {
    setBusy(true);
    const useProxy = flow.useProxy ?? proxyOn(settings);
    // The engine's bookkeeping: the patient took the advice and asked no GP (best effort).
    await finishExecution(
      execution.identifier,
      { acceptedRecommendationIds: execution.recommendations.map((r) => r.id), committedToConsultGp: false },
      useProxy,
    ).catch(() => undefined);
    const email = flow.patient?.contactDetails?.emailAddress;
    // Nothing goes to the practice: the answers and details are forgotten, only the advice is kept to show again.
    clearTriageFlow();
    triageFlow.set({
      advised: {
        tier: screen,
        label,
        words: outcomeWords(execution.recommendations),
        executionId: execution.identifier,
        useProxy,
        ...(email ? { email } : {}),
      },
    });
    await navigate(ADVICE_GIVEN_PATH, { replace: true });
  }

  return (
    <>
      <BackLink fallback="/triage/questionnaire" />
      <h1>{tierLead(ending.tier, kind)}</h1>
      {pharmacy ? (
        <div className="nhsuk-inset-text" data-testid="pharmacy-first">
          <span className="nhsuk-u-visually-hidden">Information: </span>
          <p>
            <strong>{label}</strong>: a pharmacist can see {kind === 'child' ? 'the child' : 'you'} today without an appointment. Through Pharmacy First they
            can give advice and, if needed, some treatments that used to need a GP prescription.
          </p>
          <p>
            <a href={FIND_A_PHARMACY_URL}>Find a pharmacy near you</a>
          </p>
        </div>
      ) : (
        <div className="nhsuk-inset-text" data-testid="self-care">
          <span className="nhsuk-u-visually-hidden">Information: </span>
          <p>From the answers you gave, this can usually be looked after at home. Here is what to do.</p>
        </div>
      )}
      <OutcomeAdvice recommendations={execution.recommendations} />
      <IfItGetsWorse />
      <div className="nhsuk-button-group">
        <button type="button" className="nhsuk-button" onClick={() => void takeAdvice()}>
          {pharmacy ? GO_TO_PHARMACY : LOOK_AFTER_AT_HOME}
        </button>
        <button
          type="button"
          className="nhsuk-button nhsuk-button--secondary"
          onClick={() => {
            setBusy(true);
            void onward.go().finally(() => setBusy(false));
          }}
        >
          {pharmacy ? ASK_PRACTICE_INSTEAD : STILL_ASK_PRACTICE}
        </button>
      </div>
    </>
  );
}
