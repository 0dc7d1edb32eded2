// Number and whole-number answers: a text input (inputmode numeric / decimal) with an optional unit.
import type { ChangeEvent } from 'react';
import { describedBy, ErrorText, groupClass, Hint, Label } from '../fieldParts';
import type { WidgetProps } from './types';
import { inputClass, useDraft } from './widgetParts';

/** Numbers are stored as numbers; anything unparsable stays a string so validation reports it. */
function parseNumber(text: string): unknown {
  const t = text.trim();
  if (t === '') return undefined;
  if (/^-?\d+(\.\d+)?$/.test(t)) return Number(t);
  return text;
}

export function NumberWidget({ widget, id, label, hint, ui, required, snap, hintId, errorId, set }: WidgetProps) {
  const integer = widget === 'integer';
  const [draft, setDraft] = useDraft(snap.value, (v) => (v === undefined || v === null ? '' : String(v)));
  const unit = ui['ui:options']?.unit;
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const stored = parseNumber(e.target.value);
    setDraft(e.target.value, stored);
    set(stored);
  };
  const input = (
    <input
      className={inputClass('nhsuk-input', snap.error, ui['ui:options']?.width ?? 5)}
      id={id}
      name={id}
      type="text"
      inputMode={integer ? 'numeric' : 'decimal'}
      spellCheck={false}
      value={snap.disabled ? '' : draft}
      disabled={snap.disabled}
      aria-required={required || undefined}
      aria-invalid={snap.error ? true : undefined}
      aria-describedby={describedBy(hint && hintId, snap.error && errorId)}
      onChange={onChange}
    />
  );
  return (
    <div className={groupClass(snap.error)}>
      <Label htmlFor={id} required={required}>
        {label}
        {unit ? <span className="nhsuk-u-visually-hidden"> ({unit})</span> : null}
      </Label>
      <Hint id={hintId} text={hint} />
      <ErrorText id={errorId} message={snap.error} />
      {unit ? (
        <div className="nhsuk-input-wrapper">
          {input}
          <div className="nhsuk-input-wrapper__suffix" aria-hidden="true">
            {unit}
          </div>
        </div>
      ) : (
        input
      )}
    </div>
  );
}
