import { useEffect, useRef } from 'react';
import { ApiError } from '../../api/client';
import { GENERIC_ERROR_MESSAGE, OUT_OF_HOURS_MESSAGE } from '../../errors/messages';

/** Titles of the engine failures (the spec's wording). */
type EngineErrorTitle = 'Unable to prepare information' | 'Unable to start questionnaire' | 'Questionnaire problem';

export interface EngineErrorState {
  title: EngineErrorTitle;
  message: string;
}

/** The practice's answer's own message, else the generic refresh-or-check-your-connection one. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError && error.message && !/^\d+$/.test(error.message)) return error.message;
  return GENERIC_ERROR_MESSAGE;
}

/** A 412 "Outside normal operating hours": the medical service closed while the patient was using it. */
export function isOutOfHours(error: unknown): boolean {
  return error instanceof ApiError && error.status === 412 && error.message === OUT_OF_HOURS_MESSAGE;
}

/** An engine failure: its title, the answer's message and a way on; focused when it appears. */
export function EngineErrorPanel({ error, actions }: { error: EngineErrorState; actions: Array<{ label: string; onClick: () => void }> }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [error]);
  return (
    <div className="nhsuk-error-summary" role="alert" tabIndex={-1} ref={ref} aria-labelledby="engine-error-title" data-testid="engine-error">
      <h2 className="nhsuk-error-summary__title" id="engine-error-title">
        {error.title}
      </h2>
      <div className="nhsuk-error-summary__body">
        <p>{error.message}</p>
        <div className="nhsuk-button-group nhsuk-u-margin-bottom-0">
          {actions.map((a, i) => (
            <button
              key={a.label}
              type="button"
              className={`nhsuk-button nhsuk-u-margin-bottom-0${i > 0 ? ' nhsuk-button--secondary' : ''}`}
              onClick={a.onClick}
            >
              {a.label}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
