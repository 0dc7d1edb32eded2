// A condition's answer: the shape its operator needs (none, a count, { low, high }, a list)
// and values that fit what the condition reads (a number, a date reference, an offered option).
import type { Operator } from '../types';
import { isDateRefSyntax, parseDate, parseDateTime, parseTime } from '../dates';
import { isPlainObject } from '../text';
import { q, type CheckContext, type Subject } from './context';
import { COUNTS, LISTS, ORDERED, PRESENCE } from './operatorKinds';

type Add = CheckContext['add'];

function scalarProblem(v: unknown, s: Subject, forOrder: boolean): string | undefined {
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
}

function checkOption(add: Add, v: unknown, s: Subject, path: string): void {
  if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') {
    add(path, `expected an option of ${s.name}, got ${q(v)}`);
  } else if (s.options && !s.options.includes(String(v))) {
    add(path, `${q(v)} is not an option of ${s.name} (options: ${s.options.join(', ')})`);
  }
}

export function checkAnswer(add: Add, op: Operator, answer: unknown, s: Subject, path: string, present: boolean): void {
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
      if (isChoice) checkOption(add, a, s, `${path}/${k}`);
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
      answer.forEach((a, k) => checkOption(add, a, s, `${path}/${k}`));
    } else checkOption(add, answer, s, path);
    return;
  }
  if (isChoice) {
    checkOption(add, answer, s, path);
    return;
  }
  const problem = scalarProblem(answer, s, false);
  if (problem) add(path, `${op} on ${s.name} needs ${problem} as its answer, got ${q(answer)}`);
}
