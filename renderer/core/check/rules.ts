// Rules keyed by field: enableWhen / disableWhen with their behaviours, clearWhenHidden,
// option rules (only on choice fields, only for real options); then rule cycles.
import { ruleReads } from '../conditionTests';
import { isPlainObject } from '../text';
import type { CheckConditions } from './conditions';
import { esc, KIND_NAMES, type CheckContext, type Obj } from './context';

export function checkRules({ doc, isField, isGroup, subjectOf, add, fieldHint }: CheckContext, checkConditions: CheckConditions): void {
  if (doc.rules !== undefined && !isPlainObject(doc.rules)) add('/rules', 'rules must be an object keyed by field name');
  const rules: Obj = isPlainObject(doc.rules) ? doc.rules : {};
  for (const [f, rule] of Object.entries(rules)) {
    const base = `/rules/${esc(f)}`;
    if (isGroup(f) && isPlainObject(rule)) {
      // A group's rule shows or hides all its fields at once.
      for (const k of Object.keys(rule))
        if (!['enableWhen', 'enableBehavior', 'description'].includes(k))
          add(`${base}/${esc(k)}`, `a group's rule has enableWhen, enableBehavior and description only (found "${k}")`);
      checkConditions(rule.enableWhen, `${base}/enableWhen`, rule.enableBehavior, `${base}/enableBehavior`);
      continue;
    }
    if (!isField(f)) {
      add(base, `rule for "${f}", which is not a field of this form${fieldHint(f)}`);
      continue;
    }
    if (!isPlainObject(rule)) {
      add(base, 'a rule must be an object { enableWhen, enableBehavior?, disableWhen?, options?, clearWhenHidden? }');
      continue;
    }
    checkConditions(rule.enableWhen, `${base}/enableWhen`, rule.enableBehavior, `${base}/enableBehavior`);
    checkConditions(rule.disableWhen, `${base}/disableWhen`, rule.disableBehavior, `${base}/disableBehavior`);
    if (rule.clearWhenHidden !== undefined && typeof rule.clearWhenHidden !== 'boolean')
      add(`${base}/clearWhenHidden`, 'clearWhenHidden must be true or false');
    if (rule.options !== undefined) {
      if (!isPlainObject(rule.options)) {
        add(`${base}/options`, 'options must be an object keyed by option value');
        continue;
      }
      const s = subjectOf(f);
      if (s.kind !== 'choice' && s.kind !== 'multi') {
        add(`${base}/options`, `option rules need a choice field; "${f}" is ${KIND_NAMES[s.kind]}`);
        continue;
      }
      for (const [opt, orule] of Object.entries(rule.options)) {
        const op = `${base}/options/${esc(opt)}`;
        if (!s.options!.includes(opt)) add(op, `"${opt}" is not an option of field "${f}" (options: ${s.options!.join(', ')})`);
        if (!isPlainObject(orule)) add(op, 'an option rule must be an object { enableWhen, enableBehavior? }');
        else checkConditions(orule.enableWhen, `${op}/enableWhen`, orule.enableBehavior, `${op}/enableBehavior`);
      }
    }
  }

  // Rule cycles: f -> g means f's rule reads g.
  const reads = new Map<string, string[]>();
  for (const [f, rule] of Object.entries(rules)) if (isField(f)) reads.set(f, [...new Set(ruleReads(rule).filter(isField))]);
  const state = new Map<string, 1 | 2>();
  const stack: string[] = [];
  const reported = new Set<string>();
  const visit = (f: string) => {
    state.set(f, 1);
    stack.push(f);
    for (const g of reads.get(f) ?? []) {
      const st = state.get(g);
      if (st === 1) {
        const cycle = [...stack.slice(stack.indexOf(g)), g];
        const key = [...new Set(cycle)].sort().join('\u0000');
        if (!reported.has(key)) {
          reported.add(key);
          add(`/rules/${esc(g)}`, `rules form a cycle: ${cycle.join(' -> ')} (each rule reads the next field)`);
        }
      } else if (st === undefined) visit(g);
    }
    stack.pop();
    state.set(f, 2);
  };
  for (const f of reads.keys()) if (!state.has(f)) visit(f);
}
