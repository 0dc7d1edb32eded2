import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { medicalReplyTime } from '../../../common';
import { TierAdvice } from '../../screening/TierAdvice';
import { OutcomeWordsView } from '../../screening/OutcomeAdvice';
import { useFlowState } from '../flowState';
import { triageFlow } from '../guideline/journey';
import { clearChildFlow } from './childFlow';
import { SentDetails, SentReference } from '../guideline/SentReceipt';
import { WithNumbersLinked } from '../../screening/EmergencyNumber';
import { IfYouGetWorse, TIERS_THAT_SAY_IT } from '../../screening/UrgentHelp';

export const CHILD_SENT_HEADING = 'Your request is sent';

/** /child-request/confirmation: shown once a child request is sent (the triage flow's sent marker). */
export default function ChildConfirmationPage() {
  const sent = useFlowState(triageFlow).sent;
  const isChild = sent?.triageRequestType === 'CHILD_REQUEST';
  useEffect(() => {
    // Sent: the child's details are no longer needed in this tab.
    if (isChild) clearChildFlow();
  }, [isChild]);
  if (!isChild) return <Navigate to="/" replace />;
  return (
    <>
      <div className="nhsuk-panel app-panel--confirmation">
        <h1 className="nhsuk-panel__title">{CHILD_SENT_HEADING}</h1>
        <SentReference receipt={sent.receipt} />
      </div>
      {/* An urgent tier's words first; a routine child request is "within 1 working day" (common/replyTimes.ts), as on every screen before. */}
      {sent.tier && sent.tier !== 'ROUTINE' ? <TierAdvice tier={sent.tier} crisis={sent.crisis} kind="child" /> : null}
      <p data-testid="reply-time">
        <WithNumbersLinked text={medicalReplyTime({ requestType: 'CHILD_REQUEST', tier: sent.tier, kind: 'child' }).long} />
      </p>
      {sent.receipt ? <SentDetails receipt={sent.receipt} /> : null}
      {sent.words?.length ? (
        <>
          <h2>What you were advised</h2>
          <OutcomeWordsView words={sent.words} headingLevel={3} />
        </>
      ) : null}
      <p>We have sent a confirmation to the email address you gave.</p>
      <IfYouGetWorse heading="If the child gets worse while you wait" who="child" tierSaysIt={TIERS_THAT_SAY_IT.includes(sent.tier ?? '')} />
    </>
  );
}
