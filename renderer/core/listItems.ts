// The small document each item of an "add another" list is answered against: the list's item
// schema as its fields, and the rules and uiSchema keyed `list.field` with the prefix taken off,
// so rules, validation and pruning work inside an item as on a form.
import type { FieldSchema, FormDocument, UiField } from './types';
import { isPlainObject, own } from './text';
import { define, type Obj } from './paths';

/** The single field of a scalar list's item document (its answer is the item itself). */
export const ITEM_FIELD = 'item';

/** Entries of a path-keyed object (rules, uiSchema) under `prefix.`, with the prefix taken off. */
function under(obj: unknown, prefix: string): Obj {
  const out: Obj = {};
  if (!isPlainObject(obj)) return out;
  for (const [k, v] of Object.entries(obj)) if (k.startsWith(`${prefix}.`)) define(out, k.slice(prefix.length + 1), v);
  return out;
}

function stripConditions(conds: unknown, prefix: string): unknown {
  if (!Array.isArray(conds)) return conds;
  return conds.map((c) =>
    isPlainObject(c) && typeof c.question === 'string' && c.question.startsWith(`${prefix}.`) ? { ...c, question: c.question.slice(prefix.length + 1) } : c,
  );
}

/** An item's rules: keyed and reading by paths inside the item. */
function itemRules(rules: unknown, prefix: string): Obj {
  const out: Obj = {};
  for (const [k, rule] of Object.entries(under(rules, prefix))) {
    if (!isPlainObject(rule)) {
      define(out, k, rule);
      continue;
    }
    const r: Obj = { ...rule, enableWhen: stripConditions(rule.enableWhen, prefix), disableWhen: stripConditions(rule.disableWhen, prefix) };
    if (rule.enableWhen === undefined) delete r.enableWhen;
    if (rule.disableWhen === undefined) delete r.disableWhen;
    if (isPlainObject(rule.options)) {
      const opts: Obj = {};
      for (const [o, orule] of Object.entries(rule.options))
        define(opts, o, isPlainObject(orule) ? { ...orule, enableWhen: stripConditions(orule.enableWhen, prefix) } : orule);
      r.options = opts;
    }
    define(out, k, r);
  }
  return out;
}

export function itemDocument(doc: FormDocument, path: string, schema: FieldSchema & { items: Obj }, itemKind: 'object' | 'scalar'): FormDocument {
  const title = typeof schema.title === 'string' ? schema.title : path;
  const base = {
    id: `${typeof doc.id === 'string' ? doc.id : ''}.${path}`,
    title,
    ...(isPlainObject(doc.parameters) ? { parameters: doc.parameters } : {}),
    ...(isPlainObject(doc.messages) ? { messages: doc.messages } : {}),
  };
  if (itemKind === 'object') {
    const items = schema.items as Obj & { properties: Obj };
    return {
      ...base,
      pages: [{ title, fields: Object.keys(items.properties) }],
      schema: {
        type: 'object',
        required: Array.isArray(items.required) ? (items.required as string[]) : [],
        properties: items.properties as Record<string, FieldSchema>,
      },
      uiSchema: under(doc.uiSchema, path) as Record<string, UiField>,
      rules: itemRules(doc.rules, path) as FormDocument['rules'],
    };
  }
  const ui = isPlainObject(doc.uiSchema) ? own(doc.uiSchema, `${path}.${ITEM_FIELD}`) : undefined;
  return {
    ...base,
    pages: [{ title, fields: [ITEM_FIELD] }],
    schema: { type: 'object', required: [], properties: { [ITEM_FIELD]: schema.items as unknown as FieldSchema } },
    uiSchema: isPlainObject(ui) ? { [ITEM_FIELD]: ui as UiField } : {},
  };
}
