// Conditions, wherever they appear (rules, option rules, content blocks, constraints): each
// reads one field or one declared parameter, with an operator that fits that kind of answer
// and an answer of the right shape.
import { OPERATORS, type Operator } from '../types';
import { isPlainObject } from '../text';
import { KIND_NAMES, q, type CheckContext, type Obj, type Subject } from './context';
import { OPERATORS_BY_KIND, ORDERED } from './operatorKinds';
import { checkAnswer } from './conditionAnswers';

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
    checkAnswer(add, operator, c.answer, subject, `${p}/answer`, 'answer' in c);
  };

  return checkConditions;
}
