import { Navigate } from 'react-router-dom';
import { useSettings } from '../../settings/useSettings';
import { triageFlow } from '../guideline/journey';
import { triageResultsTarget } from './triageResults';

/** /triage/results: takes the patient to the outcome of their finished questionnaire (triageResultsTarget). */
export default function TriageResultsPage() {
  const { settings } = useSettings();
  return <Navigate to={triageResultsTarget(triageFlow.get(), settings)} replace />;
}
