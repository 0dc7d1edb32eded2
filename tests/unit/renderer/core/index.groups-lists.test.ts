// Groups (type object), "add another" lists (arrays of objects or of values), rules into lists,
// and local $ref: visibility, pruning and validation follow the nesting (renderer/README.md, "Groups, lists and reuse").
import { describe, expect, it } from 'vitest';
import { checkDocument, compileDocument, prune, validate, visibleFields, type FieldSchema, type FormDocument } from '../../../../renderer/core/index';

const REGISTRATION: FormDocument = {
  id: 'REG',
  title: 'Register',
  pages: [{ title: 'You', fields: ['moved', 'address', 'medicines', 'allergies', 'carer'] }],
  schema: {
    type: 'object',
    required: ['moved', 'medicines'],
    definitions: {
      postcode: { type: 'string', title: 'Postcode', format: 'uk-postcode', maxLength: 10 },
    },
    properties: {
      moved: { type: 'boolean', title: 'Have you moved?' },
      address: {
        type: 'object',
        title: 'Your new address',
        required: ['line1', 'postcode'],
        properties: {
          line1: { type: 'string', title: 'Address line 1', maxLength: 100 },
          postcode: { $ref: '#/definitions/postcode' } as FieldSchema,
        },
      },
      medicines: {
        type: 'array',
        title: 'Medicines',
        minItems: 1,
        maxItems: 3,
        items: {
          type: 'object',
          required: ['name'],
          properties: {
            name: { type: 'string', title: 'Name', maxLength: 100 },
            strength: { type: 'string', title: 'Strength', maxLength: 50 },
          },
        },
      },
      allergies: { type: 'array', title: 'Allergies', items: { type: 'string', maxLength: 20 } },
      carer: { type: 'string', title: 'Your carer', maxLength: 100 },
    },
  },
  rules: {
    address: { enableWhen: [{ question: 'moved', operator: 'IS', answer: true }] },
    carer: { enableWhen: [{ question: 'medicines.name', operator: 'EQ', answer: 'Insulin' }] },
    'medicines.strength': { enableWhen: [{ question: 'medicines.name', operator: 'HAS_VALUE' }] },
  },
  uiSchema: { 'medicines.name': { 'ui:errors': { required: 'Enter the name of the medicine' } }, medicines: { 'ui:errors': { minItems: 'Add a medicine' } } },
};

describe('groups', () => {
  it('a group is its fields under dotted paths; the group rule hides every one of them', () => {
    expect(compileDocument(REGISTRATION).fields.slice(0, 3)).toEqual(['moved', 'address.line1', 'address.postcode']);
    expect(visibleFields(REGISTRATION, { moved: false })).not.toContain('address.line1');
    expect(visibleFields(REGISTRATION, { moved: true })).toContain('address.postcode');
    const vis = compileDocument(REGISTRATION).evaluate({ moved: false });
    expect(vis.hiddenBy.get('address.postcode')).toBe('rule for address: moved IS true not met');
  });

  it('validates the group fields with paths and the ref-resolved schema', () => {
    const errors = validate(REGISTRATION, { moved: true, address: { postcode: 'nope' }, medicines: [{ name: 'A' }] });
    expect(errors.map((e) => [e.path, e.keyword])).toEqual([
      ['address.line1', 'required'],
      ['address.postcode', 'format'],
    ]);
    expect(validate(REGISTRATION, { moved: false, address: { postcode: 'nope' }, medicines: [{ name: 'A' }] })).toEqual([]);
  });

  it('prunes into the nesting: a hidden group is dropped, unknown keys inside a group are reported', () => {
    const r = prune(REGISTRATION, { moved: true, address: { line1: ' 1 High St ', postcode: 'LS1 4AP', flat: 'x' }, medicines: [{ name: 'A' }] });
    expect(r.data).toEqual({ moved: true, address: { line1: '1 High St', postcode: 'LS1 4AP' }, medicines: [{ name: 'A' }] });
    expect(r.pruned).toContainEqual({ path: 'address.flat', because: 'not a field of this form' });
    const hidden = prune(REGISTRATION, { moved: false, address: { line1: 'x' } });
    expect(hidden.data).toEqual({ moved: false });
    expect(hidden.pruned).toContainEqual({ path: 'address.line1', because: 'rule for address: moved IS true not met' });
  });
});

describe('"add another" lists', () => {
  it("each item is validated against the item schema, with the document's words", () => {
    const errors = validate(REGISTRATION, { moved: false, medicines: [{ name: 'A' }, { strength: '5mg' }] });
    expect(errors).toEqual([{ path: 'medicines.1.name', keyword: 'required', message: 'Enter the name of the medicine' }]);
    expect(validate(REGISTRATION, { moved: false, medicines: [{}, {}] })).toEqual([
      { path: 'medicines', keyword: 'required', message: 'Please provide input.' },
    ]);
    expect(validate(REGISTRATION, { moved: false, medicines: [{ name: 'A' }, { name: 'B' }, { name: 'C' }, { name: 'D' }] })[0]).toEqual({
      path: 'medicines',
      keyword: 'maxItems',
      message: 'Please add no more than 3 items.',
    });
  });

  it('prunes empty items and hidden fields inside items; prune is a fixed point', () => {
    const r = prune(REGISTRATION, {
      moved: false,
      medicines: [{ name: '  ', strength: '5mg' }, {}, { name: 'B', strength: ' 10mg ' }],
      allergies: [' nuts ', ''],
    });
    expect(r.data).toEqual({ moved: false, medicines: [{ name: 'B', strength: '10mg' }], allergies: ['nuts'] });
    expect(r.pruned).toContainEqual({ path: 'medicines.0.strength', because: 'rule for strength: name HAS_VALUE not met' });
    expect(r.pruned).toContainEqual({ path: 'medicines.1', because: 'empty item' });
    expect(prune(REGISTRATION, r.data).pruned).toEqual([]);
  });

  it('a free-text list (items: {type: string}) is a list of values, never "None of the above"', () => {
    const c = compileDocument(REGISTRATION);
    expect(c.kindOf('allergies')).toBe('list');
    expect(c.widgetOf('allergies')).toBe('list');
    expect(c.optionsOf('allergies')).toEqual([]);
    expect(validate(REGISTRATION, { moved: false, medicines: [{ name: 'A' }], allergies: ['x'.repeat(21)] })).toEqual([
      { path: 'allergies.0', keyword: 'maxLength', message: 'Please enter no more than 20 characters.' },
    ]);
  });

  it('rules look into lists: any item, all items, how many', () => {
    const withCount: FormDocument = {
      ...REGISTRATION,
      rules: {
        carer: { enableWhen: [{ question: 'medicines.name', operator: 'EQ', answer: 'Insulin', items: 'all' }] },
        moved: { enableWhen: [{ question: 'medicines', operator: 'OPTION_COUNT_GTE', answer: 2 }] },
      },
    };
    expect(visibleFields(REGISTRATION, { medicines: [{ name: 'A' }, { name: 'Insulin' }] })).toContain('carer');
    expect(visibleFields(REGISTRATION, { medicines: [{ name: 'A' }] })).not.toContain('carer');
    expect(visibleFields(withCount, { medicines: [{ name: 'Insulin' }, { name: 'A' }] })).not.toContain('carer');
    expect(visibleFields(withCount, { medicines: [{ name: 'Insulin' }, { name: 'Insulin' }] })).toContain('carer');
    expect(visibleFields(withCount, { medicines: [{ name: 'Insulin' }, {}] })).not.toContain('moved');
    expect(visibleFields(withCount, { medicines: [{ name: 'Insulin' }, { name: 'B' }] })).toContain('moved');
    expect(compileDocument(REGISTRATION).dependentsOf('medicines')).toEqual(['carer']);
  });
});

describe('checkDocument on groups, lists and refs', () => {
  it('accepts the document', () => {
    expect(checkDocument(REGISTRATION)).toEqual([]);
  });

  it('refuses an unknown $ref target, a remote ref and a cycle, with JSON paths', () => {
    const bad = structuredClone(REGISTRATION) as unknown as { schema: { properties: Record<string, unknown>; definitions: Record<string, unknown> } };
    bad.schema.properties.carer = { $ref: '#/definitions/postcod' };
    bad.schema.properties.moved = { $ref: 'https://example.com/x.json' };
    bad.schema.definitions.a = { type: 'object', properties: { b: { $ref: '#/definitions/b' } } };
    bad.schema.definitions.b = { type: 'object', properties: { a: { $ref: '#/definitions/a' } } };
    bad.schema.properties.loop = { $ref: '#/definitions/a' };
    const problems = checkDocument(bad);
    expect(problems).toContainEqual({
      path: '/schema/properties/carer/$ref',
      message: '"#/definitions/postcod" names no definition of this document (definitions: postcode, a, b)',
    });
    expect(problems.find((p) => p.path === '/schema/properties/moved/$ref')?.message).toMatch(/only local references/);
    expect(problems.find((p) => p.path.startsWith('/schema/properties/loop/'))?.message).toBe(
      '$ref cycle: #/definitions/a -> #/definitions/b -> #/definitions/a',
    );
  });
});

describe('rjsf constructs', () => {
  it("are refused with this renderer's own way of doing the same", () => {
    const rjsf = structuredClone(REGISTRATION) as unknown as { schema: Record<string, unknown>; uiSchema: Record<string, unknown> };
    rjsf.schema.dependencies = { moved: ['carer'] };
    rjsf.uiSchema['ui:order'] = ['moved', '*'];
    rjsf.uiSchema.carer = { 'ui:disabled': true };
    const problems = checkDocument(rjsf);
    expect(problems).toContainEqual({
      path: '/schema/dependencies',
      message: 'dependencies: use rules.<field>.enableWhen (show a field when another has a value or a given answer)',
    });
    expect(problems).toContainEqual({ path: '/uiSchema/ui:order', message: 'ui:order: the order of fields is the order of pages[].fields' });
    expect(problems).toContainEqual({ path: '/uiSchema/carer/ui:disabled', message: 'ui:disabled: use rules.<field>.disableWhen' });
  });
});
