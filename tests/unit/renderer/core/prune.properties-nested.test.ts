// Property tests for groups and lists: prune is a fixed point, and never returns a hidden field of a
// group or a hidden field inside a list item, whatever the answers (wrong types included).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileDocument, prune, validate, type FormDocument } from '../../../../renderer/core/index';

const DOC: FormDocument = {
  id: 'NESTED',
  title: 'Nested',
  pages: [{ title: 'P', fields: ['moved', 'address', 'medicines', 'tags'] }],
  schema: {
    type: 'object',
    required: ['moved'],
    properties: {
      moved: { type: 'boolean' },
      address: { type: 'object', required: ['line1'], properties: { line1: { type: 'string', maxLength: 20 }, town: { type: 'string', maxLength: 20 } } },
      medicines: {
        type: 'array',
        maxItems: 4,
        items: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 10 }, dose: { type: 'string', maxLength: 10 } } },
      },
      tags: { type: 'array', items: { type: 'string', maxLength: 5 } },
    },
  },
  rules: {
    address: { enableWhen: [{ question: 'moved', operator: 'IS', answer: true }] },
    'address.town': { enableWhen: [{ question: 'address.line1', operator: 'HAS_VALUE' }] },
    'medicines.dose': { enableWhen: [{ question: 'name', operator: 'HAS_VALUE' }] },
    tags: { enableWhen: [{ question: 'medicines.name', operator: 'EQ', answer: 'a', items: 'any' }] },
  },
};

const text = fc.oneof(fc.constantFrom('', ' ', 'a', 'b c'), fc.string({ maxLength: 6 }));
const junk = fc.oneof(text, fc.integer(), fc.constant(null), fc.boolean());
const data = fc.record(
  {
    moved: fc.oneof(fc.boolean(), junk),
    address: fc.oneof(fc.record({ line1: junk, town: junk, extra: junk }, { requiredKeys: [] }), junk),
    medicines: fc.oneof(fc.array(fc.oneof(fc.record({ name: junk, dose: junk }, { requiredKeys: [] }), junk), { maxLength: 5 }), junk),
    tags: fc.oneof(fc.array(junk, { maxLength: 4 }), junk),
  },
  { requiredKeys: [] },
);

describe('groups and lists: pruning guarantees', () => {
  it('prune is idempotent', () => {
    fc.assert(
      fc.property(data, (d) => {
        const once = prune(DOC, d);
        const twice = prune(DOC, once.data);
        expect(twice.data).toEqual(once.data);
        expect(twice.pruned).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('never returns a hidden group field, a hidden field inside an item, or an empty item', () => {
    const compiled = compileDocument(DOC);
    const item = compileDocument(compiled.structure.lists.get('medicines')!.itemDoc);
    fc.assert(
      fc.property(data, (d) => {
        const out = prune(DOC, d).data as Record<string, unknown>;
        const vis = compiled.evaluate(out);
        for (const f of compiled.fields) if (compiled.read(out, f) !== undefined) expect(vis.visible.has(f)).toBe(true);
        // A list answered with a non-list stays (validate reports its type, as for any field); a list is pruned item by item.
        for (const it of Array.isArray(out.medicines) ? (out.medicines as Array<Record<string, unknown>>) : []) {
          expect(Object.keys(it).length).toBeGreaterThan(0);
          const iv = item.evaluate(it);
          for (const k of Object.keys(it)) expect(iv.visible.has(k)).toBe(true);
        }
        expect(() => validate(DOC, d)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
});
