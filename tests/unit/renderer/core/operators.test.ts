// Truth tables of every enable-when operator (renderer/README.md, "Operators").
import { describe, expect, it } from 'vitest';
import { OPERATORS, visibleFields, type Operator } from '../../../../renderer/core/index';
import { conditionDoc, type Kind } from '../../support/renderer-core/helpers';

const HIDDEN = Symbol('hidden');
const TODAY = new Date(2025, 5, 15); // 15 June 2025

type Row = [kind: Kind, value: unknown, answer: unknown, expected: boolean];

function holds(kind: Kind, operator: Operator, value: unknown, answer: unknown): boolean {
  const d = conditionDoc(kind, answer === undefined ? { operator } : { operator, answer });
  const data: Record<string, unknown> = value === HIDDEN ? { gate: true, q: sample(kind) } : value === undefined ? {} : { q: value };
  return visibleFields(d, data, {}, TODAY).includes('target');
}

/** A stored answer that would satisfy most operators, to prove a hidden question reads as unanswered. */
function sample(kind: Kind): unknown {
  return { text: 'Other', number: 5, integer: 5, date: '2025-01-01', time: '10:00', boolean: true, choice: 'Red', multi: ['Red'] }[kind];
}

const TABLE: Record<Operator, Row[]> = {
  LT: [
    ['number', 4, 5, true],
    ['number', 5, 5, false],
    ['number', 6, 5, false],
    ['text', '4', 5, true],
    ['text', 'abc', 5, false],
    ['date', '2025-01-01', '2025-01-02', true],
    ['date', '2025-01-02', '2025-01-02', false],
    ['date', '2010-06-14', 'today-15y', true],
    ['date', '2010-06-15', 'today-15y', false],
    ['date', '2025-13-40', '2026-01-01', false],
    ['time', '09:59', '10:00', true],
    ['time', '10:00', '10:00', false],
    ['number', undefined, 5, false],
    ['number', HIDDEN, 50, false],
    ['multi', ['Red'], 5, false],
  ],
  LTE: [
    ['number', 5, 5, true],
    ['number', 6, 5, false],
    ['date', '2025-01-02', '2025-01-02', true],
    ['number', undefined, 5, false],
    ['number', HIDDEN, 50, false],
  ],
  GT: [
    ['number', 6, 5, true],
    ['number', 5, 5, false],
    ['integer', 6, 5, true],
    ['text', '10', 9, true],
    ['date', '2025-06-16', 'today', true],
    ['date', '2025-06-15', 'today', false],
    ['number', '', 0, false],
    ['number', undefined, 0, false],
    ['number', HIDDEN, 0, false],
  ],
  GTE: [
    ['number', 5, 5, true],
    ['number', 4, 5, false],
    ['time', '23:59', '12:00', true],
    ['number', undefined, 5, false],
    ['number', HIDDEN, 0, false],
  ],
  EQ: [
    ['text', 'Other', 'Other', true],
    ['text', ' Other ', 'Other', true],
    ['text', 'other', 'Other', false],
    ['number', 5, 5, true],
    ['number', '5', 5, true],
    ['number', 6, 5, false],
    ['date', '2025-01-01', '2025-01-01', true],
    ['date', '2025-01-02', '2025-01-01', false],
    ['boolean', true, true, true],
    ['boolean', false, true, false],
    ['boolean', false, false, true],
    ['choice', 'Red', 'Red', true],
    ['choice', 'Blue', 'Red', false],
    ['multi', ['Red'], 'Red', true],
    ['multi', ['Red', 'Blue'], 'Red', false],
    ['multi', ['Red', 'Blue'], ['Blue', 'Red'], true],
    ['text', undefined, 'Other', false],
    ['text', '   ', '', false],
    ['text', HIDDEN, 'Other', false],
  ],
  NEQ: [
    ['text', 'Other', 'Other', false],
    ['text', 'Else', 'Other', true],
    ['number', 6, 5, true],
    ['boolean', false, true, true],
    ['choice', 'Blue', 'Red', true],
    ['multi', ['Red', 'Blue'], 'Red', true],
    ['multi', ['Red'], 'Red', false],
    ['text', undefined, 'Other', false],
    ['boolean', undefined, true, false],
    ['choice', HIDDEN, 'Blue', false],
  ],
  IS: [
    ['boolean', true, true, true],
    ['boolean', false, true, false],
    ['choice', 'Green', 'Green', true],
    ['choice', 'Red', 'Green', false],
    ['boolean', undefined, false, false],
    ['boolean', HIDDEN, true, false],
  ],
  IS_NOT: [
    ['boolean', true, true, false],
    ['boolean', false, true, true],
    ['choice', 'Red', 'Green', true],
    ['boolean', undefined, true, false],
    ['boolean', HIDDEN, false, false],
  ],
  ONLY: [
    ['multi', ['Red'], ['Red'], true],
    ['multi', ['Red', 'Blue'], ['Blue', 'Red'], true],
    ['multi', ['Red', 'Blue'], ['Red'], false],
    ['multi', ['Red'], ['Red', 'Blue'], false],
    ['multi', ['Red'], 'Red', true],
    ['choice', 'Red', ['Red'], true],
    ['choice', 'Red', ['Red', 'Blue'], false],
    ['multi', [], ['Red'], false],
    ['multi', undefined, ['Red'], false],
    ['multi', HIDDEN, ['Red'], false],
  ],
  NOT_ONLY: [
    ['multi', ['Red'], ['Red'], false],
    ['multi', ['Red', 'Blue'], ['Red'], true],
    ['multi', ['Blue'], ['Red'], true],
    ['multi', [], ['Red'], false],
    ['multi', undefined, ['Red'], false],
    ['multi', HIDDEN, ['Blue'], false],
  ],
  RANGE: [
    ['number', 5, { low: 5, high: 10 }, true],
    ['number', 10, { low: 5, high: 10 }, true],
    ['number', 11, { low: 5, high: 10 }, false],
    ['number', 4, { low: 5, high: 10 }, false],
    ['date', '2025-03-01', { low: '2025-01-01', high: '2025-12-31' }, true],
    ['date', '2026-01-01', { low: '2025-01-01', high: '2025-12-31' }, false],
    ['number', 7, 7, false],
    ['number', undefined, { low: 0, high: 10 }, false],
    ['number', HIDDEN, { low: 0, high: 10 }, false],
  ],
  CONTAINS: [
    ['multi', ['Red', 'Blue'], 'Blue', true],
    ['multi', ['Red'], 'Blue', false],
    ['text', 'I have a Headache', 'headache', true],
    ['text', 'fine', 'headache', false],
    ['multi', [], 'Red', false],
    ['text', undefined, 'a', false],
    ['multi', HIDDEN, 'Red', false],
  ],
  HAS_VALUE: [
    ['text', 'x', undefined, true],
    ['text', '', undefined, false],
    ['text', '   ', undefined, false],
    ['number', 0, undefined, true],
    ['boolean', false, undefined, true],
    ['multi', ['Red'], undefined, true],
    ['multi', [], undefined, false],
    ['date', '--', undefined, false],
    ['date', '2025--1', undefined, true],
    ['text', null, undefined, false],
    ['text', undefined, undefined, false],
    ['text', HIDDEN, undefined, false],
  ],
  DOES_NOT_HAVE_VALUE: [
    ['text', 'x', undefined, false],
    ['text', '', undefined, true],
    ['text', '  ', undefined, true],
    ['multi', [], undefined, true],
    ['boolean', false, undefined, false],
    ['time', ':', undefined, true],
    ['text', null, undefined, true],
    ['text', undefined, undefined, true],
    ['text', HIDDEN, undefined, true],
  ],
  OPTION_COUNT_EQ: [
    ['multi', ['Red', 'Blue'], 2, true],
    ['multi', ['Red'], 2, false],
    ['multi', [], 0, false],
    ['multi', HIDDEN, 1, false],
  ],
  OPTION_COUNT_LT: [
    ['multi', ['Red'], 2, true],
    ['multi', ['Red', 'Blue'], 2, false],
    ['multi', undefined, 2, false],
  ],
  OPTION_COUNT_LTE: [
    ['multi', ['Red', 'Blue'], 2, true],
    ['multi', ['Red', 'Blue', 'Green'], 2, false],
    ['multi', HIDDEN, 5, false],
  ],
  OPTION_COUNT_GT: [
    ['multi', ['Red', 'Blue'], 1, true],
    ['multi', ['Red'], 1, false],
    ['multi', undefined, 0, false],
  ],
  OPTION_COUNT_GTE: [
    ['multi', ['Red'], 1, true],
    ['multi', ['Red'], 2, false],
    ['multi', ['Red', 'Red'], 2, false],
    ['multi', HIDDEN, 1, false],
  ],
  ANY_OF_THE: [
    ['multi', ['Red', 'Green'], ['Green', 'Blue'], true],
    ['multi', ['Red'], ['Green', 'Blue'], false],
    ['choice', 'Green', ['Green', 'Blue'], true],
    ['choice', 'Red', ['Green', 'Blue'], false],
    ['number', 3, [1, 2, 3], true],
    ['multi', undefined, ['Red'], false],
    ['choice', HIDDEN, ['Red'], false],
  ],
  ALL_OF_THE: [
    ['multi', ['Red', 'Green', 'Blue'], ['Green', 'Blue'], true],
    ['multi', ['Green'], ['Green', 'Blue'], false],
    ['choice', 'Green', ['Green'], true],
    ['choice', 'Green', ['Green', 'Blue'], false],
    ['multi', [], ['Red'], false],
    ['multi', HIDDEN, ['Red'], false],
  ],
  ONLY_ONE_OF_THE: [
    ['multi', ['Red', 'Green'], ['Green', 'Blue'], true],
    ['multi', ['Green', 'Blue'], ['Green', 'Blue'], false],
    ['multi', ['Red'], ['Green', 'Blue'], false],
    ['choice', 'Blue', ['Green', 'Blue'], true],
    ['multi', undefined, ['Red'], false],
    ['multi', HIDDEN, ['Red'], false],
  ],
};

describe('operator truth tables', () => {
  it('covers every operator', () => {
    expect(Object.keys(TABLE).sort()).toEqual([...OPERATORS].sort());
  });
  for (const op of OPERATORS) {
    describe(op, () => {
      for (const [kind, value, answer, expected] of TABLE[op]) {
        const shown = value === HIDDEN ? 'hidden' : (JSON.stringify(value) ?? 'unanswered');
        it(`${kind} ${shown} ${op} ${JSON.stringify(answer) ?? ''} is ${expected}`, () => {
          expect(holds(kind, op, value, answer)).toBe(expected);
        });
      }
    });
  }
});
