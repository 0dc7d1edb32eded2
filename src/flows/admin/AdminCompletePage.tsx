import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { clearAdminFlow } from './adminFlow';

/** /admin-request/complete: the confirmation (README "Admin requests"). */
export default function AdminCompletePage() {
  // Sent: forget every answer and the patient's details (sessionStorage).
  useEffect(() => clearAdminFlow(), []);
  return (
    <>
      <div className="nhsuk-panel app-panel--confirmation">
        <h1 className="nhsuk-panel__title">Your administrative request has been sent.</h1>
      </div>
      <h2 className="nhsuk-heading-m">What happens next</h2>
      <p>Your practice will reply within 48 hours, Monday to Friday, excluding public holidays.</p>
      <p>
        <Link to="/">Go back to the online services menu</Link>
      </p>
    </>
  );
}
