import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { CareCard } from '../../../components/CareCard';
import { Loading, LOADING_MESSAGES } from '../../../components/Loading';
import { PATIENT_REFUSED_UPDATE_CONTACT } from '../../AddContactDetailsScreen';
import { SEND_FAILED_MESSAGE } from '../../../errors/messages';
import { TRIAGE_START, manualAuthOn } from '../../guideline/journey';
import { useSettings } from '../../../settings/useSettings';
import { useTriageSender } from '../../guideline/useTriageSender';
import { EMERGENCY_OVERRIDE_PATH, EMERGENCY_QUESTIONS_PATH, needsContactChoice, safetyResult } from '../../guideline/safety';
import { InterruptionPanel } from './InterruptionPanel';
import {
  ATTEND_AE_HEADING,
  GP_ADVICE_DELAY,
  GP_ADVICE_HEADING,
  INFORM_PRACTICE,
  NOT_URGENT_HEADING,
  REQUEST_CONSULTATION,
  URGENT_HEADING,
} from './safetyWords';
import { setSafety, useSafetyFlow } from './useSafetyFlow';
import { ProblemSummary } from '../../../components/ProblemSummary';
import { BackLink } from '../../../components/BackLink';
import { EmergencyNumber } from '../../../screening/EmergencyNumber';
import { CrisisContacts } from '../../../screening/UrgentHelp';
import { flowCrisis } from '../../../screening/flowCrisis';
import { OutcomeAdvice } from '../../../screening/OutcomeAdvice';

/**
 * /triage/submit-emergency: the urgent care outcome. "I will attend A&E" sends the request to the
 * practice as it is (EMERGENCY_INDICATION, committedToConsultGp false) and shows the A&E
 * confirmation; "I want GP advice" asks why it is safe to wait (/triage/emergency-override).
 */
export default function SubmitEmergencyPage() {
  const flow = useSafetyFlow();
  const { settings } = useSettings();
  const navigate = useNavigate();
  const send = useTriageSender();
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  // While sending, the sender clears the flow before it moves on: no bounce then.
  if (sending) return <Loading message={LOADING_MESSAGES.sendingRequest} />;
  if (!flow) return <Navigate to={TRIAGE_START} replace />;
  const result = safetyResult(flow.safety?.answers ?? {});
  if (!result) return <Navigate to={EMERGENCY_QUESTIONS_PATH} replace />;

  async function informPractice() {
    if (!flow) return;
    setFailed(false);
    setSending(true);
    setSafety((s) => {
      const { overrideReason: _r, overrideLabel: _l, ...rest } = s;
      return { ...rest, choice: 'ATTEND_AE' };
    });
    const refused = needsContactChoice({ patient: flow.patient, validation: flow.validation, manualAuth: manualAuthOn(settings) });
    try {
      await send(refused ? { triageRequestType: PATIENT_REFUSED_UPDATE_CONTACT, formType: PATIENT_REFUSED_UPDATE_CONTACT } : undefined);
    } catch {
      setSending(false);
      setFailed(true);
    }
  }

  return (
    <>
      <BackLink fallback="/triage/emergency-questions" />
      {failed ? <ProblemSummary message={SEND_FAILED_MESSAGE} /> : null}
      <InterruptionPanel heading={result === 'urgent' ? URGENT_HEADING : NOT_URGENT_HEADING} testId="urgent-care-outcome">
        <p>
          {result === 'urgent'
            ? 'From what you have told us, you should get help now. Go to A&E or call '
            : 'Some of your answers mean you may need to be seen urgently. The safest thing to do is go to A&E or call '}
          <EmergencyNumber number="999" />.
        </p>
        <p>Choose what you will do. We will tell your GP practice.</p>
      </InterruptionPanel>
      {flowCrisis(flow) ? <CrisisContacts headingLevel={2} /> : null}
      {/* The pathway's own advice, as the engine gave it. */}
      <OutcomeAdvice recommendations={flow.execution?.recommendations ?? []} />
      <CareCard type="emergency" heading={ATTEND_AE_HEADING} testId="attend-ae">
        <p>
          Go to A&amp;E now or call <EmergencyNumber number="999" />. Your GP practice will get your answers so they know what has happened.
        </p>
        {/* The safe choice is the primary (green) action; "Request consultation" the secondary one. */}
        <button type="button" className="nhsuk-button" onClick={() => void informPractice()}>
          {INFORM_PRACTICE}
        </button>
      </CareCard>
      <CareCard type="urgent" heading={GP_ADVICE_HEADING} testId="gp-advice">
        <p>{GP_ADVICE_DELAY}</p>
        <p>You will be asked why it is safe for you to wait.</p>
        <button
          type="button"
          className="nhsuk-button nhsuk-button--secondary"
          onClick={() => {
            setSafety((s) => ({ ...s, choice: 'GP_ADVICE' }));
            void navigate(EMERGENCY_OVERRIDE_PATH);
          }}
        >
          {REQUEST_CONSULTATION}
        </button>
      </CareCard>
    </>
  );
}
