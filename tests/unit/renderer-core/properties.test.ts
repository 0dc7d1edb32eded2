// Property tests: generated documents (random fields of each type, random acyclic rules
// between them) and arbitrary JSON answers, wrong types included.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  OPERATORS,
  checkDocument,
  compileDocument,
  prune,
  validate,
  visibleFields,
  type Condition,
  type FieldRule,
  type FormDocument,
} from '../../../renderer/core/index';
import { SCHEMAS, doc, type Kind } from './helpers';

const KINDS = Object.keys(SCHEMAS) as Kind[];

const answerFor = (kind: Kind): fc.Arbitrary<unknown> => {
  switch (kind) {
    case 'number':
    case 'integer':
      return fc.oneof(fc.integer({ min: -5, max: 20 }), fc.record({ low: fc.integer({ min: -5, max: 5 }), high: fc.integer({ min: 5, max: 20 }) }));
    case 'boolean':
      return fc.boolean();
    case 'date':
      return fc.constantFrom('2025-01-01', 'today', 'today-1y', '2030-12-31');
    case 'time':
      return fc.constantFrom('09:00', '12:30');
    case 'choice':
    case 'multi':
      return fc.oneof(fc.constantFrom('Red', 'Green', 'Blue', 'NONE_OF_THE_ABOVE'), fc.subarray(['Red', 'Green', 'Blue']));
    default:
      return fc.oneof(fc.constantFrom('Other', 'a', ''), fc.integer({ min: 0, max: 5 }));
  }
};

/** Fields f0…fn; a rule on fi may read only fj with j < i, so the rules are acyclic. */
const documents: fc.Arbitrary<FormDocument> = fc.array(fc.constantFrom(...KINDS), { minLength: 1, maxLength: 8 }).chain((kinds) => {
  const names = kinds.map((_, i) => `f${i}`);
  const condition = (i: number): fc.Arbitrary<Condition> =>
    fc
      .integer({ min: 0, max: i - 1 })
      .chain((j) => fc.record({ question: fc.constant(names[j]!), operator: fc.constantFrom(...OPERATORS), answer: answerFor(kinds[j]!) }));
  const rule = (i: number): fc.Arbitrary<FieldRule | undefined> =>
    i === 0
      ? fc.constant(undefined)
      : fc.option(
          fc.record(
            {
              enableWhen: fc.array(condition(i), { maxLength: 3 }),
              enableBehavior: fc.constantFrom('all' as const, 'any' as const),
              clearWhenHidden: fc.boolean(),
              disableWhen: fc.array(condition(i), { maxLength: 1 }),
              options:
                kinds[i] === 'choice' || kinds[i] === 'multi'
                  ? fc.dictionary(fc.constantFrom('Red', 'Green'), fc.record({ enableWhen: fc.array(condition(i), { maxLength: 2 }) }))
                  : fc.constant(undefined),
            },
            { requiredKeys: ['enableWhen'] },
          ),
          { nil: undefined },
        );
  return fc.tuple(...kinds.map((_, i) => rule(i)), fc.subarray(names)).map((parts) => {
    const required = parts.pop() as string[];
    const rules: Record<string, FieldRule> = {};
    parts.forEach((r, i) => {
      if (r) rules[names[i]!] = JSON.parse(JSON.stringify(r)) as FieldRule;
    });
    return doc({ properties: Object.fromEntries(names.map((n, i) => [n, SCHEMAS[kinds[i]!]])), rules, required });
  });
});

const answers = (d: FormDocument): fc.Arbitrary<Record<string, unknown>> =>
  fc.dictionary(
    fc.oneof(fc.constantFrom(...Object.keys(d.schema.properties)), fc.string({ maxLength: 4 })),
    fc.oneof(
      fc.jsonValue(),
      fc.constantFrom('Red', 'Green', ' Other ', '2025-02-30', '2025-01-01', '10:00', '  ', '--'),
      fc.subarray(['Red', 'Green', 'Blue', 'NONE_OF_THE_ABOVE', '']),
      fc.integer({ min: -3, max: 30 }),
      fc.boolean(),
    ),
    { maxKeys: 10 },
  );

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
