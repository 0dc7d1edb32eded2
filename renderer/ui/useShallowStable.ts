// Keeps an object prop's identity while its contents stay the same, so an inline
// `strings={{…}}` or `widgets={{…}}` does not re-render every field on each render of the caller.
import { useState } from 'react';

/** `value` itself, or the previous value when it has the same keys holding the same things (one level deep). */
export function useShallowStable<T extends object | undefined>(value: T): T {
  const [stable, setStable] = useState(value);
  if (stable !== value && !shallowEqual(stable, value)) {
    setStable(value);
    return value;
  }
  return stable;
}

function shallowEqual(a: object | undefined, b: object | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && (a as Record<string, unknown>)[k] === (b as Record<string, unknown>)[k])
  );
}
