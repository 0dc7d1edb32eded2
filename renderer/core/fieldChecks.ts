// One field's error, the first failing check in the order required → whitespace → type →
// format → pattern/length/range/enum/items → date/age/year (renderer/README.md, "Validation").
// The JSON-Schema errors come in from validate's SchemaCheck; the rest is checked here.
import type { FieldError, FieldSchema, ParamRef, Parameters, UiField } from './types';
import type { CompiledDocument } from './compile';
import { fixedValueOf, isReadOnlySchema, sameValue } from './defaults';
import { DEFAULT_TEXTAREA_MAX, NONE_OF_THE_ABOVE, type FieldKind } from './fields';
import { ageOn, calendarDate, dayNumber, formatDay, parseDate, parseDateTime, resolveTodayRef } from './dates';
import { messageFor, type MessageOptions, type MessageVars } from './messages';
import type { SchemaError } from './schemaCheck';
import { isEmail, isUkPhone, isUkPostcode, timeProblem } from './formats';
import { isPlainObject, normaliseText, own } from './text';

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

/** The field's error for a check (its message from ui:errors, the document's messages, then the defaults). */
type ErrorFor = (keyword: string, vars?: MessageVars, opts?: MessageOptions) => FieldError;

/** What checking one field reads besides its answer. */
interface FieldCheckInput {
  /** The answer as given. */
  raw: unknown;
  /** The answer as the schema check saw it (normalised; undefined when empty or inactive). */
  value: unknown;
  schemaErrors: SchemaError[];
  data: Record<string, unknown>;
  visible: Set<string>;
  params: Parameters;
  today: Date;
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

/** 4. The format of a text answer (a date of birth is a date even without `format`). */
function formatError(schema: Partial<FieldSchema>, ui: UiField | undefined, value: string, err: ErrorFor): FieldError | undefined {
  const xAge = isPlainObject(schema['x-age']) ? schema['x-age'] : undefined;
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
  return undefined;
}

/** 5. The first JSON-Schema error after type: pattern / length / range / enum / items. */
function keywordError(first: SchemaError, schema: Partial<FieldSchema>, kind: FieldKind, err: ErrorFor): FieldError {
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

/** 6. Dates relative to today or another field (x-date). */
function dateBoundError(compiled: CompiledDocument, schema: Partial<FieldSchema>, input: FieldCheckInput, err: ErrorFor): FieldError | undefined {
  const xDate = isPlainObject(schema['x-date']) ? schema['x-date'] : undefined;
  if (!xDate) return undefined;
  const day = parseDate(input.value);
  if (day === undefined) return undefined;
  // notBefore / notAfter allow the bound itself; after / before (strict) refuse it.
  for (const which of ['notBefore', 'notAfter', 'after', 'before'] as const) {
    const ref = xDate[which];
    if (typeof ref !== 'string') continue;
    let bound: number | undefined;
    if (ref.startsWith('field:')) {
      const other = ref.slice('field:'.length);
      bound = input.visible.has(other) ? parseDate(compiled.read(input.data, other)) : undefined;
    } else {
      bound = resolveTodayRef(ref, input.today);
    }
    if (bound === undefined) continue;
    const outside = which === 'notBefore' ? day < bound : which === 'notAfter' ? day > bound : which === 'after' ? day <= bound : day >= bound;
    if (outside) return err(which, { date: formatDay(bound) });
  }
  return undefined;
}

/** 6. A date of birth's age (x-age) and a year (x-yearRange). */
function ageAndYearError(schema: Partial<FieldSchema>, { value, params, today }: FieldCheckInput, err: ErrorFor): FieldError | undefined {
  const xAge = isPlainObject(schema['x-age']) ? schema['x-age'] : undefined;
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

/**
 * The field's error maker. Made here, not as a named arrow in checkField: under tsx (which keeps
 * function names) a named arrow made per call costs a `__name` call, for every field of every answer.
 */
function errorFor(doc: CompiledDocument['doc'], field: string): ErrorFor {
  return (keyword, vars, opts) => ({ path: field, keyword, message: messageFor(doc, field, keyword, vars, opts) });
}

export function checkField(compiled: CompiledDocument, field: string, input: FieldCheckInput): FieldError | undefined {
  const { raw, value, schemaErrors, params } = input;
  const doc = compiled.doc;
  const schema: Partial<FieldSchema> = isPlainObject(compiled.schemaOf(field)) ? compiled.schemaOf(field)! : {};
  const ui = compiled.uiOf(field);
  const kind = compiled.kindOf(field);
  const err = errorFor(doc, field);

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
  const formatErr = typeof value === 'string' ? formatError(schema, ui, value, err) : undefined;
  if (formatErr) return formatErr;

  // 5. pattern / length / range / enum / items
  if (first) return keywordError(first, schema, kind, err);

  // 6. dates relative to today or another field, ages, years
  return dateBoundError(compiled, schema, input, err) ?? ageAndYearError(schema, input, err);
}
