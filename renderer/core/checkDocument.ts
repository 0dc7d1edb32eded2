// checkDocument: everything a configurer can get wrong in a form document that a meta-schema
// cannot see, each with the JSON path of the offending value. Never throws: it is fed
// whatever JSON a configurer saved. One module per concern under check/, run in this order
// (the order of the problems reported): parameters, field schemas, rules, pages, UI schema,
// constraints, message keys.
import type { DocumentProblem, FormDocument, WidgetDeclarations } from './types';
import { structureOf, type Structure } from './structure';
import { isPlainObject } from './text';
import { conditionChecker } from './check/conditions';
import { checkConstraints } from './check/constraints';
import { makeContext, type Obj } from './check/context';
import { checkFieldSchemas } from './check/fieldSchemas';
import { checkMessageKeys } from './check/messageKeys';
import { checkPages } from './check/pages';
import { checkParameters } from './check/parameters';
import { checkRules } from './check/rules';
import { checkUiSchema } from './check/uiSchema';
import { rjsfProblems } from './check/rjsf';

export interface CheckDocumentOptions {
  /** The app's own widgets (renderer/core/widgets.ts): their names are accepted as ui:widget. */
  widgets?: WidgetDeclarations;
}

export function checkDocument(doc: unknown, options: CheckDocumentOptions = {}): DocumentProblem[] {
  const problems: DocumentProblem[] = [];
  try {
    run(doc, problems, options);
  } catch (e) {
    problems.push({ path: '', message: `the document could not be checked: ${e instanceof Error ? e.message : String(e)}` });
  }
  return problems;
}

function run(doc: unknown, out: DocumentProblem[], options: CheckDocumentOptions): void {
  const add = (path: string, message: string) => out.push({ path, message });
  if (!isPlainObject(doc)) {
    add('', 'a form document must be a JSON object');
    return;
  }
  if (typeof doc.id !== 'string' || doc.id === '') add('/id', 'id must be a non-empty string');
  if (typeof doc.title !== 'string') add('/title', 'title must be a string');
  const schema = doc.schema;
  if (!isPlainObject(schema)) {
    add('/schema', 'schema must be an object with type "object" and properties');
    return;
  }
  if (!isPlainObject(schema.properties)) {
    add('/schema/properties', 'schema.properties must be an object: one property per field');
    return;
  }
  // Groups, lists and $ref are checked on the flat document (structure.ts); problems name the original JSON paths.
  const st = structureOf(doc as unknown as FormDocument);
  for (const p of st.problems) add(p.path, p.message);
  for (const p of rjsfProblems(doc)) add(p.path, p.message);
  const flat = st.flat as unknown as Obj;
  const found: DocumentProblem[] = [];
  const ctx = makeContext(flat, (flat.schema as Obj).properties as Obj, found, st);
  runChecks(ctx, options);
  for (const p of found) add(originalPath(st, p.path), p.message);
  for (const list of st.lists.values()) {
    for (const p of checkDocument(list.itemDoc, options)) {
      const path = itemPath(list.path, list.pointer, list.itemKind, p.path);
      if (path !== undefined) add(path, p.message);
    }
  }
}

const unesc = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~');

/** A flat field's path (`/schema/properties/address.postcode/…`) as it is in the document. */
function originalPath(st: Structure, path: string): string {
  const m = /^\/schema\/properties\/([^/]+)(.*)$/.exec(path);
  const ptr = m ? st.pointers.get(unesc(m[1]!)) : undefined;
  return ptr ? `${ptr}${m![2]}` : path;
}

/** A problem of a list's item document, at its place in the whole document (undefined: the item document's own scaffolding). */
function itemPath(list: string, pointer: string, itemKind: 'object' | 'scalar', path: string): string | undefined {
  if (path.startsWith('/schema/')) {
    if (itemKind === 'scalar') return path.replace(/^\/schema\/properties\/item/, `${pointer}/items`);
    return `${pointer}/items${path.slice('/schema'.length)}`;
  }
  const m = /^\/(rules|uiSchema)\/([^/]+)(.*)$/.exec(path);
  if (m) return `/${m[1]}/${esc(`${list}.${unesc(m[2]!)}`)}${m[3]}`;
  return undefined;
}

function runChecks(ctx: ReturnType<typeof makeContext>, options: CheckDocumentOptions): void {
  checkParameters(ctx);
  checkFieldSchemas(ctx);
  const checkConditions = conditionChecker(ctx);
  checkRules(ctx, checkConditions);
  checkPages(ctx, checkConditions);
  checkUiSchema(ctx, options.widgets);
  checkConstraints(ctx, checkConditions);
  checkMessageKeys(ctx);
}

const esc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
