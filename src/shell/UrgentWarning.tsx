import { EmergencyNumber } from '../screening/EmergencyNumber';

/**
 * The urgent-care warning of every page (the spec: "do not use for urgent queries; call the
 * practice or 111"), said once, as a calm strip under the header: not a callout after every
 * page's content, so the pages that must say "call 999 now" still stand out
 * (docs/patient-app.md "One calm urgency pattern").
 */
export function UrgentWarning() {
  return (
    <aside className="app-urgent-warning" aria-label="Urgent help" data-testid="urgent-warning">
      <div className="nhsuk-width-container">
        <p className="nhsuk-body-s">
          <strong>
            Do not use for urgent queries – call the practice or <EmergencyNumber number="111" />.
          </strong>{' '}
          In an emergency call <EmergencyNumber number="999" />. If you are deaf or hard of hearing, use text relay: <EmergencyNumber number="18000" /> for 999,{' '}
          <EmergencyNumber number="18001 111" /> for 111.
        </p>
      </div>
    </aside>
  );
}
