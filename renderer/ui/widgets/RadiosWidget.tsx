// A single choice drawn as radios (only the options a rule leaves on offer).
//
// The radios hold their checked state themselves (`defaultChecked`, set again from the stored value
// after each draw) and report a choice through a plain DOM `change` listener, not React's
// `onChange`. React handles a change to a radio it controls by "restoring" the whole radio group
// afterwards: it resets each radio's `name` and walks up through the <form> element, and in
// Chromium every property read on a <form> after a change inside it rebuilds the form's index of
// its controls (about 800 on a long form). That rebuild was a third of a click's JavaScript. The
// markup, what is announced and how the arrow keys move between the radios are unchanged.
import { memo, useLayoutEffect, useRef, useState } from 'react';
import { describedBy, ErrorText, groupClass, Hint, Legend } from '../fieldParts';
import type { Option, WidgetProps } from './types';
import { visibleOptions } from './widgetParts';

export function RadiosWidget(props: WidgetProps) {
  return <RadioGroup {...props} inline={false} />;
}

/** The radios themselves; yes/no draws them inline. */
export function RadioGroup({ id, label, hint, required, snap, options, hintId, errorId, set, inline }: WidgetProps & { inline: boolean }) {
  const ids = describedBy(hint && hintId, snap.error && errorId);
  const shown = visibleOptions(options, snap);
  const selected = snap.disabled ? undefined : shown.find((o) => o.value === snap.value);
  // What the markup says is checked: the choice when the group was first drawn (the server's
  // drawing and the first client render agree). Later choices are set on the inputs directly, so a
  // click does not redraw the radios.
  const [initial] = useState(() => selected?.value);
  const box = useRef<HTMLDivElement>(null);
  const latest = useRef({ shown, set });
  useLayoutEffect(() => {
    latest.current = { shown, set };
    for (const input of radiosIn(box.current)) {
      const on = selected !== undefined && input.value === String(selected.value);
      if (input.checked !== on) input.checked = on;
    }
  });
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    // Writing `checked` back on the click tells React's change tracking the radio's new state,
    // so it neither calls an onChange nor restores the group; the `change` that follows stores it.
    const onClick = (event: Event) => {
      const input = event.target;
      if (input instanceof HTMLInputElement && input.type === 'radio' && input.checked) input.checked = true;
    };
    const onChange = (event: Event) => {
      const input = event.target;
      if (!(input instanceof HTMLInputElement) || !input.checked) return;
      const option = latest.current.shown.find((o) => String(o.value) === input.value);
      if (option) latest.current.set(option.value);
    };
    element.addEventListener('click', onClick);
    element.addEventListener('change', onChange);
    return () => {
      element.removeEventListener('click', onClick);
      element.removeEventListener('change', onChange);
    };
  }, []);
  return (
    <div className={groupClass(snap.error)}>
      <fieldset className="nhsuk-fieldset" aria-describedby={ids}>
        <Legend required={required}>{label}</Legend>
        <Hint id={hintId} text={hint} />
        <ErrorText id={errorId} message={snap.error} />
        <div className={inline ? 'nhsuk-radios nhsuk-radios--inline' : 'nhsuk-radios'} ref={box}>
          {shown.map((option, i) => (
            <Radio
              key={String(option.value)}
              id={i === 0 ? id : `${id}-${i + 1}`}
              name={id}
              option={option}
              initiallyChecked={initial !== undefined && option.value === initial}
              disabled={snap.disabled}
            />
          ))}
        </div>
      </fieldset>
    </div>
  );
}

function radiosIn(element: HTMLElement | null): HTMLInputElement[] {
  return element ? [...element.querySelectorAll<HTMLInputElement>('input[type="radio"]')] : [];
}

interface RadioProps {
  id: string;
  name: string;
  option: Option;
  initiallyChecked: boolean;
  disabled: boolean;
}

/** One radio and its label; redrawn only when its own props change (never by a choice). */
const Radio = memo(function Radio({ id, name, option, initiallyChecked, disabled }: RadioProps) {
  return (
    <div className="nhsuk-radios__item">
      <input
        className="nhsuk-radios__input"
        id={id}
        name={name}
        type="radio"
        value={String(option.value)}
        defaultChecked={initiallyChecked}
        disabled={disabled}
      />
      <label className="nhsuk-label nhsuk-radios__label" htmlFor={id}>
        {option.label}
      </label>
    </div>
  );
}, sameRadio);

function sameRadio(a: RadioProps, b: RadioProps): boolean {
  return (
    a.id === b.id &&
    a.name === b.name &&
    a.option.value === b.option.value &&
    a.option.label === b.option.label &&
    a.initiallyChecked === b.initiallyChecked &&
    a.disabled === b.disabled
  );
}
