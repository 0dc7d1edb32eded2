// The app's 0–10 scale (declared in schemas/widgets.json as "scale-0-10"): a question such as
// "How bad is the pain?" answered with one of eleven radios in a row, 0 to 10, the two ends
// labelled from ui:options minLabel / maxLabel (e.g. "0 No pain" … "10 Worst pain imaginable").
// NHS radios markup (fieldset + legend, nhsuk-radios--inline), so the arrow keys move along the
// row; the hint and the error message are linked to the group. The answer is an integer.
import { describedBy, ErrorText, groupClass, Hint, Legend, type WidgetProps } from '../../../renderer/index';

const POINTS = Array.from({ length: 11 }, (_, n) => n);

export default function Scale0to10Widget({ id, label, hint, required, snap, ui, hintId, errorId, set }: WidgetProps) {
  const ids = describedBy(hint && hintId, snap.error && errorId);
  const ends: Record<number, string | undefined> = { 0: ui['ui:options']?.minLabel, 10: ui['ui:options']?.maxLabel };
  return (
    <div className={groupClass(snap.error)}>
      <fieldset className="nhsuk-fieldset" aria-describedby={ids}>
        <Legend required={required}>{label}</Legend>
        <Hint id={hintId} text={hint} />
        <ErrorText id={errorId} message={snap.error} />
        <div className="nhsuk-radios nhsuk-radios--inline app-scale">
          {POINTS.map((n) => {
            const optionId = n === 0 ? id : `${id}-${n}`;
            return (
              <div className="nhsuk-radios__item" key={n}>
                <input
                  className="nhsuk-radios__input"
                  id={optionId}
                  name={id}
                  type="radio"
                  value={n}
                  checked={!snap.disabled && snap.value === n}
                  disabled={snap.disabled}
                  onChange={() => set(n)}
                />
                <label className="nhsuk-label nhsuk-radios__label" htmlFor={optionId}>
                  {ends[n] ? `${n} ${ends[n]}` : n}
                </label>
              </div>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}
