// Text, email and telephone answers: one input. Trimmed and its quotes straightened on blur.
import { describedBy, ErrorText, groupClass, Hint, Label } from '../fieldParts';
import type { WidgetProps } from './types';
import { inputClass, normaliseOnBlur } from './widgetParts';

export function TextWidget({ widget, id, label, hint, ui, required, snap, hintId, errorId, set }: WidgetProps) {
  const kind = widget === 'email' || widget === 'tel' ? widget : 'text';
  const value = typeof snap.value === 'string' ? snap.value : snap.value === undefined ? '' : String(snap.value);
  const options = ui['ui:options'] ?? {};
  const onBlur = () => normaliseOnBlur(snap.value, set);
  return (
    <div className={groupClass(snap.error)}>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      <Hint id={hintId} text={hint} />
      <ErrorText id={errorId} message={snap.error} />
      <input
        className={inputClass('nhsuk-input', snap.error, options.width)}
        id={id}
        name={id}
        type={kind}
        value={snap.disabled ? '' : value}
        disabled={snap.disabled}
        spellCheck={kind === 'text' ? undefined : false}
        autoComplete={options.autocomplete ?? (kind === 'email' ? 'email' : kind === 'tel' ? 'tel' : undefined)}
        inputMode={options.inputmode}
        placeholder={ui['ui:placeholder']}
        aria-required={required || undefined}
        aria-invalid={snap.error ? true : undefined}
        aria-describedby={describedBy(hint && hintId, snap.error && errorId)}
        onChange={(e) => set(e.target.value === '' ? undefined : e.target.value)}
        onBlur={onBlur}
      />
    </div>
  );
}
