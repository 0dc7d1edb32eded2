// A long-text answer with the NHS character count.
import { describedBy, ErrorText, groupClass, Hint, Label } from '../fieldParts';
import { fillString } from '../strings';
import { DEFAULT_TEXTAREA_MAX } from '../../core/fields';
import type { WidgetProps } from './types';
import { inputClass, normaliseOnBlur } from './widgetParts';

/** Default maximum of a long-text answer with a character count (renderer/README.md); core's validate enforces it. */
export { DEFAULT_TEXTAREA_MAX };

export function TextareaWidget({ id, label, hint, schema, ui, required, snap, hintId, errorId, set, strings }: WidgetProps) {
  const value = typeof snap.value === 'string' ? snap.value : '';
  const max = schema.maxLength ?? DEFAULT_TEXTAREA_MAX;
  const left = max - value.length;
  const infoId = `${id}-info`;
  const over = left < 0;
  const onBlur = () => normaliseOnBlur(snap.value, set);
  return (
    // data-nhsuk-character-count-init: the design system's stylesheet shows the count only inside
    // an initialised character count (its script sets it; here React draws the count itself).
    <div className={groupClass(snap.error, 'nhsuk-character-count')} data-nhsuk-character-count-init="">
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      <Hint id={hintId} text={hint} />
      <ErrorText id={errorId} message={snap.error} />
      <textarea
        className={inputClass('nhsuk-textarea', snap.error)}
        id={id}
        name={id}
        rows={ui['ui:options']?.rows ?? 5}
        value={snap.disabled ? '' : value}
        disabled={snap.disabled}
        placeholder={ui['ui:placeholder']}
        aria-required={required || undefined}
        aria-invalid={snap.error ? true : undefined}
        aria-describedby={describedBy(hint && hintId, snap.error && errorId, infoId)}
        onChange={(e) => set(e.target.value === '' ? undefined : e.target.value)}
        onBlur={onBlur}
      />
      <div id={infoId} className="nhsuk-u-visually-hidden">
        {fillString(strings.charactersAllowed, { max })}
      </div>
      <div
        className={over ? 'nhsuk-error-message nhsuk-character-count__status' : 'nhsuk-hint nhsuk-character-count__status'}
        aria-live="polite"
        data-testid={`${id}-count`}
      >
        {over
          ? fillString(-left === 1 ? strings.characterTooMany : strings.charactersTooMany, { n: -left })
          : fillString(left === 1 ? strings.characterRemaining : strings.charactersRemaining, { n: left })}
      </div>
    </div>
  );
}
