import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { DETAILS_FIX_FIELD, STEP_PARAM } from '../../patient-details/patientDetailsState';
import { ERROR_TITLE_PREFIX, usePageTitle } from '../../shell/usePageTitle';
import { fetchActionRequest } from '../../api/appointments';
import { Loading, LOADING_MESSAGES } from '../../components/Loading';
import { useNotifications } from '../../errors/ErrorNotifications';
import { clearPatientDetails, PatientDetailsStep } from '../../patient-details/PatientDetailsStep';
import type { Patient } from '../../patient-details/patient';
import { bookingErrorOutcome } from './bookingErrors';
import { startBooking } from '../bookingRequest';
import { DETAILS_MISMATCH, DIRECT_BOOKING_TITLE } from './messages';
import { SchemaForm } from '../../../renderer/index';
import { FormLoadProblem, useForm } from '../../forms/useForm';
import { createFlowState, useFlowState } from '../flowState';

/** The flow type of invitation links the practice sends; the patient must be aged 18 or above. */
export const DIRECT_BOOKING_FLOW = 'SMART_DIRECT_BOOKING';
const MIN_AGE = 18;

/** Which invitation the patient acknowledged is for them only (sessionStorage: kept through a reload or NHS login). */
export const directBookingStore = createFlowState<{ acknowledged?: string }>('flow:direct-booking', () => ({}));

/**
 * /direct-booking?lid=…: "Accepting your appointment invitation", for the recipient only: the
 * patient first acknowledges that statement (DIRECT_BOOKING_INVITATION; "To continue, please
 * acknowledge that you have read the statement above."). The shared patient-details step runs next, then the link's request is fetched with the patient
 * and the patient goes on to book-appointment with db. A missing lid is an invalid link.
 */
export default function DirectBookingPage() {
  const [params] = useSearchParams();
  const lid = params.get('lid');
  if (!lid) return <Navigate to="/error?mid=PATIENT_ACTION_LINK_INVALID" replace />;
  return <DirectBooking lid={lid} />;
}

function DirectBooking({ lid }: { lid: string }) {
  const navigate = useNavigate();
  const { notify, handleError } = useNotifications();
  const [busy, setBusy] = useState(false);
  const [params] = useSearchParams();
  // The mismatch is a page of its own (`&step=details&mismatch=1`): the details it concerns, with
  // the message on top and focused, and a link to the first of them.
  const mismatch = params.get(MISMATCH_PARAM) === '1' && params.get(STEP_PARAM) === 'details';
  const invitation = useFlowState(directBookingStore);
  const statement = useForm(invitation.acknowledged !== lid ? 'DIRECT_BOOKING_INVITATION' : undefined);
  // The parent's effect runs after the step's own title: the mismatch names the page.
  usePageTitle(mismatch ? `${ERROR_TITLE_PREFIX}${DETAILS_MISMATCH}` : undefined);

  const accept = async (patient: Patient) => {
    setBusy(true);
    try {
      const answer = await fetchActionRequest('DIRECT_BOOKING', lid, { patient });
      void navigate(
        startBooking({ mode: 'direct', linkUUID: lid, consultationId: answer.consultationId, patient, appointmentStatus: answer.appointmentStatus }),
      );
    } catch (error) {
      setBusy(false);
      const outcome = bookingErrorOutcome(error, 'link');
      if (outcome.kind === 'signpost') void navigate(outcome.to);
      else if (outcome.kind === 'popup' && outcome.title === DETAILS_MISMATCH) {
        const next = new URLSearchParams(params);
        next.set(STEP_PARAM, 'details');
        next.set(MISMATCH_PARAM, '1');
        void navigate(`/direct-booking?${next.toString()}`, { state: { focusId: MISMATCH_ID } });
      } else if (outcome.kind === 'popup') notify(outcome);
      else handleError(error);
    }
  };

  const leave = () => {
    clearPatientDetails(DIRECT_BOOKING_FLOW);
    directBookingStore.clear();
    void navigate('/');
  };

  if (busy) return <Loading message={LOADING_MESSAGES.checkingAppointments} />;

  if (invitation.acknowledged !== lid) {
    if (statement.status !== 'ready') return <FormLoadProblem state={statement} />;
    return (
      <SchemaForm
        doc={statement.form.doc}
        schemaCheck={statement.form.schemaCheck}
        onSubmit={async () => {
          directBookingStore.set({ acknowledged: lid });
          // A new history entry: the shell focuses the next screen's heading and announces it.
          void navigate(`/direct-booking?lid=${encodeURIComponent(lid)}&invitation=read`);
        }}
        submitLabel="Continue"
        onCancel={leave}
      />
    );
  }

  return (
    <>
      {mismatch ? <MismatchSummary /> : null}
      <PatientDetailsStep
        flow={DIRECT_BOOKING_FLOW}
        caption={<span className="nhsuk-caption-l">{DIRECT_BOOKING_TITLE}</span>}
        minAge={MIN_AGE}
        backFallback="/"
        onComplete={({ patient }) => void accept(patient)}
        onCancel={leave}
      />
    </>
  );
}

const MISMATCH_PARAM = 'mismatch';
const MISMATCH_ID = 'direct-booking-mismatch';

/** The details did not match the invitation: the product's title, what to check, and a link to the first detail. */
function MismatchSummary() {
  return (
    <div className="nhsuk-error-summary" role="alert" tabIndex={-1} id={MISMATCH_ID} aria-labelledby={`${MISMATCH_ID}-title`}>
      <h2 className="nhsuk-error-summary__title" id={`${MISMATCH_ID}-title`}>
        {DETAILS_MISMATCH}
      </h2>
      <div className="nhsuk-error-summary__body">
        <p>This invitation is for the person it was sent to. Please check your date of birth, last name and postcode, or call the practice.</p>
        <ul className="nhsuk-list nhsuk-error-summary__list">
          <li>
            <a
              href={`#${DETAILS_FIX_FIELD}`}
              onClick={(event) => {
                const target = document.getElementById(DETAILS_FIX_FIELD);
                if (target) {
                  event.preventDefault();
                  target.focus();
                }
              }}
            >
              Check your details
            </a>
          </li>
        </ul>
      </div>
    </div>
  );
}
