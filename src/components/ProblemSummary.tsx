import { useEffect, useRef } from 'react';

/**
 * The design system's error summary for a problem that is not one field's: a failed send or
 * call, with the answers kept so the patient can press the button again. Announced (role
 * alert) when it appears, and brought into view and focused: on a phone the patient is still
 * scrolled down at the button they pressed.
 */
export function ProblemSummary({ message }: { message: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'start' });
    ref.current?.focus();
  }, [message]);
  return (
    <div className="nhsuk-error-summary" role="alert" tabIndex={-1} ref={ref}>
      <h2 className="nhsuk-error-summary__title">There is a problem</h2>
      <div className="nhsuk-error-summary__body">
        <p>{message}</p>
      </div>
    </div>
  );
}
