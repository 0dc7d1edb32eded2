// The JSON-Schema part of validation behind one small interface, so that the build-time path
// (an ajv standalone validator precompiled by codegen) and the run-time path (this interpreter,
// no code generation: works under a CSP without 'unsafe-eval') feed the same FieldErrors.
import type { FieldSchema, FormSchema } from './types';
import { isPlainObject, own } from './text';

/** ajv's error shape, the part we read. */
export interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

export type SchemaCheck = (data: Record<string, unknown>) => SchemaError[];

/**
 * Adapts an ajv validate function (a standalone one precompiled by codegen into generated/validators,
 * or one from ajv.compile) to a SchemaCheck: `fromAjvValidator(validate)`. The only adapter; the
 * app and the tests use this one. Only the fields core reads are passed on.
 */
export function fromAjvValidator(validate: ((data: unknown) => boolean) & { errors?: unknown }): SchemaCheck {
  return (data) => {
    if (validate(data)) return [];
    const errors = Array.isArray(validate.errors) ? (validate.errors as SchemaError[]) : [];
    return errors.map(({ instancePath, keyword, params }) => ({ instancePath, keyword, params }));
  };
}

const pointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

function typeOk(type: unknown, v: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof v === 'string';
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v);
    case 'boolean':
      return typeof v === 'boolean';
    case 'array':
      return Array.isArray(v);
    case 'object':
      return isPlainObject(v);
    case 'null':
      return v === null;
    default:
      return true;
  }
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

const codePoints = (s: string) => {
  let n = 0;
  for (const _ of s) n++;
  return n;
};

const regexCache = new Map<string, RegExp | null>();
function regex(pattern: string): RegExp | null {
  let r = regexCache.get(pattern);
  if (r === undefined) {
    try {
      r = new RegExp(pattern, 'u');
    } catch {
      r = null;
    }
    regexCache.set(pattern, r);
  }
  return r;
}

function checkValue(schema: Partial<FieldSchema>, v: unknown, path: string, out: SchemaError[]): void {
  if (schema.type !== undefined && !typeOk(schema.type, v)) {
    out.push({ instancePath: path, keyword: 'type', params: { type: schema.type } });
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => sameValue(e, v))) {
    out.push({ instancePath: path, keyword: 'enum', params: { allowedValues: schema.enum } });
  }
  if (Array.isArray(schema.oneOf)) {
    const passing = schema.oneOf.filter((o) => isPlainObject(o) && sameValue(o.const, v)).length;
    if (passing !== 1) out.push({ instancePath: path, keyword: 'oneOf', params: { passingSchemas: null } });
  }
  if (typeof v === 'string') {
    const tooLong = typeof schema.maxLength === 'number' && codePoints(v) > schema.maxLength;
    if (tooLong) {
      out.push({ instancePath: path, keyword: 'maxLength', params: { limit: schema.maxLength } });
    }
    if (typeof schema.minLength === 'number' && codePoints(v) < schema.minLength) {
      out.push({ instancePath: path, keyword: 'minLength', params: { limit: schema.minLength } });
    }
    // A pattern's time grows with its input: never run it on a value already refused as too long.
    if (typeof schema.pattern === 'string' && !tooLong) {
      const r = regex(schema.pattern);
      if (r && !r.test(v)) out.push({ instancePath: path, keyword: 'pattern', params: { pattern: schema.pattern } });
    }
  }
  if (typeof v === 'number') {
    if (typeof schema.maximum === 'number' && v > schema.maximum) {
      out.push({ instancePath: path, keyword: 'maximum', params: { comparison: '<=', limit: schema.maximum } });
    }
    if (typeof schema.minimum === 'number' && v < schema.minimum) {
      out.push({ instancePath: path, keyword: 'minimum', params: { comparison: '>=', limit: schema.minimum } });
    }
  }
  if (Array.isArray(v)) {
    if (typeof schema.maxItems === 'number' && v.length > schema.maxItems) {
      out.push({ instancePath: path, keyword: 'maxItems', params: { limit: schema.maxItems } });
    }
    if (typeof schema.minItems === 'number' && v.length < schema.minItems) {
      out.push({ instancePath: path, keyword: 'minItems', params: { limit: schema.minItems } });
    }
    if (isPlainObject(schema.items)) {
      const items = schema.items as Partial<FieldSchema>;
      v.forEach((x, i) => checkValue(items, x, `${path}/${i}`, out));
    }
    if (schema.uniqueItems === true) {
      for (let i = 1; i < v.length; i++) {
        const j = v.slice(0, i).findIndex((y) => sameValue(y, v[i]));
        if (j >= 0) {
          out.push({ instancePath: path, keyword: 'uniqueItems', params: { i, j } });
          break;
        }
      }
    }
  }
}

/**
 * Interprets the subset of JSON Schema that form documents use (type, required, enum, oneOf
 * of consts, pattern, min/maxLength, minimum/maximum, min/maxItems, uniqueItems, items) and
 * reports errors in ajv's shape. No code generation. Formats and the x-* keywords are not
 * checked here (validate() checks them, in both paths).
 */
export function interpretSchema(schema: FormSchema): SchemaCheck {
  const props: Record<string, Partial<FieldSchema>> = isPlainObject(schema) && isPlainObject(schema.properties)
    ? (schema.properties as Record<string, Partial<FieldSchema>>)
    : {};
  const required = isPlainObject(schema) && Array.isArray(schema.required) ? schema.required.filter((r) => typeof r === 'string') : [];
  const entries = Object.entries(props).filter(([, s]) => isPlainObject(s));
  return (data) => {
    const out: SchemaError[] = [];
    if (!isPlainObject(data)) return [{ instancePath: '', keyword: 'type', params: { type: 'object' } }];
    for (const r of required) {
      if (!Object.prototype.hasOwnProperty.call(data, r)) out.push({ instancePath: '', keyword: 'required', params: { missingProperty: r } });
    }
    for (const [name, s] of entries) {
      if (!Object.prototype.hasOwnProperty.call(data, name)) continue;
      checkValue(s, own(data, name), `/${pointer(name)}`, out);
    }
    return out;
  };
}
