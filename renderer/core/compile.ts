// compileDocument: rules → plain closures, once per document object, evaluated in
// dependency order. A hidden (or disabled) field counts as unanswered for every rule that
// reads it, so A hides B hides C hides C too, whatever C's stale answer says.
//
// Beside this file: conditions as closures (conditionTests.ts), the order rules run in
// (ruleGraph.ts), each field's compiled rules (compiledRules.ts) and evaluating them (evaluate.ts).
import type { FieldSchema, FormData, FormDocument, Parameters, UiField, WidgetName } from './types';
import { defaultWidget, documentFields, kindOf, schemaOptions, type FieldKind, type FieldOption } from './fields';
import { listPath, type ConditionScope } from './conditionTests';
import { compileConstraintRules, compileContentRules, compileRules, type RuleScope } from './compiledRules';
import { dependentsFinder, evaluationOrder, ownAndGroupRules, ruleGraph } from './ruleGraph';
import { evaluator, type Visibility } from './evaluate';
import { isPlainObject, own } from './text';
import { readPath } from './paths';
import { structureOf, type Structure } from './structure';

export interface CompiledDocument {
  readonly doc: FormDocument;
  /** The document with groups flattened and refs resolved (structure.ts): what rules and checks read. */
  readonly flat: FormDocument;
  /** Its groups and lists. */
  readonly structure: Structure;
  /** A field's answer out of nested answers (a group's field by its dotted path). */
  read(data: FormData, field: string): unknown;
  /** Document order (= page order; schema properties on no page come last). */
  readonly fields: string[];
  evaluate(data: FormData, params?: Parameters, today?: Date): Visibility;
  /** Fields whose visibility, offered options or read-only state may change when `field` changes (transitively), document order. */
  dependentsOf(field: string): string[];
  /** A built-in WidgetName, or an app's own widget's name (renderer/core/widgets.ts). */
  widgetOf(field: string): WidgetName | (string & {});
  optionsOf(field: string): FieldOption[];
  kindOf(field: string): FieldKind;
  schemaOf(field: string): FieldSchema | undefined;
  uiOf(field: string): UiField | undefined;
  /** Fields in evaluation (topological) order; fields on a rule cycle come last, in document order. */
  readonly order: string[];
}

const cache = new WeakMap<object, CompiledDocument>();

export function compileDocument(doc: FormDocument): CompiledDocument {
  if (isPlainObject(doc)) {
    const hit = cache.get(doc);
    if (hit) return hit;
    const compiled = build(doc);
    cache.set(doc, compiled);
    return compiled;
  }
  return build({} as FormDocument);
}

/** What the rules of `original` read of it: its flat fields, their kinds, schemas and rules. */
function ruleScope(original: FormDocument): RuleScope {
  const structure = structureOf(original);
  const doc = structure.flat;
  const fields = documentFields(original);
  const indexOf = new Map<string, number>();
  fields.forEach((f, i) => indexOf.set(f, i));
  const props: Record<string, FieldSchema> = isPlainObject(doc.schema) && isPlainObject(doc.schema.properties) ? doc.schema.properties : {};
  const rules: Record<string, unknown> = isPlainObject(doc.rules) ? doc.rules : {};
  const conditions: ConditionScope = {
    fields,
    indexOf,
    kinds: fields.map((f) => kindOf(own(props, f) as FieldSchema | undefined)),
    declared: isPlainObject(doc.parameters) ? doc.parameters : {},
    structure,
    compileItem: compileDocument,
  };
  return {
    ...conditions,
    props,
    rules,
    rulesOf: (name) => ownAndGroupRules(structure, rules, name),
    fieldOfQuestion: (q) => indexOf.get(q) ?? listPath(conditions, q)?.index,
  };
}

function build(original: FormDocument): CompiledDocument {
  const scope = ruleScope(original);
  const { structure, fields, indexOf, kinds, props } = scope;
  const doc = structure.flat;
  const ui: Record<string, UiField> = isPlainObject(doc.uiSchema) ? doc.uiSchema : {};
  const graph = ruleGraph(fields, scope.rulesOf, scope.fieldOfQuestion);
  const orderIdx = evaluationOrder(graph);
  const evaluate = evaluator({
    fields,
    compiledRules: compileRules(scope, orderIdx),
    ...compileContentRules(scope, doc),
    constraintRules: compileConstraintRules(scope, doc),
  });

  return {
    doc: original,
    flat: doc,
    structure,
    read: (data, f) => (isPlainObject(data) ? (f.includes('.') ? readPath(data, f) : own(data, f)) : undefined),
    fields,
    order: orderIdx.map((i) => fields[i]!),
    evaluate,
    dependentsOf: dependentsFinder(fields, indexOf, graph.readers),
    widgetOf: (f) => defaultWidget(own(props, f) as FieldSchema | undefined, own(ui, f) as UiField | undefined),
    optionsOf: (f) => schemaOptions(own(props, f) as FieldSchema | undefined, own(ui, f) as UiField | undefined),
    kindOf: (f) => {
      const i = indexOf.get(f);
      return i === undefined ? 'unknown' : kinds[i]!;
    },
    schemaOf: (f) => own(props, f) as FieldSchema | undefined,
    uiOf: (f) => own(ui, f) as UiField | undefined,
  };
}

/** Visible fields in document order. */
export function visibleFields(doc: FormDocument, data: FormData, params?: Parameters, today?: Date): string[] {
  const c = compileDocument(doc);
  const vis = c.evaluate(data, params, today);
  return c.fields.filter((f) => vis.visible.has(f));
}
