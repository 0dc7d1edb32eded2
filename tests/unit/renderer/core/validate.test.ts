// validate(): default messages, override levels, visibility, page-only checks, formats, dates, ages, years.
import { describe, expect, it } from 'vitest';
import { checkDocument, messageFor, validate, type FieldError, type FormDocument } from '../../../../renderer/core/index';
import { SCHEMAS, doc } from '../../support/renderer-core/helpers';
import { TODAY, conditional, general } from '../../support/renderer-core/fixtures';

const errorOf = (d: FormDocument, data: Record<string, unknown>, field: string, params?: Record<string, unknown>): FieldError | undefined =>
  validate(d, data, { today: TODAY, ...(params ? { params } : {}) }).find((e) => e.path === field);

/** One field `f` with the given schema, validated alone. */
const single = (schema: FormDocument['schema']['properties'][string], value: unknown, required = false, extra: Partial<FormDocument> = {}) =>
  errorOf(
    { ...doc({ properties: { f: schema }, required: required ? ['f'] : [] }), ...extra },
    value === undefined ? {} : { f: value },
    'f',
    extra.parameters ? { minAge: 18 } : undefined,
  );

describe('default messages (renderer/README.md "Validation")', () => {
  const cases: Array<[string, FormDocument['schema']['properties'][string], unknown, boolean, string, string]> = [
    ['required, empty', SCHEMAS.text, '', true, 'required', 'Please provide input.'],
    ['required, missing', SCHEMAS.text, undefined, true, 'required', 'Please provide input.'],
    ['required, empty multi-choice', SCHEMAS.multi, [], true, 'required', 'Please provide input.'],
    ['required, all parts of a date empty', SCHEMAS.date, '--', true, 'required', 'Please provide input.'],
    ['whitespace only', SCHEMAS.text, '  \t ', true, 'whitespace', 'Please provide valid input.'],
    ['email', { type: 'string', format: 'email' }, 'a@b', false, 'format', 'Please provide valid email.'],
    ['email local part over 64', { type: 'string', format: 'email' }, `${'a'.repeat(65)}@example.com`, false, 'format', 'Please provide valid email.'],
    ['uk phone', { type: 'string', format: 'uk-phone' }, '0123', false, 'format', 'Please enter a valid UK phone number.'],
    ['uk postcode', { type: 'string', format: 'uk-postcode' }, 'ABC 123', false, 'format', 'Please enter a valid postcode'],
    ['impossible date', SCHEMAS.date, '2025-02-30', false, 'date', 'Please provide a valid date.'],
    ['partial date', SCHEMAS.date, '2025--1', true, 'date', 'Please provide a valid date.'],
    ['month 13', SCHEMAS.date, '2025-13-40', false, 'date', 'Please provide a valid date.'],
    ['time, minute empty', SCHEMAS.time, '10:', false, 'time', 'Please provide a valid time.'],
    ['time, minute over 59', SCHEMAS.time, '10:60', false, 'time', 'Please provide a valid time.'],
    ['time, negative', SCHEMAS.time, '-1:30', false, 'time', 'Please provide a valid time.'],
    ['time, hour over 23', SCHEMAS.time, '24:00', false, 'time24', 'Please provide a valid 24-hour time.'],
    ['date-time', { type: 'string', format: 'date-time' }, '2025-01-01T10', false, 'format', 'Please provide a valid date and time.'],
    ['number type', SCHEMAS.number, '12abc', false, 'type', 'Please enter a number.'],
    ['integer type', SCHEMAS.integer, 1.5, false, 'type', 'Please enter a whole number.'],
    ['range, both bounds', { type: 'number', minimum: 1, maximum: 5 }, 6, false, 'maximum', 'Please enter a number between 1 and 5.'],
    ['minimum only', { type: 'number', minimum: 1 }, 0, false, 'minimum', 'Please enter a number of at least 1.'],
    ['maximum only', { type: 'number', maximum: 9 }, 10, false, 'maximum', 'Please enter a number of at most 9.'],
    ['maxLength', { type: 'string', maxLength: 3 }, 'abcd', false, 'maxLength', 'Please enter no more than 3 characters.'],
    ['minLength', { type: 'string', minLength: 3 }, 'ab', false, 'minLength', 'Please enter at least 3 characters.'],
    ['pattern', { type: 'string', pattern: '^[0-9]+$' }, 'x', false, 'pattern', 'Please provide valid input.'],
    ['enum', SCHEMAS.choice, 'Pink', false, 'enum', 'Please select a valid option.'],
    ['items enum', SCHEMAS.multi, ['Pink'], false, 'enum', 'Please select a valid option.'],
    [
      'minItems',
      { type: 'array', minItems: 2, items: { type: 'string', enum: ['a', 'b', 'c'] } },
      ['a'],
      false,
      'minItems',
      'Please select at least 2 options.',
    ],
    ['minItems of a free-text list', { type: 'array', minItems: 2, items: { type: 'string' } }, ['a'], false, 'minItems', 'Please add at least 2 items.'],
  ];
  for (const [name, schema, value, required, keyword, message] of cases) {
    it(`${name}: ${message}`, () => {
      expect(single(schema, value, required)).toEqual({ path: 'f', keyword, message });
    });
  }

  it('12-hour time: answers carry am/pm; afternoon times are valid; a missing period is not', () => {
    const d = doc({ properties: { f: SCHEMAS.time }, uiSchema: { f: { 'ui:options': { hour12: true } } } });
    expect(validate(d, { f: '02:15 pm' })).toEqual([]);
    expect(validate(d, { f: '12:00 am' })).toEqual([]);
    expect(validate(d, { f: '02:15' })).toEqual([{ path: 'f', keyword: 'time', message: 'Please provide a valid time.' }]);
    expect(validate(d, { f: '00:15 am' })).toEqual([{ path: 'f', keyword: 'time12', message: 'Please provide a valid 12-hour time.' }]);
  });

  it('24-hour time: an am/pm suffix is not a 24-hour answer', () => {
    const d = doc({ properties: { f: SCHEMAS.time } });
    expect(validate(d, { f: '14:15' })).toEqual([]);
    expect(validate(d, { f: '02:15 pm' })).toEqual([{ path: 'f', keyword: 'time', message: 'Please provide a valid time.' }]);
  });

  it('12-hour time: hours above 12 give the 12-hour message', () => {
    const d = doc({ properties: { f: SCHEMAS.time }, uiSchema: { f: { 'ui:options': { hour12: true } } } });
    expect(validate(d, { f: '13:00' })).toEqual([{ path: 'f', keyword: 'time12', message: 'Please provide a valid 12-hour time.' }]);
    expect(validate(d, { f: '12:59 pm' })).toEqual([]);
  });

  it('accepts good values', () => {
    for (const [schema, value] of [
      [{ type: 'string', format: 'email' }, 'jo.bloggs+gp@example.nhs.uk'],
      [{ type: 'string', format: 'uk-phone' }, '07911 123456'],
      [{ type: 'string', format: 'uk-postcode' }, 'sw1a1aa'],
      [{ type: 'string', format: 'uk-postcode' }, 'M1 1AE'],
      [SCHEMAS.date, '2024-02-29'],
      [SCHEMAS.time, '23:59'],
      [{ type: 'string', format: 'date-time' }, '2025-01-01T10:00'],
    ] as const) {
      expect(single(schema as never, value)).toBeUndefined();
    }
  });
});

describe('message precedence', () => {
  const base = { properties: { f: SCHEMAS.text, g: SCHEMAS.text }, required: ['f', 'g'] };
  it('field ui:errors > document messages > default', () => {
    expect(validate(doc(base), {}).map((e) => e.message)).toEqual(['Please provide input.', 'Please provide input.']);
    const withDoc = doc({ ...base, messages: { required: 'Document says.' } });
    expect(validate(withDoc, {}).map((e) => e.message)).toEqual(['Document says.', 'Document says.']);
    const withField = doc({
      ...base,
      messages: { required: 'Document says.' },
      uiSchema: { f: { 'ui:errors': { required: 'Please enter the medication.' } } },
    });
    expect(validate(withField, {}).map((e) => e.message)).toEqual(['Please enter the medication.', 'Document says.']);
  });
  it('fills placeholders and lets a date field listen to a format override', () => {
    const d = doc({
      properties: { n: { type: 'number', minimum: 2, maximum: 4 }, d: SCHEMAS.date },
      uiSchema: { n: { 'ui:errors': { maximum: 'Between {min} and {max}, please.' } }, d: { 'ui:errors': { format: 'Bad date.' } } },
    });
    expect(validate(d, { n: 7, d: '2025-02-31' }).map((e) => e.message)).toEqual(['Between 2 and 4, please.', 'Bad date.']);
  });
  it('messageFor is the same lookup', () => {
    const d = doc({ properties: { f: SCHEMAS.text }, uiSchema: { f: { 'ui:errors': { ageMin: 'Must be {N}+' } } } });
    expect(messageFor(d, 'f', 'ageMin', { N: 16 })).toBe('Must be 16+');
    expect(messageFor(d, 'f', 'ageMax', { N: 15 })).toBe('The age must be 15 or below');
  });
});

describe('dates relative to today and to other fields', () => {
  it('x-date notBefore / notAfter with today and today±N', () => {
    expect(errorOf(general, { name: 'A', count: 1, when: '2025-06-14' }, 'when')).toEqual({
      path: 'when',
      keyword: 'notBefore',
      message: 'Please provide a date on or after 15 June 2025.',
    });
    expect(errorOf(general, { name: 'A', count: 1, when: '2025-06-15' }, 'when')).toBeUndefined();
    expect(errorOf(general, { name: 'A', count: 1, when: '2026-06-16' }, 'when')).toEqual({
      path: 'when',
      keyword: 'notAfter',
      message: 'Please provide a date on or before 15 June 2026.',
    });
    expect(errorOf(general, { start: '2025-05-14' }, 'start')?.keyword).toBe('notBefore');
    expect(errorOf(general, { start: '2025-05-15' }, 'start')).toBeUndefined();
  });
  it('field:other compares with the other field, and is skipped when that one is empty or hidden', () => {
    expect(errorOf(general, { start: '2025-06-10', end: '2025-06-09' }, 'end')?.message).toBe('Please provide a date on or after 10 June 2025.');
    expect(errorOf(general, { end: '2025-06-09' }, 'end')).toBeUndefined();
    const hiding = doc({
      properties: { show: SCHEMAS.boolean, start: SCHEMAS.date, end: { type: 'string', format: 'date', 'x-date': { notBefore: 'field:start' } } },
      rules: { start: { enableWhen: [{ question: 'show', operator: 'IS', answer: true }] } },
    });
    expect(validate(hiding, { show: false, start: '2025-06-10', end: '2025-06-09' })).toEqual([]);
    expect(validate(hiding, { show: true, start: '2025-06-10', end: '2025-06-09' })).toHaveLength(1);
  });
});

describe('strict date bounds: after / before refuse the bound itself, notBefore / notAfter allow it', () => {
  const range = doc({
    properties: {
      start: SCHEMAS.date,
      end: { type: 'string', format: 'date', 'x-date': { after: 'field:start' } },
      until: { type: 'string', format: 'date', 'x-date': { notBefore: 'field:start', before: 'today+1m' } },
    },
  });
  const at = (data: Record<string, unknown>, field: string) => errorOf(range, data, field);
  it('"end strictly after start": the same day is refused, the next day accepted', () => {
    expect(at({ start: '2025-06-10', end: '2025-06-10' }, 'end')).toEqual({
      path: 'end',
      keyword: 'after',
      message: 'Please provide a date after 10 June 2025.',
    });
    expect(at({ start: '2025-06-10', end: '2025-06-11' }, 'end')).toBeUndefined();
    // The inclusive bound still allows the same day.
    expect(at({ start: '2025-06-10', until: '2025-06-10' }, 'until')).toBeUndefined();
  });
  it('"before" refuses the bound day itself', () => {
    expect(at({ until: '2025-07-15' }, 'until')).toEqual({ path: 'until', keyword: 'before', message: 'Please provide a date before 15 July 2025.' });
    expect(at({ until: '2025-07-14' }, 'until')).toBeUndefined();
  });
  it('a document words the strict bounds with ui:errors.after / before, and checkDocument knows the keys', () => {
    const worded = { ...range, uiSchema: { end: { 'ui:errors': { after: 'The end date must be after the start date' } } } };
    expect(at({ start: '2025-06-10', end: '2025-06-09' }, 'end')?.keyword).toBe('after');
    expect(errorOf(worded, { start: '2025-06-10', end: '2025-06-10' }, 'end')?.message).toBe('The end date must be after the start date');
    expect(checkDocument(worded)).toEqual([]);
    expect(
      checkDocument({
        ...range,
        schema: {
          ...range.schema,
          properties: { ...range.schema.properties, end: { type: 'string', format: 'date', 'x-date': { after: 'field:start', notBefore: 'today' } } },
        },
      }),
    ).toEqual([
      {
        path: '/schema/properties/end/x-date/after',
        message: 'give one lower bound: notBefore (the date itself allowed) or after (strictly after it), not both',
      },
    ]);
  });
});

describe('ages (x-age) and years (x-yearRange)', () => {
  const at = (dob: string, params?: Record<string, unknown>) => errorOf(general, { dob }, 'dob', params);
  it('date of birth in the future or invalid', () => {
    expect(at('2025-06-16')).toEqual({ path: 'dob', keyword: 'date', message: 'Please enter a valid date of birth' });
    expect(at('2001-02-29')).toEqual({ path: 'dob', keyword: 'date', message: 'Please enter a valid date of birth' });
  });
  it('a date of birth must be before today: today itself is refused, even with a minimum age of 0', () => {
    expect(at('2025-06-15', { minAge: 0 })).toEqual({ path: 'dob', keyword: 'date', message: 'Please enter a valid date of birth' });
    expect(at('2025-06-14', { minAge: 0 })).toBeUndefined();
  });
  it('over 110 years', () => {
    expect(at('1914-06-14')).toEqual({ path: 'dob', keyword: 'ageReal', message: 'Please enter real date of birth' });
  });
  it('minimum age from a parameter (default 16), maximum from a number', () => {
    expect(at('2009-06-16')).toEqual({ path: 'dob', keyword: 'ageMin', message: 'The age must be 16 or above' });
    expect(at('2009-06-15')).toBeUndefined();
    expect(at('2009-06-15', { minAge: 18 })?.message).toBe('The age must be 18 or above');
    expect(at('1934-06-15')).toEqual({ path: 'dob', keyword: 'ageMax', message: 'The age must be 90 or below' });
  });
  it('a year between the current year minus yearsBack (parameter, default 30) and the current year', () => {
    expect(errorOf(general, { year: 1995 }, 'year')).toBeUndefined();
    expect(errorOf(general, { year: 1994 }, 'year')).toEqual({ path: 'year', keyword: 'yearRange', message: 'Please input valid year.' });
    expect(errorOf(general, { year: 2026 }, 'year')?.keyword).toBe('yearRange');
    expect(errorOf(general, { year: 1960 }, 'year', { patientAge: 70 })).toBeUndefined();
  });
});

describe('what gets validated', () => {
  it('a required field is checked only while visible', () => {
    expect(validate(conditional, { type: 'Blood', sections: ['Address'] })).toEqual([]);
    expect(validate(conditional, { type: 'Other', sections: ['Address'] })).toEqual([
      { path: 'otherType', keyword: 'required', message: 'Please provide input.' },
    ]);
  });
  it('validates only the fields asked for (the current page)', () => {
    expect(validate(conditional, {}, { fields: ['type', 'otherType'] }).map((e) => e.path)).toEqual(['type']);
    expect(validate(conditional, {}, { fields: ['sections', 'first', 'last'] }).map((e) => e.path)).toEqual(['sections']);
  });
  it('does not validate disabled fields', () => {
    const d = doc({
      properties: { email: SCHEMAS.text, objection: SCHEMAS.boolean },
      required: ['objection'],
      rules: { objection: { disableWhen: [{ question: 'email', operator: 'DOES_NOT_HAVE_VALUE' }] } },
    });
    expect(validate(d, {})).toEqual([]);
    expect(validate(d, { email: 'a@b.uk' })).toEqual([{ path: 'objection', keyword: 'required', message: 'Please provide input.' }]);
  });
  it('atLeastOne constraint applies while its condition holds, on the first field', () => {
    expect(validate(conditional, { type: 'Blood', sections: ['Name'] })).toEqual([
      { path: 'first', keyword: 'atLeastOneName', message: 'Please provide input for at least one of marked inputs' },
    ]);
    expect(validate(conditional, { type: 'Blood', sections: ['Name'], last: 'Smith' })).toEqual([]);
    expect(validate(conditional, { type: 'Blood', sections: ['Address'] })).toEqual([]);
  });
  it('returns at most one error per field: the first failing check (the length before the pattern, which never runs on an over-long value)', () => {
    const errs = validate(general, { name: '1234567890123', count: 3 }, { today: TODAY });
    expect(errs).toEqual([{ path: 'name', keyword: 'maxLength', message: 'Please enter no more than 10 characters.' }]);
    // Within its length, a value that breaks the pattern gets the pattern's message alone.
    expect(validate(general, { name: '123', count: 3 }, { today: TODAY })).toEqual([
      { path: 'name', keyword: 'pattern', message: 'Please provide valid input.' },
    ]);
  });
  it('returns errors in document order', () => {
    expect(validate(general, {}, { today: TODAY }).map((e) => e.path)).toEqual(['name', 'count']);
  });
});
