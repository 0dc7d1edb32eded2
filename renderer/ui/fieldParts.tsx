// Small pieces shared by every widget: label and legend with the required marker, hint,
// error message, and the aria-describedby list (only ids of elements that are drawn).
import type { ReactNode } from 'react';
import { useStrings } from './formContext';

/** Asterisk for sighted users; screen readers hear "required" instead. */
export function RequiredMark({ required }: { required: boolean }) {
  const strings = useStrings();
  if (!required) return null;
  return (
    <>
      <span className="app-required" aria-hidden="true">
        {' '}
        *
      </span>
      <span className="nhsuk-u-visually-hidden"> {strings.requiredHidden}</span>
    </>
  );
}

export function Label({ htmlFor, children, required, className }: { htmlFor: string; children: ReactNode; required: boolean; className?: string }) {
  return (
    <label className={className ? `nhsuk-label ${className}` : 'nhsuk-label'} htmlFor={htmlFor}>
      {children}
      <RequiredMark required={required} />
    </label>
  );
}

export function Legend({ children, required }: { children: ReactNode; required: boolean }) {
  return (
    <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--s">
      {children}
      <RequiredMark required={required} />
    </legend>
  );
}

export function Hint({ id, text }: { id: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <div className="nhsuk-hint" id={id}>
      {text}
    </div>
  );
}

export function ErrorText({ id, message }: { id: string; message: string | undefined }) {
  const strings = useStrings();
  if (!message) return null;
  return (
    <span className="nhsuk-error-message" id={id}>
      <span className="nhsuk-u-visually-hidden">{strings.errorPrefix}</span> {message}
    </span>
  );
}

/** The ids aria-describedby may name: only those whose element is drawn. */
export function describedBy(...ids: Array<string | false | undefined>): string | undefined {
  const list = ids.filter((id): id is string => typeof id === 'string' && id.length > 0);
  return list.length > 0 ? list.join(' ') : undefined;
}

export function groupClass(error: string | undefined, extra?: string): string {
  return ['nhsuk-form-group', error ? 'nhsuk-form-group--error' : '', extra ?? ''].filter(Boolean).join(' ');
}
