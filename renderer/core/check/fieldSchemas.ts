// Each field's JSON Schema: its type, pattern, options, and the x-date / x-age / x-yearRange
// extensions (their date references and parameter references); then schema.required.
import { isDateRefSyntax } from '../dates';
import { kindOf } from '../fields';
import { isPlainObject } from '../text';
import { esc, q, type CheckContext, type Obj } from './context';

export function checkFieldSchemas(ctx: CheckContext): void {
  const { doc, fieldNames, isField, add, fieldHint } = ctx;
  const schema = doc.schema as Record<string, unknown>;
  for (const f of fieldNames) checkFieldSchema(ctx, f);

  // required
  if (schema.required !== undefined) {
    if (!Array.isArray(schema.required)) add('/schema/required', 'required must be a list of field names');
    else
      schema.required.forEach((r, i) => {
        if (!isField(r)) add(`/schema/required/${i}`, `${q(r)} is required but is not a field of this form${fieldHint(r)}`);
      });
  }
}

function checkFieldSchema(ctx: CheckContext, f: string): void {
  const { props, kinds, add } = ctx;
  const base = `/schema/properties/${esc(f)}`;
  const s = props[f];
  if (!isPlainObject(s)) {
    add(base, 'a field schema must be an object');
    return;
  }
  if (!['string', 'number', 'integer', 'boolean', 'array'].includes(String(s.type))) {
    add(`${base}/type`, `type must be one of string, number, integer, boolean, array (got ${q(s.type)})`);
  }
  kinds.set(f, kindOf(s as never));
  if (s.type === 'array' && !isPlainObject(s.items)) add(`${base}/items`, 'a multi-choice field needs items with its options (enum or oneOf)');
  if (s.pattern !== undefined) {
    let ok = typeof s.pattern === 'string';
    if (ok) {
      try {
        new RegExp(s.pattern as string, 'u');
      } catch {
        ok = false;
      }
    }
    if (!ok) add(`${base}/pattern`, `pattern ${q(s.pattern)} is not a valid regular expression`);
  }
  if (s.enum !== undefined && (!Array.isArray(s.enum) || s.enum.length === 0)) add(`${base}/enum`, 'enum must be a non-empty list of options');
  if (s.oneOf !== undefined) {
    if (!Array.isArray(s.oneOf) || s.oneOf.length === 0) add(`${base}/oneOf`, 'oneOf must be a non-empty list of { const, title }');
    else
      s.oneOf.forEach((o, i) => {
        if (!isPlainObject(o) || !('const' in o)) add(`${base}/oneOf/${i}`, 'each option needs a const (its value) and a title');
      });
  }
  checkXDate(ctx, s['x-date'], base);
  const xAge = s['x-age'];
  if (xAge !== undefined) {
    if (!isPlainObject(xAge)) add(`${base}/x-age`, 'x-age must be an object { min?, max?, maxYears? }');
    else {
      checkNumberRef(ctx, xAge.min, `${base}/x-age/min`);
      checkNumberRef(ctx, xAge.max, `${base}/x-age/max`);
      if (xAge.maxYears !== undefined && typeof xAge.maxYears !== 'number') add(`${base}/x-age/maxYears`, 'maxYears must be a number');
    }
  }
  checkWrittenValues(ctx, s, base);
  const xYear = s['x-yearRange'];
  if (xYear !== undefined) {
    if (!isPlainObject(xYear)) add(`${base}/x-yearRange`, 'x-yearRange must be an object { yearsBack }');
    else checkNumberRef(ctx, xYear.yearsBack, `${base}/x-yearRange/yearsBack`);
  }
}

/** The date references of x-date: "today…" or another date field of the form. */
function checkXDate({ props, isField, add, notAField }: CheckContext, xDate: unknown, base: string): void {
  if (xDate === undefined) return;
  if (!isPlainObject(xDate)) {
    add(`${base}/x-date`, 'x-date must be an object { notBefore?, notAfter?, after?, before? }');
    return;
  }
  if (xDate.notBefore !== undefined && xDate.after !== undefined)
    add(`${base}/x-date/after`, 'give one lower bound: notBefore (the date itself allowed) or after (strictly after it), not both');
  if (xDate.notAfter !== undefined && xDate.before !== undefined)
    add(`${base}/x-date/before`, 'give one upper bound: notAfter (the date itself allowed) or before (strictly before it), not both');
  for (const k of ['notBefore', 'notAfter', 'after', 'before']) {
    const ref = xDate[k];
    if (ref === undefined) continue;
    if (!isDateRefSyntax(ref)) {
      add(`${base}/x-date/${k}`, `${q(ref)} is not a date reference: use "today", "today+7d", "today-1m" (units d, w, m, y) or "field:otherField"`);
    } else if (typeof ref === 'string' && ref.startsWith('field:')) {
      const other = ref.slice('field:'.length);
      if (!isField(other)) add(`${base}/x-date/${k}`, notAField(other));
      else if (kindOf(props[other] as never) !== 'date') add(`${base}/x-date/${k}`, `"${other}" is not a date field`);
    }
  }
}

/** A number a document writes, or a reference to a declared parameter giving it. */
function checkNumberRef({ isParam, add }: CheckContext, v: unknown, path: string): void {
  if (v === undefined || typeof v === 'number') return;
  if (isPlainObject(v) && typeof v.param === 'string') {
    if (!isParam(v.param)) add(`${path}/param`, `parameter "${v.param}" is not declared in parameters`);
    if (v.default !== undefined && typeof v.default !== 'number') add(`${path}/default`, 'the default must be a number');
    return;
  }
  add(path, 'expected a number or { "param": name, "default"?: number }');
}

/** A field's prefilled (default) and read-only (const) values. */
function checkWrittenValues({ isParam, add }: CheckContext, s: Obj, base: string): void {
  // Prefilled and read-only values: a parameter default names a declared parameter; a
  // read-only field has a value to show (its const, or its default).
  if (isPlainObject(s.default) && typeof s.default.param === 'string') {
    if (Object.keys(s.default).length !== 1) add(`${base}/default`, 'a default from a parameter is { "param": name } and nothing else');
    else if (!isParam(s.default.param)) add(`${base}/default/param`, `parameter "${s.default.param}" is not declared in parameters`);
  }
  const hasConst = Object.prototype.hasOwnProperty.call(s, 'const');
  if (s.readOnly === true && !hasConst && s.default === undefined)
    add(`${base}/readOnly`, 'a read-only field needs the value it shows: a const, or a default (a value or { "param": name })');
  if (hasConst && s.readOnly === false) add(`${base}/readOnly`, 'a field with a const is read-only: leave readOnly out or set it to true');
  // A written value (default, const) must be one the field could hold, or it would be drawn
  // and then refused on Send: the right type, and one of the options of a choice.
  for (const key of ['default', 'const'] as const) {
    const v = s[key];
    if (v === undefined || (key === 'default' && isPlainObject(v) && typeof v.param === 'string')) continue;
    const t = s.type;
    const fits =
      t === 'string'
        ? typeof v === 'string'
        : t === 'number'
          ? typeof v === 'number'
          : t === 'integer'
            ? Number.isInteger(v)
            : t === 'boolean'
              ? typeof v === 'boolean'
              : t === 'array'
                ? Array.isArray(v)
                : true;
    const options = Array.isArray(s.enum) ? s.enum : Array.isArray(s.oneOf) ? s.oneOf.map((o) => (isPlainObject(o) ? o.const : undefined)) : undefined;
    if (!fits) add(`${base}/${key}`, `${q(v)} is not a ${String(t)}, the type of this field`);
    else if (options && !options.includes(v as never)) add(`${base}/${key}`, `${q(v)} is not one of the options (${options.map((o) => q(o)).join(', ')})`);
  }
}
