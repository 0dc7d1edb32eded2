import { useMemo } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { SchemaForm, type FormData } from '../../../renderer/index';
import { prefetchForms } from '../../forms/loadForm';
import { FormLoadProblem, useForm } from '../../forms/useForm';
import { BackLink } from '../../components/BackLink';
import { PatientDetailsStep } from '../../patient-details/PatientDetailsStep';
import { STEP_PARAM } from '../../patient-details/usePatientDetailsFlow';
import { usePageTitle } from '../../shell/usePageTitle';
import { useFlowState } from '../flowState';
import { CHILD_FLOW, CHILD_MAX_AGE, childAge, childFlow, clearChildFlow, isChildAge, proxyStep, toChildProxy } from './childFlow';
import { useChildFlow } from './useChildGuard';
import { CHILD_DETAILS_WORDS } from '../guideline/childWords';

const PATH = '/child-request/patient-details';
/** The `&step=` of "About you", after the shared step's own screens (`details`, `contact`). */
const PROXY_STEP = 'about-you';

/**
 * /child-request/patient-details: the shared patient-details step for the child (ages 0 to 15,
 * no record check: the request goes to the practice as an unauthenticated child request), then
 * "About you" (the child proxy: relation, the full name unless the person is the child, Other's
 * text up to 50 characters; "I am the child (patient)" is offered from age 9). "About you" is
 * its own history entry (`?step=about-you`) with its own title; opened before the shared step
 * is done, it shows the shared step's first screen.
 */
export default function ChildPatientDetailsPage() {
  const child = useChildFlow();
  const navigate = useNavigate();
  const step = useFlowState(proxyStep);
  const [searchParams, setSearchParams] = useSearchParams();
  const age = child?.age;
  const params = useMemo(() => ({ childAge: age }), [age]);
  const onProxyStep = searchParams.get(STEP_PARAM) === PROXY_STEP;
  // "About you" loads only on its own screen (the shared step's screens load theirs).
  const proxy = useForm(onProxyStep ? 'CHILD_PROXY' : undefined);
  usePageTitle(onProxyStep && step.patient && proxy.status === 'ready' ? proxy.form.doc.pages[0]?.title : undefined);

  if (!child) return <Navigate to="/" replace />;
  if (!child.flow.emergencySymptomsChecked) return <Navigate to="/child-request/emergency-symptoms" replace />;
  if (onProxyStep && !step.patient) return <Navigate to={PATH} replace />;

  const cancel = () => {
    void Promise.resolve(navigate('/')).then(clearChildFlow);
  };

  if (!onProxyStep) {
    prefetchForms('CHILD_PROXY');
    return (
      <PatientDetailsStep
        flow={CHILD_FLOW}
        minAge={0}
        maxAge={CHILD_MAX_AGE}
        checkRecord={false}
        reword={CHILD_DETAILS_WORDS}
        backFallback="/child-request/emergency-symptoms"
        onComplete={({ patient }) => {
          proxyStep.set({ patient });
          setSearchParams((current) => {
            const next = new URLSearchParams(current);
            next.set(STEP_PARAM, PROXY_STEP);
            return next;
          });
        }}
        onCancel={cancel}
      />
    );
  }

  async function done(answers: FormData) {
    const patient = proxyStep.get().patient;
    if (!patient) return;
    const contact = patient.contactDetails;
    const childProxy = {
      ...toChildProxy(answers),
      ...(contact ? { contactDetails: { emailAddress: contact.emailAddress, mobilePhoneNumber: contact.mobilePhoneNumber } } : {}),
    };
    const ageNow = childAge(patient.dateOfBirth);
    if (!isChildAge(ageNow)) {
      cancel();
      return;
    }
    childFlow.set({ dateOfBirth: patient.dateOfBirth, patient: { ...patient, childProxy: JSON.parse(JSON.stringify(childProxy)) as typeof childProxy } });
    await navigate('/child-request/menu');
  }

  if (proxy.status !== 'ready') return <FormLoadProblem state={proxy} />;
  return (
    <>
      <BackLink fallback={`${PATH}?${STEP_PARAM}=contact`} />
      <SchemaForm
        key={`proxy-${String(age)}`}
        doc={proxy.form.doc}
        params={params}
        schemaCheck={proxy.form.schemaCheck}
        initialData={step.answers}
        onChange={(answers) => proxyStep.set({ answers })}
        onSubmit={done}
        hideBack
        onCancel={cancel}
        submitLabel="Next"
      />
    </>
  );
}
