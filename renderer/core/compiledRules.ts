// A document's rules as closures, once per document: each field's show / disable / option
// rules (with the words prune reports use), the content blocks' and the constraints' conditions.
import type { FieldSchema, FormDocument } from './types';
import { NONE_OF_THE_ABOVE, schemaOptions } from './fields';
import { compileList, describeList, questionsOf, type ConditionScope, type Test } from './conditionTests';
import { isPlainObject, own } from './text';

/** The key of a content block in Visibility.content. */
export function contentKey(pageIndex: number, where: 'content' | 'contentAfter', index: number): string {
  return `${pageIndex}/${where}/${index}`;
}

interface ShowPart {
  test: Test;
  deps: number[];
  because: string;
}

export interface CompiledRule {
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

/** What compiling one field's rules reads of the document, besides its conditions. */
export interface RuleScope extends ConditionScope {
  props: Record<string, FieldSchema>;
  rules: Record<string, unknown>;
  rulesOf: (name: string) => Array<[string, unknown]>;
  fieldOfQuestion: (q: string) => number | undefined;
}

function showParts(scope: RuleScope, name: string): ShowPart[] {
  const shows: ShowPart[] = [];
  for (const [owner, r] of scope.rulesOf(name)) {
    const gr = r as Record<string, unknown>;
    const test = compileList(scope, gr.enableWhen, gr.enableBehavior);
    if (!test) continue;
    const desc = typeof gr.description === 'string' ? gr.description : undefined;
    shows.push({
      test,
      deps: questionsOf(gr.enableWhen)
        .map(scope.fieldOfQuestion)
        .filter((j): j is number => j !== undefined),
      because: desc ?? `rule for ${owner}: ${describeList(gr.enableWhen, gr.enableBehavior)} not met`,
    });
  }
  return shows;
}

/** Field i's rules, or undefined when it has none that does anything. */
function compileRule(scope: RuleScope, i: number): CompiledRule | undefined {
  const name = scope.fields[i]!;
  const shows = showParts(scope, name);
  const rule = own(scope.rules, name);
  if (!isPlainObject(rule)) {
    return shows.length > 0 ? { index: i, name, shows, disabledBecause: '', clearWhenHidden: false } : undefined;
  }
  const disable = Array.isArray(rule.disableWhen) && rule.disableWhen.length > 0 ? compileList(scope, rule.disableWhen, rule.disableBehavior) : undefined;
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
        test: compileList(scope, (o as Record<string, unknown>).enableWhen, (o as Record<string, unknown>).enableBehavior) ?? (() => true),
      }));
    if (optionRules.length > 0) {
      cr.options = optionRules;
      const all = schemaOptions(own(scope.props, name) as FieldSchema | undefined).map((o) => String(o.value));
      if (scope.kinds[i] === 'multi' && !all.includes(NONE_OF_THE_ABOVE)) all.push(NONE_OF_THE_ABOVE);
      cr.allOptions = all;
    }
  }
  return cr.shows.length > 0 || cr.disable || cr.options || cr.clearWhenHidden ? cr : undefined;
}

/** The fields' rules in evaluation order (fields without rules left out). */
export function compileRules(scope: RuleScope, order: number[]): CompiledRule[] {
  const compiledRules: CompiledRule[] = [];
  for (const i of order) {
    const cr = compileRule(scope, i);
    if (cr) compiledRules.push(cr);
  }
  return compiledRules;
}

/** Content blocks (pages' content / contentAfter with enableWhen). */
export function compileContentRules(scope: ConditionScope, doc: FormDocument): { contentRules: Array<{ key: string; test: Test }>; contentAlways: string[] } {
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
          const test = isPlainObject(b) ? compileList(scope, b.enableWhen, b.enableBehavior) : undefined;
          if (test) contentRules.push({ key, test });
          else contentAlways.push(key);
        });
      }
    });
  }
  return { contentRules, contentAlways };
}

export function compileConstraintRules(scope: ConditionScope, doc: FormDocument): Array<{ id: string; test?: Test }> {
  const constraintRules: Array<{ id: string; test?: Test }> = [];
  if (Array.isArray(doc.constraints)) {
    for (const c of doc.constraints) {
      if (!isPlainObject(c) || typeof c.id !== 'string') continue;
      constraintRules.push({ id: c.id, test: Array.isArray(c.when) && c.when.length > 0 ? compileList(scope, c.when, c.whenBehavior) : undefined });
    }
  }
  return constraintRules;
}
