// Generators shared by the property tests: documents of random fields (one of each kind in
// helpers.ts) with random acyclic rules between them, and arbitrary JSON answers, wrong types included.
import fc from 'fast-check';
import { OPERATORS, type Condition, type FieldRule, type FormDocument } from '../../../../renderer/core/index';
import { SCHEMAS, doc, type Kind } from './helpers';

export const KINDS = Object.keys(SCHEMAS) as Kind[];

export const answerFor = (kind: Kind): fc.Arbitrary<unknown> => {
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
export const documents: fc.Arbitrary<FormDocument> = fc.array(fc.constantFrom(...KINDS), { minLength: 1, maxLength: 8 }).chain((kinds) => {
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

export const answers = (d: FormDocument): fc.Arbitrary<Record<string, unknown>> =>
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
