import { WarningCallout } from 'nhsuk-react-components';
import { EmergencyNumber } from '../screening/EmergencyNumber';

/** The urgent-care warning every page shows (README "The patient app"). */
export function UrgentWarning() {
  return (
    <WarningCallout className="app-urgent-warning" data-testid="urgent-warning">
      {/* h2: the next level after the page's h1 (the component's default h3 skips one). */}
      <WarningCallout.Heading headingLevel="h2">Important</WarningCallout.Heading>
      <p>
        Do not use for urgent queries – call the practice or <EmergencyNumber number="111" />.
      </p>
      <p>
        In an emergency call <EmergencyNumber number="999" />. If you are deaf or hard of hearing, use text relay: <EmergencyNumber number="18000" /> for 999,{' '}
        <EmergencyNumber number="18001 111" /> for 111.
      </p>
    </WarningCallout>
  );
}
