// Groups, "add another" lists and local $ref: the document as configurers write it, seen as the
// flat fields the rules, validation and pruning work on (renderer/README.md, "Groups, lists and reuse").
//
// - A property of `type: "object"` with `properties` is a **group**: its fields are fields of the
//   form under a dotted path (`address.postcode`), answers nest (`{ address: { postcode } }`).
// - An array whose items are objects, or plain strings / numbers without options, is a **list**
//   (one field holding an array); each item is answered against its own small document
//   (`itemDocument`), so rules, validation and pruning work inside an item as on a form.
// - `$ref` to `#/definitions/<name>` (or `#/$defs/<name>`) of the document's schema is replaced by
//   that definition, keywords beside the `$ref` winning. Remote references, unknown targets and
//   cycles are problems with their JSON path.
//
// Beside this file: dotted paths into answers (paths.ts), $ref resolution (refs.ts) and the
// item document of a list (listItems.ts).
import { WIDGETS, type DocumentProblem, type FieldSchema, type FormDocument, type FormSchema, type UiField } from './types';
import { isPlainObject } from './text';
import { define, esc, type Obj } from './paths';
import { walk } from './refs';
import { ITEM_FIELD, itemDocument } from './listItems';

export { ITEM_FIELD };

export interface GroupInfo {
  path: string;
  schema: Obj;
  /** Direct children, as paths (a leaf field, a list or a nested group). */
  children: string[];
  /** JSON pointer of the group's schema in the document. */
  pointer: string;
}

export interface ListInfo {
  path: string;
  schema: FieldSchema;
  /** Whether each item is a group of fields (objects) or one value (strings / numbers). */
  itemKind: 'object' | 'scalar';
  /** The document one item is answered against; a scalar item's single field is ITEM_FIELD. */
  itemDoc: FormDocument;
  pointer: string;
}

export interface Structure {
  /** The document with groups flattened (dotted field names), refs resolved and item rules moved into their lists. */
  flat: FormDocument;
  groups: Map<string, GroupInfo>;
  lists: Map<string, ListInfo>;
  /** Each flat field's JSON pointer in the original document. */
  pointers: Map<string, string>;
  /** Each flat field's enclosing groups, outermost first. */
  ancestors: Map<string, string[]>;
  /** The document's schema with every $ref resolved, still nested (generated types read it). */
  resolved: FormSchema;
  /** Whether the document has any group, list or $ref (otherwise `flat.schema` is its own schema, field for field). */
  nested: boolean;
  /** Page entry → the flat fields it stands for (a group stands for all its fields). */
  expand: (name: string) => string[];
  problems: DocumentProblem[];
}

export function isGroupSchema(s: unknown): s is Obj & { properties: Obj } {
  return isPlainObject(s) && s.type === 'object' && isPlainObject(s.properties);
}

/** An array that is not a multi-choice question: its items are objects, or values without options. */
export function isListSchema(s: unknown): boolean {
  if (!isPlainObject(s) || s.type !== 'array' || !isPlainObject(s.items)) return false;
  const items = s.items;
  if (isGroupSchema(items) || items.type === 'object') return true;
  return (items.type === 'string' || items.type === 'number' || items.type === 'integer') && !Array.isArray(items.enum) && !Array.isArray(items.oneOf);
}

// ---- flattening ---------------------------------------------------------------------------

const cache = new WeakMap<object, Structure>();

export function structureOf(doc: FormDocument): Structure {
  if (!isPlainObject(doc)) return build({} as FormDocument);
  let st = cache.get(doc);
  if (!st) {
    st = build(doc);
    cache.set(doc, st);
  }
  return st;
}

function build(doc: FormDocument): Structure {
  const problems: DocumentProblem[] = [];
  const rawSchema: Obj = isPlainObject(doc.schema) ? (doc.schema as unknown as Obj) : {};
  const schema = walk(rawSchema, rawSchema, '/schema', [], problems);
  const groups = new Map<string, GroupInfo>();
  const lists = new Map<string, ListInfo>();
  const pointers = new Map<string, string>();
  const ancestors = new Map<string, string[]>();
  const flatProps: Record<string, FieldSchema> = {};
  const flatRequired: string[] = [];
  const topRequired = Array.isArray(schema.required) ? schema.required : [];

  const visit = (props: Obj, required: unknown[], prefix: string, pointer: string, above: string[]): string[] => {
    const children: string[] = [];
    for (const [name, s] of Object.entries(props)) {
      const path = prefix ? `${prefix}.${name}` : name;
      const ptr = `${pointer}/properties/${esc(name)}`;
      children.push(path);
      if (name.includes('.'))
        problems.push({ path: ptr, message: `a field name cannot contain "." (dots separate a group from its fields): ${JSON.stringify(name)}` });
      if (isGroupSchema(s)) {
        const info: GroupInfo = { path, schema: s, children: [], pointer: ptr };
        groups.set(path, info);
        info.children = visit(s.properties, Array.isArray(s.required) ? s.required : [], path, ptr, [...above, path]);
        continue;
      }
      pointers.set(path, ptr);
      ancestors.set(path, above);
      if (prefix !== '' && required.includes(name)) flatRequired.push(path);
      if (isPlainObject(s) && s.type === 'array' && isPlainObject(s.items) && s.items.type === 'object' && !isPlainObject(s.items.properties)) {
        problems.push({ path: `${ptr}/items`, message: 'an "add another" list of objects needs items.properties (the fields of one item)' });
      }
      // An array an app's own widget draws whole (photos: a list of ids) is one field, not an "add another" list.
      const appWidget = (doc.uiSchema as Record<string, UiField | undefined> | undefined)?.[path]?.['ui:widget'];
      if (isListSchema(s) && !(typeof appWidget === 'string' && !(WIDGETS as readonly string[]).includes(appWidget))) {
        const ls = s as unknown as FieldSchema & { items: Obj };
        const itemKind = isGroupSchema(ls.items) ? 'object' : 'scalar';
        lists.set(path, { path, schema: ls, itemKind, itemDoc: itemDocument(doc, path, ls, itemKind), pointer: ptr });
        // The list's own checks (how many items); each item is checked against its item document.
        define(flatProps, path, { ...ls, items: { type: String(ls.items.type) } } as unknown as FieldSchema);
      } else {
        define(flatProps, path, s as unknown as FieldSchema);
      }
    }
    return children;
  };
  const props = isPlainObject(schema.properties) ? schema.properties : {};
  // The document's own required list first, as written (a group named there is dropped below), then the groups' fields.
  for (const r of topRequired) flatRequired.push(r as string);
  visit(props, topRequired, '', '/schema', []);

  const expand = (name: string): string[] => {
    const g = groups.get(name);
    if (!g) return [name];
    return g.children.flatMap(expand);
  };

  const inList = (key: string) => [...lists.keys()].some((l) => key.startsWith(`${l}.`));
  const keep = (obj: unknown): Obj | undefined => {
    if (!isPlainObject(obj)) return undefined;
    const out: Obj = {};
    for (const [k, v] of Object.entries(obj)) if (!inList(k)) define(out, k, v);
    return out;
  };
  const flatSchema: FormSchema = { type: 'object', required: flatRequired, properties: flatProps };
  if (rawSchema.additionalProperties !== undefined) flatSchema.additionalProperties = rawSchema.additionalProperties as boolean;
  const flat: FormDocument = {
    ...doc,
    pages: Array.isArray(doc.pages)
      ? doc.pages.map((p) =>
          isPlainObject(p) && Array.isArray(p.fields) ? { ...p, fields: p.fields.flatMap((f) => (typeof f === 'string' ? expand(f) : [f])) } : p,
        )
      : doc.pages,
    schema: flatSchema,
  };
  const rules = keep(doc.rules);
  const ui = keep(doc.uiSchema);
  if (rules) flat.rules = rules as FormDocument['rules'];
  if (ui) flat.uiSchema = ui as FormDocument['uiSchema'];
  // Required names that are groups: every field of the group is asked (its own `required` decides which are required).
  flatSchema.required = flatRequired.filter((r) => !(typeof r === 'string' && groups.has(r)));
  const nested = groups.size > 0 || lists.size > 0 || JSON.stringify(rawSchema).includes('"$ref"');
  return { flat, resolved: schema as unknown as FormSchema, nested, groups, lists, pointers, ancestors, expand, problems };
}
