import { Link, useSearchParams } from 'react-router-dom';
import { ERROR_IDS, LINK_MESSAGES } from '../errors/messages';
import { useSettings } from '../settings/useSettings';
import { CallThePractice } from '../components/PracticePhone';
import { usePageTitle } from '../shell/usePageTitle';
import { BOOKING_IN_PROGRESS_MID } from '../flows/booking/messages';
import { CODE_MESSAGES } from '../flows/booking/messages';
import { useFlowState } from '../flows/flowState';
import { bookingFlow, bookingPath } from '../flows/bookingRequest';

const BOOKING_IN_PROGRESS_TITLE = CODE_MESSAGES['RH-E005']!.title;

function PracticePhone() {
  const { settings } = useSettings();
  return <p>{settings.clinic.telephone ? <CallThePractice /> : 'Please contact the practice.'}</p>;
}

/**
 * RH-E005 on a booking link: the practice is already booking this request. The product's title
 * ("This appointment is no longer available"); its "choose another time" would loop, so the page
 * says what happens next and gives a way on.
 */
function BookingInProgress() {
  usePageTitle(BOOKING_IN_PROGRESS_TITLE);
  return (
    <>
      <h1>{BOOKING_IN_PROGRESS_TITLE}</h1>
      <p>The practice is already booking an appointment for this request, so a time cannot be chosen online.</p>
      <p>The practice will contact you about your appointment. If you have not heard from them, or the appointment is urgent, call them.</p>
      <PracticePhone />
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </>
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

  if (mid === BOOKING_IN_PROGRESS_MID) return <BookingInProgress />;
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
  if (eid === ERROR_IDS.possibleAppointment) return <PossibleAppointment />;
  return <SomethingWentWrong />;
}

/**
 * No answer while a time was being booked: it may have been booked. "Start again" goes back to
 * the times of the same booking while the app still holds it (the answers of a questionnaire are
 * in it; the home page would throw them away and ask every question again). Booking the same
 * time again is safe: its Idempotency-Key is kept, so the practice answers with the booking it made.
 */
function PossibleAppointment() {
  const request = useFlowState(bookingFlow).request;
  return (
    <>
      <h1>You may have an appointment but need to check</h1>
      <p>Something went wrong while your appointment was being booked. It may have been booked.</p>
      <ul>
        <li>Check your email: if the appointment was booked, you will get a confirmation email in about 5 minutes.</li>
        <li>If you find you have booked more than one appointment, cancel the ones you do not need using the link in the email.</li>
        <li>If you have no confirmation email, start again.</li>
      </ul>
      {request ? (
        <>
          <Link to={bookingPath(request)} className="nhsuk-button" data-testid="start-again">
            Start again
          </Link>
          <p>This takes you back to the appointment times, with the answers you gave.</p>
        </>
      ) : (
        <Link to="/" className="nhsuk-button" data-testid="start-again">
          Start again
        </Link>
      )}
    </>
  );
}
