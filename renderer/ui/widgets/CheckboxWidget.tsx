// One checkbox (an acceptance): ticked stores true, unticked stores nothing.
import { describedBy, ErrorText, groupClass, Hint, Label } from '../fieldParts';
import type { WidgetProps } from './types';

export function CheckboxWidget({ id, label, hint, required, snap, hintId, errorId, set }: WidgetProps) {
  return (
    <div className={groupClass(snap.error)}>
      <Hint id={hintId} text={hint} />
      <ErrorText id={errorId} message={snap.error} />
      <div className="nhsuk-checkboxes">
        <div className="nhsuk-checkboxes__item">
          <input
            className="nhsuk-checkboxes__input"
            id={id}
            name={id}
            type="checkbox"
            checked={!snap.disabled && snap.value === true}
            disabled={snap.disabled}
            aria-required={required || undefined}
            aria-invalid={snap.error ? true : undefined}
            aria-describedby={describedBy(hint && hintId, snap.error && errorId)}
            // An unticked acceptance stores nothing, so "required" applies.
            onChange={(e) => set(e.target.checked ? true : undefined)}
          />
          <Label htmlFor={id} required={required} className="nhsuk-checkboxes__label">
            {label}
          </Label>
        </div>
      </div>
    </div>
  );
}
