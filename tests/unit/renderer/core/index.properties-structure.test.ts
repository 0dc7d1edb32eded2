// The same property tests as today's flat rules (generated documents with random fields, random
// acyclic rules and chains between them, arbitrary answers), run through groups, $ref, lists,
// defaults and read-only values. A generated document is moved, unchanged in meaning, into a
// group whose fields are $refs to definitions, or into the item of an "add another" list; every
// answer must then be visible, pruned and validated exactly as the flat document does it, under
// the nested path. So what holds for the flat rules (visibility, pruning, chains, hidden fields
// never sent) holds inside groups and inside each list item.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compileDocument,
  hasValue,
  normaliseText,
  prune,
  validate,
  visibleFields,
  type Condition,
  type FieldRule,
  type FieldSchema,
  type FormDocument,
} from '../../../../renderer/core/index';
import { applyDefaults } from '../../../../renderer/core/defaults';
import { answers, documents } from '../../support/renderer-core/arbitraries';

const TODAY = new Date(2026, 2, 10, 12);
// endOnFailure: a failure is reported with the case as generated (shrinking a chained subarray
// crashes inside fast-check and hides the counterexample).
const G = 'grp';
const L = 'items';

type Rules = Record<string, FieldRule>;

/** The flat document's rules keyed and reading under `prefix.` (options' conditions too). */
function prefixedRules(rules: Rules | undefined, prefix: string): Rules {
  const cond = (cs: Condition[] | undefined) => cs?.map((c) => ('question' in c && c.question ? { ...c, question: `${prefix}.${c.question}` } : c));
  const out: Rules = {};
  for (const [k, r] of Object.entries(rules ?? {})) {
    const copy: FieldRule = { ...r };
    if (r.enableWhen) copy.enableWhen = cond(r.enableWhen);
    if (r.disableWhen) copy.disableWhen = cond(r.disableWhen);
    if (r.options)
      copy.options = Object.fromEntries(
        Object.entries(r.options).map(([o, or]) => [o, { ...or, ...(or.enableWhen ? { enableWhen: cond(or.enableWhen) } : {}) }]),
      );
    out[`${prefix}.${k}`] = copy;
  }
  return out;
}

/** The flat document as one group, each field a $ref to a definition holding its schema. */
function asGroup(d: FormDocument): FormDocument {
  const props = d.schema.properties;
  return {
    ...d,
    pages: [{ title: 'Page', fields: [G] }],
    schema: {
      type: 'object',
      required: [],
      properties: {
        [G]: {
          type: 'object',
          title: 'Group',
          required: d.schema.required ?? [],
          properties: Object.fromEntries(Object.keys(props).map((k) => [k, { $ref: `#/definitions/${k}` }])),
        } as unknown as FieldSchema,
      },
      definitions: props,
    } as FormDocument['schema'],
    rules: prefixedRules(d.rules, G),
  };
}

/** The flat document as the item of an "add another" list. */
function asList(d: FormDocument): FormDocument {
  return {
    ...d,
    pages: [{ title: 'Page', fields: [L] }],
    schema: {
      type: 'object',
      required: [],
      properties: {
        [L]: {
          type: 'array',
          title: 'Items',
          items: { type: 'object', title: 'Item', required: d.schema.required ?? [], properties: d.schema.properties },
        } as unknown as FieldSchema,
      },
    },
    rules: prefixedRules(d.rules, L),
  };
}

const params = fc.dictionary(fc.string({ maxLength: 3 }), fc.jsonValue(), { maxKeys: 2 });
const groupCases = documents.chain((d) => fc.tuple(fc.constant(d), answers(d), params));
const listCases = documents.chain((d) => fc.tuple(fc.constant(d), fc.array(answers(d), { maxLength: 3 }), params));

const errorsOf = (d: FormDocument, data: Record<string, unknown>, p: Record<string, unknown>) =>
  validate(d, data, { params: p, today: TODAY }).map((e) => ({ path: e.path, message: e.message }));

/** Whether an item holds any answer (the list drops and does not check a wholly empty one). */
function filled(v: unknown): boolean {
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) return Object.values(v).some(filled);
  return hasValue(v, typeof v === 'string' && /^[\s:-]*$/.test(v));
}

describe('groups and $ref behave as the flat document, under the group path (property)', () => {
  it('visible fields, pruned answers and errors are the flat ones, prefixed', () => {
    fc.assert(
      fc.property(groupCases, ([d, data, p]) => {
        const g = asGroup(d);
        const nested = { [G]: data };
        expect(visibleFields(g, nested, p, TODAY)).toEqual(visibleFields(d, data, p, TODAY).map((f) => `${G}.${f}`));
        const flat = prune(d, data, p, TODAY).data;
        const out = prune(g, nested, p, TODAY).data;
        expect(out).toEqual(Object.keys(flat).length > 0 ? { [G]: flat } : {});
        // The hidden-field guarantee, inside the group: nothing sent is hidden once sent.
        const vis = compileDocument(g).evaluate(out, p, TODAY);
        for (const f of Object.keys((out[G] as Record<string, unknown> | undefined) ?? {})) expect(vis.visible.has(`${G}.${f}`)).toBe(true);
        expect(prune(g, out, p, TODAY).data).toEqual(out);
        expect(errorsOf(g, nested, p)).toEqual(errorsOf(d, data, p).map((e) => ({ ...e, path: `${G}.${e.path}` })));
      }),
      { numRuns: 300, endOnFailure: true },
    );
  });
});

describe('each list item behaves as the flat document, under its item path (property)', () => {
  it('items are pruned as the flat document prunes them (empty ones dropped), and checked as it checks them', () => {
    fc.assert(
      fc.property(listCases, ([d, items, p]) => {
        const l = asList(d);
        const nested = { [L]: items };
        const expected = items.map((it) => prune(d, it, p, TODAY).data).filter((x) => Object.keys(x).length > 0);
        const out = prune(l, nested, p, TODAY).data;
        expect(out).toEqual(expected.length > 0 ? { [L]: expected } : {});
        // Inside every item sent, every field is one its item's rules show.
        const item = compileDocument(compileDocument(l).structure.lists.get(L)!.itemDoc);
        for (const it of (out[L] as Array<Record<string, unknown>> | undefined) ?? []) {
          const vis = item.evaluate(it, p, TODAY);
          for (const k of Object.keys(it)) expect(vis.visible.has(k)).toBe(true);
        }
        expect(prune(l, out, p, TODAY).data).toEqual(out);
        const itemErrors = errorsOf(l, nested, p).filter((e) => e.path !== L);
        const want = items.flatMap((it, k) => (filled(it) ? errorsOf(d, it, p).map((e) => ({ ...e, path: `${L}.${k}.${e.path}` })) : []));
        expect(itemErrors).toEqual(want);
      }),
      { numRuns: 300, endOnFailure: true },
    );
  });
});

/** The generated document with a default on some fields (a value of the field's kind, or any JSON). */
const withDefaults = documents.chain((d) =>
  fc
    .tuple(
      ...Object.keys(d.schema.properties).map(() =>
        fc.option(
          fc.oneof(fc.constantFrom<unknown>('Red', 'Green', 'a', ' ', '2025-01-01', '10:00', 0, 5, true, false, ['Red'], ['Blue', 'Green']), fc.jsonValue()),
          {
            nil: undefined,
          },
        ),
      ),
    )
    .map((defaults) => {
      const properties = Object.fromEntries(
        Object.entries(d.schema.properties).map(([k, s], i) => [k, defaults[i] === undefined ? s : { ...s, default: defaults[i] }]),
      ) as Record<string, FieldSchema>;
      return { ...d, schema: { ...d.schema, properties } } as FormDocument;
    }),
);

describe('defaults through generated rules and chains (property)', () => {
  it('never replace an answer, fill every field in view that has one, settle in one call, and prune as any answer', () => {
    fc.assert(
      fc.property(
        withDefaults.chain((d) => fc.tuple(fc.constant(d), answers(d), params)),
        ([d, data, p]) => {
          for (const doc of [d, asGroup(d)]) {
            const nested = doc === d ? data : { [G]: data };
            const at = (x: Record<string, unknown>, f: string) => (doc === d ? x[f] : (x[G] as Record<string, unknown> | undefined)?.[f]);
            const path = (f: string) => (doc === d ? f : `${G}.${f}`);
            const r = applyDefaults(doc, nested, p, undefined, TODAY);
            const vis = compileDocument(doc).evaluate(r.data, p, TODAY);
            for (const [f, s] of Object.entries(d.schema.properties)) {
              const before = at(nested, f);
              const answered = hasValue(before, false) && !(Array.isArray(before) && before.length === 0);
              if (answered) expect(at(r.data, f)).toEqual(before);
              else if (s.default !== undefined && vis.visible.has(path(f)) && !vis.disabled.has(path(f))) expect(at(r.data, f)).toEqual(s.default);
            }
            // Settled: a second call changes nothing.
            expect(applyDefaults(doc, r.data, p, r.shown, TODAY).changed).toEqual([]);
            const sent = prune(doc, r.data, p, TODAY).data;
            const sentVis = compileDocument(doc).evaluate(sent, p, TODAY);
            for (const f of Object.keys(d.schema.properties)) if (at(sent, f) !== undefined) expect(sentVis.visible.has(path(f))).toBe(true);
          }
        },
      ),
      { numRuns: 200, endOnFailure: true },
    );
  });
});

describe('read-only values through generated rules (property)', () => {
  it('validate refuses exactly the shown read-only fields holding another value; applyDefaults puts them back', () => {
    const cases = documents.chain((d) =>
      fc.tuple(
        fc.constant(d),
        fc.subarray(Object.keys(d.schema.properties).filter((k) => d.schema.properties[k]?.type === 'string' && !d.schema.properties[k]?.format)),
        answers(d),
      ),
    );
    fc.assert(
      fc.property(cases, ([base, fixed, data]) => {
        const properties = Object.fromEntries(
          Object.entries(base.schema.properties).map(([k, s]) => [k, fixed.includes(k) ? { type: 'string', readOnly: true, default: 'Set' } : s]),
        ) as Record<string, FieldSchema>;
        const d = { ...base, schema: { ...base.schema, properties } } as FormDocument;
        for (const doc of [d, asGroup(d)]) {
          const nested = doc === d ? data : { [G]: data };
          const path = (f: string) => (doc === d ? f : `${G}.${f}`);
          // In view and enabled (a disabled field's answer counts as cleared).
          const vis = compileDocument(doc).evaluate(nested, {}, TODAY);
          const shown = new Set([...vis.visible].filter((f) => !vis.disabled.has(f)));
          const refused = validate(doc, nested, { today: TODAY })
            .filter((e) => e.message === 'This answer cannot be changed.')
            .map((e) => e.path);
          const changed = fixed.filter((f) => {
            const v = data[f];
            // Blank text claims nothing; text is compared as it will be sent (normalised).
            const given = typeof v === 'string' ? normaliseText(v) : v;
            return shown.has(path(f)) && given !== undefined && given !== null && given !== '' && given !== 'Set';
          });
          expect(refused.sort()).toEqual(changed.map(path).sort());
          const held = applyDefaults(doc, nested, {}, undefined, TODAY).data;
          expect(validate(doc, held, { today: TODAY }).filter((e) => e.message === 'This answer cannot be changed.')).toEqual([]);
        }
      }),
      { numRuns: 300, endOnFailure: true },
    );
  });
});
