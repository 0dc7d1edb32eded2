// fromAjvValidator: the one adapter from an ajv validate function to core's SchemaCheck (the app's
// loadForm, the patient-details steps and these tests all use it).
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { fromAjvValidator } from '../../../../renderer/core/index';

describe('fromAjvValidator', () => {
  const ajv = new Ajv({ allErrors: true });
  const check = fromAjvValidator(ajv.compile({ type: 'object', properties: { n: { type: 'integer', maximum: 3 } }, required: ['n'] }));

  it('returns no errors for valid data', () => {
    expect(check({ n: 2 })).toEqual([]);
  });

  it('passes on only the fields core reads (instancePath, keyword, params)', () => {
    expect(check({ n: 7 })).toEqual([{ instancePath: '/n', keyword: 'maximum', params: { comparison: '<=', limit: 3 } }]);
    expect(check({})).toEqual([{ instancePath: '', keyword: 'required', params: { missingProperty: 'n' } }]);
  });

  it('treats a failing validator without an errors list as no schema errors', () => {
    const bare = Object.assign(() => false, { errors: null });
    expect(fromAjvValidator(bare)({})).toEqual([]);
  });
});
