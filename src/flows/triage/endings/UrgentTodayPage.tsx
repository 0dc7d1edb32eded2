import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { WarningCallout } from 'nhsuk-react-components';
import { NHS_111_ONLINE_URL, tierLead } from '../../../../common';
import { CareCard } from '../../../components/CareCard';
import { Loading, LOADING_MESSAGES } from '../../../components/Loading';
import { EmergencyNumber } from '../../../screening/EmergencyNumber';
import { OutcomeAdvice } from '../../../screening/OutcomeAdvice';
import { CrisisContacts } from '../../../screening/UrgentHelp';
import { flowCrisis } from '../../../screening/flowCrisis';
import { useServiceStatus } from '../../../settings/serviceStatus';
import { pathwayKind } from '../../guideline/pathwayKind';
import { BackLink } from '../../../components/BackLink';
import { useEnding, useOnToPractice } from './useEnding';

export const CHOOSE_TODAY = 'Choose a time today';
export const CALL_BACK_TODAY = 'Ask the practice to call me today';

/**
 * /triage/urgent-today: the result needs a GP today. In hours the patient asks for a call back
 * today (sent as an urgent request, top of the inbox, "reply today"), or, when the practice offers
 * slots online, picks one of today's (never a later day). When the practice is closed: 111 now.
 */
export default function UrgentTodayPage() {
  const page = useEnding('URGENT_TODAY');
  const { medicalOff } = useServiceStatus();
  const onward = useOnToPractice();
  const [going, setGoing] = useState(false);
  if (going) return <Loading message={LOADING_MESSAGES.preparingInformation} />;
  if ('redirect' in page) return <Navigate to={page.redirect} replace />;
  const { flow, ending } = page;
  const kind = pathwayKind(flow.selection);
  const slotsToday = onward.offersSlots(flow);
  const who = kind === 'child' ? 'the child' : 'you';

  return (
    <>
      <BackLink fallback="/triage/questionnaire" />
      <h1>{tierLead(ending.tier, kind)}</h1>
      <WarningCallout data-testid="urgent-today">
        <WarningCallout.Heading>Do not wait for a routine appointment</WarningCallout.Heading>
        <p>From the answers you gave, a GP needs to speak to {who} today.</p>
        {medicalOff ? (
          <p data-testid="practice-closed">
            The practice is closed now, so it cannot take your request. Call <EmergencyNumber number="111" /> now or use{' '}
            <a href={NHS_111_ONLINE_URL}>111 online</a>.
          </p>
        ) : (
          <p>
            If the practice cannot speak to {who} today, or it closes before you hear from it, call <EmergencyNumber number="111" /> or use{' '}
            <a href={NHS_111_ONLINE_URL}>111 online</a>.
          </p>
        )}
      </WarningCallout>
      {flowCrisis(flow) ? <CrisisContacts headingLevel={2} /> : null}
      <OutcomeAdvice recommendations={flow.execution!.recommendations} />
      {medicalOff ? null : (
        <div className="nhsuk-button-group">
          <button
            type="button"
            className="nhsuk-button"
            onClick={() => {
              setGoing(true);
              void onward.go().finally(() => setGoing(false));
            }}
          >
            {slotsToday ? CHOOSE_TODAY : CALL_BACK_TODAY}
          </button>
        </div>
      )}
      {/* Urgent, not emergency: the patient acts today; 999 only if it gets much worse (one calm urgency pattern). */}
      <CareCard type="urgent" heading="Call 999 or go to A&E if it gets worse">
        <p>
          If {who} get{kind === 'child' ? 's' : ''} much worse while you wait, call <EmergencyNumber number="999" /> or go to A&amp;E. Text relay:{' '}
          <EmergencyNumber number="18000" />.
        </p>
      </CareCard>
    </>
  );
}
