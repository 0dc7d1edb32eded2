// The benchmark's generated forms (bench/generate.ts): our document and the plain-rjsf form
// must have the same fields and the same reveal behaviour, or the comparison means nothing.
import { createSchemaUtils, type RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { describe, expect, it } from 'vitest';
import { NESTED_GROUPS, NESTED_ITEMS, generateForms, nestedForms } from '../../../bench/generate';
import { checkDocument, validate, visibleFields } from '../../../renderer/core/index';

describe('bench/generate', () => {
  for (const n of [30, 300]) {
    const { fields, doc, rjsf } = generateForms(n);
    const reveals = fields.filter((f) => f.kind === 'reveal');
    const schemaUtils = createSchemaUtils(validator, rjsf.schema as RJSFSchema);
    const rjsfFields = (data: Record<string, unknown>) => Object.keys((schemaUtils.retrieveSchema(rjsf.schema as RJSFSchema, data).properties ?? {}) as object);

    it(`${n} fields: our document is valid and every tenth field reveals a required detail`, () => {
      expect(checkDocument(doc)).toEqual([]);
      expect(fields).toHaveLength(n);
      expect(reveals).toHaveLength(n / 10);
      expect(new Set(fields.map((f) => f.kind))).toEqual(new Set(['text', 'choice', 'boolean', 'number', 'date', 'reveal']));
    });

    it(`${n} fields: both forms show the same fields for the same answers`, () => {
      const first = reveals[0]!;
      for (const data of [{}, { [first.name]: true }, { [first.name]: false }, Object.fromEntries(reveals.map((f) => [f.name, true]))]) {
        expect(new Set(rjsfFields(data))).toEqual(new Set(visibleFields(doc, data)));
      }
      expect(visibleFields(doc, { [first.name]: true })).toContain(first.detail);
      expect(visibleFields(doc, {})).not.toContain(first.detail);
    });

    it(`${n} fields: a revealed detail is required in both`, () => {
      const first = reveals[0]!;
      const data = { [first.name]: true };
      expect(validate(doc, data).map((e) => [e.path, e.keyword])).toEqual([[first.detail, 'required']]);
      const rjsfErrors = validator.validateFormData(data, rjsf.schema as RJSFSchema).errors;
      expect(rjsfErrors.filter((e) => e.name === 'required').map((e) => e.params?.missingProperty)).toEqual([first.detail]);
      expect(validate(doc, { [first.name]: false })).toEqual([]);
    });
  }

  it('nested: 20 groups and a 50-item list, valid, each group revealing its detail in both forms', () => {
    const { groups, doc, data, rjsf } = nestedForms();
    expect(checkDocument(doc)).toEqual([]);
    expect(groups).toHaveLength(NESTED_GROUPS);
    expect((data.medicines as unknown[]).length).toBe(NESTED_ITEMS);
    expect(validate(doc, data)).toEqual([]);
    const schemaUtils = createSchemaUtils(validator, rjsf.schema as RJSFSchema);
    for (const g of [groups[0]!, groups[19]!]) {
      const reveal = g.fields.find((f) => f.kind === 'reveal')!;
      const path = `${g.name}.${reveal.detail}`;
      expect(visibleFields(doc, { [g.name]: { [reveal.name]: true } })).toContain(path);
      expect(visibleFields(doc, { [g.name]: { [reveal.name]: false } })).not.toContain(path);
      // rjsf resolves a group's if/then against the group's own answers.
      const inner = (answer: boolean) =>
        Object.keys(
          (schemaUtils.retrieveSchema((rjsf.schema.properties as Record<string, RJSFSchema>)[g.name]!, { [reveal.name]: answer }).properties ?? {}) as object,
        );
      expect(inner(true)).toContain(reveal.detail);
      expect(inner(false)).not.toContain(reveal.detail);
    }
  });
});
