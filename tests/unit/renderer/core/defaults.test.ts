// Prefilled and read-only values (renderer/core/defaults.ts): a default fills a field when it
// comes into view unanswered and never replaces an answer, in groups, in list items and along
// chains; a default may come from a parameter; a read-only field (readOnly, const) holds its set
// value, is pruned like any field when hidden, and validate refuses any other value.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkDocument, compileDocument, prune, validate, type FieldSchema, type FormDocument } from '../../../../renderer/core/index';
import { applyDefaults, shownPaths } from '../../../../renderer/core/defaults';

const DOC: FormDocument = {
  id: 'DEFAULTS',
  title: 'Defaults',
  parameters: { knownPostcode: { type: 'string', description: 'The postcode on record' } },
  pages: [{ title: 'P', fields: ['moved', 'address', 'contact', 'reply', 'medicines', 'formVersion', 'channel'] }],
  schema: {
    type: 'object',
    required: ['moved'],
    properties: {
      // A chain: moved (default true) shows address; address.sameAsBefore (default "No") shows address.postcode.
      moved: { type: 'boolean', title: 'Moved?', default: true },
      address: {
        type: 'object',
        title: 'Address',
        properties: {
          sameAsBefore: { type: 'string', enum: ['Yes', 'No'], default: 'No' },
          postcode: { type: 'string', format: 'uk-postcode', default: { param: 'knownPostcode' } } as unknown as FieldSchema,
        },
      },
      contact: { type: 'string', enum: ['Phone', 'Email'], default: 'Phone' },
      reply: { type: 'string', maxLength: 20, default: 'Text me' },
      medicines: {
        type: 'array',
        maxItems: 4,
        items: {
          type: 'object',
          properties: {
            name: { type: 'string', maxLength: 10 },
            howOften: { type: 'string', enum: ['Daily', 'Weekly'], default: 'Daily' },
            supply: { type: 'string', maxLength: 10, default: '28 days' },
          },
        },
      },
      formVersion: { type: 'string', title: 'Form version', readOnly: true, default: 'v2' },
      channel: { type: 'string', title: 'Channel', const: 'online' } as FieldSchema,
    },
  },
  rules: {
    address: { enableWhen: [{ question: 'moved', operator: 'IS', answer: true }] },
    'address.postcode': { enableWhen: [{ question: 'address.sameAsBefore', operator: 'EQ', answer: 'No' }] },
    reply: { enableWhen: [{ question: 'contact', operator: 'EQ', answer: 'Email' }] },
    'medicines.supply': { enableWhen: [{ question: 'name', operator: 'HAS_VALUE' }] },
    channel: { enableWhen: [{ question: 'moved', operator: 'IS', answer: true }] },
  },
};

const PARAMS = { knownPostcode: 'LS1 4AP' };

const text = fc.oneof(fc.constantFrom('', ' ', 'a', 'Weekly', 'No', 'Yes', 'Email', 'v1'), fc.string({ maxLength: 6 }));
const junk = fc.oneof(text, fc.integer(), fc.constant(null), fc.boolean());
const data = fc.record(
  {
    moved: fc.oneof(fc.boolean(), junk),
    address: fc.oneof(fc.record({ sameAsBefore: junk, postcode: junk }, { requiredKeys: [] }), junk),
    contact: fc.oneof(fc.constantFrom('Phone', 'Email'), junk),
    reply: junk,
    medicines: fc.oneof(fc.array(fc.oneof(fc.record({ name: junk, howOften: junk, supply: junk }, { requiredKeys: [] }), junk), { maxLength: 4 }), junk),
    formVersion: junk,
    channel: junk,
  },
  { requiredKeys: [] },
);
const answered = (v: unknown) => v !== undefined && v !== null && v !== '' && !(typeof v === 'string' && v.trim() === '');

describe('defaults: when a field first appears', () => {
  it('the form opening fills every field in view, along a chain, with a parameter default', () => {
    const r = applyDefaults(DOC, {}, PARAMS);
    expect(r.data).toEqual({ moved: true, address: { sameAsBefore: 'No', postcode: 'LS1 4AP' }, contact: 'Phone', formVersion: 'v2', channel: 'online' });
    // reply is hidden (contact is Phone): no default; it would be pruned anyway.
    expect(r.shown.has('reply')).toBe(false);
  });

  it('a parameter default without the parameter gives nothing (never the text of the reference)', () => {
    const r = applyDefaults(DOC, {}, {});
    expect(r.data.address).toEqual({ sameAsBefore: 'No' });
  });

  it('a field that comes into view later gets its default then, once; clearing it afterwards is the patient’s answer', () => {
    const first = applyDefaults(DOC, {}, PARAMS);
    const shown = applyDefaults(DOC, { ...first.data, contact: 'Email' }, PARAMS, first.shown);
    expect(shown.data.reply).toBe('Text me');
    expect(shown.changed).toEqual(['reply']);
    const cleared = applyDefaults(DOC, { ...shown.data, reply: '' }, PARAMS, shown.shown);
    expect(cleared.data.reply).toBe('');
  });

  it('an item added to a list gets its item defaults; the fields of items already there are left as they are', () => {
    const first = applyDefaults(DOC, { medicines: [{ name: 'A', howOften: 'Weekly' }] }, PARAMS);
    expect(first.data.medicines).toEqual([{ name: 'A', howOften: 'Weekly', supply: '28 days' }]);
    const added = applyDefaults(DOC, { ...first.data, medicines: [{ name: 'A', howOften: 'Weekly', supply: '' }, {}] }, PARAMS, first.shown);
    expect(added.data.medicines).toEqual([{ name: 'A', howOften: 'Weekly', supply: '' }, { howOften: 'Daily' }]);
    // The new item's supply comes into view with a name, and gets its default then.
    const named = applyDefaults(
      DOC,
      {
        ...added.data,
        medicines: [
          { name: 'A', howOften: 'Weekly', supply: '' },
          { name: 'B', howOften: 'Daily' },
        ],
      },
      PARAMS,
      added.shown,
    );
    expect((named.data.medicines as unknown[])[1]).toEqual({ name: 'B', howOften: 'Daily', supply: '28 days' });
  });

  it('never replaces an answer, only fills fields in view, and settles in one call (property)', () => {
    const compiled = compileDocument(DOC);
    fc.assert(
      fc.property(data, fc.boolean(), (d, withParam) => {
        const params = withParam ? PARAMS : {};
        const r = applyDefaults(DOC, d, params);
        const vis = compiled.evaluate(r.data, params);
        for (const f of compiled.fields) {
          const before = compiled.read(d, f);
          const after = compiled.read(r.data, f);
          const s = compiled.schemaOf(f) as FieldSchema & { const?: unknown };
          if (s.readOnly === true || 'const' in s) {
            // A read-only field in view holds its set value whatever was there.
            if (vis.visible.has(f)) expect(after).toEqual('const' in s ? s.const : s.default);
            else expect(after).toEqual(before);
          } else if (compiled.structure.lists.has(f)) {
            if (!Array.isArray(before)) expect(after).toEqual(before);
          } else if (answered(before) || !vis.visible.has(f)) {
            expect(after).toEqual(before);
          }
        }
        // Inside items: an answered item field is never replaced.
        if (Array.isArray(d.medicines) && Array.isArray(r.data.medicines)) {
          (d.medicines as unknown[]).forEach((it, k) => {
            if (typeof it !== 'object' || it === null) return;
            for (const [key, v] of Object.entries(it)) if (answered(v)) expect((r.data.medicines as Array<Record<string, unknown>>)[k]![key]).toEqual(v);
          });
        }
        // A fixed point: applying again with what is now in view changes nothing.
        const again = applyDefaults(DOC, r.data, params, r.shown);
        expect(again.data).toEqual(r.data);
        expect(again.changed).toEqual([]);
        expect(r.shown).toEqual(shownPaths(compiled, r.data, params));
      }),
      { numRuns: 300 },
    );
  });

  it('pruning after defaults never sends a hidden field, and is a fixed point (property)', () => {
    const compiled = compileDocument(DOC);
    fc.assert(
      fc.property(data, (d) => {
        const filled = applyDefaults(DOC, d, PARAMS).data;
        const once = prune(DOC, filled, PARAMS);
        const vis = compiled.evaluate(once.data, PARAMS);
        for (const f of compiled.fields) if (compiled.read(once.data, f) !== undefined) expect(vis.visible.has(f)).toBe(true);
        expect(prune(DOC, once.data, PARAMS).data).toEqual(once.data);
        expect(() => validate(DOC, filled, { params: PARAMS })).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
});

describe('read-only values', () => {
  const base = { moved: true, address: { sameAsBefore: 'Yes' }, contact: 'Phone', formVersion: 'v2', channel: 'online' };

  it('the set values pass; a changed read-only value is refused naming the field; an absent one claims nothing', () => {
    expect(validate(DOC, base, { params: PARAMS })).toEqual([]);
    expect(validate(DOC, { ...base, formVersion: 'v1' }, { params: PARAMS })).toEqual([
      { path: 'formVersion', keyword: 'readOnly', message: 'This answer cannot be changed.' },
    ]);
    expect(validate(DOC, { ...base, channel: 'post' }, { params: PARAMS })).toEqual([
      { path: 'channel', keyword: 'readOnly', message: 'This answer cannot be changed.' },
    ]);
    const { formVersion: _drop, ...missing } = base;
    expect(validate(DOC, missing, { params: PARAMS })).toEqual([]);
    expect(validate(DOC, { ...base, formVersion: ' v2 ' }, { params: PARAMS })).toEqual([]);
  });

  it('a hidden read-only field is pruned and not checked, like any hidden field', () => {
    const hidden = { ...base, moved: false, channel: 'post' };
    expect(validate(DOC, hidden, { params: PARAMS })).toEqual([]);
    expect(prune(DOC, hidden, PARAMS).data).not.toHaveProperty('channel');
  });

  it('a read-only value from a parameter is enforced with that parameter', () => {
    const doc: FormDocument = {
      id: 'RO_PARAM',
      title: 'T',
      parameters: { nhsNumber: { type: 'string', description: 'On record' } },
      pages: [{ title: 'P', fields: ['nhsNumber'] }],
      schema: { type: 'object', properties: { nhsNumber: { type: 'string', readOnly: true, default: { param: 'nhsNumber' } } as unknown as FieldSchema } },
    };
    expect(validate(doc, { nhsNumber: '943 476 5919' }, { params: { nhsNumber: '943 476 5919' } })).toEqual([]);
    expect(validate(doc, { nhsNumber: '999 999 9999' }, { params: { nhsNumber: '943 476 5919' } }).map((e) => e.keyword)).toEqual(['readOnly']);
  });

  it('the checker asks a read-only field for its value and a parameter default for a declared parameter', () => {
    const doc = structuredClone(DOC) as unknown as { schema: { properties: Record<string, Record<string, unknown>> } };
    doc.schema.properties.formVersion = { type: 'string', readOnly: true };
    doc.schema.properties.reply = { type: 'string', default: { param: 'nope' } };
    const problems = checkDocument(doc);
    expect(problems).toContainEqual({
      path: '/schema/properties/formVersion/readOnly',
      message: 'a read-only field needs the value it shows: a const, or a default (a value or { "param": name })',
    });
    expect(problems).toContainEqual({ path: '/schema/properties/reply/default/param', message: 'parameter "nope" is not declared in parameters' });
    expect(checkDocument(DOC)).toEqual([]);
  });

  it('the checker refuses a written value the field could not hold (its type, its options)', () => {
    const doc = structuredClone(DOC) as unknown as { schema: { properties: Record<string, Record<string, unknown>> } };
    doc.schema.properties.contact = { type: 'string', enum: ['Phone', 'Email'], default: 'Post' };
    doc.schema.properties.moved = { type: 'boolean', default: 'yes' };
    doc.schema.properties.channel = { type: 'string', const: 3 };
    const problems = checkDocument(doc);
    expect(problems).toContainEqual({ path: '/schema/properties/contact/default', message: '"Post" is not one of the options ("Phone", "Email")' });
    expect(problems).toContainEqual({ path: '/schema/properties/moved/default', message: '"yes" is not a boolean, the type of this field' });
    expect(problems).toContainEqual({ path: '/schema/properties/channel/const', message: '3 is not a string, the type of this field' });
  });
});
