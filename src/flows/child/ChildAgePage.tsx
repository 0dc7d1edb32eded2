import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useNavigate } from 'react-router-dom';
import { SchemaForm, type FormData } from '../../../renderer/index';
import { FormLoadProblem, useForm } from '../../forms/useForm';
import { prefetchForms } from '../../forms/loadForm';
import { CHILD_FLOW, CHILD_MAX_AGE, checklistFor, childAge, childFlow, clearChildFlow, isChildAge } from './childFlow';
import { patientDetailsStore } from '../../patient-details/PatientDetailsStep';
import { BackLink } from '../../components/BackLink';

/**
 * /child-request: "What age is the child?". Starting here clears any earlier child request. A
 * child aged 15 or under goes on to the emergency checklist of their age band; anyone else
 * goes home (child requests are for under-16s).
 */
export const TOO_OLD_HEADING = 'Child requests are for children under 16';

export default function ChildAgePage() {
  const navigate = useNavigate();
  /** The age of a date of birth 16 or over: the page says why it cannot go on, instead of silently going home. */
  const [tooOld, setTooOld] = useState<number>();
  const tooOldRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (tooOld !== undefined) tooOldRef.current?.focus();
  }, [tooOld]);
  // Read once: the date typed last time (Back from the checklist) is offered again.
  const [initial] = useState<FormData>(() => {
    const dob = childFlow.get().dateOfBirth;
    return dob ? { dateOfBirth: dob } : {};
  });
  useEffect(() => {
    clearChildFlow();
  }, []);
  const loading = useForm('CHILD_AGE');

  async function next(answers: FormData) {
    const dateOfBirth = String(answers.dateOfBirth ?? '');
    const age = childAge(dateOfBirth);
    if (!isChildAge(age)) {
      clearChildFlow();
      if (typeof age === 'number' && age > CHILD_MAX_AGE) {
        setTooOld(age);
        return;
      }
      await navigate('/', { replace: true });
      return;
    }
    setTooOld(undefined);
    childFlow.set({ dateOfBirth, checklistPage: 0, ticks: {}, emergencySymptomsChecked: false });
    // The patient-details step starts from this date of birth, and asks for an email: the
    // practice answers a child request by email and text only.
    patientDetailsStore(CHILD_FLOW).set({ details: { dateOfBirth }, emailRequired: true });
    prefetchForms(checklistFor(dateOfBirth).formId);
    await navigate('/child-request/emergency-symptoms');
  }

  if (loading.status !== 'ready') return <FormLoadProblem state={loading} />;
  return (
    <>
      <BackLink fallback="/" />
      {tooOld !== undefined ? (
        <div className="nhsuk-warning-callout" ref={tooOldRef} tabIndex={-1} role="alert" data-testid="child-too-old">
          <h2 className="nhsuk-warning-callout__label">
            <span className="nhsuk-u-visually-hidden">Important: </span>
            {TOO_OLD_HEADING}
          </h2>
          <p>
            The date of birth you entered makes them {tooOld} years old. Someone aged 16 or over asks the practice for themselves: they can use this service
            from the home page, and you can help them fill it in.
          </p>
          <p>
            <Link to="/">Go to the home page</Link>
          </p>
          <p>If you typed the date of birth wrongly, change it below.</p>
        </div>
      ) : null}
      <SchemaForm
        doc={loading.form.doc}
        schemaCheck={loading.form.schemaCheck}
        initialData={initial}
        onSubmit={next}
        onCancel={() => void navigate('/')}
        submitLabel="Next"
      />
    </>
  );
}
