// Small helpers shared by the default widgets: input classes, the local draft of what was
// typed, and the options a rule leaves on offer.
import { useCallback, useState } from 'react';
import { normaliseText } from '../../core/index';
import type { FieldSnapshot } from '../formModel';
import type { Option } from './types';

export function inputClass(base: string, error: string | undefined, width?: number): string {
  return [base, error ? `${base}--error` : '', width ? `nhsuk-input--width-${width}` : ''].filter(Boolean).join(' ');
}

/** Keeps a local draft of what the person typed, resynced only when the stored value changes elsewhere. */
export function useDraft<T>(value: unknown, split: (v: unknown) => T): [T, (draft: T, stored: unknown) => void] {
  const [state, setState] = useState(() => ({ draft: split(value), from: value }));
  let current = state;
  if (state.from !== value) {
    current = { draft: split(value), from: value };
    setState(current);
  }
  const update = useCallback((draft: T, stored: unknown) => setState({ draft, from: stored }), []);
  return [current.draft, update];
}

export function visibleOptions(options: Option[], snap: FieldSnapshot): Option[] {
  const allowed = snap.options;
  return allowed ? options.filter((o) => allowed.has(String(o.value))) : options;
}

/** On leaving a text box: trim and straighten quotes. Whitespace-only stays as typed so validation can say "Please provide valid input." */
export function normaliseOnBlur(value: unknown, set: (value: unknown) => void): void {
  if (typeof value !== 'string') return;
  const normalised = normaliseText(value);
  if (normalised !== '' && normalised !== value) set(normalised);
}
