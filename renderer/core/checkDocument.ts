// checkDocument: everything a configurer can get wrong in a form document that a meta-schema
// cannot see, each with the JSON path of the offending value. Never throws: it is fed
// whatever JSON a configurer saved. One module per concern under check/, run in this order
// (the order of the problems reported): parameters, field schemas, rules, pages, UI schema,
// constraints, message keys.
import type { DocumentProblem, WidgetDeclarations } from './types';
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

export { OPERATORS_BY_KIND } from './check/conditions';

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
  const ctx = makeContext(doc, schema.properties as Obj, out);
  checkParameters(ctx);
  checkFieldSchemas(ctx);
  const checkConditions = conditionChecker(ctx);
  checkRules(ctx, checkConditions);
  checkPages(ctx, checkConditions);
  checkUiSchema(ctx, options.widgets);
  checkConstraints(ctx, checkConditions);
  checkMessageKeys(ctx);
}
