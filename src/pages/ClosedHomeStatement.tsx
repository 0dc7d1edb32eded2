import { useSettings } from '../settings/useSettings';
import { CallThePractice } from '../components/PracticePhone';

/** The short statement home shows in link-generator-only mode (and whenever triage is off). */
export function ClosedHomeStatement() {
  const { settings } = useSettings();
  return (
    <>
      <h1>{settings.clinic.name}</h1>
      <p className="nhsuk-lede-text" data-testid="link-only-statement">
        This service is only available through a link sent to you by your practice. Please use the link in your message, or{' '}
        <CallThePractice before="contact the practice" />
      </p>
    </>
  );
}
