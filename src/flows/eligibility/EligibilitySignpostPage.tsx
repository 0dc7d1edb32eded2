import { Navigate, useNavigate } from 'react-router-dom';
import { finishExecution } from '../../api/engine';
import { useSettings } from '../../settings/useSettings';
import { SelectedOption } from '../guideline/SelectedOption';
import { clearTriageFlow, proxyOn } from '../guideline/journey';
import { useFinishedTriage } from '../guideline/useJourneyBounce';
import { managementAction, sessionHome } from '../guideline/eligibilityFlow';
import { ExternalLinks } from './ExternalLinks';
import { CallThePractice } from '../../components/PracticePhone';

/** /eligibility/signpost: the pathway's signpost text (where to go instead) and the practice's phone. */
export default function EligibilitySignpostPage() {
  const flow = useFinishedTriage();
  const { settings } = useSettings();
  const navigate = useNavigate();
  const execution = flow?.execution;
  const signpost = execution ? managementAction(execution.recommendations, 'Signpost copy') : undefined;
  if (!flow || !execution || !signpost) return <Navigate to={sessionHome()} replace />;
  const phone = settings.clinic.telephone;
  return (
    <>
      {flow.selection ? <SelectedOption label={flow.selection.label} /> : null}
      <h1>{execution.recommendations[0]?.title ?? 'This appointment is not the right one for you'}</h1>
      <p data-testid="signpost-text">{signpost.text}</p>
      <ExternalLinks links={signpost.links} />
      {phone ? (
        <p data-testid="signpost-phone">
          <CallThePractice before="If you need help, call the practice" />
        </p>
      ) : null}
      <button
        type="button"
        className="nhsuk-button"
        onClick={() => {
          // Nothing is sent to the practice: the engine records that the patient saw the advice.
          void finishExecution(
            execution.identifier,
            { acceptedRecommendationIds: [execution.recommendations[0]!.id] },
            flow.useProxy ?? proxyOn(settings),
          ).catch(() => undefined);
          void Promise.resolve(navigate(sessionHome())).then(clearTriageFlow);
        }}
      >
        Finish
      </button>
    </>
  );
}
