import { cancelTarget, pathwayKind } from '../guideline/pathwayKind';
import { confirmDiscard } from '../leaveFlow';
import { nationalPhone } from '../../components/phone';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { putCustomData, stopExecution } from '../../api/engine';
import { Loading, LOADING_MESSAGES } from '../../components/Loading';
import { useSettings } from '../../settings/useSettings';
import { SEND_FAILED_MESSAGE } from '../../errors/messages';
import { SelectedOption } from '../guideline/SelectedOption';
import { TRIAGE_START, clearTriageFlow, dateTime, triageFlow, proxyOn } from '../guideline/journey';
import { useFinishedTriage } from '../guideline/useJourneyBounce';
import { useTriageSender } from '../guideline/useTriageSender';
import { ProblemSummary } from '../../components/ProblemSummary';
import { BackLink } from '../../components/BackLink';
import { TierAdvice } from '../../screening/TierAdvice';
import { topTier } from '../../../common';
import { flowCrisis } from '../../screening/flowCrisis';
import { AnswersSummary, answerRows } from './AnswersSummary';

/**
 * /triage/complete: "Send your request?" — the answers that will go (a check-your-answers list),
 * then Send and Cancel. The page's Back link goes back; a Back button beside them repeated it.
 */
export default function TriageCompletePage() {
  const flow = useFinishedTriage();
  const { settings } = useSettings();
  const navigate = useNavigate();
  const send = useTriageSender();
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const executionId = flow?.execution?.identifier;
  const useProxy = flow?.useProxy ?? proxyOn(settings);
  const reached = flow?.reachedSubmitScreenOn;

  useEffect(() => {
    if (!executionId || reached) return;
    const on = new Date().toISOString();
    triageFlow.set({ reachedSubmitScreenOn: on });
    void putCustomData(executionId, [dateTime('reachedSubmitScreenOn', on)], useProxy).catch(() => undefined);
  }, [executionId, reached, useProxy]);

  if (!flow) return <Navigate to={TRIAGE_START} replace />;
  if (sending) return <Loading message={LOADING_MESSAGES.sendingRequest} />;
  const email = flow.patient?.contactDetails?.emailAddress;
  const phoneBack = flow.patient?.contactDetails?.preferredContact?.phoneNumber;
  const mobile = settings.notificationConfig.sms?.enabled ? flow.patient?.contactDetails?.mobilePhoneNumber : undefined;

  async function onSend() {
    setFailed(false);
    setSending(true);
    try {
      await send();
    } catch {
      setSending(false);
      setFailed(true);
    }
  }

  return (
    <>
      <BackLink fallback="/triage/your-own-words" />
      {flow.selection ? <SelectedOption label={flow.selection.label} /> : null}
      <h1>Send your request?</h1>
      {failed ? <ProblemSummary message={SEND_FAILED_MESSAGE} /> : null}
      <TierAdvice tier={flow.execution ? topTier(flow.execution.recommendations) : undefined} crisis={flowCrisis(flow)} kind={pathwayKind(flow.selection)} />
      {flow.replyByPhone && !email ? (
        <p data-testid="phone-reply">
          When you send your request, the practice will get your answers. We do not have an email address for you, so the practice will phone you
          {phoneBack ? (
            <>
              {' '}
              on <strong>{nationalPhone(phoneBack)}</strong>
            </>
          ) : null}
          .
        </p>
      ) : (
        <p>When you send your request, the practice will get your answers. You will get a confirmation email within 15 minutes.</p>
      )}
      {email ? (
        <p data-testid="confirmation-email">
          We will send the confirmation to <strong>{email}</strong>.
        </p>
      ) : null}
      {mobile ? (
        <p data-testid="confirmation-text">
          We will also send a text message to <strong>{nationalPhone(mobile)}</strong>.
        </p>
      ) : null}
      <AnswersSummary rows={answerRows(flow.answered ?? [], flow.patientContext)} />
      <div className="nhsuk-button-group">
        <button type="button" className="nhsuk-button" onClick={() => void onSend()}>
          Send
        </button>
        <button
          type="button"
          className="nhsuk-button nhsuk-button--secondary"
          onClick={() =>
            confirmDiscard(() => {
              if (flow.execution) void stopExecution(flow.execution.identifier, useProxy).catch(() => undefined);
              void Promise.resolve(navigate(cancelTarget(flow.selection))).then(clearTriageFlow);
            })
          }
        >
          Cancel
        </button>
      </div>
    </>
  );
}
