import type { FormDocument, Parameters } from './types';

function at(context: unknown, path: string): unknown {
  let value: unknown = context;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.prototype.hasOwnProperty.call(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** Settings often hold values as strings ("true", "25.00"): give the parameter its declared type. */
function coerce(type: 'number' | 'integer' | 'boolean' | 'string', value: unknown): unknown {
  if (value === undefined || value === null || value === '') return undefined;
  switch (type) {
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 'true') return true;
      if (value === 'false') return false;
      return undefined;
    case 'number':
    case 'integer': {
      const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
      if (!Number.isFinite(n)) return undefined;
      return type === 'integer' ? Math.trunc(n) : n;
    }
    default:
      return typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
  }
}

/**
 * The run-time parameters of a document, read from `context` along each parameter's declared
 * `source` (a dot path) and given the declared type; a parameter without a value there takes
 * its default, or is left out. Pure and generic: what the context holds is the caller's business.
 */
export function resolveParameters(doc: FormDocument, context: unknown): Parameters {
  const out: Parameters = {};
  for (const [name, spec] of Object.entries(doc.parameters ?? {})) {
    const value = spec.source ? coerce(spec.type, at(context, spec.source)) : undefined;
    if (value !== undefined) out[name] = value;
    else if (spec.default !== undefined) out[name] = spec.default;
  }
  return out;
}
