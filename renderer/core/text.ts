// Text normalisation shared by pruning, validation and rule evaluation.

const TYPOGRAPHIC = /[\u2018\u2019\u201A\u201B\u2032]|[\u201C\u201D\u201E\u201F\u2033]/g;

/** Trims and replaces typographic apostrophes and quotes (’ ‘ → ', “ ” → "): renderer/README.md, "Pruning". */
export function normaliseText(s: string): string {
  return s.replace(TYPOGRAPHIC, (c) => (c === '\u201C' || c === '\u201D' || c === '\u201E' || c === '\u201F' || c === '\u2033' ? '"' : "'")).trim();
}

/**
 * Whether an answer counts as given: empty or whitespace-only strings, empty arrays,
 * undefined, null and NaN are no value. `dateLike` also treats the all-empty date ("--")
 * and time (":") that the three-box / two-box inputs store as no value.
 */
export function hasValue(v: unknown, dateLike = false): boolean {
  if (v === undefined || v === null) return false;
  if (typeof v === 'string') return dateLike ? !/^[\s:-]*$/.test(v) : v.trim() !== '';
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === 'number') return !Number.isNaN(v);
  return true;
}

/** Own-property read: `data.constructor` must not find Object.prototype's. */
export function own(obj: Record<string, unknown>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(obj, key) ? obj[key] : undefined;
}

/** Own-property write that is safe for any key, `__proto__` included. */
export function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
