import { describe, expect, it } from 'vitest';
import { resolveParameters, type FormDocument } from '../../../../renderer/core/index';

const doc = {
  id: 'P',
  title: 'P',
  pages: [{ title: 'p', fields: ['a'] }],
  schema: { type: 'object', properties: { a: { type: 'string' } } },
  parameters: {
    charge: { type: 'string', description: 'c', source: 'adminForms.customFields.minimum-dr-letter-charge', default: '25.00' },
    ask: { type: 'boolean', description: 'a', source: 'adminForms.customFields.ask', default: false },
    age: { type: 'integer', description: 'g', source: 'patient.age' },
    sms: { type: 'boolean', description: 's', source: 'notificationConfig.sms.enabled' },
    fixed: { type: 'integer', description: 'f', default: 16 },
  },
} as FormDocument;

describe('resolveParameters', () => {
  it('reads each parameter along its source and gives it the declared type', () => {
    const context = {
      adminForms: { customFields: { 'minimum-dr-letter-charge': '30.00', ask: 'true' } },
      patient: { age: 41.9 },
      notificationConfig: { sms: { enabled: false } },
    };
    expect(resolveParameters(doc, context)).toEqual({ charge: '30.00', ask: true, age: 41, sms: false, fixed: 16 });
  });

  it('falls back to the default, or leaves the parameter out, when the context has no usable value', () => {
    expect(resolveParameters(doc, {})).toEqual({ charge: '25.00', ask: false, fixed: 16 });
    expect(resolveParameters(doc, { adminForms: { customFields: { ask: 'maybe', 'minimum-dr-letter-charge': '' } }, patient: { age: 'x' } })).toEqual({
      charge: '25.00',
      ask: false,
      fixed: 16,
    });
  });

  it('never throws on odd contexts', () => {
    for (const context of [null, undefined, 42, 'x', [], { adminForms: null }, { patient: [] }]) {
      expect(() => resolveParameters(doc, context)).not.toThrow();
    }
  });
});
