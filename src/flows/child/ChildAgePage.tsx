import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { SchemaForm, fromAjvValidator, type FormData } from '../../../renderer/index';
import CHILD_AGE from '../../../generated/forms/CHILD_AGE';
import validateChildAge from '../../../generated/validators/CHILD_AGE';
import { CHILD_FLOW, childAge, childFlow, clearChildFlow, isChildAge } from './childFlow';
import { patientDetailsStore } from '../../patient-details/PatientDetailsStep';
import { BackLink } from '../../components/BackLink';

const check = fromAjvValidator(validateChildAge);

/**
 * /child-request: "What age is the child?". Starting here clears any earlier child request. A
 * child aged 15 or under goes on to the emergency checklist of their age band; anyone else
 * goes home (child requests are for under-16s).
 */
export default function ChildAgePage() {
  const navigate = useNavigate();
  // Read once: the date typed last time (Back from the checklist) is offered again.
  const [initial] = useState<FormData>(() => {
    const dob = childFlow.get().dateOfBirth;
    return dob ? { dateOfBirth: dob } : {};
  });
  useEffect(() => {
    clearChildFlow();
  }, []);

  async function next(answers: FormData) {
    const dateOfBirth = String(answers.dateOfBirth ?? '');
    const age = childAge(dateOfBirth);
    if (!isChildAge(age)) {
      clearChildFlow();
      await navigate('/', { replace: true });
      return;
    }
    childFlow.set({ dateOfBirth, checklistPage: 0, ticks: {}, emergencySymptomsChecked: false });
    // The patient-details step starts from this date of birth, and asks for an email: the
    // practice answers a child request by email and text only.
    patientDetailsStore(CHILD_FLOW).set({ details: { dateOfBirth }, emailRequired: true });
    await navigate('/child-request/emergency-symptoms');
  }

  return (
    <>
      <BackLink fallback="/" />
      <SchemaForm doc={CHILD_AGE} schemaCheck={check} initialData={initial} onSubmit={next} onCancel={() => void navigate('/')} submitLabel="Next" />
    </>
  );
}
