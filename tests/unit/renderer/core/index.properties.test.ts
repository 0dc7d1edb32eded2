// Property tests: generated documents (random fields of each type, random acyclic rules
// between them) and arbitrary JSON answers, wrong types included.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkDocument, compileDocument, prune, validate, visibleFields, type FormDocument } from '../../../../renderer/core/index';
import { answers, documents } from '../../support/renderer-core/arbitraries';

const cases = documents.chain((d) => fc.tuple(fc.constant(d), answers(d), fc.dictionary(fc.string({ maxLength: 3 }), fc.jsonValue(), { maxKeys: 2 })));

describe('properties of visibility, pruning and validation', () => {
  it('generated documents are well formed (so the properties test real rules)', () => {
    fc.assert(
      fc.property(documents, (d) => {
        expect(checkDocument(d).filter((p) => /cycle|not a field|not declared/.test(p.message))).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it('prune is idempotent', () => {
    fc.assert(
      fc.property(cases, ([d, data, params]) => {
        const once = prune(d, data, params);
        const twice = prune(d, once.data, params);
        expect(twice.data).toEqual(once.data);
        expect(twice.pruned).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });

  it('prune never returns a hidden, disabled or unknown field', () => {
    fc.assert(
      fc.property(cases, ([d, data, params]) => {
        const out = prune(d, data, params).data;
        const vis = compileDocument(d).evaluate(out, params);
        for (const key of Object.keys(out)) {
          expect(d.schema.properties).toHaveProperty([key]);
          expect(vis.visible.has(key)).toBe(true);
          expect(vis.disabled.has(key)).toBe(false);
        }
        // …and what was visible in the original answers, non-empty, stays.
        const before = compileDocument(d).evaluate(data, params);
        for (const key of Object.keys(out)) expect(before.hiddenBy.has(key) && !vis.visible.has(key)).toBe(false);
      }),
      { numRuns: 400 },
    );
  });

  it('visibleFields, prune and validate never throw, and validate reports only visible fields', () => {
    fc.assert(
      fc.property(cases, ([d, data, params]) => {
        const visible = visibleFields(d, data, params);
        prune(d, data, params);
        const errors = validate(d, data, { params });
        for (const e of errors) expect(visible).toContain(e.path);
        expect(new Set(errors.map((e) => e.path)).size).toBe(errors.length);
      }),
      { numRuns: 400 },
    );
  });

  it('never throws on arbitrary JSON documents', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (d, data) => {
        checkDocument(d);
        const asDoc = d as unknown as FormDocument;
        visibleFields(asDoc, data as Record<string, unknown>);
        prune(asDoc, data as Record<string, unknown>);
        validate(asDoc, data as Record<string, unknown>);
      }),
      { numRuns: 300 },
    );
  });
});
