// Enable-when operators (renderer/README.md, "Operators"), compiled once per condition into a predicate over the
// answer the condition reads. Exact semantics: renderer/README.md, "Operators".
import type { Condition, Operator } from './types';
import type { FieldKind } from './fields';
import { parseDate, parseDateTime, parseTime, resolveTodayRef } from './dates';
import { hasValue, isPlainObject, normaliseText } from './text';

export interface EvalContext {
  /** Today's date for answers such as "today-16y"; read lazily. */
  today: () => Date;
}

/** A compiled condition: the answer it reads (already undefined when hidden) → holds or not. */
export type Predicate = (value: unknown, ctx: EvalContext) => boolean;

const isDateLike = (k: FieldKind) => k === 'date' || k === 'time' || k === 'datetime';

function toNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v.trim());
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/** Maps a stored value or an answer to something ordered for LT…GTE / RANGE. */
function comparer(kind: FieldKind): (v: unknown, ctx: EvalContext) => number | undefined {
  switch (kind) {
    case 'date':
      return (v, ctx) => parseDate(v) ?? (typeof v === 'string' ? resolveTodayRef(v, ctx.today()) : undefined);
    case 'time':
      return (v) => parseTime(v);
    case 'datetime':
      return (v) => parseDateTime(v);
    case 'boolean':
    case 'multi':
      return () => undefined;
    default:
      return (v) => toNumber(v);
  }
}

function scalarKey(v: unknown): string {
  if (typeof v === 'string') return normaliseText(v);
  return String(v);
}

/** The selected options of a multi-choice answer as distinct strings (a stray scalar counts as one). */
export function selection(v: unknown): string[] {
  const arr = Array.isArray(v) ? v : hasValue(v) ? [v] : [];
  const out: string[] = [];
  for (const x of arr) {
    if (!hasValue(x) || typeof x === 'object') continue;
    const k = scalarKey(x);
    if (!out.includes(k)) out.push(k);
  }
  return out;
}

function answerList(answer: unknown): string[] {
  const arr = Array.isArray(answer) ? answer : answer === undefined ? [] : [answer];
  const out: string[] = [];
  for (const x of arr) {
    const k = scalarKey(x);
    if (!out.includes(k)) out.push(k);
  }
  return out;
}

function booleanOf(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (v === 'true') return true;
  if (v === 'false') return false;
  return undefined;
}

/** Scalar equality by kind; for multi-choice "the selection is exactly these options". */
function equality(kind: FieldKind, answer: unknown): Predicate {
  if (kind === 'multi') {
    const want = answerList(answer);
    return (v) => {
      const sel = selection(v);
      return sel.length === want.length && sel.every((s) => want.includes(s));
    };
  }
  if (kind === 'boolean') {
    const want = booleanOf(answer);
    return (v) => want !== undefined && booleanOf(v) === want;
  }
  if (kind === 'number') {
    const want = toNumber(answer);
    return (v) => want !== undefined && toNumber(v) === want;
  }
  if (isDateLike(kind)) {
    const cmp = comparer(kind);
    return (v, ctx) => {
      const a = cmp(v, ctx);
      return a !== undefined && a === cmp(answer, ctx);
    };
  }
  const want = isPlainObject(answer) || Array.isArray(answer) ? undefined : scalarKey(answer);
  return (v) => want !== undefined && !isPlainObject(v) && !Array.isArray(v) && scalarKey(v) === want;
}

function ordered(kind: FieldKind, answer: unknown, test: (a: number, b: number) => boolean): Predicate {
  const cmp = comparer(kind);
  return (v, ctx) => {
    const a = cmp(v, ctx);
    if (a === undefined) return false;
    const b = cmp(answer, ctx);
    return b !== undefined && test(a, b);
  };
}

/** How many of `list` the answer selects (multi) or equals (anything else: 0 or 1). */
function hits(kind: FieldKind, list: string[], v: unknown): number {
  if (kind === 'multi') {
    const sel = selection(v);
    let k = 0;
    for (const x of list) if (sel.includes(x)) k++;
    return k;
  }
  if (isPlainObject(v) || Array.isArray(v)) return 0;
  const key = kind === 'boolean' ? String(booleanOf(v)) : kind === 'number' ? String(toNumber(v)) : scalarKey(v);
  let k = 0;
  for (const x of list) if (x === key) k++;
  return k;
}

function compileAnswered(op: Operator, kind: FieldKind, answer: unknown): Predicate {
  switch (op) {
    case 'EQ':
    case 'IS':
      return equality(kind, answer);
    case 'NEQ':
    case 'IS_NOT': {
      const eq = equality(kind, answer);
      return (v, ctx) => !eq(v, ctx);
    }
    case 'LT':
      return ordered(kind, answer, (a, b) => a < b);
    case 'LTE':
      return ordered(kind, answer, (a, b) => a <= b);
    case 'GT':
      return ordered(kind, answer, (a, b) => a > b);
    case 'GTE':
      return ordered(kind, answer, (a, b) => a >= b);
    case 'RANGE': {
      if (!isPlainObject(answer)) return () => false;
      const lo = ordered(kind, answer.low, (a, b) => a >= b);
      const hi = ordered(kind, answer.high, (a, b) => a <= b);
      return (v, ctx) => lo(v, ctx) && hi(v, ctx);
    }
    case 'CONTAINS': {
      if (kind === 'multi') {
        const want = answerList(answer);
        return (v) => {
          const sel = selection(v);
          return want.length > 0 && want.every((w) => sel.includes(w));
        };
      }
      if (typeof answer !== 'string' && typeof answer !== 'number') return () => false;
      const needle = normaliseText(String(answer)).toLowerCase();
      return (v) => (typeof v === 'string' || typeof v === 'number') && normaliseText(String(v)).toLowerCase().includes(needle);
    }
    case 'ONLY':
    case 'NOT_ONLY': {
      const want = answerList(answer);
      const only: Predicate = kind === 'multi' ? equality('multi', want) : (v) => want.length > 0 && hits(kind, want.slice(0, 1), v) === 1 && want.length === 1;
      return op === 'ONLY' ? only : (v, ctx) => !only(v, ctx);
    }
    case 'OPTION_COUNT_EQ':
    case 'OPTION_COUNT_LT':
    case 'OPTION_COUNT_LTE':
    case 'OPTION_COUNT_GT':
    case 'OPTION_COUNT_GTE': {
      const n = toNumber(answer);
      if (n === undefined) return () => false;
      const count = (v: unknown) => (kind === 'multi' ? selection(v).length : 1);
      switch (op) {
        case 'OPTION_COUNT_EQ':
          return (v) => count(v) === n;
        case 'OPTION_COUNT_LT':
          return (v) => count(v) < n;
        case 'OPTION_COUNT_LTE':
          return (v) => count(v) <= n;
        case 'OPTION_COUNT_GT':
          return (v) => count(v) > n;
        default:
          return (v) => count(v) >= n;
      }
    }
    case 'ANY_OF_THE':
    case 'ALL_OF_THE':
    case 'ONLY_ONE_OF_THE': {
      const list = answerList(answer);
      if (list.length === 0) return () => false;
      if (op === 'ANY_OF_THE') return (v) => hits(kind, list, v) >= 1;
      if (op === 'ONLY_ONE_OF_THE') return (v) => hits(kind, list, v) === 1;
      return (v) => hits(kind, list, v) === list.length;
    }
    default:
      return () => false;
  }
}

/**
 * Compiles one condition. An unanswered (or hidden) question makes every operator false
 * except DOES_NOT_HAVE_VALUE — including NEQ, IS_NOT and NOT_ONLY, as FHIR enableWhen does.
 */
export function compileCondition(cond: Condition, kind: FieldKind): Predicate {
  const op = cond.operator;
  const dateLike = isDateLike(kind);
  if (op === 'HAS_VALUE') return (v) => answered(v, kind, dateLike);
  if (op === 'DOES_NOT_HAVE_VALUE') return (v) => !answered(v, kind, dateLike);
  const test = compileAnswered(op, kind, cond.answer);
  return (v, ctx) => answered(v, kind, dateLike) && test(v, ctx);
}

function answered(v: unknown, kind: FieldKind, dateLike: boolean): boolean {
  if (kind === 'multi') return selection(v).length > 0;
  return hasValue(v, dateLike);
}

/** "type EQ \"Other\"": a condition in words, for prune reports. */
export function describeCondition(cond: Condition): string {
  const subject = typeof cond.question === 'string' ? cond.question : `parameter ${String(cond.parameter)}`;
  if (cond.operator === 'HAS_VALUE' || cond.operator === 'DOES_NOT_HAVE_VALUE' || cond.answer === undefined) {
    return `${subject} ${String(cond.operator)}`;
  }
  let answer: string;
  try {
    answer = JSON.stringify(cond.answer);
  } catch {
    answer = String(cond.answer);
  }
  return `${subject} ${String(cond.operator)} ${answer}`;
}
