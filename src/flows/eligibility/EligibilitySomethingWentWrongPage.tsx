import { Link } from 'react-router-dom';
import { CallThePractice } from '../../components/PracticePhone';
import { sessionHome } from '../guideline/eligibilityFlow';

/** /eligibility/something-went-wrong: the pathway gave no result for the patient's answers. */
export default function EligibilitySomethingWentWrongPage() {
  return (
    <>
      <h1>Something went wrong</h1>
      <p>Sorry, we did not recognise your situation from your answers, so we cannot offer you an appointment online.</p>
      <p>
        <CallThePractice before="Please call the practice" after=" so that they can help you." />
      </p>
      <Link to={sessionHome()} className="nhsuk-button">
        Back to home
      </Link>
    </>
  );
}
