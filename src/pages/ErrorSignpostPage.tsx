import { Link, useSearchParams } from 'react-router-dom';
import { ERROR_IDS, LINK_MESSAGES } from '../errors/messages';
import { useSettings } from '../settings/useSettings';

function PracticePhone() {
  const { settings } = useSettings();
  const phone = settings.clinic.telephone;
  return phone ? (
    <p>
      Please call the practice on <a href={`tel:${phone.replace(/\s+/g, '')}`}>{phone}</a>.
    </p>
  ) : (
    <p>Please contact the practice.</p>
  );
}

function SomethingWentWrong() {
  return (
    <>
      <h1>Something went wrong</h1>
      <p>We could not complete what you were doing.</p>
      <PracticePhone />
      <p>
        <Link to="/">Start again</Link>
      </p>
    </>
  );
}

/** Error signpost (/error): link problems by mid, logged out or possible appointment by eid (docs/architecture.md, "Errors"). */
export default function ErrorSignpostPage() {
  const [params] = useSearchParams();
  const mid = params.get('mid');
  const eid = params.get('eid');

  if (mid !== null) {
    const heading = Object.hasOwn(LINK_MESSAGES, mid) ? LINK_MESSAGES[mid] : undefined;
    if (!heading) return <SomethingWentWrong />;
    return (
      <>
        <h1>{heading}</h1>
        <p>The link you used cannot be used to book or change an appointment.</p>
        <p>If you still need an appointment, please contact the practice.</p>
        <PracticePhone />
      </>
    );
  }
  if (eid === ERROR_IDS.unauthorised) {
    return (
      <>
        <h1>You are logged out</h1>
        <p>For your security, you need to start again.</p>
        <Link to="/" className="nhsuk-button">
          Start again
        </Link>
      </>
    );
  }
  if (eid === ERROR_IDS.possibleAppointment) {
    return (
      <>
        <h1>You may have an appointment but need to check</h1>
        <p>Something went wrong while your appointment was being booked. It may have been booked.</p>
        <ul>
          <li>Check your email: if the appointment was booked, you will get a confirmation email in about 5 minutes.</li>
          <li>If you find you have booked more than one appointment, cancel the ones you do not need using the link in the email.</li>
          <li>If you have no confirmation email, start again.</li>
        </ul>
        <Link to="/" className="nhsuk-button">
          Start again
        </Link>
      </>
    );
  }
  return <SomethingWentWrong />;
}
