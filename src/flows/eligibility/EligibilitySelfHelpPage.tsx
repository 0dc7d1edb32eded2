import { useEffect, useRef, useState } from 'react';
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
import { ERROR_TITLE_PREFIX } from '../../shell/usePageTitle';

export const SELF_HELP_THANK_YOU = '/self-help/thank-you';
type Choice = 'APPOINTMENT_AND_SELF_HELP' | 'SELF_HELP_FIRST';

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
  const summary = useRef<HTMLDivElement>(null);
  // Focus left on the button gave no sign of the problem to a screen reader or a phone scrolled
  // down to Send: the summary takes focus, and the title says "Error:" while it shows.
  useEffect(() => {
    if (!error) return;
    summary.current?.scrollIntoView?.({ block: 'start' });
    summary.current?.focus();
  }, [error, refusals]);
  useEffect(() => {
    if (!error) return;
    if (!document.title.startsWith(ERROR_TITLE_PREFIX)) document.title = ERROR_TITLE_PREFIX + document.title;
    return () => {
      if (document.title.startsWith(ERROR_TITLE_PREFIX)) document.title = document.title.slice(ERROR_TITLE_PREFIX.length);
    };
  }, [error]);

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
      {error ? (
        <div className="nhsuk-error-summary" role="alert" aria-labelledby="self-help-error-title" tabIndex={-1} ref={summary}>
          <h2 className="nhsuk-error-summary__title" id="self-help-error-title">
            There is a problem
          </h2>
          <div className="nhsuk-error-summary__body">
            <ul className="nhsuk-list nhsuk-error-summary__list">
              <li>
                <a href="#self-help-choice-0">Please select an option</a>
              </li>
            </ul>
          </div>
        </div>
      ) : null}
      <h1>{execution.recommendations[0]?.title ?? 'Try self-help first'}</h1>
      <p>{selfHelp.text}</p>
      <ExternalLinks links={selfHelp.links} />
      <form onSubmit={(e) => void submit(e)} noValidate>
        {offerAppointment ? (
          <div className={`nhsuk-form-group${error ? ' nhsuk-form-group--error' : ''}`}>
            <fieldset className="nhsuk-fieldset" aria-describedby={error ? 'self-help-choice-error' : undefined}>
              <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--m">What would you like to do?</legend>
              {error ? (
                <span className="nhsuk-error-message" id="self-help-choice-error">
                  <span className="nhsuk-u-visually-hidden">Error:</span> Please select an option
                </span>
              ) : null}
              <div className="nhsuk-radios">
                {(
                  [
                    ['APPOINTMENT_AND_SELF_HELP', 'Request appointment and self-help'],
                    ['SELF_HELP_FIRST', 'I will try self-help first'],
                  ] as const
                ).map(([value, label], i) => (
                  <div className="nhsuk-radios__item" key={value}>
                    <input
                      className="nhsuk-radios__input"
                      id={`self-help-choice-${i}`}
                      name="selfHelpChoice"
                      type="radio"
                      value={value}
                      checked={choice === value}
                      onChange={() => {
                        setChoice(value);
                        setError(false);
                      }}
                    />
                    <label className="nhsuk-label nhsuk-radios__label" htmlFor={`self-help-choice-${i}`}>
                      {label}
                    </label>
                  </div>
                ))}
              </div>
            </fieldset>
          </div>
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
