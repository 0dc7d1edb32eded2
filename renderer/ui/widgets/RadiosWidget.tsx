// A single choice drawn as radios (only the options a rule leaves on offer).
import { describedBy, ErrorText, groupClass, Hint, Legend } from '../fieldParts';
import type { WidgetProps } from './types';
import { visibleOptions } from './widgetParts';

export function RadiosWidget(props: WidgetProps) {
  return <RadioGroup {...props} inline={false} />;
}

/** The radios themselves; yes/no draws them inline. */
export function RadioGroup({ id, label, hint, required, snap, options, hintId, errorId, set, inline }: WidgetProps & { inline: boolean }) {
  const ids = describedBy(hint && hintId, snap.error && errorId);
  const shown = visibleOptions(options, snap);
  return (
    <div className={groupClass(snap.error)}>
      <fieldset className="nhsuk-fieldset" aria-describedby={ids}>
        <Legend required={required}>{label}</Legend>
        <Hint id={hintId} text={hint} />
        <ErrorText id={errorId} message={snap.error} />
        <div className={inline ? 'nhsuk-radios nhsuk-radios--inline' : 'nhsuk-radios'}>
          {shown.map((option, i) => {
            const optionId = i === 0 ? id : `${id}-${i + 1}`;
            return (
              <div className="nhsuk-radios__item" key={String(option.value)}>
                <input
                  className="nhsuk-radios__input"
                  id={optionId}
                  name={id}
                  type="radio"
                  value={String(option.value)}
                  checked={!snap.disabled && snap.value === option.value}
                  disabled={snap.disabled}
                  onChange={() => set(option.value)}
                />
                <label className="nhsuk-label nhsuk-radios__label" htmlFor={optionId}>
                  {option.label}
                </label>
              </div>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}
