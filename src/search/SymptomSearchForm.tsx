import type { FormEvent } from 'react';

interface SymptomSearchFormProps {
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The search landmark's name, when the page has more than one. */
  ariaLabel?: string;
}

/** The symptom search box of the adult and child journeys: label, hint, search input, Search (disabled while blank). */
export function SymptomSearchForm({ id, label, hint, value, onChange, onSubmit, ariaLabel }: SymptomSearchFormProps) {
  return (
    <form role="search" onSubmit={onSubmit} className="app-triage-search" aria-label={ariaLabel}>
      <div className="nhsuk-form-group">
        <label className="nhsuk-label nhsuk-label--s" htmlFor={id}>
          {label}
        </label>
        <div className="nhsuk-hint" id={`${id}-hint`}>
          {hint}
        </div>
        <input
          className="nhsuk-input"
          id={id}
          name={id}
          type="search"
          autoComplete="off"
          aria-describedby={`${id}-hint`}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
      <button className="nhsuk-button" type="submit" disabled={value.trim() === ''}>
        Search
      </button>
    </form>
  );
}
