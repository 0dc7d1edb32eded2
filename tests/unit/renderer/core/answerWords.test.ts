// answerWords words a choice, yes/no and a date itself; any other string format is worded by
// the function the app passes for it, and without one the answer is shown as given.
import { describe, expect, it } from 'vitest';
import { answerWords, type FormDocument } from '../../../../renderer/core/index';

const doc: FormDocument = {
  id: 'WORDS',
  title: 'Words',
  pages: [{ title: 'One', fields: ['colour', 'when', 'code'] }],
  schema: {
    type: 'object',
    properties: {
      colour: { type: 'string', oneOf: [{ const: 'r', title: 'Red' }] },
      when: { type: 'string', format: 'date' },
      code: { type: 'string', format: 'uk-postcode' },
    },
  },
};

describe('answerWords', () => {
  it('words choices and dates without help', () => {
    expect(answerWords(doc, 'colour', 'r')).toBe('Red');
    expect(answerWords(doc, 'when', '2026-11-30')).toBe('Monday 30 November 2026');
  });

  it("uses the app's function for a format, and only its own (never an inherited name)", () => {
    const formats = { 'uk-postcode': (v: string) => v.toUpperCase() };
    expect(answerWords(doc, 'code', 'ls1 4ap')).toBe('ls1 4ap');
    expect(answerWords(doc, 'code', 'ls1 4ap', { formats })).toBe('LS1 4AP');
    const sneaky: FormDocument = { ...doc, schema: { type: 'object', properties: { code: { type: 'string', format: 'toString' } } } };
    expect(answerWords(sneaky, 'code', 'x', { formats })).toBe('x');
  });
});
