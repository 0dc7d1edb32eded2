// Visibility, chains, parameters, option rules, disableWhen, clearWhenHidden and prune.
import { describe, expect, it } from 'vitest';
import { compileDocument, contentKey, normaliseText, prune, visibleFields, type FormDocument } from '../../../../renderer/core/index';
import { SCHEMAS, doc } from '../../support/renderer-core/helpers';

/** A hides B hides C: B shows when A is "yes", C shows when B has a value. */
const chain = doc({
  properties: { a: { type: 'string', enum: ['yes', 'no'] }, b: SCHEMAS.text, c: SCHEMAS.text },
  rules: {
    b: { enableWhen: [{ question: 'a', operator: 'EQ', answer: 'yes' }] },
    c: { enableWhen: [{ question: 'b', operator: 'HAS_VALUE' }] },
  },
});

describe('chains', () => {
  const stale = { a: 'no', b: 'kept in memory', c: 'also kept' };

  it('hides C when A hides B, although B still holds an answer', () => {
    expect(visibleFields(chain, stale)).toEqual(['a']);
  });

  it('prunes B and C and names the chain', () => {
    const r = prune(chain, stale);
    expect(r.data).toEqual({ a: 'no' });
    expect(r.pruned).toEqual([
      { path: 'b', because: 'rule for b: a EQ "yes" not met' },
      { path: 'c', because: 'hidden because b is hidden' },
    ]);
  });

  it('restores B and C from memory when A is shown again', () => {
    const back = { ...stale, a: 'yes' };
    expect(visibleFields(chain, back)).toEqual(['a', 'b', 'c']);
    expect(prune(chain, back).data).toEqual(back);
  });

  it('evaluates rules in dependency order, not document order', () => {
    const reversed: FormDocument = { ...chain, pages: [{ title: 'P', fields: ['c', 'b', 'a'] }] };
    const c = compileDocument(reversed);
    expect(c.fields).toEqual(['c', 'b', 'a']);
    expect(c.order).toEqual(['a', 'b', 'c']);
    expect(visibleFields(reversed, stale)).toEqual(['a']);
  });

  it('reports which fields depend on a field, transitively', () => {
    const c = compileDocument(chain);
    expect(c.dependentsOf('a')).toEqual(['b', 'c']);
    expect(c.dependentsOf('b')).toEqual(['c']);
    expect(c.dependentsOf('c')).toEqual([]);
  });

  it('compiles a document once', () => {
    expect(compileDocument(chain)).toBe(compileDocument(chain));
  });
});

describe('all / any', () => {
  const d = (behavior: 'all' | 'any' | undefined) =>
    doc({
      properties: { x: SCHEMAS.number, y: SCHEMAS.boolean, t: SCHEMAS.text },
      rules: {
        t: {
          enableWhen: [
            { question: 'x', operator: 'GT', answer: 10 },
            { question: 'y', operator: 'IS', answer: true },
          ],
          ...(behavior ? { enableBehavior: behavior } : {}),
        },
      },
    });
  const cases: Array<[Record<string, unknown>, boolean, boolean]> = [
    [{ x: 11, y: true }, true, true],
    [{ x: 11, y: false }, false, true],
    [{ x: 1, y: true }, false, true],
    [{ x: 1, y: false }, false, false],
    [{}, false, false],
  ];
  for (const [data, all, any] of cases) {
    it(`${JSON.stringify(data)}: all ${all}, any ${any}`, () => {
      expect(visibleFields(d('all'), data).includes('t')).toBe(all);
      expect(visibleFields(d(undefined), data).includes('t')).toBe(all);
      expect(visibleFields(d('any'), data).includes('t')).toBe(any);
    });
  }

  it('an empty enableWhen list always shows the field', () => {
    const e = doc({ properties: { t: SCHEMAS.text }, rules: { t: { enableWhen: [] } } });
    expect(visibleFields(e, {})).toEqual(['t']);
  });

  it('names an any-rule with "or" and uses a rule description when given', () => {
    expect(prune(d('any'), { t: 'x' }).pruned).toEqual([{ path: 't', because: 'rule for t: x GT 10 or y IS true not met' }]);
    const described = doc({
      properties: { x: SCHEMAS.number, t: SCHEMAS.text },
      rules: { t: { enableWhen: [{ question: 'x', operator: 'GT', answer: 1 }], description: 'only for large x' } },
    });
    expect(prune(described, { t: 'x' }).pruned).toEqual([{ path: 't', because: 'only for large x' }]);
  });
});

describe('parameters', () => {
  const d = doc({
    properties: { q: SCHEMAS.text },
    parameters: { age: { type: 'integer', description: 'age', default: 20 }, sms: { type: 'boolean', description: 'sms' } },
    rules: {
      q: {
        enableWhen: [
          { parameter: 'age', operator: 'RANGE', answer: { low: 15, high: 24 } },
          { parameter: 'sms', operator: 'IS', answer: true },
        ],
      },
    },
  });
  it('reads run-time parameters, falling back to the declared default', () => {
    expect(visibleFields(d, {}, { sms: true })).toEqual(['q']);
    expect(visibleFields(d, {}, { sms: true, age: 30 })).toEqual([]);
    expect(visibleFields(d, {}, { age: 16 })).toEqual([]);
  });
});

describe('option rules', () => {
  const d = doc({
    properties: {
      age: SCHEMAS.integer,
      relation: { type: 'string', enum: ['Parent', 'I am the child (patient)', 'Other'] },
      symptoms: { type: 'array', items: { type: 'string', enum: ['Cough', 'Rash'] } },
      after: SCHEMAS.text,
    },
    rules: {
      relation: { options: { 'I am the child (patient)': { enableWhen: [{ question: 'age', operator: 'GTE', answer: 9 }] } } },
      symptoms: { options: { Rash: { enableWhen: [{ question: 'age', operator: 'LT', answer: 5 }] } } },
      after: { enableWhen: [{ question: 'symptoms', operator: 'CONTAINS', answer: 'Rash' }] },
    },
  });

  it('reports the options offered', () => {
    const vis = compileDocument(d).evaluate({ age: 4 });
    expect([...vis.options.get('relation')!]).toEqual(['Parent', 'Other']);
    expect([...vis.options.get('symptoms')!].sort()).toEqual(['Cough', 'NONE_OF_THE_ABOVE', 'Rash']);
    expect(vis.options.has('age')).toBe(false);
  });

  it('treats a selected hidden option as not selected, for rules and for prune', () => {
    const data = { age: 7, relation: 'I am the child (patient)', symptoms: ['Cough', 'Rash'], after: 'x' };
    expect(visibleFields(d, data)).toEqual(['age', 'relation', 'symptoms']);
    const r = prune(d, data);
    expect(r.data).toEqual({ age: 7, symptoms: ['Cough'] });
    expect(r.pruned.map((p) => p.path).sort()).toEqual(['after', 'relation', 'symptoms']);
    expect(r.pruned.find((p) => p.path === 'after')!.because).toBe('rule for after: symptoms CONTAINS "Rash" not met');
  });
});

describe('disableWhen and clearWhenHidden', () => {
  const d = doc({
    properties: { email: SCHEMAS.text, objection: SCHEMAS.boolean, section: SCHEMAS.multi, name: SCHEMAS.text, note: SCHEMAS.text },
    rules: {
      objection: { disableWhen: [{ question: 'email', operator: 'DOES_NOT_HAVE_VALUE' }] },
      name: { enableWhen: [{ question: 'section', operator: 'CONTAINS', answer: 'Red' }], clearWhenHidden: true },
      note: { enableWhen: [{ question: 'objection', operator: 'HAS_VALUE' }] },
    },
  });

  it('disables a field while its condition holds; a disabled answer counts as cleared', () => {
    const vis = compileDocument(d).evaluate({ objection: true, section: ['Red'] });
    expect(vis.visible.has('objection')).toBe(true);
    expect(vis.disabled.has('objection')).toBe(true);
    expect(vis.clear.has('objection')).toBe(true);
    expect(vis.visible.has('note')).toBe(false);
  });

  it('enables it again when the condition stops holding', () => {
    const vis = compileDocument(d).evaluate({ email: 'a@b.uk', objection: true });
    expect(vis.disabled.size).toBe(0);
    expect(vis.visible.has('note')).toBe(true);
  });

  it('reports hidden fields with clearWhenHidden in `clear`, and only those', () => {
    const vis = compileDocument(d).evaluate({ email: 'a@b.uk', section: ['Blue'], name: 'Ann' });
    expect([...vis.clear]).toEqual(['name']);
    expect(vis.hiddenBy.get('name')).toBe('rule for name: section CONTAINS "Red" not met');
  });

  it('prunes disabled fields', () => {
    const r = prune(d, { objection: false });
    expect(r.data).toEqual({});
    expect(r.pruned).toEqual([{ path: 'objection', because: 'disabled by rule for objection: email DOES_NOT_HAVE_VALUE holds' }]);
  });
});

describe('content blocks', () => {
  it('shows a block only while its rule holds', () => {
    const d: FormDocument = {
      ...doc({ properties: { x: SCHEMAS.boolean } }),
      pages: [
        {
          title: 'P',
          fields: ['x'],
          content: [
            { kind: 'inset', text: 'always' },
            { kind: 'warning', text: 'when x', enableWhen: [{ question: 'x', operator: 'IS', answer: true }] },
          ],
        },
      ],
    };
    const c = compileDocument(d);
    expect([...c.evaluate({ x: false }).content]).toEqual([contentKey(0, 'content', 0)]);
    expect(c.evaluate({ x: true }).content.has(contentKey(0, 'content', 1))).toBe(true);
  });
});

describe('widgets and options', () => {
  const d = doc({
    properties: {
      t: SCHEMAS.text,
      d: SCHEMAS.date,
      tm: SCHEMAS.time,
      dt: { type: 'string', format: 'date-time' },
      e: { type: 'string', format: 'email' },
      p: { type: 'string', format: 'uk-phone' },
      c: {
        type: 'string',
        oneOf: [
          { const: 'a', title: 'A' },
          { const: 'b', title: 'B' },
        ],
      },
      m: SCHEMAS.multi,
      b: SCHEMAS.boolean,
      n: SCHEMAS.number,
      i: SCHEMAS.integer,
      long: SCHEMAS.text,
    },
    uiSchema: { long: { 'ui:widget': 'textarea' }, b: { 'ui:options': { yesLabel: 'Yes, I do' } } },
  });
  const c = compileDocument(d);
  it('derives the default widget from the schema; ui:widget wins', () => {
    expect(c.fields.map((f) => c.widgetOf(f))).toEqual([
      'text',
      'date',
      'time',
      'datetime',
      'email',
      'tel',
      'radio',
      'checkboxes',
      'yesNo',
      'number',
      'integer',
      'textarea',
    ]);
  });
  it('lists options with labels', () => {
    expect(c.optionsOf('c')).toEqual([
      { value: 'a', label: 'A' },
      { value: 'b', label: 'B' },
    ]);
    expect(c.optionsOf('m').map((o) => o.value)).toEqual(['Red', 'Green', 'Blue']);
    expect(c.optionsOf('b')).toEqual([
      { value: true, label: 'Yes, I do' },
      { value: false, label: 'No' },
    ]);
    expect(c.optionsOf('t')).toEqual([]);
  });
});

describe('prune', () => {
  const d = doc({
    properties: { name: SCHEMAS.text, list: SCHEMAS.multi, n: SCHEMAS.number, yes: SCHEMAS.boolean },
  });
  it('trims, normalises apostrophes and drops empty strings, empty arrays and unknown fields', () => {
    const r = prune(d, { name: '  O\u2019Brien \u201Cjr\u201D ', list: [], n: 0, yes: false, extra: 'x', blank: '' });
    expect(r.data).toEqual({ name: 'O\'Brien "jr"', n: 0, yes: false });
    expect(r.pruned).toEqual([
      { path: 'extra', because: 'not a field of this form' },
      { path: 'blank', because: 'not a field of this form' },
      { path: 'list', because: 'empty array' },
    ]);
    expect(prune(d, { name: '   ' }).pruned).toEqual([{ path: 'name', because: 'empty string' }]);
  });
  it('is idempotent', () => {
    const once = prune(chain, { a: 'no', b: ' x ', c: 'y', z: 1 });
    const twice = prune(chain, once.data);
    expect(twice.data).toEqual(once.data);
    expect(twice.pruned).toEqual([]);
  });
  it('normaliseText trims and straightens quotes', () => {
    expect(normaliseText(' \u2018a\u2019 \u201Cb\u201D ')).toBe('\'a\' "b"');
  });
});
