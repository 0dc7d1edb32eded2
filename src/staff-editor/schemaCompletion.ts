// Completion from the meta-schema as you type, in the staff editor: the keys an object may have
// here (with their descriptions), and the values a key allows (enum, const, booleans). The place
// is read from the JSON syntax tree (the keys and array positions from the top down to the cursor).
import type { CompletionContext, CompletionResult, Completion } from '@codemirror/autocomplete';
import { syntaxTree } from '@codemirror/language';
import type { SyntaxNode } from '@lezer/common';

type Schema = Record<string, unknown>;
const isObj = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The meta-schemas by file name: a $ref may name another file ("form-document.schema.json#/definitions/…"). */
export type SchemaFiles = Record<string, Schema>;

function deref(files: SchemaFiles, file: string, schema: Schema, depth = 0): Array<{ file: string; schema: Schema }> {
  if (depth > 20) return [];
  const out: Array<{ file: string; schema: Schema }> = [];
  if (typeof schema.$ref === 'string') {
    const [refFile, pointer = ''] = schema.$ref.split('#');
    const target = refFile ? refFile : file;
    let node: unknown = files[target];
    for (const part of pointer.split('/').filter(Boolean)) node = isObj(node) ? node[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    if (isObj(node)) out.push(...deref(files, target, node, depth + 1));
  } else out.push({ file, schema });
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list)) for (const s of list) if (isObj(s)) out.push(...deref(files, file, s, depth + 1));
  }
  if (isObj(schema.then)) out.push(...deref(files, file, schema.then, depth + 1));
  if (isObj(schema.else)) out.push(...deref(files, file, schema.else, depth + 1));
  return out;
}

/** The schemas that may describe the value at `path` (keys and array indexes from the top). */
function schemasAt(files: SchemaFiles, rootFile: string, path: ReadonlyArray<string | number>): Array<{ file: string; schema: Schema }> {
  let current = deref(files, rootFile, files[rootFile] ?? {});
  for (const segment of path) {
    const next: Array<{ file: string; schema: Schema }> = [];
    for (const { file, schema } of current) {
      let child: unknown;
      if (typeof segment === 'number') child = isObj(schema.items) ? schema.items : undefined;
      else {
        const props = isObj(schema.properties) ? schema.properties : {};
        child = props[segment];
        if (child === undefined && isObj(schema.patternProperties)) {
          child = Object.entries(schema.patternProperties).find(([pattern]) => new RegExp(pattern, 'u').test(segment))?.[1];
        }
        if (child === undefined && isObj(schema.additionalProperties)) child = schema.additionalProperties;
      }
      if (isObj(child)) next.push(...deref(files, file, child));
    }
    current = next;
  }
  return current;
}

/** Where the cursor's node sits: the keys and indexes from the top down to it. */
function pathOf(node: SyntaxNode | null, text: (from: number, to: number) => string): Array<string | number> {
  const path: Array<string | number> = [];
  for (let n = node; n; n = n.parent) {
    const parent = n.parent;
    if (n.name === 'Property') {
      const name = n.getChild('PropertyName');
      if (name) path.unshift(JSON.parse(text(name.from, name.to)) as string);
    } else if (parent?.name === 'Array' && n.name !== '[' && n.name !== ']' && n.name !== ',') {
      let index = 0;
      for (let s = n.prevSibling; s; s = s.prevSibling) if (s.name !== '[' && s.name !== ',' && s.name !== '⚠') index++;
      path.unshift(index);
    }
  }
  return path;
}

const describe = (s: Schema) => (typeof s.description === 'string' ? s.description : undefined);

function keyOptions(schemas: ReadonlyArray<{ file: string; schema: Schema }>, files: SchemaFiles, present: Set<string>): Completion[] {
  const seen = new Map<string, Completion>();
  for (const { file, schema } of schemas) {
    if (!isObj(schema.properties)) continue;
    for (const [key, raw] of Object.entries(schema.properties)) {
      if (present.has(key) || seen.has(key) || !isObj(raw)) continue;
      const info =
        deref(files, file, raw)
          .map((d) => describe(d.schema))
          .find(Boolean) ?? describe(raw);
      seen.set(key, { label: JSON.stringify(key), type: 'property', ...(info ? { info } : {}) });
    }
  }
  return [...seen.values()];
}

function valueOptions(schemas: ReadonlyArray<{ file: string; schema: Schema }>): Completion[] {
  const values = new Set<string>();
  for (const { schema } of schemas) {
    if (Array.isArray(schema.enum)) for (const v of schema.enum) values.add(JSON.stringify(v));
    if (schema.const !== undefined) values.add(JSON.stringify(schema.const));
    if (schema.type === 'boolean') ['true', 'false'].forEach((v) => values.add(v));
    if (Array.isArray(schema.examples)) for (const v of schema.examples) if (typeof v === 'string') values.add(JSON.stringify(v));
  }
  return [...values].map((label) => ({ label, type: 'constant' }));
}

/** A completion source for a document described by `files[rootFile]`. */
export function schemaCompletion(files: SchemaFiles, rootFile: string) {
  return (context: CompletionContext): CompletionResult | null => {
    const text = (from: number, to: number) => context.state.sliceDoc(from, to);
    const node = syntaxTree(context.state).resolveInner(context.pos, -1);
    const word = context.matchBefore(/"?[\w$:.-]*"?/);
    const from = word ? word.from : context.pos;
    // A key: inside an object, typing a property name (or at an empty spot of the object).
    const inName = node.name === 'PropertyName' || (node.name === 'Object' && !!word);
    const object = node.name === 'PropertyName' ? node.parent?.parent : node.name === 'Object' ? node : node.parent?.name === 'Object' ? node.parent : null;
    if ((inName || node.name === 'Object') && object?.name === 'Object') {
      const present = new Set<string>();
      for (let c = object.firstChild; c; c = c.nextSibling) {
        const name = c.name === 'Property' ? c.getChild('PropertyName') : null;
        if (name && !(name.from <= context.pos && context.pos <= name.to)) present.add(JSON.parse(text(name.from, name.to)) as string);
      }
      const options = keyOptions(schemasAt(files, rootFile, pathOf(object, text)), files, present);
      return options.length > 0 || context.explicit ? { from, options, validFor: /^"?[\w$:.-]*"?$/ } : null;
    }
    // A value: after a key's colon.
    const property = node.name === 'Property' ? node : node.parent?.name === 'Property' ? node.parent : null;
    if (property) {
      const options = valueOptions(schemasAt(files, rootFile, pathOf(property, text)));
      return options.length > 0 ? { from, options, validFor: /^"?[\w$:.-]*"?$/ } : null;
    }
    return null;
  };
}
