// Prefilled and read-only values (renderer/README.md, "Defaults and read-only values").
// - `default` fills a field when it comes into view unanswered; it never replaces an answer, and
//   a default that shows another field fills that one too (a chain settles in one call).
// - `default: { "param": "name" }` takes the value of a run-time parameter (none: no default).
// - `readOnly: true` (or a `const`) makes the value the document's own: the field always holds
//   its set value (const, else its default) while shown, the browser draws it as a summary row,
//   and validate refuses any other value (so the server answers 400 naming the field).
import type { FieldSchema, FormData, FormDocument, Parameters } from './types';
import { compileDocument, type CompiledDocument } from './compile';
import { ITEM_FIELD, type ListInfo } from './structure';
import { writePath } from './paths';
import { hasValue, isPlainObject, own } from './text';

/** A default naming a run-time parameter: `{ "param": "knownPostcode" }`. */
function isParamDefault(d: unknown): d is { param: string } {
  return isPlainObject(d) && typeof d.param === 'string' && Object.keys(d).length === 1;
}

/** The value `default` gives a field with these parameters (undefined: none). */
function defaultValueOf(schema: Partial<FieldSchema> | undefined, params: Parameters | undefined): unknown {
  if (!isPlainObject(schema) || schema.default === undefined) return undefined;
  const d = schema.default;
  if (isParamDefault(d)) {
    const v = isPlainObject(params) ? own(params, d.param) : undefined;
    return v === null ? undefined : v;
  }
  return d;
}

/** Whether the field's value is the document's, not the user's: readOnly, or a const. */
export function isReadOnlySchema(schema: Partial<FieldSchema> | undefined): boolean {
  return isPlainObject(schema) && (schema.readOnly === true || Object.prototype.hasOwnProperty.call(schema, 'const'));
}

/** The value a read-only field must hold: its const, else its default (undefined: nothing set). */
export function fixedValueOf(schema: Partial<FieldSchema> | undefined, params: Parameters | undefined): unknown {
  if (!isReadOnlySchema(schema)) return undefined;
  const s = schema as Partial<FieldSchema> & { const?: unknown };
  if (Object.prototype.hasOwnProperty.call(s, 'const')) return s.const;
  return defaultValueOf(s, params);
}

const answered = (v: unknown) => hasValue(v, false) && !(Array.isArray(v) && v.length === 0);

/** Same JSON value (defaults and consts are plain JSON). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

const hasDefaultsCache = new WeakMap<object, boolean>();
/** Whether any field of the document (list items included) has a default, a const or readOnly. */
export function documentHasDefaults(doc: FormDocument): boolean {
  if (!isPlainObject(doc)) return false;
  let hit = hasDefaultsCache.get(doc);
  if (hit === undefined) {
    const compiled = compileDocument(doc);
    hit =
      compiled.fields.some((f) => {
        const s = compiled.schemaOf(f);
        return isPlainObject(s) && (s.default !== undefined || isReadOnlySchema(s));
      }) || [...compiled.structure.lists.values()].some((l) => documentHasDefaults(l.itemDoc));
    hasDefaultsCache.set(doc, hit);
  }
  return hit;
}

export interface DefaultsResult {
  data: FormData;
  /** Paths in view after the defaults: fields, and fields inside list items (`list.<k>.<field>`, a plain item `list.<k>`). */
  shown: Set<string>;
  /** Paths whose value the defaults set or the read-only values restored. */
  changed: string[];
}

/**
 * Fills the defaults of the fields that came into view since `shownBefore` (all fields in view
 * when it is undefined: the form opening) and holds every read-only field in view at its set
 * value. Pure: returns new answers (untouched branches shared) and what is in view now, which the
 * caller passes back next time. Answers are never replaced, except a read-only field's.
 */
export function applyDefaults(doc: FormDocument, data: FormData, params?: Parameters, shownBefore?: ReadonlySet<string>, today?: Date): DefaultsResult {
  const compiled = compileDocument(doc);
  let out: FormData = isPlainObject(data) ? data : {};
  const changed: string[] = [];
  if (!documentHasDefaults(doc)) return { data: out, shown: shownPaths(compiled, out, params, today), changed };
  const filled = new Set<string>();
  const note = (path: string) => {
    if (filled.has(path)) return;
    filled.add(path);
    changed.push(path);
  };
  // Each pass can show more fields (a default answering a question another field's rule reads);
  // every pass fills at least one new field or stops, so this ends within fields + 1 passes.
  for (let pass = 0; pass <= compiled.fields.length + 1; pass++) {
    const before = out;
    const vis = compiled.evaluate(out, params, today);
    for (const f of compiled.fields) {
      if (!vis.visible.has(f) || vis.disabled.has(f)) continue;
      const list = compiled.structure.lists.get(f);
      if (list) {
        const items = compiled.read(out, f);
        if (!Array.isArray(items)) continue;
        let next: unknown[] | undefined;
        items.forEach((item, k) => {
          const r = itemDefaults(list, item, `${f}.${k}`, params, shownBefore, today);
          if (r.changed.length > 0) {
            next ??= [...items];
            next[k] = r.item;
            for (const c of r.changed) note(c);
          }
        });
        if (next) out = withAnswer(out, f, next);
        continue;
      }
      const schema = compiled.schemaOf(f);
      const current = compiled.read(out, f);
      if (isReadOnlySchema(schema)) {
        const fixed = fixedValueOf(schema, params);
        if (fixed !== undefined && !sameValue(current, fixed)) {
          out = withAnswer(out, f, fixed);
          note(f);
        }
        continue;
      }
      if (shownBefore?.has(f) || filled.has(f) || answered(current)) continue;
      const d = defaultValueOf(schema, params);
      if (d === undefined) continue;
      out = withAnswer(out, f, d);
      note(f);
    }
    if (out === before) break;
  }
  return { data: out, shown: shownPaths(compiled, out, params, today), changed };
}

function withAnswer(data: FormData, path: string, value: unknown): FormData {
  const copy = structuredCloneShallowPath(data, path);
  writePath(copy, path, value);
  return copy;
}

/** A copy of the answers whose objects along `path` are fresh (writePath then mutates only the copy). */
function structuredCloneShallowPath(data: FormData, path: string): FormData {
  const out: FormData = { ...data };
  const segs = path.split('.');
  let cur: Record<string, unknown> = out;
  for (let i = 0; i < segs.length - 1; i++) {
    const v = own(cur, segs[i]!);
    if (!isPlainObject(v)) return out;
    const fresh = { ...v };
    writePath(cur, segs[i]!, fresh);
    cur = fresh;
  }
  return out;
}

function itemDefaults(
  list: ListInfo,
  item: unknown,
  prefix: string,
  params: Parameters | undefined,
  shownBefore: ReadonlySet<string> | undefined,
  today: Date | undefined,
): { item: unknown; changed: string[] } {
  const data: FormData = list.itemKind === 'object' ? (isPlainObject(item) ? item : {}) : { [ITEM_FIELD]: item };
  if (list.itemKind === 'object' && !isPlainObject(item) && item !== undefined && item !== null) return { item, changed: [] };
  const before = new Set<string>();
  if (shownBefore) {
    for (const p of shownBefore) {
      if (list.itemKind === 'scalar' && p === prefix) before.add(ITEM_FIELD);
      else if (p.startsWith(`${prefix}.`)) before.add(p.slice(prefix.length + 1));
    }
  }
  const r = applyDefaults(list.itemDoc, data, params, shownBefore ? before : undefined, today);
  const changed = r.changed.map((c) => (list.itemKind === 'object' ? `${prefix}.${c}` : prefix));
  return { item: list.itemKind === 'object' ? r.data : own(r.data, ITEM_FIELD), changed };
}

/** Every path in view: visible, enabled fields, and the visible fields of each item of each visible list. */
export function shownPaths(compiled: CompiledDocument, data: FormData, params?: Parameters, today?: Date): Set<string> {
  const shown = new Set<string>();
  const vis = compiled.evaluate(data, params, today);
  for (const f of compiled.fields) {
    if (!vis.visible.has(f) || vis.disabled.has(f)) continue;
    shown.add(f);
    const list = compiled.structure.lists.get(f);
    const items = list ? compiled.read(data, f) : undefined;
    if (!list || !Array.isArray(items)) continue;
    const item = compileDocument(list.itemDoc);
    items.forEach((it, k) => {
      if (list.itemKind === 'scalar') {
        shown.add(`${f}.${k}`);
        return;
      }
      const inner = shownPaths(item, isPlainObject(it) ? it : {}, params, today);
      for (const p of inner) shown.add(`${f}.${k}.${p}`);
    });
  }
  return shown;
}
