// compileDocument: rules → plain closures, once per document object, evaluated in
// dependency order. A hidden (or disabled) field counts as unanswered for every rule that
// reads it, so A hides B hides C hides C too, whatever C's stale answer says.
import type { Condition, FieldSchema, FormData, FormDocument, Parameters, UiField, WidgetName } from './types';
import { NONE_OF_THE_ABOVE, defaultWidget, documentFields, kindOf, schemaOptions, type FieldKind, type FieldOption } from './fields';
import { compileCondition, describeCondition, selection, type EvalContext, type Predicate } from './operators';
import { hasValue, isPlainObject, own } from './text';
import { readPath, structureOf, type Structure } from './structure';

export interface Visibility {
  /** Visible fields (a field with no rule is visible). */
  visible: Set<string>;
  /** Hidden field → why, in words ("rule for otherType: type EQ \"Other\" not met", "hidden because type is hidden"). */
  hiddenBy: Map<string, string>;
  /** Visible fields shown read-only by a disableWhen rule: their answer counts as cleared. */
  disabled: Set<string>;
  /** Disabled field → why, in words. */
  disabledBy: Map<string, string>;
  /** For fields with option rules only: the option values (as strings) currently offered. */
  options: Map<string, Set<string>>;
  /**
   * Fields whose answer the UI should forget now: hidden fields with clearWhenHidden, and
   * disabled fields. The core never mutates the data; the UI clears these from its state.
   */
  clear: Set<string>;
  /** Visible content blocks, keyed by contentKey(page, where, index). Blocks without rules are visible. */
  content: Set<string>;
  /** Ids of document constraints whose `when` holds (or that have none). */
  constraints: Set<string>;
}

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

export function contentKey(pageIndex: number, where: 'content' | 'contentAfter', index: number): string {
  return `${pageIndex}/${where}/${index}`;
}

type Reader = (vals: unknown[], params: Parameters) => unknown;
type Test = (vals: unknown[], params: Parameters, ctx: EvalContext) => boolean;

interface ShowPart {
  test: Test;
  deps: number[];
  because: string;
}

interface CompiledRule {
  index: number;
  name: string;
  /** The enclosing groups' rules, outermost first, then the field's own. */
  shows: ShowPart[];
  disable?: Test;
  disabledBecause: string;
  options?: Array<{ value: string; test: Test }>;
  allOptions?: string[];
  clearWhenHidden: boolean;
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

function questionsOf(conds: unknown): string[] {
  if (!Array.isArray(conds)) return [];
  const out: string[] = [];
  for (const c of conds) if (isPlainObject(c) && typeof c.question === 'string') out.push(c.question);
  return out;
}

/** Every field a field's rule reads (enableWhen, disableWhen, option rules). */
export function ruleReads(rule: unknown): string[] {
  if (!isPlainObject(rule)) return [];
  const out = [...questionsOf(rule.enableWhen), ...questionsOf(rule.disableWhen)];
  if (isPlainObject(rule.options)) {
    for (const o of Object.values(rule.options)) if (isPlainObject(o)) out.push(...questionsOf(o.enableWhen));
  }
  return out;
}

/** Whether an item of a list holds any answer (an object: any of its fields, nested). */
export function itemFilled(item: unknown): boolean {
  if (isPlainObject(item)) return Object.values(item).some(itemFilled);
  return hasValue(item, typeof item === 'string' && /^[\s:-]*$/.test(item));
}

function build(original: FormDocument): CompiledDocument {
  const structure = structureOf(original);
  const doc = structure.flat;
  const fields = documentFields(original);
  const n = fields.length;
  const indexOf = new Map<string, number>();
  fields.forEach((f, i) => indexOf.set(f, i));
  const props: Record<string, FieldSchema> = isPlainObject(doc.schema) && isPlainObject(doc.schema.properties) ? doc.schema.properties : {};
  const ui: Record<string, UiField> = isPlainObject(doc.uiSchema) ? doc.uiSchema : {};
  const rules: Record<string, unknown> = isPlainObject(doc.rules) ? doc.rules : {};
  const dotted = fields.map((f) => f.includes('.'));
  const declared = isPlainObject(doc.parameters) ? doc.parameters : {};
  const kinds = fields.map((f) => kindOf(own(props, f) as FieldSchema | undefined));

  const paramKind = (p: string): FieldKind => {
    const d = own(declared, p);
    const t = isPlainObject(d) ? d.type : undefined;
    return t === 'number' || t === 'integer' ? 'number' : t === 'boolean' ? 'boolean' : 'text';
  };

  const compileOne = (c: unknown): Test => {
    if (!isPlainObject(c)) return () => false;
    const cond = c as unknown as Condition;
    let read: Reader;
    let kind: FieldKind;
    if (typeof cond.question === 'string') {
      const i = indexOf.get(cond.question);
      const into = i === undefined ? listPath(cond.question) : undefined;
      if (into || (i !== undefined && kinds[i] === 'list' && (cond.items === 'any' || cond.items === 'all'))) {
        return itemTest(cond, into ?? { index: i!, sub: undefined });
      }
      kind = i === undefined ? 'unknown' : kinds[i]!;
      read = i === undefined ? () => undefined : (vals) => vals[i];
      if (kind === 'list') {
        // A list itself: its filled items, counted like selected options.
        kind = 'multi';
        read = (vals) => (Array.isArray(vals[i!]) ? (vals[i!] as unknown[]).flatMap((it, k) => (itemFilled(it) ? [String(k)] : [])) : undefined);
      }
    } else if (typeof cond.parameter === 'string') {
      const p = cond.parameter;
      const d = own(declared, p);
      const dflt = isPlainObject(d) ? d.default : undefined;
      kind = paramKind(p);
      read = (_vals, params) => {
        const v = isPlainObject(params) ? own(params, p) : undefined;
        return v === undefined ? dflt : v;
      };
    } else {
      return () => false;
    }
    let pred: Predicate;
    try {
      pred = compileCondition(cond, kind);
    } catch {
      pred = () => false;
    }
    return (vals, params, ctx) => pred(read(vals, params), ctx);
  };

  /** `list.sub` (a field inside each item of a list field) → the list's index and the sub-path. */
  function listPath(question: string): { index: number; sub: string } | undefined {
    for (const path of structure.lists.keys()) {
      if (!question.startsWith(`${path}.`)) continue;
      const index = indexOf.get(path);
      if (index !== undefined) return { index, sub: question.slice(path.length + 1) };
    }
    return undefined;
  }

  /** A condition on the items of a list: holds for any item (default) or for every item (`items: "all"`). */
  function itemTest(cond: Condition, at: { index: number; sub: string | undefined }): Test {
    const list = structure.lists.get(fields[at.index]!)!;
    const item = compileDocument(list.itemDoc);
    const kind = at.sub === undefined ? item.kindOf(item.fields[0] ?? '') : item.kindOf(at.sub);
    let pred: Predicate;
    try {
      pred = compileCondition({ ...cond, question: at.sub ?? '' }, kind);
    } catch {
      pred = () => false;
    }
    const all = cond.items === 'all';
    return (vals, _params, ctx) => {
      const arr = vals[at.index];
      const items = Array.isArray(arr) ? arr.filter(itemFilled) : [];
      if (items.length === 0) return pred(undefined, ctx);
      const values = items.map((it) => (at.sub === undefined ? it : readPath(it, at.sub)));
      return all ? values.every((v) => pred(v, ctx)) : values.some((v) => pred(v, ctx));
    };
  }

  const compileList = (conds: unknown, behavior: unknown): Test | undefined => {
    if (!Array.isArray(conds)) return undefined;
    if (conds.length === 0) return () => true;
    const tests = conds.map(compileOne);
    if (tests.length === 1) return tests[0];
    if (behavior === 'any') return (v, p, c) => tests.some((t) => t(v, p, c));
    return (v, p, c) => tests.every((t) => t(v, p, c));
  };

  const describeList = (conds: unknown, behavior: unknown): string => {
    if (!Array.isArray(conds)) return '';
    return conds
      .map((c) => (isPlainObject(c) ? describeCondition(c as unknown as Condition) : 'invalid condition'))
      .join(behavior === 'any' ? ' or ' : ' and ');
  };

  // Dependency graph: dep → readers.
  const readers: number[][] = fields.map(() => []);
  const readsOf: number[][] = fields.map(() => []);
  const fieldOfQuestion = (q: string): number | undefined => indexOf.get(q) ?? listPath(q)?.index;
  const ownAndGroupRules = (name: string): Array<[string, unknown]> =>
    [...(structure.ancestors.get(name) ?? []), name].map((g) => [g, own(rules, g)] as [string, unknown]).filter(([, r]) => isPlainObject(r));
  for (let i = 0; i < n; i++) {
    const name = fields[i]!;
    for (const q of ownAndGroupRules(name).flatMap(([, r]) => ruleReads(r))) {
      const j = fieldOfQuestion(q);
      if (j === undefined || readsOf[i]!.includes(j)) continue;
      readsOf[i]!.push(j);
      readers[j]!.push(i);
    }
  }

  // Kahn's algorithm, stable in document order; cycle members are appended in document order.
  const indegree = readsOf.map((r) => r.length);
  const orderIdx: number[] = [];
  const ready: number[] = [];
  for (let i = 0; i < n; i++) if (indegree[i] === 0) ready.push(i);
  while (ready.length > 0) {
    ready.sort((a, b) => a - b);
    const i = ready.shift()!;
    orderIdx.push(i);
    for (const r of readers[i]!) if (--indegree[r]! === 0) ready.push(r);
  }
  if (orderIdx.length < n) {
    const placed = new Set(orderIdx);
    for (let i = 0; i < n; i++) if (!placed.has(i)) orderIdx.push(i);
  }

  const compiledRules: CompiledRule[] = [];
  for (const i of orderIdx) {
    const name = fields[i]!;
    const shows: ShowPart[] = [];
    for (const [owner, r] of ownAndGroupRules(name)) {
      const gr = r as Record<string, unknown>;
      const test = compileList(gr.enableWhen, gr.enableBehavior);
      if (!test) continue;
      const desc = typeof gr.description === 'string' ? gr.description : undefined;
      shows.push({
        test,
        deps: questionsOf(gr.enableWhen)
          .map(fieldOfQuestion)
          .filter((j): j is number => j !== undefined),
        because: desc ?? `rule for ${owner}: ${describeList(gr.enableWhen, gr.enableBehavior)} not met`,
      });
    }
    const rule = own(rules, name);
    if (!isPlainObject(rule)) {
      if (shows.length > 0) compiledRules.push({ index: i, name, shows, disabledBecause: '', clearWhenHidden: false });
      continue;
    }
    const disable = Array.isArray(rule.disableWhen) && rule.disableWhen.length > 0 ? compileList(rule.disableWhen, rule.disableBehavior) : undefined;
    const cr: CompiledRule = {
      index: i,
      name,
      shows,
      disable,
      disabledBecause: `disabled by rule for ${name}: ${describeList(rule.disableWhen, rule.disableBehavior)} holds`,
      clearWhenHidden: rule.clearWhenHidden === true,
    };
    if (isPlainObject(rule.options)) {
      const optionRules = Object.entries(rule.options)
        .filter(([, o]) => isPlainObject(o))
        .map(([value, o]) => ({
          value,
          test: compileList((o as Record<string, unknown>).enableWhen, (o as Record<string, unknown>).enableBehavior) ?? (() => true),
        }));
      if (optionRules.length > 0) {
        cr.options = optionRules;
        const all = schemaOptions(own(props, name) as FieldSchema | undefined).map((o) => String(o.value));
        if (kinds[i] === 'multi' && !all.includes(NONE_OF_THE_ABOVE)) all.push(NONE_OF_THE_ABOVE);
        cr.allOptions = all;
      }
    }
    if (cr.shows.length > 0 || cr.disable || cr.options || cr.clearWhenHidden) compiledRules.push(cr);
  }

  // Content blocks (pages' content / contentAfter with enableWhen).
  const contentRules: Array<{ key: string; test: Test }> = [];
  const contentAlways: string[] = [];
  if (Array.isArray(doc.pages)) {
    doc.pages.forEach((page, p) => {
      if (!isPlainObject(page)) return;
      for (const where of ['content', 'contentAfter'] as const) {
        const blocks = page[where];
        if (!Array.isArray(blocks)) continue;
        blocks.forEach((b, k) => {
          const key = contentKey(p, where, k);
          const test = isPlainObject(b) ? compileList(b.enableWhen, b.enableBehavior) : undefined;
          if (test) contentRules.push({ key, test });
          else contentAlways.push(key);
        });
      }
    });
  }

  const constraintRules: Array<{ id: string; test?: Test }> = [];
  if (Array.isArray(doc.constraints)) {
    for (const c of doc.constraints) {
      if (!isPlainObject(c) || typeof c.id !== 'string') continue;
      constraintRules.push({ id: c.id, test: Array.isArray(c.when) && c.when.length > 0 ? compileList(c.when, c.whenBehavior) : undefined });
    }
  }

  const evaluate = (data: FormData, params?: Parameters, today?: Date): Visibility => {
    const src: Record<string, unknown> = isPlainObject(data) ? data : {};
    const prm: Parameters = isPlainObject(params) ? params : {};
    let day: Date | undefined = today;
    const ctx: EvalContext = { today: () => (day ??= new Date()) };
    const vals = new Array<unknown>(n);
    for (let i = 0; i < n; i++) vals[i] = dotted[i] ? readPath(src, fields[i]!) : own(src, fields[i]!);
    const hidden = new Uint8Array(n);
    const visible = new Set(fields);
    const hiddenBy = new Map<string, string>();
    const disabled = new Set<string>();
    const disabledBy = new Map<string, string>();
    const options = new Map<string, Set<string>>();
    const clear = new Set<string>();
    for (let r = 0; r < compiledRules.length; r++) {
      const rule = compiledRules[r]!;
      const i = rule.index;
      const failed = rule.shows.find((part) => !part.test(vals, prm, ctx));
      if (failed) {
        hidden[i] = 1;
        vals[i] = undefined;
        visible.delete(rule.name);
        let because = failed.because;
        for (const j of failed.deps) {
          if (hidden[j] === 1) {
            because = `hidden because ${fields[j]} is hidden`;
            break;
          }
        }
        hiddenBy.set(rule.name, because);
        if (rule.clearWhenHidden) clear.add(rule.name);
        continue;
      }
      if (rule.disable && rule.disable(vals, prm, ctx)) {
        vals[i] = undefined;
        disabled.add(rule.name);
        disabledBy.set(rule.name, rule.disabledBecause);
        clear.add(rule.name);
        continue;
      }
      if (rule.options) {
        const offered = new Set(rule.allOptions);
        for (const o of rule.options) if (!o.test(vals, prm, ctx)) offered.delete(o.value);
        options.set(rule.name, offered);
        const v = vals[i];
        if (Array.isArray(v)) {
          vals[i] = selection(v).filter((s) => offered.has(s));
        } else if (v !== undefined && v !== null && !offered.has(String(v)) && rule.allOptions!.includes(String(v))) {
          vals[i] = undefined;
        }
      }
    }
    const content = new Set(contentAlways);
    for (const c of contentRules) if (c.test(vals, prm, ctx)) content.add(c.key);
    const constraints = new Set<string>();
    for (const c of constraintRules) if (!c.test || c.test(vals, prm, ctx)) constraints.add(c.id);
    return { visible, hiddenBy, disabled, disabledBy, options, clear, content, constraints };
  };

  const dependents = new Map<string, string[]>();
  const dependentsOf = (field: string): string[] => {
    const hit = dependents.get(field);
    if (hit) return hit;
    const start = indexOf.get(field);
    const seen = new Uint8Array(n);
    const stack = start === undefined ? [] : [...readers[start]!];
    while (stack.length > 0) {
      const i = stack.pop()!;
      if (seen[i]) continue;
      seen[i] = 1;
      stack.push(...readers[i]!);
    }
    const out = fields.filter((_, i) => seen[i] === 1 && i !== start);
    dependents.set(field, out);
    return out;
  };

  return {
    doc: original,
    flat: doc,
    structure,
    read: (data, f) => (isPlainObject(data) ? (f.includes('.') ? readPath(data, f) : own(data, f)) : undefined),
    fields,
    order: orderIdx.map((i) => fields[i]!),
    evaluate,
    dependentsOf,
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
