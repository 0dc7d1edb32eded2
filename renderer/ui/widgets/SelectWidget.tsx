// A single choice drawn as a drop-down.
import { describedBy, ErrorText, groupClass, Hint, Label } from '../fieldParts';
import type { WidgetProps } from './types';
import { visibleOptions } from './widgetParts';

export function SelectWidget({ id, label, hint, ui, required, snap, options, hintId, errorId, set, strings }: WidgetProps) {
  const shown = visibleOptions(options, snap);
  const index = shown.findIndex((o) => o.value === snap.value);
  return (
    <div className={groupClass(snap.error)}>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      <Hint id={hintId} text={hint} />
      <ErrorText id={errorId} message={snap.error} />
      <select
        className={`nhsuk-select${snap.error ? ' nhsuk-select--error' : ''}`}
        id={id}
        name={id}
        value={snap.disabled || index < 0 ? '' : String(index)}
        disabled={snap.disabled}
        aria-required={required || undefined}
        aria-invalid={snap.error ? true : undefined}
        aria-describedby={describedBy(hint && hintId, snap.error && errorId)}
        onChange={(e) => set(e.target.value === '' ? undefined : shown[Number(e.target.value)]?.value)}
      >
        <option value="">{ui['ui:placeholder'] ?? strings.selectOption}</option>
        {shown.map((o, i) => (
          <option key={String(o.value)} value={String(i)}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
