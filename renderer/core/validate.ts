// validate: one error per visible, enabled field — the first failing check in the order
// required → whitespace → type → format → pattern/length/range/enum/items → date/age/year
// → constraints. The JSON-Schema checks come from a SchemaCheck (precompiled ajv at build
// time, interpretSchema at run time); formats and x-* keywords are checked here, in both paths.
//
// Beside this file: one field's checks (fieldChecks.ts) and the string formats (formats.ts).
import type { FieldError, FormData, FormDocument, Parameters } from './types';
import { compileDocument, type CompiledDocument } from './compile';
import { itemFilled } from './conditionTests';
import { checkField } from './fieldChecks';
import type { Visibility } from './evaluate';
import { ITEM_FIELD } from './structure';
import { NONE_OF_THE_ABOVE } from './fields';
import { messageFor } from './messages';
import { interpretSchema, type SchemaCheck, type SchemaError } from './schemaCheck';
import { selection } from './operators';
import { hasValue, isPlainObject, normaliseText, own, setOwn } from './text';

export interface ValidateOptions {
  params?: Parameters;
  /** "Today" for relative dates, ages and years (tests); default now. */
  today?: Date;
  /** Validate only these fields (the current page); constraints only when their field is among them. */
  fields?: string[];
  /** The JSON-Schema check; default interpretSchema(doc.schema). */
  schemaCheck?: SchemaCheck;
}

const schemaCheckCache = new WeakMap<object, SchemaCheck>();
function defaultSchemaCheck(doc: FormDocument): SchemaCheck {
  const key = isPlainObject(doc.schema) ? doc.schema : undefined;
  if (!key) return interpretSchema({ type: 'object', properties: {} });
  let c = schemaCheckCache.get(key);
  if (!c) {
    c = interpretSchema(doc.schema);
    schemaCheckCache.set(key, c);
  }
  return c;
}

function isOfferedNoneItem(compiled: CompiledDocument, data: Record<string, unknown>, e: SchemaError): boolean {
  if (!isPlainObject(e) || typeof e.instancePath !== 'string') return false;
  const m = /^\/([^/]+)\/(\d+)$/.exec(e.instancePath);
  if (!m) return false;
  const field = m[1]!.replace(/~1/g, '/').replace(/~0/g, '~');
  if (compiled.kindOf(field) !== 'multi' || compiled.uiOf(field)?.['ui:options']?.noneOfTheAbove === false) return false;
  const v = own(data, field);
  return Array.isArray(v) && v[Number(m[2])] === NONE_OF_THE_ABOVE;
}

function fieldOfError(e: SchemaError): string | undefined {
  if (!isPlainObject(e)) return undefined;
  if (e.keyword === 'required') {
    const p = isPlainObject(e.params) ? e.params.missingProperty : undefined;
    return typeof p === 'string' ? p : undefined;
  }
  if (typeof e.instancePath !== 'string' || !e.instancePath.startsWith('/')) return undefined;
  const seg = e.instancePath.slice(1).split('/')[0]!;
  return seg.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** A field that is shown and not disabled: the only kind validate checks. */
type Active = (field: string) => boolean;

/**
 * What the schema check sees: the active fields' answers, empty ones left out (so that
 * `required` catches "", "   ", "--" and []), text normalised as it will be submitted.
 */
function schemaDataOf(compiled: CompiledDocument, src: Record<string, unknown>, vis: Visibility, active: Active): Record<string, unknown> {
  const schemaData: Record<string, unknown> = {};
  for (const f of compiled.fields) {
    if (!active(f)) continue;
    let v = compiled.read(src, f);
    const kind = compiled.kindOf(f);
    const dateLike = kind === 'date' || kind === 'time' || kind === 'datetime';
    if (kind === 'list' && Array.isArray(v)) v = v.filter(itemFilled);
    if (!hasValue(v, dateLike)) continue;
    let value = typeof v === 'string' ? normaliseText(v) : v;
    const offered = vis.options.get(f);
    if (offered && Array.isArray(value)) value = value.filter((x) => typeof x === 'object' || offered.has(String(x)));
    if (Array.isArray(value) && value.length === 0) continue;
    // A single choice whose chosen option is now hidden by its option rule is unanswered (prune drops it on Send).
    if (
      offered &&
      !Array.isArray(value) &&
      typeof value !== 'object' &&
      !offered.has(String(value)) &&
      compiled.optionsOf(f).some((o) => String(o.value) === String(value))
    )
      continue;
    setOwn(schemaData, f, value);
  }
  return schemaData;
}

/** The schema check's errors, by the field they belong to. */
function schemaErrorsByField(
  compiled: CompiledDocument,
  schemaData: Record<string, unknown>,
  schemaCheck: SchemaCheck | undefined,
): Map<string, SchemaError[]> {
  let schemaErrors: SchemaError[] = [];
  try {
    const r = (schemaCheck ?? defaultSchemaCheck(compiled.flat))(schemaData);
    schemaErrors = Array.isArray(r) ? r : [];
  } catch {
    schemaErrors = [];
  }
  // "None of the above" is the renderer's own option of a checkboxes field (offered unless
  // ui:options.noneOfTheAbove is false): a valid answer even though the schema does not list it.
  schemaErrors = schemaErrors.filter((e) => !isOfferedNoneItem(compiled, schemaData, e));
  const byField = new Map<string, SchemaError[]>();
  for (const e of schemaErrors) {
    const f = fieldOfError(e);
    if (f === undefined) continue;
    const list = byField.get(f);
    if (list) list.push(e);
    else byField.set(f, [e]);
  }
  return byField;
}

/** Constraints (atLeastOne), each on its field when that field has no error of its own. */
function addConstraintErrors(
  compiled: CompiledDocument,
  src: Record<string, unknown>,
  vis: Visibility,
  active: Active,
  wanted: Set<string> | undefined,
  errors: Map<string, FieldError>,
): void {
  const doc = compiled.flat;
  if (!Array.isArray(doc.constraints)) return;
  for (const c of doc.constraints) {
    if (!isPlainObject(c) || c.kind !== 'atLeastOne' || typeof c.id !== 'string' || !Array.isArray(c.fields)) continue;
    const path = typeof c.path === 'string' ? c.path : c.fields[0];
    if (typeof path !== 'string' || !active(path) || (wanted && !wanted.has(path)) || errors.has(path)) continue;
    if (!vis.constraints.has(c.id)) continue;
    const anyGiven = c.fields.some((f) => {
      if (typeof f !== 'string' || !active(f)) return false;
      const kind = compiled.kindOf(f);
      const v = compiled.read(src, f);
      return kind === 'multi' ? selection(v).length > 0 : hasValue(v, kind === 'date' || kind === 'time' || kind === 'datetime');
    });
    if (!anyGiven) {
      errors.set(path, {
        path,
        keyword: c.id,
        message: messageFor(doc, path, c.id, undefined, { defaultMessage: typeof c.message === 'string' ? c.message : undefined }),
      });
    }
  }
}

/** Whether a field is answerable (visible and not disabled); an anonymous arrow, so tsx adds no per-call `__name`. */
function activeIn(vis: Visibility): Active {
  return (f) => vis.visible.has(f) && !vis.disabled.has(f);
}

export function validate(document: FormDocument, data: FormData, options: ValidateOptions = {}): FieldError[] {
  const compiled = compileDocument(document); // a malformed (non-object) document compiles as an empty one; groups are flat in compiled.flat
  const src: Record<string, unknown> = isPlainObject(data) ? data : {};
  const params: Parameters = isPlainObject(options.params) ? options.params : {};
  const today = options.today instanceof Date ? options.today : new Date();
  const vis = compiled.evaluate(src, params, today);
  const active = activeIn(vis);
  const st = compiled.structure;
  // A page names a group (all its fields) or a list (its items too).
  const wanted = Array.isArray(options.fields) ? new Set(options.fields.filter((f) => typeof f === 'string').flatMap(st.expand)) : undefined;
  const toCheck = compiled.fields.filter((f) => active(f) && (!wanted || wanted.has(f)));
  const schemaData = schemaDataOf(compiled, src, vis, active);
  const byField = schemaErrorsByField(compiled, schemaData, options.schemaCheck);

  const errors = new Map<string, FieldError>();
  const itemErrors = new Map<string, FieldError[]>();
  for (const f of toCheck) {
    const input = { raw: compiled.read(src, f), value: own(schemaData, f), schemaErrors: byField.get(f) ?? [], data: src, visible: vis.visible, params, today };
    const err = checkField(compiled, f, input);
    if (err) errors.set(f, err);
    const list = st.lists.get(f);
    if (list) itemErrors.set(f, validateItems(list, compiled.read(src, f), f, params, today));
  }
  addConstraintErrors(compiled, src, vis, active, wanted, errors);

  const out: FieldError[] = [];
  for (const f of compiled.fields) {
    const e = errors.get(f);
    if (e) out.push(e);
    out.push(...(itemErrors.get(f) ?? []));
  }
  return out;
}

/**
 * Each filled item of a list against its item document; paths `list.<index>.<field>` (a scalar
 * item: `list.<index>`), the index being the item's place in the answer. An item left wholly
 * empty is not checked: Send drops it (prune), and the list's own required / minItems speak.
 */
function validateItems(
  list: { itemDoc: FormDocument; itemKind: 'object' | 'scalar' },
  value: unknown,
  field: string,
  params: Parameters,
  today: Date,
): FieldError[] {
  if (!Array.isArray(value)) return [];
  const out: FieldError[] = [];
  value.forEach((item, k) => {
    if (!itemFilled(item)) return;
    const data = list.itemKind === 'object' ? (isPlainObject(item) ? item : {}) : { [ITEM_FIELD]: item };
    for (const e of validate(list.itemDoc, data, { params, today })) {
      out.push({ ...e, path: list.itemKind === 'object' ? `${field}.${k}.${e.path}` : `${field}.${k}` });
    }
  });
  return out;
}
