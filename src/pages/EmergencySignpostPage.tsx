import { WarningCallout } from 'nhsuk-react-components';
import { CareCard } from '../components/CareCard';
import { useLocation, useSearchParams } from 'react-router-dom';
import { EmergencyNumber } from '../screening/EmergencyNumber';
import { CrisisContacts } from '../screening/UrgentHelp';

export const TRIAGE_VARIANT_WARNING = 'Your GP practice will not receive the answers you have given. Your request has not been sent.';

export default function EmergencySignpostPage() {
  const [params] = useSearchParams();
  // From the screening of the patient's own words: what matched, and whether it was about self-harm or suicide.
  const state = useLocation().state as { variant?: string; crisis?: boolean; labels?: string[] } | null;
  const triage = params.get('variant') === 'triage' || state?.variant === 'triage';
  return (
    <>
      <h1>Get help now</h1>
      {triage ? (
        <WarningCallout data-testid="triage-variant-warning">
          <WarningCallout.Heading>Your request has not been sent</WarningCallout.Heading>
          <p>{TRIAGE_VARIANT_WARNING}</p>
        </WarningCallout>
      ) : null}
      {state?.labels && state.labels.length > 0 ? (
        <p data-testid="signpost-words">You told us about {state.labels.join(', ')}. These can be signs of a serious problem that needs help now.</p>
      ) : null}
      {state?.crisis ? <CrisisContacts headingLevel={2} /> : null}
      <CareCard type="emergency" heading="Call 999 or go to A&E now if:">
        <p>you or the person you are helping is seriously ill or injured and their life is at risk.</p>
        <p>
          If you are deaf or hard of hearing, use text relay to call <EmergencyNumber number="999" /> on <EmergencyNumber number="18000" />.
        </p>
      </CareCard>
      <CareCard type="urgent" heading="Call 111 or get help from 111 online if:">
        <p>you need medical help urgently but it is not a life-threatening emergency.</p>
        <p>
          <a href="https://111.nhs.uk/">Use 111 online</a>, or call <EmergencyNumber number="111" />. If you are deaf or hard of hearing, use text relay on{' '}
          <EmergencyNumber number="18001 111" />.
        </p>
      </CareCard>
    </>
  );
}
