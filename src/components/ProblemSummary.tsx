/**
 * The design system's error summary for a problem that is not one field's: a failed send or
 * call, with the answers kept so the patient can press the button again. Announced (role
 * alert) when it appears.
 */
export function ProblemSummary({ message }: { message: string }) {
  return (
    <div className="nhsuk-error-summary" role="alert" tabIndex={-1}>
      <h2 className="nhsuk-error-summary__title">There is a problem</h2>
      <div className="nhsuk-error-summary__body">
        <p>{message}</p>
      </div>
    </div>
  );
}
