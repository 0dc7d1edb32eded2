// prune: what is submitted. Drops unknown, hidden and disabled fields, hidden options, empty
// strings, empty arrays and empty list items; trims text and normalises apostrophes. Visibility
// is computed on the normalised data, so prune(prune(x).data) is a fixed point. Groups nest in
// the answers (`{ address: { postcode } }`); each list item is pruned against its item document.
import type { FormData, FormDocument, Parameters, PruneResult } from './types';
import { compileDocument, type CompiledDocument } from './compile';
import { NONE_OF_THE_ABOVE } from './fields';
import { ITEM_FIELD, type ListInfo } from './structure';
import { writePath } from './paths';
import { hasValue, isPlainObject, normaliseText, own } from './text';

// unknownKeys and keep are module functions, not closures made in prune: under tsx (which keeps
// function names) each named closure made per call cost a `__name` call on every answer checked.

/** Reports the keys of `obj` (at `prefix`) that are neither a field nor a group of this form. */
function unknownKeys(
  obj: Record<string, unknown>,
  prefix: string,
  known: ReadonlySet<string>,
  groups: ReadonlyMap<string, unknown>,
  pruned: PruneResult['pruned'],
): void {
  for (const key of Object.keys(obj)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (known.has(path)) continue;
    if (groups.has(path)) {
      const v = own(obj, key);
      if (isPlainObject(v)) unknownKeys(v, path, known, groups, pruned);
      else if (v !== undefined && v !== null) pruned.push({ path, because: 'a group holds an object of its fields' });
      continue;
    }
    pruned.push({ path, because: 'not a field of this form' });
  }
}

function keep(norm: Record<string, unknown>, kept: Set<string>, field: string, v: unknown): void {
  writePath(norm, field, v);
  kept.add(field);
}

export function prune(doc: FormDocument, data: FormData, params?: Parameters, today?: Date): PruneResult {
  const compiled = compileDocument(doc);
  const st = compiled.structure;
  const src: Record<string, unknown> = isPlainObject(data) ? data : {};
  const pruned: PruneResult['pruned'] = [];
  const known = new Set(compiled.fields);
  unknownKeys(src, '', known, st.groups, pruned);

  const norm: Record<string, unknown> = {};
  const kept = new Set<string>();
  for (const field of compiled.fields) {
    const v = compiled.read(src, field);
    if (v === undefined && !(field.includes('.') ? false : Object.prototype.hasOwnProperty.call(src, field))) continue;
    const kind = compiled.kindOf(field);
    const dateLike = kind === 'date' || kind === 'time' || kind === 'datetime';
    const list = st.lists.get(field);
    if (v === null || v === undefined) {
      pruned.push({ path: field, because: 'empty value' });
    } else if (list && Array.isArray(v)) {
      const items = pruneItems(list, v, field, pruned, params, today);
      if (items.length === 0) pruned.push({ path: field, because: 'empty list' });
      else keep(norm, kept, field, items);
    } else if (typeof v === 'string') {
      const t = normaliseText(v);
      if (!hasValue(t, dateLike)) pruned.push({ path: field, because: 'empty string' });
      else keep(norm, kept, field, t);
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
      else keep(norm, kept, field, items);
    } else {
      keep(norm, kept, field, v);
    }
  }

  const vis = compiled.evaluate(norm, params, today);
  const out: FormData = {};
  for (const field of compiled.fields) {
    if (!kept.has(field)) continue;
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
    const v = withoutHiddenOptions(compiled, field, compiled.read(norm, field), vis.options.get(field), pruned);
    if (v !== undefined) writePath(out, field, v);
  }
  return { data: out, pruned };
}

function withoutHiddenOptions(compiled: CompiledDocument, field: string, v: unknown, offered: Set<string> | undefined, pruned: PruneResult['pruned']): unknown {
  if (!offered) return v;
  if (Array.isArray(v)) {
    const kept = v.filter((x) => {
      const ok = typeof x === 'object' || offered.has(String(x)) || !isDeclaredOption(compiled.optionsOf(field), x, compiled.kindOf(field));
      if (!ok) pruned.push({ path: field, because: `option ${JSON.stringify(x)} of ${field} is hidden by its rule` });
      return ok;
    });
    return kept.length === 0 ? undefined : kept;
  }
  if (typeof v !== 'object' && !offered.has(String(v)) && isDeclaredOption(compiled.optionsOf(field), v, compiled.kindOf(field))) {
    pruned.push({ path: field, because: `option ${JSON.stringify(v)} of ${field} is hidden by its rule` });
    return undefined;
  }
  return v;
}

/** Each item pruned against the list's item document; items left empty are dropped. */
function pruneItems(list: ListInfo, items: unknown[], field: string, pruned: PruneResult['pruned'], params?: Parameters, today?: Date): unknown[] {
  const out: unknown[] = [];
  items.forEach((item, k) => {
    const data = list.itemKind === 'object' ? (isPlainObject(item) ? item : {}) : { [ITEM_FIELD]: item };
    if (list.itemKind === 'object' && !isPlainObject(item) && item !== undefined && item !== null) {
      pruned.push({ path: `${field}.${k}`, because: 'an item of this list holds an object of its fields' });
      return;
    }
    const r = prune(list.itemDoc, data, params, today);
    if (list.itemKind === 'object') for (const p of r.pruned) pruned.push({ path: `${field}.${k}.${p.path}`, because: p.because });
    const value = list.itemKind === 'object' ? r.data : own(r.data, ITEM_FIELD);
    if (value === undefined || (isPlainObject(value) && Object.keys(value).length === 0)) pruned.push({ path: `${field}.${k}`, because: 'empty item' });
    else out.push(value);
  });
  return out;
}

function isDeclaredOption(opts: Array<{ value: unknown }>, v: unknown, kind: string): boolean {
  if (kind === 'multi' && v === NONE_OF_THE_ABOVE) return true;
  return opts.some((o) => String(o.value) === String(v));
}
