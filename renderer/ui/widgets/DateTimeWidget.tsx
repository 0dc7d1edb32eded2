// A date and a time in one fieldset, stored as "YYYY-MM-DDTHH:mm".
import { joinDate, joinDateTime, splitDate, splitDateTime, type DateParts } from '../dateParts';
import { describedBy, ErrorText, groupClass, Hint, Legend } from '../fieldParts';
import type { WidgetProps } from './types';
import { useDraft } from './widgetParts';
import { DateBoxes, joinTimeDraft, splitTimeDraft, TimeBoxes, type TimeDraft } from './dateTimeBoxes';

export function DateTimeWidget({ id, label, hint, required, snap, hintId, errorId, set, ui, strings }: WidgetProps) {
  const hour12 = ui['ui:options']?.hour12 === true;
  const [draft, setDraft] = useDraft(snap.value, (v) => {
    const { date, time } = splitDateTime(v);
    return { date: splitDate(date), time: splitTimeDraft(time, hour12) };
  });
  const ids = describedBy(hint && hintId, snap.error && errorId);
  const emit = (next: { date: DateParts; time: TimeDraft }) => {
    const stored = joinDateTime(joinDate(next.date), joinTimeDraft(next.time, hour12, 'datetime'));
    setDraft(next, stored);
    set(stored);
  };
  return (
    <div className={groupClass(snap.error)}>
      <fieldset className="nhsuk-fieldset" role="group" aria-describedby={ids}>
        <Legend required={required}>{label}</Legend>
        <Hint id={hintId} text={hint ?? strings.dateTimeHint} />
        <ErrorText id={errorId} message={snap.error} />
        <DateBoxes
          id={id}
          parts={snap.disabled ? splitDate(undefined) : draft.date}
          error={Boolean(snap.error)}
          disabled={snap.disabled}
          describedByIds={undefined}
          autoComplete={undefined}
          strings={strings}
          onChange={(date) => emit({ ...draft, date })}
        />
        <TimeBoxes
          id={`${id}-t`}
          draft={snap.disabled ? { hour: '', minute: '', period: '' } : draft.time}
          hour12={hour12}
          error={Boolean(snap.error)}
          disabled={snap.disabled}
          describedByIds={undefined}
          strings={strings}
          onChange={(time) => emit({ ...draft, time })}
        />
      </fieldset>
    </div>
  );
}
