// A time of day: hour and minute boxes (and am/pm with ui:options.hour12) in a fieldset.
import { describedBy, ErrorText, groupClass, Hint, Legend } from '../fieldParts';
import type { WidgetProps } from './types';
import { useDraft } from './widgetParts';
import { joinTimeDraft, splitTimeDraft, TimeBoxes } from './dateTimeBoxes';

export function TimeWidget({ id, label, hint, required, snap, hintId, errorId, set, ui, strings }: WidgetProps) {
  const hour12 = ui['ui:options']?.hour12 === true;
  const [draft, setDraft] = useDraft(snap.value, (v) => splitTimeDraft(v, hour12));
  const ids = describedBy(hint && hintId, snap.error && errorId);
  return (
    <div className={groupClass(snap.error)}>
      <fieldset className="nhsuk-fieldset" role="group" aria-describedby={ids}>
        <Legend required={required}>{label}</Legend>
        <Hint id={hintId} text={hint ?? (hour12 ? strings.time12Hint : strings.time24Hint)} />
        <ErrorText id={errorId} message={snap.error} />
        <TimeBoxes
          id={id}
          draft={snap.disabled ? { hour: '', minute: '', period: '' } : draft}
          hour12={hour12}
          error={Boolean(snap.error)}
          disabled={snap.disabled}
          describedByIds={undefined}
          strings={strings}
          onChange={(next) => {
            const stored = joinTimeDraft(next, hour12);
            setDraft(next, stored);
            set(stored);
          }}
        />
      </fieldset>
    </div>
  );
}
