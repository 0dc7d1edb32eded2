import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { fetchActionRequest } from '../../api/appointments';
import { Loading, LOADING_MESSAGES } from '../../components/Loading';
import { ProblemSummary } from '../../components/ProblemSummary';
import { useNotifications } from '../../errors/ErrorNotifications';
import { bookingErrorOutcome } from './bookingErrors';
import { startBooking } from '../bookingRequest';
import { SchemaForm, type FormData } from '../../../renderer/index';
import { FormLoadProblem, useForm } from '../../forms/useForm';

/**
 * /self-booking?lid=…: the date-of-birth check of a self-booking invitation (the SELF_BOOKING
 * form document, with the dateOfBirth messages of PATIENT_DETAILS), then book-appointment with sb.
 */
export default function SelfBookingPage() {
  const [params] = useSearchParams();
  const lid = params.get('lid');
  if (!lid) return <Navigate to="/error?mid=PATIENT_ACTION_LINK_INVALID" replace />;
  return <SelfBooking lid={lid} />;
}

function SelfBooking({ lid }: { lid: string }) {
  const navigate = useNavigate();
  const { notify, handleError } = useNotifications();
  // What was typed, so the form comes back with it after a refusal.
  const [answers, setAnswers] = useState<FormData>({});
  const [mismatch, setMismatch] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const notice = useRef<HTMLDivElement>(null);
  const loading = useForm('SELF_BOOKING');

  useEffect(() => {
    if (mismatch) notice.current?.querySelector<HTMLElement>('.nhsuk-error-summary')?.focus();
  }, [mismatch]);

  const submit = async (data: FormData) => {
    const dateOfBirth = String(data.dateOfBirth);
    setAnswers(data);
    setMismatch(undefined);
    setBusy(true);
    try {
      const answer = await fetchActionRequest('SELF_BOOKING_REQUEST', lid, { dateOfBirth });
      if (!answer.consultationId) throw new Error('no consultation');
      void navigate(
        startBooking({ mode: 'self', linkUUID: lid, consultationId: answer.consultationId, dateOfBirth, appointmentStatus: answer.appointmentStatus }),
      );
    } catch (err) {
      setBusy(false);
      const outcome = bookingErrorOutcome(err, 'link');
      if (outcome.kind === 'signpost') void navigate(outcome.to);
      else if (outcome.kind === 'popup') {
        // The date of birth is not the invited patient's: said over the form, which keeps the date.
        if (outcome.title.startsWith("The details you have provided don't correspond")) setMismatch(outcome.title);
        else notify(outcome);
      } else handleError(err);
    }
  };

  if (busy) return <Loading message={LOADING_MESSAGES.checkingAppointments} />;
  if (loading.status !== 'ready') return <FormLoadProblem state={loading} />;

  return (
    <SchemaForm
      doc={loading.form.doc}
      schemaCheck={loading.form.schemaCheck}
      initialData={answers}
      onSubmit={submit}
      submitLabel="Continue"
      notice={
        mismatch ? (
          <div ref={notice}>
            <ProblemSummary message={mismatch} />
          </div>
        ) : undefined
      }
    />
  );
}
