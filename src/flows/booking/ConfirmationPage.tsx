import { Link, Navigate, useLocation } from 'react-router-dom';
import { useFlowState } from '../flowState';
import { AppointmentSummary } from './AppointmentSummary';
import { appointmentInWords } from './appointmentWords';
import { bookingResult, type BookingResult } from '../bookingRequest';
import { DEFAULT_CONFIRMATION_TITLE } from './messages';
import './booking.css';

function resultFromState(state: unknown): BookingResult | undefined {
  if (state && typeof state === 'object' && 'result' in state && state.result && typeof state.result === 'object') return state.result as BookingResult;
  return undefined;
}

/**
 * /appointment/confirmation: title and body from the navigation state (default "The appointment
 * is booked"), the appointment in words, a print button and the link to change or cancel.
 */
export default function ConfirmationPage() {
  const location = useLocation();
  const stored = useFlowState(bookingResult).result;
  const result = resultFromState(location.state) ?? stored;
  if (!result) return <Navigate to="/appointment/not-accessible" replace />;
  const words = appointmentInWords(result.booking.appointmentBooking, result.virtualLabel);
  const changeLink = `/appointment/details?lid=${encodeURIComponent(result.booking.linkUUID)}`;
  return (
    <div className="app-confirmation">
      <div className="nhsuk-panel">
        <h1 className="nhsuk-panel__title">{result.title || DEFAULT_CONFIRMATION_TITLE}</h1>
        <div className="nhsuk-panel__body">
          {words.date} at {words.time}
        </div>
      </div>
      {result.body ? <p>{result.body}</p> : null}
      <h2 className="nhsuk-heading-m">Your appointment</h2>
      <AppointmentSummary words={words} />
      {/* A telephone appointment has nowhere to arrive at: the practice calls (the summary says so). */}
      <p data-testid="sent-details">
        {words.virtual ? 'We have sent the details to you.' : 'We have sent the details to you. Please arrive a few minutes early.'}
      </p>
      <p className="app-no-print">
        <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={() => window.print()}>
          Print this page
        </button>
      </p>
      <h2 className="nhsuk-heading-m">If you need to change or cancel</h2>
      <p>
        <Link to={changeLink}>Change or cancel this appointment</Link>
      </p>
      <p className="app-print-only-link">
        Keep this link to change or cancel: <span className="app-booking-link-text">{`${window.location.origin}${changeLink}`}</span>
      </p>
    </div>
  );
}
