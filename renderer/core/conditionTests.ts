// Conditions → plain closures over the answers in field order (`vals[i]` is field i's answer,
// already cleared when the field is hidden), for compileDocument. A condition reads a field, a
// field inside each item of a list, or a declared parameter (its default when the app gives none).
import type { Condition, FormDocument, Parameters } from './types';
import type { FieldKind } from './fields';
import { compileCondition, describeCondition, type EvalContext, type Predicate } from './operators';
import { hasValue, isPlainObject, own } from './text';
import { readPath } from './paths';
import type { Structure } from './structure';

type Reader = (vals: unknown[], params: Parameters) => unknown;
export type Test = (vals: unknown[], params: Parameters, ctx: EvalContext) => boolean;

/** What compiling a document's conditions needs to know of the document. */
export interface ConditionScope {
  fields: string[];
  indexOf: Map<string, number>;
  kinds: FieldKind[];
  /** The document's declared parameters. */
  declared: Record<string, unknown>;
  structure: Structure;
  /** A list's item document, compiled (passed in: compileDocument calls this file). */
  compileItem: (doc: FormDocument) => { readonly fields: string[]; kindOf(field: string): FieldKind };
}

export function questionsOf(conds: unknown): string[] {
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

function paramKind(scope: ConditionScope, p: string): FieldKind {
  const d = own(scope.declared, p);
  const t = isPlainObject(d) ? d.type : undefined;
  return t === 'number' || t === 'integer' ? 'number' : t === 'boolean' ? 'boolean' : 'text';
}

function compileOne(scope: ConditionScope, c: unknown): Test {
  if (!isPlainObject(c)) return () => false;
  const { indexOf, kinds, declared } = scope;
  const cond = c as unknown as Condition;
  let read: Reader;
  let kind: FieldKind;
  if (typeof cond.question === 'string') {
    const i = indexOf.get(cond.question);
    const into = i === undefined ? listPath(scope, cond.question) : undefined;
    if (into || (i !== undefined && kinds[i] === 'list' && (cond.items === 'any' || cond.items === 'all'))) {
      return itemTest(scope, cond, into ?? { index: i!, sub: undefined });
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
    kind = paramKind(scope, p);
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
}

/** `list.sub` (a field inside each item of a list field) → the list's index and the sub-path. */
export function listPath(scope: ConditionScope, question: string): { index: number; sub: string } | undefined {
  for (const path of scope.structure.lists.keys()) {
    if (!question.startsWith(`${path}.`)) continue;
    const index = scope.indexOf.get(path);
    if (index !== undefined) return { index, sub: question.slice(path.length + 1) };
  }
  return undefined;
}

/** A condition on the items of a list: holds for any item (default) or for every item (`items: "all"`). */
function itemTest(scope: ConditionScope, cond: Condition, at: { index: number; sub: string | undefined }): Test {
  const list = scope.structure.lists.get(scope.fields[at.index]!)!;
  const item = scope.compileItem(list.itemDoc);
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

/** A list of conditions combined by its behaviour (`all`, the default, or `any`); undefined when there is no list. */
export function compileList(scope: ConditionScope, conds: unknown, behavior: unknown): Test | undefined {
  if (!Array.isArray(conds)) return undefined;
  if (conds.length === 0) return () => true;
  const tests = conds.map((c) => compileOne(scope, c));
  if (tests.length === 1) return tests[0];
  if (behavior === 'any') return (v, p, c) => tests.some((t) => t(v, p, c));
  return (v, p, c) => tests.every((t) => t(v, p, c));
}

export function describeList(conds: unknown, behavior: unknown): string {
  if (!Array.isArray(conds)) return '';
  return conds.map((c) => (isPlainObject(c) ? describeCondition(c as unknown as Condition) : 'invalid condition')).join(behavior === 'any' ? ' or ' : ' and ');
}
