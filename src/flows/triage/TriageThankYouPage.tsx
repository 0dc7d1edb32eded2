import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { putCustomData } from '../../api/engine';
import { useFlowState } from '../flowState';
import { TRIAGE_START, bool, triageFlow } from '../guideline/journey';
import { endJourney } from '../emergencyCheck';
import { TierAdvice } from '../../screening/TierAdvice';
import { SentDetails, SentReference } from '../guideline/SentReceipt';
import { medicalReplyTime, type ReplyTime, type UrgencyTier } from '../../../common';
import { WithNumbersLinked } from '../../screening/EmergencyNumber';
import { IfYouGetWorse, TIERS_THAT_SAY_IT } from '../../screening/UrgentHelp';
import { OutcomeWordsView } from '../../screening/OutcomeAdvice';

export const THANK_YOU_HEADING = 'Your request for medical advice has been sent.';

/** The reply time of a sent medical request, by its tier, as the email and text say it. */
export function sentReplyTime(sent: { triageRequestType: string; tier?: UrgencyTier }): ReplyTime {
  return medicalReplyTime({ tier: sent.tier, requestType: sent.triageRequestType });
}

/** /triage/thank-you: shown once the request is sent (only the sent marker is left in the flow). */
export default function TriageThankYouPage() {
  const flow = useFlowState(triageFlow);
  const sent = flow.sent;
  const reached = flow.reachedThankYou;
  useEffect(() => {
    // Sent: the journey is over, so the next one passes the emergency symptoms screen again.
    if (sent) endJourney();
  }, [sent]);
  useEffect(() => {
    if (!sent || reached) return;
    triageFlow.set({ reachedThankYou: true });
    void putCustomData(sent.executionId, [bool('reachedThankYou', true)], sent.useProxy).catch(() => undefined);
  }, [sent, reached]);
  if (!sent) return <Navigate to={TRIAGE_START} replace />;
  return (
    <>
      <div className="nhsuk-panel app-panel--confirmation">
        <h1 className="nhsuk-panel__title">{THANK_YOU_HEADING}</h1>
        <SentReference receipt={sent.receipt} />
      </div>
      {/* The tier's plain words first when it is more (or other) than a routine reply. */}
      {sent.tier && sent.tier !== 'ROUTINE' ? (
        <TierAdvice tier={sent.tier} crisis={sent.crisis} />
      ) : sent.crisis ? (
        <TierAdvice tier={undefined} crisis />
      ) : null}
      {/* The reply time the email and SMS say too (common/replyTimes.ts, read by the server's notifications). */}
      <p data-testid="reply-time">
        <WithNumbersLinked text={sentReplyTime(sent).long} />
      </p>
      <SentDetails receipt={sent.receipt} />
      {sent.words?.length ? (
        <>
          <h2>What you were advised</h2>
          <OutcomeWordsView words={sent.words} headingLevel={3} />
        </>
      ) : null}
      <IfYouGetWorse tierSaysIt={TIERS_THAT_SAY_IT.includes(sent.tier ?? '')} />
    </>
  );
}
