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
import { WIDGETS, type DocumentProblem, type FieldSchema, type FormDocument, type FormSchema, type UiField } from './types';
import { isPlainObject, own } from './text';

type Obj = Record<string, unknown>;

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

/** The single field of a scalar list's item document (its answer is the item itself). */
export const ITEM_FIELD = 'item';

const esc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

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

/** Reads a dotted path out of nested answers (own properties only). */
export function readPath(data: unknown, path: string): unknown {
  if (!path.includes('.')) return isPlainObject(data) ? own(data, path) : undefined;
  let cur: unknown = data;
  for (const seg of path.split('.')) {
    if (!isPlainObject(cur)) return undefined;
    cur = own(cur, seg);
  }
  return cur;
}

/** Writes a dotted path into nested answers, creating groups on the way (mutates `data`). */
export function writePath(data: Obj, path: string, value: unknown): void {
  const segs = path.split('.');
  let cur = data;
  for (let i = 0; i < segs.length - 1; i++) {
    const s = segs[i]!;
    let next = own(cur, s);
    if (!isPlainObject(next)) {
      next = {};
      define(cur, s, next);
    }
    cur = next as Obj;
  }
  define(cur, segs[segs.length - 1]!, value);
}

function define(obj: Obj, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}

/** A copy of nested answers with one dotted path set (undefined removes it); shares untouched branches. */
export function withPath(data: Obj, path: string, value: unknown): Obj {
  const [head, ...rest] = path.split('.');
  const out: Obj = { ...data };
  if (rest.length === 0) {
    if (value === undefined) delete out[head!];
    else define(out, head!, value);
    return out;
  }
  const child = own(data, head!);
  const inner = withPath(isPlainObject(child) ? child : {}, rest.join('.'), value);
  define(out, head!, inner);
  return out;
}

// ---- $ref -------------------------------------------------------------------------------

function resolveRefs(node: unknown, root: Obj, pointer: string, stack: string[], problems: DocumentProblem[]): unknown {
  if (!isPlainObject(node)) return node;
  let base: Obj = node;
  if (node.$ref !== undefined) {
    const ref = node.$ref;
    const { $ref: _drop, ...siblings } = node;
    const target = typeof ref === 'string' ? refTarget(root, ref) : undefined;
    if (typeof ref !== 'string' || !/^#\/(definitions|\$defs)\/[^/]+$/.test(ref)) {
      problems.push({
        path: `${pointer}/$ref`,
        message: `only local references to a definition are allowed ("#/definitions/<name>" in this document's schema; found ${JSON.stringify(ref)})`,
      });
      base = siblings;
    } else if (stack.includes(ref)) {
      problems.push({ path: `${pointer}/$ref`, message: `$ref cycle: ${[...stack, ref].join(' -> ')}` });
      return siblings;
    } else if (target === undefined) {
      const defs = Object.keys({ ...(isPlainObject(root.definitions) ? root.definitions : {}), ...(isPlainObject(root.$defs) ? root.$defs : {}) });
      problems.push({
        path: `${pointer}/$ref`,
        message: `${JSON.stringify(ref)} names no definition of this document (definitions: ${defs.join(', ') || 'none'})`,
      });
      base = siblings;
    } else {
      const resolved = resolveRefs(target, root, pointer, [...stack, ref], problems);
      base = { ...(isPlainObject(resolved) ? resolved : {}), ...siblings };
      return walk(base, root, pointer, [...stack, ref], problems);
    }
  }
  return walk(base, root, pointer, stack, problems);
}

function walk(node: Obj, root: Obj, pointer: string, stack: string[], problems: DocumentProblem[]): Obj {
  let out = node;
  if (isPlainObject(node.properties)) {
    const props: Obj = {};
    for (const [k, v] of Object.entries(node.properties)) define(props, k, resolveRefs(v, root, `${pointer}/properties/${esc(k)}`, stack, problems));
    out = { ...out, properties: props };
  }
  if (isPlainObject(node.items)) out = { ...out, items: resolveRefs(node.items, root, `${pointer}/items`, stack, problems) };
  return out;
}

function refTarget(root: Obj, ref: string): unknown {
  const [, where, name] = ref.split('/');
  const defs = where === '$defs' ? root.$defs : root.definitions;
  return isPlainObject(defs) ? own(defs, name!.replace(/~1/g, '/').replace(/~0/g, '~')) : undefined;
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

function itemDocument(doc: FormDocument, path: string, schema: FieldSchema & { items: Obj }, itemKind: 'object' | 'scalar'): FormDocument {
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
