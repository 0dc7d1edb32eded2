// The self-help page's one question, for AI-led pathways with an appointment outcome: the
// choice as radios, the error summary when Send is pressed without one, and where focus goes then.
import { useEffect, useRef, type Ref } from 'react';
import { ERROR_TITLE_PREFIX } from '../../shell/usePageTitle';

export type Choice = 'APPOINTMENT_AND_SELF_HELP' | 'SELF_HELP_FIRST';

/** The summary to focus while `error` shows; `refusals` grows with each Send without a choice. */
export function useErrorFocus(error: boolean, refusals: number) {
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
  return summary;
}

export function ChoiceErrorSummary({ ref }: { ref: Ref<HTMLDivElement> }) {
  return (
    <div className="nhsuk-error-summary" role="alert" aria-labelledby="self-help-error-title" tabIndex={-1} ref={ref}>
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
  );
}

export function ChoiceRadios({ choice, error, onChoose }: { choice: Choice | undefined; error: boolean; onChoose(value: Choice): void }) {
  return (
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
                onChange={() => onChoose(value)}
              />
              <label className="nhsuk-label nhsuk-radios__label" htmlFor={`self-help-choice-${i}`}>
                {label}
              </label>
            </div>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
