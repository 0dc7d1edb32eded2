// A multi-choice answer: checkboxes, plus the automatic exclusive "None of the above" unless
// ui:options.noneOfTheAbove is false.
import { NONE_OF_THE_ABOVE } from '../../core/index';
import { describedBy, ErrorText, groupClass, Hint, Legend } from '../fieldParts';
import type { Option, WidgetProps } from './types';
import { visibleOptions } from './widgetParts';

export function CheckboxesWidget({ id, label, hint, required, snap, options, hintId, errorId, set, ui, strings }: WidgetProps) {
  const ids = describedBy(hint && hintId, snap.error && errorId);
  const selected = Array.isArray(snap.value) ? (snap.value as unknown[]) : [];
  const withNone = ui['ui:options']?.noneOfTheAbove !== false;
  const shown = visibleOptions(
    options.filter((o) => o.value !== NONE_OF_THE_ABOVE),
    snap,
  );
  const toggle = (value: unknown, checked: boolean) => {
    let next: unknown[];
    if (value === NONE_OF_THE_ABOVE) next = checked ? [NONE_OF_THE_ABOVE] : [];
    else {
      next = selected.filter((v) => v !== NONE_OF_THE_ABOVE && v !== value);
      if (checked) next.push(value);
      // Keep the document's option order, whatever order they were ticked in.
      const order = new Map(options.map((o, i) => [o.value, i]));
      next.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
    }
    set(next.length > 0 ? next : undefined);
  };
  const item = (option: Option, optionId: string, exclusive: boolean) => (
    <div className="nhsuk-checkboxes__item" key={String(option.value)}>
      <input
        className="nhsuk-checkboxes__input"
        id={optionId}
        name={id}
        type="checkbox"
        value={String(option.value)}
        checked={!snap.disabled && selected.includes(option.value)}
        disabled={snap.disabled}
        data-checkbox-exclusive={exclusive || undefined}
        aria-invalid={snap.error ? true : undefined}
        onChange={(e) => toggle(option.value, e.target.checked)}
      />
      <label className="nhsuk-label nhsuk-checkboxes__label" htmlFor={optionId}>
        {option.label}
      </label>
    </div>
  );
  return (
    <div className={groupClass(snap.error)}>
      <fieldset className="nhsuk-fieldset" aria-describedby={ids}>
        <Legend required={required}>{label}</Legend>
        <Hint id={hintId} text={hint ?? strings.checkboxesHint} />
        <ErrorText id={errorId} message={snap.error} />
        <div className="nhsuk-checkboxes">
          {shown.map((option, i) => item(option, i === 0 ? id : `${id}-${i + 1}`, false))}
          {withNone ? (
            <>
              {shown.length > 0 ? <div className="nhsuk-checkboxes__divider">{strings.or}</div> : null}
              {item({ value: NONE_OF_THE_ABOVE, label: strings.noneOfTheAbove }, shown.length === 0 ? id : `${id}-none`, true)}
            </>
          ) : null}
        </div>
      </fieldset>
    </div>
  );
}
