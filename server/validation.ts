import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const API_SCHEMA_BASE = 'https://gp.example/schemas/api/';

/** Full `$id` of a schema in schemas/api by its file name, e.g. schemaId('admin-request') */
export function schemaId(name: string): string {
  return `${API_SCHEMA_BASE}${name}.schema.json`;
}

/** One ajv for the server: every schema of schemas/api loaded once, all errors, formats of ajv-formats. */
export function createApiAjv(schemasDir: string): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: true, coerceTypes: false, useDefaults: false, removeAdditional: false });
  addFormats(ajv);
  for (const file of readdirSync(schemasDir)
    .filter((f) => f.endsWith('.schema.json'))
    .sort()) {
    ajv.addSchema(JSON.parse(readFileSync(path.join(schemasDir, file), 'utf8')) as object);
  }
  return ajv;
}

/** The compiled validator of a schema file, or a clear error naming it. */
export function apiValidator(ajv: Ajv, name: string): ValidateFunction {
  const validate = ajv.getSchema(schemaId(name));
  if (!validate) throw new Error(`No API schema ${name}.schema.json in schemas/api`);
  return validate;
}
