import { WarningCallout } from 'nhsuk-react-components';

/** The urgent-care warning every page shows (README "The patient app"). */
export function UrgentWarning() {
  return (
    <WarningCallout className="app-urgent-warning" data-testid="urgent-warning">
      {/* h2: the next level after the page's h1 (the component's default h3 skips one). */}
      <WarningCallout.Heading headingLevel="h2">Important</WarningCallout.Heading>
      <p>Do not use for urgent queries – call the practice or 111.</p>
      <p>In an emergency call 999. If you are deaf or hard of hearing, use text relay: 18000 for 999, 18001 111 for 111.</p>
    </WarningCallout>
  );
}
