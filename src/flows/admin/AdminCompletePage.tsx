import { Link } from 'react-router-dom';

/** /admin-request/complete (spec overview "Admin complete"). */
export default function AdminCompletePage() {
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
