// Generated single-page forms for the renderer benchmark (`npm run bench:renderer`).
// The same form is produced twice: as our form document (renderer/core/types.ts) and the way a
// plain @rjsf/core form expresses it (a JSON Schema whose dependent fields live in `allOf` of
// `if/then`, plus a uiSchema). Both have the same fields, in the same order, with the same
// behaviour: every tenth field is a yes/no question whose "Yes" reveals a required detail field.

import type { FieldSchema, FormDocument, UiField } from '../renderer/core/types';

export const CHOICES = ['Rarely', 'Sometimes', 'Often', 'Always'];

/** The kind of field at each position of a block of ten. Position 9 is the revealing yes/no. */
const CYCLE = ['text', 'choice', 'boolean', 'number', 'date', 'text', 'choice', 'number', 'text', 'reveal'] as const;
export type GeneratedKind = (typeof CYCLE)[number];

export interface GeneratedField {
  name: string;
  kind: GeneratedKind;
  title: string;
  /** For a `reveal` field: the name of the required detail field its "Yes" shows. */
  detail?: string;
}

export interface RjsfForm {
  schema: Record<string, unknown>;
  uiSchema: Record<string, unknown>;
}

export interface GeneratedForms {
  /** The fields shown at first, in order (details are not counted: they start hidden). */
  fields: GeneratedField[];
  doc: FormDocument;
  rjsf: RjsfForm;
}

export function fieldName(i: number): string {
  return `f${String(i + 1).padStart(4, '0')}`;
}

export function generateFields(n: number): GeneratedField[] {
  const fields: GeneratedField[] = [];
  for (let i = 0; i < n; i += 1) {
    const kind = CYCLE[i % CYCLE.length] as GeneratedKind;
    const name = fieldName(i);
    const field: GeneratedField = { name, kind, title: `Question ${i + 1}` };
    if (kind === 'reveal') field.detail = `${name}_detail`;
    fields.push(field);
  }
  return fields;
}

function ourSchema(kind: GeneratedKind, title: string): FieldSchema {
  switch (kind) {
    case 'text':
      return { type: 'string', title, maxLength: 200 };
    case 'choice':
      return { type: 'string', title, enum: [...CHOICES] };
    case 'boolean':
    case 'reveal':
      return { type: 'boolean', title };
    case 'number':
      return { type: 'number', title, minimum: 0, maximum: 1000 };
    case 'date':
      return { type: 'string', title, format: 'date' };
  }
}

/** Our form document: one page, `rules` with `enableWhen … EQ true` on each detail field. */
export function ourDocument(n: number, fields = generateFields(n)): FormDocument {
  const properties: Record<string, FieldSchema> = {};
  const order: string[] = [];
  const uiSchema: Record<string, UiField> = {};
  const rules: NonNullable<FormDocument['rules']> = {};
  const required: string[] = [];
  for (const f of fields) {
    properties[f.name] = ourSchema(f.kind, f.title);
    order.push(f.name);
    if (f.kind === 'choice') uiSchema[f.name] = { 'ui:widget': 'radio' };
    if (f.kind === 'boolean' || f.kind === 'reveal') uiSchema[f.name] = { 'ui:widget': 'yesNo' };
    if (f.detail) {
      properties[f.detail] = { type: 'string', title: `Give details for question ${f.title.slice('Question '.length)}`, maxLength: 200 };
      order.push(f.detail);
      required.push(f.detail);
      rules[f.detail] = { enableWhen: [{ question: f.name, operator: 'EQ', answer: true }] };
    }
  }
  return {
    id: `BENCH_${n}`,
    title: `Benchmark form with ${n} fields`,
    pages: [{ title: `Benchmark form with ${n} fields`, fields: order }],
    schema: { type: 'object', required, properties },
    uiSchema,
    rules,
  };
}

function rjsfProperty(kind: GeneratedKind, title: string): Record<string, unknown> {
  // The same JSON Schema keywords as ours; rjsf reads them with its own default widgets.
  return { ...ourSchema(kind, title) };
}

/**
 * The plain-rjsf form: base fields in `properties`, each detail field in an
 * `allOf: [{ if: { properties: { b: { const: true } }, required: [b] }, then: { properties: { d }, required: [d] } }]`,
 * and `ui:order` listing every field (details right after their question; rjsf drops the
 * names that are not in the resolved schema).
 */
export function rjsfForm(n: number, fields = generateFields(n)): RjsfForm {
  const properties: Record<string, unknown> = {};
  const uiSchema: Record<string, unknown> = {};
  const order: string[] = [];
  const allOf: unknown[] = [];
  for (const f of fields) {
    properties[f.name] = rjsfProperty(f.kind, f.title);
    order.push(f.name);
    if (f.kind === 'choice') uiSchema[f.name] = { 'ui:widget': 'radio' };
    if (f.kind === 'boolean' || f.kind === 'reveal') uiSchema[f.name] = { 'ui:widget': 'radio', 'ui:options': { inline: true } };
    if (f.detail) {
      order.push(f.detail);
      allOf.push({
        if: { properties: { [f.name]: { const: true } }, required: [f.name] },
        then: {
          properties: { [f.detail]: { type: 'string', title: `Give details for question ${f.title.slice('Question '.length)}`, maxLength: 200 } },
          required: [f.detail],
        },
      });
    }
  }
  uiSchema['ui:order'] = order;
  return {
    schema: { type: 'object', title: `Benchmark form with ${n} fields`, properties, ...(allOf.length > 0 ? { allOf } : {}) },
    uiSchema,
  };
}

export function generateForms(n: number): GeneratedForms {
  const fields = generateFields(n);
  return { fields, doc: ourDocument(n, fields), rjsf: rjsfForm(n, fields) };
}

// ---- the nested form: 20 groups and a 50-item "add another" list ------------------------------

/** Groups in the nested form, fields in each (one block of ten: the last a revealing yes/no). */
export const NESTED_GROUPS = 20;
export const NESTED_GROUP_FIELDS = 10;
/** Items the nested form's "add another" list starts with (filled in, as a restored draft would be). */
export const NESTED_ITEMS = 50;
export const LIST_NAME = 'medicines';
export const ITEM_FIELDS = ['name', 'strength', 'howOften'] as const;

export const groupName = (g: number): string => `g${String(g + 1).padStart(2, '0')}`;

/** A field of the nested form by its path: `g01.f0001` (a group's field) or `medicines.24.name`. */
export interface NestedForms {
  /** Each group's fields (names inside the group). */
  groups: Array<{ name: string; title: string; fields: GeneratedField[] }>;
  /** The list's starting items. */
  items: Array<Record<(typeof ITEM_FIELDS)[number], string>>;
  doc: FormDocument;
  data: Record<string, unknown>;
  rjsf: RjsfForm & { formData: Record<string, unknown> };
}

export function nestedForms(): NestedForms {
  const all = generateFields(NESTED_GROUPS * NESTED_GROUP_FIELDS);
  const groups = Array.from({ length: NESTED_GROUPS }, (_, g) => ({
    name: groupName(g),
    title: `Group ${g + 1}`,
    fields: all.slice(g * NESTED_GROUP_FIELDS, (g + 1) * NESTED_GROUP_FIELDS),
  }));
  const items = Array.from({ length: NESTED_ITEMS }, (_, i) => ({ name: `Medicine ${i + 1}`, strength: `${(i + 1) * 10} mg`, howOften: 'Twice a day' }));
  const itemProps = {
    name: { type: 'string', title: 'Name', maxLength: 100 },
    strength: { type: 'string', title: 'Strength', maxLength: 50 },
    howOften: { type: 'string', title: 'How often', maxLength: 50 },
  } as const;
  const list = {
    type: 'array',
    title: 'Your medicines',
    minItems: 1,
    maxItems: 60,
    items: { type: 'object', title: 'Medicine', required: ['name'], properties: itemProps },
  };

  // Ours: each group a `type: object` property; its reveal rule keyed and reading by dotted paths.
  const properties: Record<string, FieldSchema> = {};
  const uiSchema: Record<string, UiField> = {};
  const rules: NonNullable<FormDocument['rules']> = {};
  for (const g of groups) {
    const sub = ourDocument(g.fields.length, g.fields);
    properties[g.name] = { type: 'object', title: g.title, required: sub.schema.required, properties: sub.schema.properties } as unknown as FieldSchema;
    for (const [k, v] of Object.entries(sub.uiSchema ?? {})) uiSchema[`${g.name}.${k}`] = v;
    for (const [k, r] of Object.entries(sub.rules ?? {}))
      rules[`${g.name}.${k}`] = { enableWhen: (r.enableWhen ?? []).map((c) => ({ ...c, question: `${g.name}.${c.question}` })) };
  }
  properties[LIST_NAME] = list as unknown as FieldSchema;
  uiSchema[LIST_NAME] = { 'ui:options': { addLabel: 'Add another medicine' } };
  const doc: FormDocument = {
    id: 'BENCH_NESTED',
    title: 'Benchmark form with groups and a list',
    pages: [{ title: 'Benchmark form with groups and a list', fields: [...groups.map((g) => g.name), LIST_NAME] }],
    schema: { type: 'object', required: [], properties },
    uiSchema,
    rules,
  };

  // rjsf: each group a nested object with its own allOf of if/then; the list an array of objects.
  const rjsfProps: Record<string, unknown> = {};
  const rjsfUi: Record<string, unknown> = {};
  for (const g of groups) {
    const sub = rjsfForm(g.fields.length, g.fields);
    const { title: _title, ...schema } = sub.schema;
    rjsfProps[g.name] = { ...schema, title: g.title };
    rjsfUi[g.name] = sub.uiSchema;
  }
  rjsfProps[LIST_NAME] = list;
  return {
    groups,
    items,
    doc,
    data: { [LIST_NAME]: items },
    rjsf: { schema: { type: 'object', title: doc.title, properties: rjsfProps }, uiSchema: rjsfUi, formData: { [LIST_NAME]: items } },
  };
}
