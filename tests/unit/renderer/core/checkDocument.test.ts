// checkDocument: one test per kind of problem, with the exact path and message.
import { describe, expect, it } from 'vitest';
import { checkDocument, type FormDocument } from '../../../../renderer/core/index';
import { SCHEMAS, doc } from '../../support/renderer-core/helpers';

const good = (): FormDocument =>
  doc({
    properties: {
      type: { type: 'string', enum: ['Blood', 'Other'] },
      otherType: SCHEMAS.text,
      n: SCHEMAS.number,
      yes: SCHEMAS.boolean,
      list: SCHEMAS.multi,
      when: { type: 'string', format: 'date', 'x-date': { notBefore: 'today+7d', notAfter: 'field:later' } },
      later: SCHEMAS.date,
      dob: { type: 'string', format: 'date', 'x-age': { min: { param: 'minAge', default: 16 } } },
    },
    required: ['type'],
    parameters: { minAge: { type: 'integer', description: 'minimum age' } },
    uiSchema: { otherType: { 'ui:widget': 'textarea' } },
    rules: {
      otherType: { enableWhen: [{ question: 'type', operator: 'EQ', answer: 'Other' }] },
      n: { enableWhen: [{ parameter: 'minAge', operator: 'GTE', answer: 16 }] },
      list: { options: { Red: { enableWhen: [{ question: 'yes', operator: 'IS', answer: true }] } } },
      later: {
        enableWhen: [
          { question: 'list', operator: 'OPTION_COUNT_GT', answer: 0 },
          { question: 'n', operator: 'RANGE', answer: { low: 1, high: 2 } },
        ],
        enableBehavior: 'any',
      },
    },
  });

/** What follows "… is not a field of this form" when no field is near: the fields there are. */
const FIELDS = ' (fields: type, otherType, n, yes, list, when, later, dob)';
/** …and for a slip of "type": the near miss and the operators that fit a single-choice field. */
const TYPE_HINT =
  ' — did you mean "type"? (a single-choice field; operators that fit it: EQ, NEQ, IS, IS_NOT, HAS_VALUE, DOES_NOT_HAVE_VALUE, ONLY, NOT_ONLY, ANY_OF_THE, ALL_OF_THE, ONLY_ONE_OF_THE)';

/** Applies `edit` to a fresh good document and returns its problems. */
const problems = (edit: (d: FormDocument & Record<string, unknown>) => void) => {
  const d = good() as FormDocument & Record<string, unknown>;
  edit(d);
  return checkDocument(d);
};

describe('checkDocument', () => {
  it('finds nothing wrong with a good document', () => {
    expect(checkDocument(good())).toEqual([]);
  });

  it('a rule naming a missing field', () => {
    expect(problems((d) => (d.rules!.otherType!.enableWhen![0]!.question = 'tpye'))).toEqual([
      { path: '/rules/otherType/enableWhen/0/question', message: `"tpye" is not a field of this form${TYPE_HINT}` },
    ]);
  });

  it('a misspelt field name suggests the near miss and the operators that fit its kind of answer', () => {
    expect(problems((d) => (d.rules!.otherType!.enableWhen![0]!.question = 'Type'))[0]!.message).toBe(`"Type" is not a field of this form${TYPE_HINT}`);
    expect(problems((d) => (d.rules!.later!.enableWhen![0]!.question = 'lsit'))).toEqual([
      {
        path: '/rules/later/enableWhen/0/question',
        message:
          '"lsit" is not a field of this form — did you mean "list"? (a multi-choice field; operators that fit it: EQ, NEQ, HAS_VALUE, DOES_NOT_HAVE_VALUE, ONLY, NOT_ONLY, CONTAINS, OPTION_COUNT_EQ, OPTION_COUNT_LT, OPTION_COUNT_LTE, OPTION_COUNT_GT, OPTION_COUNT_GTE, ANY_OF_THE, ALL_OF_THE, ONLY_ONE_OF_THE)',
      },
    ]);
    expect(problems((d) => (d.pages = [{ title: 'A', fields: ['type', 'otherType', 'n', 'yes', 'list', 'when', 'latr', 'dob'] }]))).toEqual([
      {
        path: '/pages/0/fields/6',
        message:
          '"latr" is not a field of this form — did you mean "later"? (a date field; operators that fit it: EQ, NEQ, IS, IS_NOT, HAS_VALUE, DOES_NOT_HAVE_VALUE, LT, LTE, GT, GTE, RANGE)',
      },
      { path: '/schema/properties/later', message: '"later" is on no page' },
    ]);
  });

  it('a misspelt error-message key is named with its near miss (the default would silently replace it)', () => {
    const found = problems((d) => {
      d.uiSchema = { when: { 'ui:errors': { notbefore: 'Choose a date at least a week away.', required: 'Enter a date.' } } };
      d.messages = { requried: 'Answer this question.', one: 'Fill in one.' };
      d.constraints = [{ id: 'one', kind: 'atLeastOne', fields: ['n', 'yes'], message: 'm' }];
    });
    expect(found.map((p) => p.path)).toEqual(['/messages/requried', '/uiSchema/when/ui:errors/notbefore']);
    expect(found[1]!.message).toMatch(
      /^unknown message key "notbefore" — did you mean "notBefore"\? \(it would never be shown: the default message is used instead; keys are required, whitespace, /,
    );
    expect(found[0]!.message).toMatch(/^unknown message key "requried" — did you mean "required"\? .* or a constraint id: one\)$/);
  });

  it('an undeclared parameter', () => {
    expect(problems((d) => (d.rules!.n!.enableWhen![0]!.parameter = 'age'))).toEqual([
      { path: '/rules/n/enableWhen/0/parameter', message: 'parameter "age" is not declared in parameters' },
    ]);
  });

  it('a rule cycle, named', () => {
    expect(problems((d) => (d.rules!.type = { enableWhen: [{ question: 'otherType', operator: 'HAS_VALUE' }] }))).toEqual([
      { path: '/rules/otherType', message: 'rules form a cycle: otherType -> type -> otherType (each rule reads the next field)' },
    ]);
  });

  it('a rule reading its own field', () => {
    expect(problems((d) => (d.rules!.yes = { enableWhen: [{ question: 'yes', operator: 'HAS_VALUE' }] }))).toEqual([
      { path: '/rules/yes', message: 'rules form a cycle: yes -> yes (each rule reads the next field)' },
    ]);
  });

  it('operators that do not fit the question type', () => {
    const rule = (question: string, operator: string, answer?: unknown) => ({
      enableWhen: [{ question, operator, ...(answer === undefined ? {} : { answer }) }],
    });
    expect(problems((d) => ((d.rules as Record<string, unknown>).when = rule('list', 'LT', 2)))).toEqual([
      {
        path: '/rules/when/enableWhen/0/operator',
        message:
          'LT does not fit multi-choice field "list" (operators that fit it: EQ, NEQ, HAS_VALUE, DOES_NOT_HAVE_VALUE, ONLY, NOT_ONLY, CONTAINS, OPTION_COUNT_EQ, OPTION_COUNT_LT, OPTION_COUNT_LTE, OPTION_COUNT_GT, OPTION_COUNT_GTE, ANY_OF_THE, ALL_OF_THE, ONLY_ONE_OF_THE)',
      },
    ]);
    expect(problems((d) => ((d.rules as Record<string, unknown>).list = rule('yes', 'CONTAINS', true)))).toEqual([
      {
        path: '/rules/list/enableWhen/0/operator',
        message: 'CONTAINS does not fit yes/no field "yes" (operators that fit it: EQ, NEQ, IS, IS_NOT, HAS_VALUE, DOES_NOT_HAVE_VALUE)',
      },
    ]);
    expect(problems((d) => ((d.rules as Record<string, unknown>).yes = rule('n', 'ONLY', [1])))).toEqual([
      {
        path: '/rules/yes/enableWhen/0/operator',
        message:
          'ONLY does not fit number field "n" (operators that fit it: EQ, NEQ, IS, IS_NOT, HAS_VALUE, DOES_NOT_HAVE_VALUE, LT, LTE, GT, GTE, RANGE, ANY_OF_THE)',
      },
    ]);
  });

  it('an unknown operator', () => {
    expect(problems((d) => ((d.rules!.otherType!.enableWhen![0] as unknown as Record<string, unknown>).operator = 'EQUALS'))).toEqual([
      { path: '/rules/otherType/enableWhen/0/operator', message: expect.stringMatching(/^unknown operator "EQUALS" \(expected one of LT, LTE/) },
    ]);
  });

  it('an answer of the wrong type', () => {
    expect(problems((d) => (d.rules!.later!.enableWhen![1] = { question: 'n', operator: 'GT', answer: 'five' }))).toEqual([
      { path: '/rules/later/enableWhen/1/answer', message: 'GT on field "n" needs a number as its answer, got "five"' },
    ]);
  });

  it('RANGE without low / high', () => {
    expect(problems((d) => (d.rules!.later!.enableWhen![1]!.answer = { low: 1 }))).toEqual([
      { path: '/rules/later/enableWhen/1/answer', message: 'RANGE needs an answer { "low": …, "high": … }' },
    ]);
  });

  it('an answer option the question does not offer', () => {
    expect(problems((d) => (d.rules!.otherType!.enableWhen![0]!.answer = 'Others'))).toEqual([
      { path: '/rules/otherType/enableWhen/0/answer', message: '"Others" is not an option of field "type" (options: Blood, Other)' },
    ]);
  });

  it('NONE_OF_THE_ABOVE is always an option of a multi-choice field', () => {
    expect(
      problems((d) => ((d.rules as Record<string, unknown>).when = { enableWhen: [{ question: 'list', operator: 'CONTAINS', answer: 'NONE_OF_THE_ABOVE' }] })),
    ).toEqual([]);
  });

  it('a page leaving a field out, naming one twice, or naming a missing one', () => {
    expect(problems((d) => (d.pages = [{ title: 'A', fields: ['type', 'otherType', 'n', 'yes', 'list', 'when', 'later', 'type', 'ghost'] }]))).toEqual([
      { path: '/pages/0/fields/7', message: '"type" is named twice (also at /pages/0/fields/0)' },
      { path: '/pages/0/fields/8', message: `"ghost" is not a field of this form${FIELDS}` },
      { path: '/schema/properties/dob', message: '"dob" is on no page' },
    ]);
  });

  it('an unknown widget and a widget that does not fit the type', () => {
    expect(
      problems((d) => (d.uiSchema = { otherType: { 'ui:widget': 'fancy' as never }, type: { 'ui:widget': 'checkboxes' }, n: { 'ui:widget': 'radio' } })),
    ).toEqual([
      { path: '/uiSchema/otherType/ui:widget', message: expect.stringMatching(/^unknown widget "fancy" \(expected one of text, textarea/) },
      { path: '/uiSchema/type/ui:widget', message: 'widget "checkboxes" does not fit a single-choice string field' },
      { path: '/uiSchema/n/ui:widget', message: 'widget "radio" does not fit a number field without options (enum or oneOf)' },
    ]);
  });

  it('ui and rules entries for fields that do not exist', () => {
    expect(
      problems((d) => {
        d.uiSchema = { ghost: {} };
        (d.rules as Record<string, unknown>).phantom = { enableWhen: [] };
      }),
    ).toEqual([
      { path: '/rules/phantom', message: `rule for "phantom", which is not a field of this form${FIELDS}` },
      { path: '/uiSchema/ghost', message: `ui entry for "ghost", which is not a field of this form${FIELDS}` },
    ]);
  });

  it('required naming a missing field', () => {
    expect(problems((d) => (d.schema.required = ['type', 'tyep']))).toEqual([
      { path: '/schema/required/1', message: `"tyep" is required but is not a field of this form${TYPE_HINT}` },
    ]);
  });

  it('bad DateRef syntax and a DateRef to a missing field', () => {
    expect(problems((d) => (d.schema.properties.when!['x-date'] = { notBefore: 'tomorrow', notAfter: 'field:nope' }))).toEqual([
      {
        path: '/schema/properties/when/x-date/notBefore',
        message: '"tomorrow" is not a date reference: use "today", "today+7d", "today-1m" (units d, w, m, y) or "field:otherField"',
      },
      { path: '/schema/properties/when/x-date/notAfter', message: `"nope" is not a field of this form${FIELDS}` },
    ]);
  });

  it('a ParamRef to an undeclared parameter', () => {
    expect(problems((d) => (d.schema.properties.dob!['x-age'] = { max: { param: 'maxAge' } }))).toEqual([
      { path: '/schema/properties/dob/x-age/max/param', message: 'parameter "maxAge" is not declared in parameters' },
    ]);
  });

  it('an option rule for an option the field does not have', () => {
    expect(problems((d) => (d.rules!.list!.options = { Purple: { enableWhen: [] } }))).toEqual([
      { path: '/rules/list/options/Purple', message: '"Purple" is not an option of field "list" (options: Red, Green, Blue, NONE_OF_THE_ABOVE)' },
    ]);
  });

  it('a constraint naming a missing field', () => {
    expect(problems((d) => (d.constraints = [{ id: 'one', kind: 'atLeastOne', fields: ['n', 'gone'], message: 'm' }]))).toEqual([
      { path: '/constraints/0/fields/1', message: `"gone" is not a field of this form${FIELDS}` },
    ]);
  });

  it('escapes JSON-pointer characters in paths', () => {
    expect(problems((d) => ((d.rules as Record<string, unknown>)['a/b~c'] = {}))).toEqual([
      { path: '/rules/a~1b~0c', message: `rule for "a/b~c", which is not a field of this form${FIELDS}` },
    ]);
  });

  it('never throws on malformed input', () => {
    const junk: unknown[] = [
      null,
      42,
      'x',
      [],
      {},
      { schema: [] },
      { schema: { properties: null } },
      { schema: { properties: { a: null } }, pages: 'x', rules: [] },
      {
        schema: { properties: { a: { type: 'array', items: 5 } } },
        pages: [null, { fields: [1, {}] }],
        rules: { a: { enableWhen: 'x', options: [] } },
        uiSchema: { a: 3 },
        constraints: {},
      },
    ];
    for (const j of junk) expect(() => checkDocument(j)).not.toThrow();
    expect(checkDocument(null)).toEqual([{ path: '', message: 'a form document must be a JSON object' }]);
  });
});
