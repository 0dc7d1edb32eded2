import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { tierLead } from '../../../../common';
import { CareCard } from '../../../components/CareCard';
import { Loading, LOADING_MESSAGES } from '../../../components/Loading';
import { ProblemSummary } from '../../../components/ProblemSummary';
import { SEND_FAILED_MESSAGE } from '../../../errors/messages';
import { EmergencyNumber } from '../../../screening/EmergencyNumber';
import { OutcomeAdvice } from '../../../screening/OutcomeAdvice';
import { CrisisContacts } from '../../../screening/UrgentHelp';
import { flowCrisis } from '../../../screening/flowCrisis';
import { triageFlow } from '../../guideline/journey';
import { pathwayKind } from '../../guideline/pathwayKind';
import { useTriageSender } from '../../guideline/useTriageSender';
import { useEnding } from './useEnding';

export const TELL_PRACTICE = 'Tell the practice';

/**
 * /triage/get-help-now: a 999 result (and a child's A&E result). The screen says call 999 first
 * (A&E where the outcome says so), with the outcome's own words and the crisis contacts when the
 * answers concern self-harm. No "safe to wait" questions and no GP-request override: the patient
 * can only tell the practice, which gets it as an emergency indication at the top of its inbox.
 */
export default function EmergencyNowPage() {
  const page = useEnding('EMERGENCY');
  const send = useTriageSender();
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  if (sending) return <Loading message={LOADING_MESSAGES.sendingRequest} />;
  if ('redirect' in page) return <Navigate to={page.redirect} replace />;
  const { flow, ending } = page;
  const kind = pathwayKind(flow.selection);
  const call999 = ending.tier === 'CALL_999';

  async function tellPractice() {
    setFailed(false);
    setSending(true);
    // The patient is getting emergency help: the request is an emergency indication, not a GP request.
    triageFlow.set((s) => ({ ...s, safety: { reachedEmergencyQuestions: false, answers: {}, choice: 'ATTEND_AE' } }));
    try {
      await send();
    } catch {
      setSending(false);
      setFailed(true);
    }
  }

  return (
    <>
      {failed ? <ProblemSummary message={SEND_FAILED_MESSAGE} /> : null}
      <h1>{tierLead(ending.tier, kind)}</h1>
      <CareCard type="emergency" heading={call999 ? 'Call 999 now' : 'Go to A&E now'} testId="emergency-now">
        {call999 ? (
          <p>
            Call <EmergencyNumber number="999" /> now. Do not wait for the practice, and do not drive yourself to hospital.
          </p>
        ) : (
          <p>
            Go to your nearest A&amp;E now. If you cannot get there safely, or {kind === 'child' ? 'the child' : 'you'} get worse, call{' '}
            <EmergencyNumber number="999" />.
          </p>
        )}
        <p>
          If you are deaf or hard of hearing, use text relay to call <EmergencyNumber number="999" /> on <EmergencyNumber number="18000" />.
        </p>
      </CareCard>
      {flowCrisis(flow) ? <CrisisContacts headingLevel={2} /> : null}
      <OutcomeAdvice recommendations={flow.execution!.recommendations} />
      <h2>Tell the practice</h2>
      <p>
        Get help first. You can also let your GP practice know what has happened. This does not get you help any faster, and the practice may not read it today.
      </p>
      <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={() => void tellPractice()}>
        {TELL_PRACTICE}
      </button>
    </>
  );
}
