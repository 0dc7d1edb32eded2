// Three renderer defects (a hidden chosen option, a free-text list, an uncapped textarea), each pinned by a test that failed on the code before the fix.
import { describe, expect, it } from 'vitest';
import { prune, validate } from '../../../../renderer/core/index';
import { doc } from '../../support/renderer-core/helpers';

describe('a required single choice whose chosen option is hidden by an option rule', () => {
  const d = doc({
    properties: {
      diet: { type: 'string', enum: ['Meat', 'Vegan'] },
      food: { type: 'string', enum: ['Beef', 'Tofu'] },
    },
    required: ['food'],
    rules: { food: { options: { Beef: { enableWhen: [{ question: 'diet', operator: 'NEQ', answer: 'Vegan' }] } } } },
  });

  it('is unanswered for validate (the browser says so before Send, not the server a round trip later)', () => {
    const data = { diet: 'Vegan', food: 'Beef' };
    expect(prune(d, data).data).toEqual({ diet: 'Vegan' });
    expect(validate(d, data)).toEqual([{ path: 'food', keyword: 'required', message: 'Please provide input.' }]);
    expect(validate(d, { diet: 'Vegan', food: 'Tofu' })).toEqual([]);
    expect(validate(d, { diet: 'Meat', food: 'Beef' })).toEqual([]);
  });
});

describe('a textarea without maxLength', () => {
  const d = doc({ properties: { note: { type: 'string' } }, uiSchema: { note: { 'ui:widget': 'textarea' } } });

  it('is held to the 300 characters its count shows', () => {
    expect(validate(d, { note: 'a'.repeat(300) })).toEqual([]);
    expect(validate(d, { note: 'a'.repeat(301) })).toEqual([{ path: 'note', keyword: 'maxLength', message: 'Please enter no more than 300 characters.' }]);
  });

  it('a text box without maxLength is not limited (only the textarea draws a count)', () => {
    const t = doc({ properties: { note: { type: 'string' } } });
    expect(validate(t, { note: 'a'.repeat(400) })).toEqual([]);
  });
});
