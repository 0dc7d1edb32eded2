// Conditions, wherever they appear (rules, option rules, content blocks, constraints): each
// reads one field or one declared parameter, with an operator that fits that kind of answer
// and an answer of the right shape.
import { OPERATORS, type Operator } from '../types';
import { isDateRefSyntax, parseDate, parseDateTime, parseTime } from '../dates';
import { isPlainObject } from '../text';
import { KIND_NAMES, q, type CheckContext, type Obj, type Subject } from './context';
import { COUNTS, LISTS, OPERATORS_BY_KIND, ORDERED, PRESENCE } from './operatorKinds';

export { OPERATORS_BY_KIND, ORDERED };

export type CheckConditions = (conds: unknown, base: string, behavior: unknown, behaviorPath: string) => void;

/** The condition checker for one document. */
export function conditionChecker({ add, isField, isParam, declared, subjectOf, notAField, itemSubjectOf }: CheckContext): CheckConditions {
  const checkConditions = (conds: unknown, base: string, behavior: unknown, behaviorPath: string) => {
    if (behavior !== undefined && behavior !== 'all' && behavior !== 'any') add(behaviorPath, `must be "all" or "any" (got ${q(behavior)})`);
    if (conds === undefined) return;
    if (!Array.isArray(conds)) {
      add(base, 'must be a list of conditions');
      return;
    }
    conds.forEach((c, i) => checkCondition(c, `${base}/${i}`));
  };

  const checkCondition = (c: unknown, p: string) => {
    if (!isPlainObject(c)) {
      add(p, 'a condition must be an object { question | parameter, operator, answer }');
      return;
    }
    const hasQ = c.question !== undefined;
    const hasP = c.parameter !== undefined;
    let subject: Subject | undefined;
    if (hasQ === hasP) {
      add(p, 'a condition reads exactly one of question (a field) or parameter');
    } else if (hasQ) {
      const whole = c.items !== undefined;
      if (whole && c.items !== 'any' && c.items !== 'all') add(`${p}/items`, `items must be "any" or "all" (got ${q(c.items)})`);
      const inItems = itemSubjectOf(c.question, whole);
      if (inItems) subject = inItems;
      else if (!isField(c.question)) add(`${p}/question`, notAField(c.question));
      else {
        subject = subjectOf(c.question);
        if (whole && subject.kind !== 'list') add(`${p}/items`, `items ("any" or "all") looks into a list; "${c.question}" is not one`);
      }
    } else if (!isParam(c.parameter)) {
      add(`${p}/parameter`, `parameter ${q(c.parameter)} is not declared in parameters`);
    } else {
      const d = declared[c.parameter as string] as Obj;
      const t = d.type;
      subject = { kind: t === 'number' || t === 'integer' ? 'number' : t === 'boolean' ? 'boolean' : 'text', name: `parameter "${c.parameter}"` };
    }
    const op = c.operator;
    if (typeof op !== 'string' || !(OPERATORS as readonly string[]).includes(op)) {
      add(`${p}/operator`, `unknown operator ${q(op)} (expected one of ${OPERATORS.join(', ')})`);
      return;
    }
    if (!subject || subject.kind === 'unknown') return;
    const operator = op as Operator;
    const fits =
      OPERATORS_BY_KIND[subject.kind].includes(operator) || (subject.kind === 'choice' && subject.numericOptions === true && ORDERED.includes(operator));
    if (!fits) {
      // Naming the operators that do fit saves a trip to the README's operator table.
      const fitting = [...OPERATORS_BY_KIND[subject.kind], ...(subject.kind === 'choice' && subject.numericOptions === true ? ORDERED : [])];
      add(`${p}/operator`, `${operator} does not fit ${KIND_NAMES[subject.kind]} ${subject.name} (operators that fit it: ${[...new Set(fitting)].join(', ')})`);
      return;
    }
    checkAnswer(operator, c.answer, subject, `${p}/answer`, 'answer' in c);
  };

  const scalarProblem = (v: unknown, s: Subject, forOrder: boolean): string | undefined => {
    switch (s.kind) {
      case 'number':
        return typeof v === 'number' ? undefined : 'a number';
      case 'date':
        return typeof v === 'string' && (parseDate(v) !== undefined || (isDateRefSyntax(v) && !v.startsWith('field:')))
          ? undefined
          : 'a date (YYYY-MM-DD, or "today", "today-16y"…)';
      case 'time':
        return parseTime(v) !== undefined ? undefined : 'a time (HH:mm)';
      case 'datetime':
        return parseDateTime(v) !== undefined ? undefined : 'a date and time (YYYY-MM-DDTHH:mm)';
      case 'boolean':
        return typeof v === 'boolean' ? undefined : 'true or false';
      case 'text':
        if (forOrder) return typeof v === 'number' ? undefined : 'a number';
        return typeof v === 'string' || typeof v === 'number' ? undefined : 'a string';
      case 'choice':
        if (forOrder) return typeof v === 'number' ? undefined : 'a number';
        return undefined;
      default:
        return undefined;
    }
  };

  const checkOption = (v: unknown, s: Subject, path: string) => {
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') {
      add(path, `expected an option of ${s.name}, got ${q(v)}`);
    } else if (s.options && !s.options.includes(String(v))) {
      add(path, `${q(v)} is not an option of ${s.name} (options: ${s.options.join(', ')})`);
    }
  };

  const checkAnswer = (op: Operator, answer: unknown, s: Subject, path: string, present: boolean) => {
    if (PRESENCE.includes(op)) {
      if (present && answer !== undefined) add(path, `${op} takes no answer`);
      return;
    }
    if (!present || answer === undefined) {
      add(path, `${op} needs an answer`);
      return;
    }
    const isChoice = s.kind === 'choice' || s.kind === 'multi';
    if (COUNTS.includes(op)) {
      if (typeof answer !== 'number' || !Number.isInteger(answer) || answer < 0) add(path, `${op} needs a whole number of options as its answer`);
      return;
    }
    if (op === 'RANGE') {
      if (!isPlainObject(answer) || !('low' in answer) || !('high' in answer)) {
        add(path, 'RANGE needs an answer { "low": …, "high": … }');
        return;
      }
      for (const k of ['low', 'high']) {
        const problem = scalarProblem(answer[k], s, true);
        if (problem) add(`${path}/${k}`, `RANGE on ${s.name} needs ${problem} as ${k}, got ${q(answer[k])}`);
      }
      return;
    }
    if (ORDERED.includes(op)) {
      const problem = scalarProblem(answer, s, true);
      if (problem) add(path, `${op} on ${s.name} needs ${problem} as its answer, got ${q(answer)}`);
      return;
    }
    if (LISTS.includes(op)) {
      if (!Array.isArray(answer) || answer.length === 0) {
        add(path, `${op} needs a non-empty list of ${isChoice ? 'options' : 'values'} as its answer`);
        return;
      }
      answer.forEach((a, k) => {
        if (isChoice) checkOption(a, s, `${path}/${k}`);
        else {
          const problem = scalarProblem(a, s, false);
          if (problem) add(`${path}/${k}`, `${op} on ${s.name} needs ${problem} in its list, got ${q(a)}`);
        }
      });
      return;
    }
    if (op === 'ONLY' || op === 'NOT_ONLY' || (s.kind === 'multi' && (op === 'EQ' || op === 'NEQ' || op === 'CONTAINS'))) {
      if (Array.isArray(answer)) {
        if (answer.length === 0) add(path, `${op} needs at least one option`);
        answer.forEach((a, k) => checkOption(a, s, `${path}/${k}`));
      } else checkOption(answer, s, path);
      return;
    }
    if (isChoice) {
      checkOption(answer, s, path);
      return;
    }
    const problem = scalarProblem(answer, s, false);
    if (problem) add(path, `${op} on ${s.name} needs ${problem} as its answer, got ${q(answer)}`);
  };

  return checkConditions;
}
