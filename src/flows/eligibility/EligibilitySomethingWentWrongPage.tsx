import { Link } from 'react-router-dom';
import { useSettings } from '../../settings/useSettings';
import { sessionHome } from '../guideline/eligibilityFlow';

/** /eligibility/something-went-wrong: the pathway gave no result for the patient's answers. */
export default function EligibilitySomethingWentWrongPage() {
  const { settings } = useSettings();
  const phone = settings.clinic.telephone;
  return (
    <>
      <h1>Something went wrong</h1>
      <p>Sorry, we did not recognise your situation from your answers, so we cannot offer you an appointment online.</p>
      <p>
        Please call the practice
        {phone ? (
          <>
            {' '}
            on <a href={`tel:${phone.replace(/\s/g, '')}`}>{phone}</a>
          </>
        ) : null}{' '}
        so that they can help you.
      </p>
      <Link to={sessionHome()} className="nhsuk-button">
        Back to home
      </Link>
    </>
  );
}
