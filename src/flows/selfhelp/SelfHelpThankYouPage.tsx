import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { useFlowState } from '../flowState';
import { triageFlow } from '../guideline/journey';
import { endJourney } from '../emergencyCheck';
import { IfYouGetWorse } from '../../screening/UrgentHelp';

export const SELF_HELP_SENT_HEADING = 'Your email is on its way to you';

/** /self-help/thank-you: after "I will try self-help first" sent the request with the self-help email. */
export default function SelfHelpThankYouPage() {
  const sent = useFlowState(triageFlow).sent;
  useEffect(() => {
    // Sent: the journey is over, so the next one passes the emergency symptoms screen again.
    if (sent) endJourney();
  }, [sent]);
  if (sent?.triageRequestType !== 'ELIGIBILITY_BOOKING') return <Navigate to="/" replace />;
  return (
    <>
      <div className="nhsuk-panel app-panel--confirmation">
        <h1 className="nhsuk-panel__title">{SELF_HELP_SENT_HEADING}</h1>
      </div>
      <p>We have sent the self-help information to your email address. It should arrive within 15 minutes.</p>
      <p>If your problem is not getting better, or you need an appointment after trying self-help, come back and make a new request.</p>
      <IfYouGetWorse heading="If you get worse" />
    </>
  );
}
