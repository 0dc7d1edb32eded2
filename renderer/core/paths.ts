// Dotted paths into nested answers: a group's field `address.postcode` is read from and
// written to `{ address: { postcode } }`. Own properties only, and `__proto__` is an ordinary key.
import { isPlainObject, own } from './text';

export type Obj = Record<string, unknown>;

/** A JSON-pointer segment of a name (`~` and `/` escaped). */
export const esc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** Reads a dotted path out of nested answers (own properties only). */
export function readPath(data: unknown, path: string): unknown {
  if (!path.includes('.')) return isPlainObject(data) ? own(data, path) : undefined;
  return readSegments(data, path.split('.'));
}

/**
 * readPath with the path already split: evaluate reads every field on each change, and splitting
 * each dotted path again was most of a reveal click's JavaScript on a page of groups.
 */
export function readSegments(data: unknown, segs: readonly string[]): unknown {
  let cur: unknown = data;
  for (let i = 0; i < segs.length; i++) {
    if (!isPlainObject(cur)) return undefined;
    cur = own(cur, segs[i]!);
  }
  return cur;
}

/** Writes a dotted path into nested answers, creating groups on the way (mutates `data`). */
export function writePath(data: Obj, path: string, value: unknown): void {
  const segs = path.split('.');
  let cur = data;
  for (let i = 0; i < segs.length - 1; i++) {
    const s = segs[i]!;
    let next = own(cur, s);
    if (!isPlainObject(next)) {
      next = {};
      define(cur, s, next);
    }
    cur = next as Obj;
  }
  define(cur, segs[segs.length - 1]!, value);
}

/** Sets an own property; `__proto__` becomes a data property instead of changing the prototype. */
export function define(obj: Obj, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}
