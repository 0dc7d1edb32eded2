import { useEffect, useRef, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { ProblemSummary } from '../../../components/ProblemSummary';
import { sendAdviceMessage } from '../../../api/requests';
import { OutcomeWordsView } from '../../../screening/OutcomeAdvice';
import { IfItGetsWorse } from '../../../screening/UrgentHelp';
import { useFlowState } from '../../flowState';
import { triageFlow } from '../../guideline/journey';
import { endJourney } from '../../emergencyCheck';

export const NOTHING_SENT = 'Nothing has been sent to your GP practice.';
export const EMAIL_ADVICE = 'Email me this advice';
export const EMAIL_FORMAT_ERROR = 'Enter an email address in the correct format, like name@example.com';
export const EMAIL_SEND_FAILED = 'We could not send the email. Check your connection and try again.';

const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/;

/**
 * /triage/advice-given: a pharmacy or self-care ending the patient accepted. The advice again,
 * nothing sent to the practice, and the advice emailed to the patient if they ask.
 */
export default function AdviceGivenPage() {
  const advised = useFlowState(triageFlow).advised;
  const [email, setEmail] = useState(advised?.email ?? '');
  const [error, setError] = useState<string>();
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // The journey is over: the next one passes the emergency symptoms screen again.
    if (advised) endJourney();
  }, [advised]);
  if (!advised) return <Navigate to="/triage" replace />;
  const pharmacy = advised.tier === 'PHARMACY';

  async function emailAdvice(event: React.FormEvent) {
    event.preventDefault();
    if (state === 'sending' || !advised) return;
    const address = email.trim();
    if (!EMAIL.test(address)) {
      setError(EMAIL_FORMAT_ERROR);
      inputRef.current?.focus();
      return;
    }
    setError(undefined);
    setState('sending');
    try {
      await sendAdviceMessage({ executionId: advised.executionId, emailAddress: address });
      setState('sent');
    } catch {
      setState('failed');
    }
  }

  return (
    <>
      {state === 'failed' ? <ProblemSummary message={EMAIL_SEND_FAILED} /> : null}
      {error ? (
        <div className="nhsuk-error-summary" role="alert" tabIndex={-1} aria-labelledby="advice-error-title">
          <h2 className="nhsuk-error-summary__title" id="advice-error-title">
            There is a problem
          </h2>
          <div className="nhsuk-error-summary__body">
            <ul className="nhsuk-list nhsuk-error-summary__list">
              <li>
                <a href="#advice-email">{error}</a>
              </li>
            </ul>
          </div>
        </div>
      ) : null}
      <h1>{pharmacy ? 'Go to a pharmacy' : 'Look after this at home'}</h1>
      <div className="nhsuk-inset-text" data-testid="nothing-sent">
        <span className="nhsuk-u-visually-hidden">Information: </span>
        <p>{NOTHING_SENT}</p>
      </div>
      <OutcomeWordsView words={advised.words} />
      <IfItGetsWorse />
      <h2>Keep a copy of this advice</h2>
      {state === 'sent' ? (
        <p data-testid="advice-emailed" role="status">
          We have sent this advice to <strong>{email.trim()}</strong>.
        </p>
      ) : (
        <form onSubmit={(e) => void emailAdvice(e)} noValidate>
          <div className={`nhsuk-form-group${error ? ' nhsuk-form-group--error' : ''}`}>
            <label className="nhsuk-label" htmlFor="advice-email">
              Email address
            </label>
            {error ? (
              <span className="nhsuk-error-message" id="advice-email-error">
                <span className="nhsuk-u-visually-hidden">Error:</span> {error}
              </span>
            ) : null}
            <input
              ref={inputRef}
              className={`nhsuk-input${error ? ' nhsuk-input--error' : ''}`}
              id="advice-email"
              name="email"
              type="email"
              autoComplete="email"
              spellCheck={false}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              {...(error ? { 'aria-invalid': true, 'aria-describedby': 'advice-email-error' } : {})}
            />
          </div>
          <button type="submit" className="nhsuk-button nhsuk-button--secondary" disabled={state === 'sending'}>
            {EMAIL_ADVICE}
          </button>
        </form>
      )}
    </>
  );
}
