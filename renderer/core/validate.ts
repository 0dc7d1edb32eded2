// validate: one error per visible, enabled field — the first failing check in the order
// required → whitespace → type → format → pattern/length/range/enum/items → date/age/year
// → constraints. The JSON-Schema checks come from a SchemaCheck (precompiled ajv at build
// time, interpretSchema at run time); formats and x-* keywords are checked here, in both paths.
import { isValidPhoneNumber } from 'libphonenumber-js';
import type { FieldError, FieldSchema, FormData, FormDocument, ParamRef, Parameters } from './types';
import { compileDocument, type CompiledDocument } from './compile';
import { itemFilled } from './conditionTests';
import { fixedValueOf, isReadOnlySchema, sameValue } from './defaults';
import { ITEM_FIELD } from './structure';
import { DEFAULT_TEXTAREA_MAX, NONE_OF_THE_ABOVE } from './fields';
import { ageOn, calendarDate, dayNumber, formatDay, parseDate, parseDateTime, resolveTodayRef } from './dates';
import { messageFor, type MessageOptions, type MessageVars } from './messages';
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

const SCHEMA_ORDER: Record<string, number> = {
  type: 1,
  enum: 2,
  const: 2,
  oneOf: 2,
  pattern: 3,
  minLength: 4,
  maxLength: 5,
  minimum: 6,
  maximum: 7,
  minItems: 8,
  maxItems: 9,
  uniqueItems: 10,
};

const EMAIL = /^(?!\.)(?!.*\.\.)[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+(?<!\.)@(?=.{1,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;
const POSTCODE = /^(GIR ?0AA|[A-PR-UWYZ](?:[0-9]{1,2}|[A-HK-Y][0-9]{1,2}|[0-9][A-HJKPSTUW]|[A-HK-Y][0-9][ABEHMNPRVWXY]) ?[0-9][ABD-HJLNP-UW-Z]{2})$/i;

export function isEmail(s: string): boolean {
  const at = s.lastIndexOf('@');
  return at > 0 && at <= 64 && EMAIL.test(s);
}

export function isUkPostcode(s: string): boolean {
  return POSTCODE.test(s.trim());
}

export function isUkPhone(s: string): boolean {
  try {
    return isValidPhoneNumber(s, 'GB');
  } catch {
    return false;
  }
}

/**
 * "Please provide a valid time." / 24-hour / 12-hour problems of a time answer (renderer/README.md, "Validation").
 * 24-hour answers are "HH:mm". 12-hour answers are "hh:mm am" / "hh:mm pm": the period is part
 * of the answer, so an hour above 12 can only be a typing mistake (never 2 pm stored as 14).
 */
export function timeProblem(s: string, hour12: boolean): 'time' | 'time24' | 'time12' | undefined {
  const match = /^\s*(-?\d{1,2})\s*:\s*(-?\d{1,2})\s*(am|pm)?\s*$/i.exec(s);
  if (!match) return 'time';
  const h = Number(match[1]);
  const m = Number(match[2]);
  const period = match[3];
  if (h < 0 || m < 0 || m > 59) return 'time';
  if (hour12) {
    if (h > 12 || h === 0) return 'time12';
    return period ? undefined : 'time';
  }
  if (period) return 'time';
  return h > 23 ? 'time24' : undefined;
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

function paramNumber(ref: unknown, params: Parameters, fallback?: number): number | undefined {
  if (typeof ref === 'number') return Number.isFinite(ref) ? ref : fallback;
  if (isPlainObject(ref) && typeof ref.param === 'string') {
    const r = ref as unknown as ParamRef;
    const v = own(params, r.param);
    if (typeof v === 'number' && Number.isFinite(v)) return v;
    if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
    if (typeof r.default === 'number') return r.default;
  }
  return fallback;
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

export function validate(document: FormDocument, data: FormData, options: ValidateOptions = {}): FieldError[] {
  const compiled = compileDocument(document);
  const doc = compiled.flat; // a malformed (non-object) document compiles as an empty one; groups are flat here
  const src: Record<string, unknown> = isPlainObject(data) ? data : {};
  const params: Parameters = isPlainObject(options.params) ? options.params : {};
  const today = options.today instanceof Date ? options.today : new Date();
  const vis = compiled.evaluate(src, params, today);
  const active = (f: string) => vis.visible.has(f) && !vis.disabled.has(f);
  const st = compiled.structure;
  // A page names a group (all its fields) or a list (its items too).
  const wanted = Array.isArray(options.fields) ? new Set(options.fields.filter((f) => typeof f === 'string').flatMap(st.expand)) : undefined;
  const toCheck = compiled.fields.filter((f) => active(f) && (!wanted || wanted.has(f)));

  // What the schema check sees: the active fields' answers, empty ones left out (so that
  // `required` catches "", "   ", "--" and []), text normalised as it will be submitted.
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

  let schemaErrors: SchemaError[] = [];
  try {
    const r = (options.schemaCheck ?? defaultSchemaCheck(doc))(schemaData);
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

  const errors = new Map<string, FieldError>();
  const itemErrors = new Map<string, FieldError[]>();
  for (const f of toCheck) {
    const err = checkField(compiled, f, compiled.read(src, f), own(schemaData, f), byField.get(f) ?? [], src, vis.visible, params, today);
    if (err) errors.set(f, err);
    const list = st.lists.get(f);
    if (list) itemErrors.set(f, validateItems(list, compiled.read(src, f), f, params, today));
  }

  // Constraints (atLeastOne).
  if (Array.isArray(doc.constraints)) {
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

function checkField(
  compiled: CompiledDocument,
  field: string,
  raw: unknown,
  value: unknown,
  schemaErrors: SchemaError[],
  data: Record<string, unknown>,
  visible: Set<string>,
  params: Parameters,
  today: Date,
): FieldError | undefined {
  const doc = compiled.doc;
  const schema: Partial<FieldSchema> = isPlainObject(compiled.schemaOf(field)) ? compiled.schemaOf(field)! : {};
  const ui = compiled.uiOf(field);
  const kind = compiled.kindOf(field);
  const err = (keyword: string, vars?: MessageVars, opts?: MessageOptions): FieldError => ({
    path: field,
    keyword,
    message: messageFor(doc, field, keyword, vars, opts),
  });

  // 0. A read-only value is the document's: an answer other than the set one was not the
  // user's to give, whatever the browser sent (an absent one claims nothing).
  if (isReadOnlySchema(schema)) {
    const fixed = fixedValueOf(schema, params);
    const given = typeof raw === 'string' ? normaliseText(raw) : raw;
    const fixedNorm = typeof fixed === 'string' ? normaliseText(fixed) : fixed;
    if (given !== undefined && given !== null && given !== '' && !sameValue(given, fixedNorm)) return err('readOnly');
    return undefined;
  }

  // 1–2. required, whitespace
  if (schemaErrors.some((e) => e.keyword === 'required')) {
    if (typeof raw === 'string' && raw.length > 0 && kind !== 'choice' && kind !== 'date' && kind !== 'time' && kind !== 'datetime') return err('whitespace');
    return err('required');
  }
  if (value === undefined) return undefined; // optional and empty: nothing else to check

  // "None of the above" is exclusive: with any other option the answer contradicts itself.
  if (kind === 'multi' && Array.isArray(value) && value.length > 1 && value.includes(NONE_OF_THE_ABOVE)) return err('noneOfTheAbove');

  // A long text without its own maxLength is held to the character count the textarea shows.
  if (typeof value === 'string' && schema.maxLength === undefined && compiled.widgetOf(field) === 'textarea' && [...value].length > DEFAULT_TEXTAREA_MAX) {
    const first = schemaErrors.find((e) => e.keyword === 'type');
    if (!first) return err('maxLength', { N: String(DEFAULT_TEXTAREA_MAX), max: String(DEFAULT_TEXTAREA_MAX) });
  }

  // 3. type, then 4. format
  const sorted = schemaErrors.filter((e) => SCHEMA_ORDER[e.keyword] !== undefined).sort((a, b) => SCHEMA_ORDER[a.keyword]! - SCHEMA_ORDER[b.keyword]!);
  const first = sorted[0];
  if (first && first.keyword === 'type') {
    const t = schema.type;
    return err('type', undefined, { defaultKey: t === 'integer' ? 'typeInteger' : t === 'number' ? 'typeNumber' : 'type' });
  }

  const xAge = isPlainObject(schema['x-age']) ? schema['x-age'] : undefined;
  if (typeof value === 'string') {
    const fmt = schema.format;
    if (fmt === 'date' || (xAge && fmt === undefined)) {
      if (parseDate(value) === undefined) return err('date', undefined, { fallbackKeys: ['format'], defaultKey: xAge ? 'dateOfBirth' : 'date' });
    } else if (fmt === 'time') {
      const hour12 = isPlainObject(ui) && isPlainObject(ui['ui:options']) && ui['ui:options'].hour12 === true;
      const p = timeProblem(value, hour12);
      if (p) return err(p, undefined, { fallbackKeys: p === 'time' ? ['format'] : [] });
    } else if (fmt === 'date-time') {
      if (parseDateTime(value) === undefined) return err('format', undefined, { defaultKey: 'date-time' });
    } else if (fmt === 'email') {
      if (!isEmail(value)) return err('format', undefined, { defaultKey: 'email' });
    } else if (fmt === 'uk-phone') {
      if (!isUkPhone(value)) return err('format', undefined, { defaultKey: 'uk-phone' });
    } else if (fmt === 'uk-postcode') {
      if (!isUkPostcode(value)) return err('format', undefined, { defaultKey: 'uk-postcode' });
    }
  }

  // 5. pattern / length / range / enum / items
  if (first) {
    const limit = isPlainObject(first.params) ? first.params.limit : undefined;
    switch (first.keyword) {
      case 'enum':
      case 'const':
      case 'oneOf':
        return err('enum');
      case 'minimum':
      case 'maximum': {
        const both = typeof schema.minimum === 'number' && typeof schema.maximum === 'number';
        const vars: MessageVars = { N: String(limit ?? '') };
        if (typeof schema.minimum === 'number') vars.min = schema.minimum;
        if (typeof schema.maximum === 'number') vars.max = schema.maximum;
        return err(first.keyword, vars, both ? { fallbackKeys: ['range'], defaultKey: 'range' } : {});
      }
      case 'minLength':
      case 'minItems':
        return err(first.keyword, { N: String(limit ?? ''), min: String(limit ?? '') }, kind === 'list' ? { defaultKey: 'listMinItems' } : {});
      case 'maxLength':
      case 'maxItems':
        return err(first.keyword, { N: String(limit ?? ''), max: String(limit ?? '') }, kind === 'list' ? { defaultKey: 'listMaxItems' } : {});
      default:
        return err(first.keyword);
    }
  }

  // 6. dates relative to today or another field, ages, years
  const xDate = isPlainObject(schema['x-date']) ? schema['x-date'] : undefined;
  if (xDate) {
    const day = parseDate(value);
    if (day !== undefined) {
      // notBefore / notAfter allow the bound itself; after / before (strict) refuse it.
      for (const which of ['notBefore', 'notAfter', 'after', 'before'] as const) {
        const ref = xDate[which];
        if (typeof ref !== 'string') continue;
        let bound: number | undefined;
        if (ref.startsWith('field:')) {
          const other = ref.slice('field:'.length);
          bound = visible.has(other) ? parseDate(compiled.read(data, other)) : undefined;
        } else {
          bound = resolveTodayRef(ref, today);
        }
        if (bound === undefined) continue;
        const outside = which === 'notBefore' ? day < bound : which === 'notAfter' ? day > bound : which === 'after' ? day <= bound : day >= bound;
        if (outside) return err(which, { date: formatDay(bound) });
      }
    }
  }

  if (xAge) {
    const dob = parseDate(value);
    // A date of birth must be before today (today itself is refused, whatever the minimum age).
    if (dob === undefined || dob >= dayNumber(today)) return err('date', undefined, { fallbackKeys: ['format'], defaultKey: 'dateOfBirth' });
    const age = ageOn(value as string, calendarDate(today)) ?? 0;
    const maxYears = typeof xAge.maxYears === 'number' ? xAge.maxYears : 110;
    if (age > maxYears) return err('ageReal');
    const min = paramNumber(xAge.min, params);
    if (min !== undefined && age < min) return err('ageMin', { N: min });
    const max = paramNumber(xAge.max, params);
    if (max !== undefined && age > max) return err('ageMax', { N: max });
  }

  const xYear = isPlainObject(schema['x-yearRange']) ? schema['x-yearRange'] : undefined;
  if (xYear) {
    const y = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : NaN;
    const back = paramNumber(xYear.yearsBack, params, 30) ?? 30;
    const now = today.getFullYear();
    if (!Number.isInteger(y) || y < now - back || y > now) return err('yearRange', { min: now - back, max: now });
  }
  return undefined;
}
