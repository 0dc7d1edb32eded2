// The build-time path (ajv standalone code, precompiled) and the run-time path (interpretSchema,
// no code generation) must give identical FieldErrors. Here ajv generates the standalone module,
// which is written to a temporary file and imported, as the production build would ship it.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromAjvValidator, interpretSchema, validate, type FormDocument, type SchemaCheck } from '../../../../renderer/core/index';
import { DATA_SETS, TODAY, conditional, general } from '../../support/renderer-core/fixtures';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
// Inside the repository so that the module's imports of ajv's runtime helpers resolve.
const tmp = mkdtempSync(path.join(repoRoot, 'node_modules', '.renderer-core-standalone-'));

const FORMS_DIR = path.join(repoRoot, 'schemas', 'forms');
const realForms: FormDocument[] = (() => {
  try {
    return readdirSync(FORMS_DIR)
      .filter((f) => f.endsWith('.form.json'))
      .map((f) => JSON.parse(readFileSync(path.join(FORMS_DIR, f), 'utf8')) as FormDocument);
  } catch {
    return [];
  }
})();

async function precompiled(doc: FormDocument, name: string): Promise<SchemaCheck> {
  const ajv = new Ajv({ allErrors: true, strict: false, code: { source: true, esm: true } });
  for (const keyword of ['x-date', 'x-age', 'x-yearRange']) ajv.addKeyword({ keyword });
  for (const format of ['date', 'time', 'date-time', 'email', 'uk-phone', 'uk-postcode']) ajv.addFormat(format, true);
  const code = standaloneCode(ajv, ajv.compile(doc.schema));
  const file = path.join(tmp, `${name}.mjs`);
  // ajv's ESM output still require()s its runtime helpers; give the module a require.
  writeFileSync(file, `import { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);\n${code}`);
  const mod = (await import(pathToFileURL(file).href)) as { default: (data: unknown) => boolean };
  return fromAjvValidator(mod.default);
}

const docs: Array<[string, FormDocument]> = [['general', general], ['conditional', conditional], ...realForms.map((d): [string, FormDocument] => [d.id, d])];
const checks = new Map<string, SchemaCheck>();

beforeAll(async () => {
  for (const [name, d] of docs) checks.set(name, await precompiled(d, name));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('build-time (ajv standalone) and run-time (interpreter) validation agree', () => {
  it('has fixture documents, including the real forms', () => {
    expect(docs.length).toBeGreaterThan(2);
  });
  for (const [name, d] of docs) {
    it(`${name}: same FieldErrors for every data set`, () => {
      const fieldsOf = Object.keys(d.schema.properties);
      // Fixture data sets, plus per-field garbage so every field of a real form is exercised.
      const sets = [
        ...DATA_SETS,
        Object.fromEntries(fieldsOf.map((f) => [f, 'x'])),
        Object.fromEntries(fieldsOf.map((f) => [f, 12345])),
        Object.fromEntries(fieldsOf.map((f) => [f, ['?']])),
      ];
      let compared = 0;
      for (const data of sets) {
        const runtime = validate(d, data, { today: TODAY, schemaCheck: interpretSchema(d.schema) });
        const buildTime = validate(d, data, { today: TODAY, schemaCheck: checks.get(name)! });
        expect(buildTime).toEqual(runtime);
        compared += runtime.length;
      }
      expect(compared).toBeGreaterThan(0);
    });
  }

  it('the precompiled check and the interpreter report the same raw errors', () => {
    const key = (e: { instancePath: string; keyword: string }) => `${e.instancePath} ${e.keyword}`;
    const data = { name: 5, count: 'x', symptoms: ['Nope', 'Cough', 'Rash'], colour: 'b', note: 'a' };
    const ajvErrors = [...new Set(checks.get('general')!(data).map(key))].sort();
    expect(ajvErrors).toEqual(['/colour const', '/colour oneOf', '/count type', '/name type', '/note minLength', '/symptoms maxItems', '/symptoms/0 enum']);
    // ajv also reports each failing oneOf branch as `const`; validate() maps const and oneOf alike.
    const interpreted = [...new Set(interpretSchema(general.schema)(data).map(key))].sort();
    expect(interpreted).toEqual(ajvErrors.filter((k) => k !== '/colour const'));
  });
});
