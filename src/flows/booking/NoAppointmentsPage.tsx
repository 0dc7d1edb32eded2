import { Link, useNavigate } from 'react-router-dom';
import { Loading, LOADING_MESSAGES } from '../../components/Loading';
import { useFlowState } from '../flowState';
import { bookingFlow, cancelPathOf, clearBooking } from '../bookingRequest';
import { useSendWithoutBooking } from './useSendWithoutBooking';
import { MEDICAL_NO_SLOTS, NO_APPOINTMENTS_TITLE, NO_MORE_ONLINE, NO_TIMES_CALL_PRACTICE } from './messages';
import { SEND_FAILED_MESSAGE } from '../../errors/messages';
import { ProblemSummary } from '../../components/ProblemSummary';
import { isGateOpen } from '../../routing/gating';
import { useSettings } from '../../settings/useSettings';
import { selfHelpPathFor } from '../../search/selfHelpLibrary';

const FIRST_CONTACT_PHYSIO = /first.?contact.?physio/i;

/**
 * /appointment/no-appointments: "No more appointments available online" or the pathway's own
 * text, Cancel, "Get self-help" for first contact physio, and in the medical request flow a Send
 * request button that sends the consultation without an appointment (reasonInInbox NO_APPOINTMENTS).
 */
export default function NoAppointmentsPage() {
  const navigate = useNavigate();
  const request = useFlowState(bookingFlow).request;
  const { features } = useSettings();
  const medical = request?.mode === 'symptom-assessment' ? request : undefined;
  const { send, sending, failed } = useSendWithoutBooking(medical);
  // "Get self-help" (first contact physio): the self-help information page opened at the pathway's
  // own NHS links. That page is part of the medical service (the triage gate): no button when it is closed.
  const selfHelp =
    request?.mode === 'eligibility' && FIRST_CONTACT_PHYSIO.test(request.guidelineId) && isGateOpen('triage', features)
      ? (request.selfHelpPath ?? selfHelpPathFor(request.guidelineId))
      : undefined;

  const cancel = () => {
    const to = cancelPathOf(request);
    clearBooking();
    void navigate(to);
  };

  if (sending) return <Loading message={LOADING_MESSAGES.sendingRequest} />;

  return (
    <>
      {failed ? <ProblemSummary message={SEND_FAILED_MESSAGE} /> : null}
      <h1>{NO_APPOINTMENTS_TITLE}</h1>
      <p>{request?.noSlotsText ?? NO_MORE_ONLINE}</p>
      {/* An urgent-today request's own text already says when the practice replies (today). */}
      {medical ? medical.slotWindow === 'TODAY' ? null : <p>{MEDICAL_NO_SLOTS}</p> : <p>{NO_TIMES_CALL_PRACTICE}</p>}
      <div className="nhsuk-button-group">
        {medical ? (
          <button type="button" className="nhsuk-button" onClick={() => void send(false)}>
            Send request
          </button>
        ) : null}
        {selfHelp ? (
          <Link to={selfHelp} className="nhsuk-button nhsuk-button--secondary">
            Get self-help
          </Link>
        ) : null}
        <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={cancel}>
          Cancel
        </button>
      </div>
    </>
  );
}
