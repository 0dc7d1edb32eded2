import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { stopExecution } from '../../api/engine';
import { Loading, LOADING_MESSAGES } from '../../components/Loading';
import { useSettings } from '../../settings/useSettings';
import { SEND_FAILED_MESSAGE } from '../../errors/messages';
import { SelectedOption } from '../guideline/SelectedOption';
import { clearTriageFlow, proxyOn } from '../guideline/journey';
import { useFinishedTriage } from '../guideline/useJourneyBounce';
import { useTriageSender } from '../guideline/useTriageSender';
import { appointmentReferral, managementAction, sessionHome, startEligibilityBooking } from '../guideline/eligibilityFlow';
import { ProblemSummary } from '../../components/ProblemSummary';
import { ExternalLinks } from './ExternalLinks';
import { isEligibilityPathway } from '../guideline/pathwayKind';
import { isConnectionFailure } from '../../errors/mapError';
import { ChoiceErrorSummary, ChoiceRadios, useErrorFocus, type Choice } from './SelfHelpChoice';

export const SELF_HELP_THANK_YOU = '/self-help/thank-you';

/**
 * /eligibility/self-help: the pathway's self-help outcome. "I will try self-help first" sends the
 * request (ELIGIBILITY_BOOKING; the practice queues the self-help email with it) and shows
 * /self-help/thank-you. For AI-led pathways with an appointment outcome the patient may also
 * choose "Request appointment and self-help", which hands over to the booking screen.
 */
export default function EligibilitySelfHelpPage() {
  const flow = useFinishedTriage();
  const { settings } = useSettings();
  const navigate = useNavigate();
  const send = useTriageSender();
  const [choice, setChoice] = useState<Choice>();
  const [error, setError] = useState(false);
  /** Each Send without a choice: the summary is focused again, as the forms' summary is after a failed Next. */
  const [refusals, setRefusals] = useState(0);
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const summary = useErrorFocus(error, refusals);

  const execution = flow?.execution;
  const selfHelp = execution ? managementAction(execution.recommendations, 'Self help content') : undefined;
  if (!flow || !execution || !isEligibilityPathway(flow.selection) || !selfHelp) return <Navigate to={sessionHome()} replace />;
  if (sending) return <Loading message={LOADING_MESSAGES.sendingEmail} />;

  const offerAppointment = flow.aiLed === true && appointmentReferral(execution.recommendations) !== undefined;
  const chosen: Choice | undefined = offerAppointment ? choice : 'SELF_HELP_FIRST';

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!chosen) {
      setError(true);
      setRefusals((n) => n + 1);
      return;
    }
    if (chosen === 'APPOINTMENT_AND_SELF_HELP') {
      const to = startEligibilityBooking(flow!, settings);
      if (to) await navigate(to);
      return;
    }
    setFailed(false);
    setSending(true);
    try {
      await send(undefined, { next: SELF_HELP_THANK_YOU });
    } catch (error) {
      setSending(false);
      // "Check your connection" only when no answer came back: any other answer has its popup (useTriageSender).
      setFailed(isConnectionFailure(error));
    }
  }

  return (
    <>
      {flow.selection ? <SelectedOption label={flow.selection.label} /> : null}
      {failed ? <ProblemSummary message={SEND_FAILED_MESSAGE} /> : null}
      {error ? <ChoiceErrorSummary ref={summary} /> : null}
      <h1>{execution.recommendations[0]?.title ?? 'Try self-help first'}</h1>
      <p>{selfHelp.text}</p>
      <ExternalLinks links={selfHelp.links} />
      <form onSubmit={(e) => void submit(e)} noValidate>
        {offerAppointment ? (
          <ChoiceRadios
            choice={choice}
            error={error}
            onChoose={(value) => {
              setChoice(value);
              setError(false);
            }}
          />
        ) : (
          <p>We will email this information to you so that you have it to hand.</p>
        )}
        <div className="app-button-row">
          <button type="submit" className="nhsuk-button">
            Please send the information
          </button>
          <button
            type="button"
            className="nhsuk-button nhsuk-button--secondary"
            onClick={() => {
              void stopExecution(execution.identifier, flow.useProxy ?? proxyOn(settings)).catch(() => undefined);
              void Promise.resolve(navigate(sessionHome())).then(clearTriageFlow);
            }}
          >
            Cancel
          </button>
        </div>
      </form>
    </>
  );
}
