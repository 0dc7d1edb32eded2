// prune: what is submitted. Drops unknown, hidden and disabled fields, hidden options, empty
// strings and empty arrays; trims text and normalises apostrophes. Visibility is computed on
// the normalised data, so prune(prune(x).data) is a fixed point.
import type { FormData, FormDocument, Parameters, PruneResult } from './types';
import { compileDocument } from './compile';
import { NONE_OF_THE_ABOVE } from './fields';
import { hasValue, isPlainObject, normaliseText, own, setOwn } from './text';

export function prune(doc: FormDocument, data: FormData, params?: Parameters, today?: Date): PruneResult {
  const compiled = compileDocument(doc);
  const src: Record<string, unknown> = isPlainObject(data) ? data : {};
  const pruned: PruneResult['pruned'] = [];
  const known = new Set(compiled.fields);

  for (const key of Object.keys(src)) if (!known.has(key)) pruned.push({ path: key, because: 'not a field of this form' });

  const norm: Record<string, unknown> = {};
  for (const field of compiled.fields) {
    if (!Object.prototype.hasOwnProperty.call(src, field)) continue;
    const v = own(src, field);
    const kind = compiled.kindOf(field);
    const dateLike = kind === 'date' || kind === 'time' || kind === 'datetime';
    if (v === undefined || v === null) {
      pruned.push({ path: field, because: 'empty value' });
    } else if (typeof v === 'string') {
      const t = normaliseText(v);
      if (!hasValue(t, dateLike)) pruned.push({ path: field, because: 'empty string' });
      else setOwn(norm, field, t);
    } else if (Array.isArray(v)) {
      const items: unknown[] = [];
      for (const x of v) {
        if (typeof x === 'string') {
          const t = normaliseText(x);
          if (t !== '') items.push(t);
        } else if (x !== null && x !== undefined) {
          items.push(x);
        }
      }
      if (items.length === 0) pruned.push({ path: field, because: 'empty array' });
      else setOwn(norm, field, items);
    } else {
      setOwn(norm, field, v);
    }
  }

  const vis = compiled.evaluate(norm, params, today);
  const out: FormData = {};
  for (const field of compiled.fields) {
    if (!Object.prototype.hasOwnProperty.call(norm, field)) continue;
    const hiddenBecause = vis.hiddenBy.get(field);
    if (hiddenBecause !== undefined) {
      pruned.push({ path: field, because: hiddenBecause });
      continue;
    }
    const disabledBecause = vis.disabledBy.get(field);
    if (disabledBecause !== undefined) {
      pruned.push({ path: field, because: disabledBecause });
      continue;
    }
    let v = own(norm, field);
    const offered = vis.options.get(field);
    if (offered) {
      if (Array.isArray(v)) {
        const kept = v.filter((x) => {
          const ok = typeof x === 'object' || offered.has(String(x)) || !isDeclaredOption(compiled.optionsOf(field), x, compiled.kindOf(field));
          if (!ok) pruned.push({ path: field, because: `option ${JSON.stringify(x)} of ${field} is hidden by its rule` });
          return ok;
        });
        if (kept.length === 0) continue;
        v = kept;
      } else if (typeof v !== 'object' && !offered.has(String(v)) && isDeclaredOption(compiled.optionsOf(field), v, compiled.kindOf(field))) {
        pruned.push({ path: field, because: `option ${JSON.stringify(v)} of ${field} is hidden by its rule` });
        continue;
      }
    }
    setOwn(out, field, v);
  }
  return { data: out, pruned };
}

function isDeclaredOption(opts: Array<{ value: unknown }>, v: unknown, kind: string): boolean {
  if (kind === 'multi' && v === NONE_OF_THE_ABOVE) return true;
  return opts.some((o) => String(o.value) === String(v));
}
