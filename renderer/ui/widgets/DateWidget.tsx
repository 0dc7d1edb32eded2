// A calendar date: day, month and year boxes in a fieldset.
import { exampleDate, joinDate, splitDate, wrongDateParts } from '../dateParts';
import { fillString } from '../strings';
import { describedBy, ErrorText, groupClass, Hint, Legend } from '../fieldParts';
import type { WidgetProps } from './types';
import { useDraft } from './widgetParts';
import { DateBoxes } from './dateTimeBoxes';

export function DateWidget({ id, label, hint, required, snap, hintId, errorId, set, ui, strings, schema }: WidgetProps) {
  const [parts, setParts] = useDraft(snap.value, splitDate);
  const example = exampleDate(schema['x-date'], new Date());
  const defaultHint = example
    ? fillString(strings.dateHintExample, { day: example.getDate(), month: example.getMonth() + 1, year: example.getFullYear() })
    : strings.dateHint;
  const ids = describedBy(hint && hintId, snap.error && errorId);
  return (
    <div className={groupClass(snap.error)}>
      <fieldset className="nhsuk-fieldset" role="group" aria-describedby={ids}>
        <Legend required={required}>{label}</Legend>
        <Hint id={hintId} text={hint ?? defaultHint} />
        <ErrorText id={errorId} message={snap.error} />
        <DateBoxes
          id={id}
          parts={snap.disabled ? splitDate(undefined) : parts}
          error={Boolean(snap.error)}
          wrongParts={snap.error ? wrongDateParts(parts) : []}
          disabled={snap.disabled}
          describedByIds={undefined}
          autoComplete={ui['ui:options']?.autocomplete}
          strings={strings}
          onChange={(next) => {
            const stored = joinDate(next);
            setParts(next, stored);
            set(stored);
          }}
        />
      </fieldset>
    </div>
  );
}
