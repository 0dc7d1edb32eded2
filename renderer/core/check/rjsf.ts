// react-jsonschema-form constructs this renderer does not draw, refused with the renderer's own
// way of doing the same (a configurer bringing an rjsf document learns what to write instead).
import { isPlainObject } from '../text';
import { esc, type Obj } from './context';

const SCHEMA_HINTS: Record<string, string> = {
  dependencies: 'dependencies: use rules.<field>.enableWhen (show a field when another has a value or a given answer)',
  if: 'if/then/else: use rules.<field>.enableWhen with the condition',
  allOf: 'allOf: write the fields in properties, and rules.<field>.enableWhen for the conditional ones',
  anyOf: 'anyOf: use enum or oneOf ({ const, title }) for options, rules.<field>.enableWhen for conditional fields',
  additionalItems: 'additionalItems: use an "add another" list (type array, items with properties)',
  patternProperties: 'patternProperties: name each field in properties',
};

const UI_HINTS: Record<string, string> = {
  'ui:order': 'ui:order: the order of fields is the order of pages[].fields',
  'ui:field': 'ui:field: declare a widget in schemas/widgets.json and name it in ui:widget',
  'ui:disabled': 'ui:disabled: use rules.<field>.disableWhen',
  'ui:readonly': 'ui:readonly: use rules.<field>.disableWhen',
  'ui:hidden': 'ui:hidden: use rules.<field>.enableWhen',
  'ui:description': 'ui:description: use ui:help',
  'ui:title': 'ui:title: use the schema title',
  'ui:autofocus': 'ui:autofocus: focus follows the page (the heading, then the error summary)',
};

/** Problems for every rjsf construct found in the schema (fields, groups, list items) and the uiSchema. */
export function rjsfProblems(doc: Obj): Array<{ path: string; message: string }> {
  const out: Array<{ path: string; message: string }> = [];
  const walk = (node: unknown, path: string) => {
    if (!isPlainObject(node)) return;
    for (const [k, hint] of Object.entries(SCHEMA_HINTS)) {
      if (node[k] !== undefined) out.push({ path: `${path}/${k}`, message: hint });
    }
    if (node.oneOf !== undefined && node.type === 'object')
      out.push({ path: `${path}/oneOf`, message: 'oneOf of objects: use rules.<field>.enableWhen to show the fields of each case' });
    if (isPlainObject(node.properties)) for (const [k, v] of Object.entries(node.properties)) walk(v, `${path}/properties/${esc(k)}`);
    if (isPlainObject(node.items)) walk(node.items, `${path}/items`);
  };
  walk(doc.schema, '/schema');
  if (isPlainObject(doc.uiSchema)) {
    for (const [f, entry] of Object.entries(doc.uiSchema)) {
      if (f === 'ui:order') out.push({ path: `/uiSchema/${esc(f)}`, message: UI_HINTS['ui:order']! });
      if (!isPlainObject(entry)) continue;
      for (const [k, hint] of Object.entries(UI_HINTS)) if (entry[k] !== undefined) out.push({ path: `/uiSchema/${esc(f)}/${esc(k)}`, message: hint });
    }
  }
  return out;
}
