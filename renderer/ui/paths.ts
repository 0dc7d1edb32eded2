// Reading and writing answers by path in the nested answers the form holds: a group's field
// (`address.postcode`), a list (`medicines`) or a field inside a list item (`medicines.2.name`).
// Writes copy only the branch they change, so every untouched branch keeps its identity.
import type { FormData } from '../core/types';

type Container = Record<string, unknown> | unknown[];

const isContainer = (v: unknown): v is Container => typeof v === 'object' && v !== null;

export function getIn(data: unknown, path: string): unknown {
  let cur: unknown = data;
  for (const seg of path.split('.')) {
    if (Array.isArray(cur)) cur = cur[Number(seg)];
    else if (isContainer(cur)) cur = Object.prototype.hasOwnProperty.call(cur, seg) ? (cur as Record<string, unknown>)[seg] : undefined;
    else return undefined;
  }
  return cur;
}

function setSegs(node: unknown, segs: string[], value: unknown): unknown {
  const [head, ...rest] = segs as [string, ...string[]];
  const index = /^\d+$/.test(head) ? Number(head) : undefined;
  if (index !== undefined && (Array.isArray(node) || !isContainer(node))) {
    const arr = Array.isArray(node) ? [...node] : [];
    // A cleared item value is kept as "" (the item stays in its place; prune drops it if empty).
    arr[index] = rest.length === 0 ? (value === undefined ? '' : value) : setSegs(arr[index], rest, value);
    return arr;
  }
  const obj: Record<string, unknown> = isContainer(node) && !Array.isArray(node) ? { ...node } : {};
  const next = rest.length === 0 ? value : setSegs(obj[head], rest, value);
  if (next === undefined) delete obj[head];
  else Object.defineProperty(obj, head, { value: next, enumerable: true, writable: true, configurable: true });
  return obj;
}

/** A copy of `data` with `path` set to `value` (undefined removes a key). */
export function setIn(data: FormData, path: string, value: unknown): FormData {
  return setSegs(data, path.split('.'), value) as FormData;
}
