import { Link } from 'react-router-dom';

/** /logged-out: where logout lands; by now the tab holds nothing of the patient. */
export default function LoggedOutPage() {
  return (
    <>
      <h1>You are logged out</h1>
      <p>You have logged out of NHS login. The details and answers you entered have been removed from this browser tab.</p>
      <p>
        <Link to="/" className="nhsuk-button">
          Start again
        </Link>
      </p>
    </>
  );
}
