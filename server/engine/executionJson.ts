// An execution as the JSON text every engine call answers: exactly JSON.stringify of the view,
// but the current section's form document and requiredData items (about half of a `$continue`'s
// answer) are serialised once per loaded pathway instead of on every call.
import type { GuidelineExecution } from '../../generated/types/api/engine-execution';

/**
 * JSON of the pathway library's objects, by identity. Publishing a document loads the pathway
 * anew (server/engine/library.ts `put`), so the new version's objects are new keys, and the old
 * ones' text goes with them. The library never changes a loaded document in place.
 */
const jsonOf = new WeakMap<object, string>();

function libraryJson(value: object): string {
  let text = jsonOf.get(value);
  if (text === undefined) jsonOf.set(value, (text = JSON.stringify(value)));
  return text;
}

/** `{…}` of a plain object's own enumerable keys in order, as JSON.stringify writes them, with `text` for some of them. */
function objectJson(value: Record<string, unknown>, text: (key: string, v: unknown) => string | undefined): string {
  let out = '';
  for (const key of Object.keys(value)) {
    const v = value[key];
    const json = text(key, v) ?? JSON.stringify(v);
    // JSON.stringify leaves out keys whose value it cannot write (undefined, functions).
    if (json === undefined) continue;
    out += `${out === '' ? '' : ','}${JSON.stringify(key)}:${json}`;
  }
  return `{${out}}`;
}

/** JSON.stringify(view), the library's parts from their text made once. */
export function executionJson(view: GuidelineExecution): string {
  return objectJson(view as unknown as Record<string, unknown>, (key, v) => {
    if (key === 'requiredData' && Array.isArray(v)) return v.length === 0 ? '[]' : libraryJson(v);
    if (key === 'section' && v !== null && typeof v === 'object') {
      return objectJson(v as Record<string, unknown>, (k, d) => (k === 'document' && d !== null && typeof d === 'object' ? libraryJson(d) : undefined));
    }
    return undefined;
  });
}
