import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { CareCard } from '../../../components/CareCard';
import { useFlowState } from '../../flowState';
import { TRIAGE_START, triageFlow } from '../../guideline/journey';
import { CONFIRMED_HEADING, CONFIRMED_PRACTICE_TOLD, NHS_LINKS } from './safetyWords';
import { endJourney } from '../../emergencyCheck';
import { EmergencyNumber } from '../../../screening/EmergencyNumber';
import { CrisisContacts } from '../../../screening/UrgentHelp';

/**
 * /triage/emergency-confirmed: after "Inform the practice". The request is sent (only the sent
 * marker is left in the flow); the patient is told to attend A&E or call 999, with nhs.uk links.
 */
export default function EmergencyConfirmedPage() {
  const { sent } = useFlowState(triageFlow);
  useEffect(() => {
    // Sent: the journey is over, so the next one passes the emergency symptoms screen again.
    if (sent) endJourney();
  }, [sent]);
  if (!sent || sent.triageRequestType !== 'EMERGENCY_INDICATION') return <Navigate to={TRIAGE_START} replace />;
  const call999 = sent.tier === 'CALL_999';
  return (
    <>
      {/* The emergency comes first; that the practice was told comes after it, in plain words. */}
      <h1>{call999 ? 'Call 999 now' : CONFIRMED_HEADING}</h1>
      <CareCard type="emergency" heading={call999 ? 'Call 999 now' : 'Go to A&E or call 999 now'} testId="attend-ae-now">
        <p>Do not wait for a reply from your GP practice.</p>
        <p>
          If you are deaf or hard of hearing, use text relay to call <EmergencyNumber number="999" /> on <EmergencyNumber number="18000" />.
        </p>
      </CareCard>
      {sent.crisis ? <CrisisContacts headingLevel={2} /> : null}
      <div className="nhsuk-inset-text">
        <span className="nhsuk-u-visually-hidden">Information: </span>
        <p data-testid="practice-told">{call999 ? 'We have told your GP practice that you are calling 999.' : CONFIRMED_PRACTICE_TOLD}</p>
      </div>
      <h2>More information</h2>
      <ul>
        {NHS_LINKS.map((l) => (
          <li key={l.url}>
            <a href={l.url}>{l.label}</a>
          </li>
        ))}
      </ul>
    </>
  );
}
