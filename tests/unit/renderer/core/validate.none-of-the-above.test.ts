// "None of the above" is offered by the checkboxes widget unless ui:options.noneOfTheAbove is
// false; validate() accepts it as an answer although the schema does not list it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NONE_OF_THE_ABOVE, validate, type FormDocument } from '../../../../renderer/core/index';

const doc = JSON.parse(readFileSync(path.resolve(__dirname, '../../../../schemas/fixtures/forms/FIXTURE_CHECKBOXES.form.json'), 'utf8')) as FormDocument;

describe('None of the above', () => {
  it('is a valid answer of a checkboxes field that offers it', () => {
    expect(validate(doc, { sex: 'male', symptoms: [NONE_OF_THE_ABOVE] })).toEqual([]);
  });

  it('is refused where the document turns it off, and other unknown options stay refused', () => {
    const off: FormDocument = { ...doc, uiSchema: { symptoms: { 'ui:options': { noneOfTheAbove: false } } } };
    expect(validate(off, { sex: 'male', symptoms: [NONE_OF_THE_ABOVE] })).toEqual([
      { path: 'symptoms', keyword: 'enum', message: 'Please select a valid option.' },
    ]);
    expect(validate(doc, { sex: 'male', symptoms: ['sneezing'] }).map((e) => e.path)).toEqual(['symptoms']);
  });

  it('is exclusive: with another option the answer is refused, saying so (the server validates with the same function)', () => {
    expect(validate(doc, { sex: 'male', symptoms: [NONE_OF_THE_ABOVE, 'fever'] })).toEqual([
      { path: 'symptoms', keyword: 'noneOfTheAbove', message: 'Please select "None of the above" on its own, or the options that apply without it.' },
    ]);
    expect(validate(doc, { sex: 'male', symptoms: ['fever'] })).toEqual([]);
  });
});
