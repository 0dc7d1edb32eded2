// Which operators fit which kind of answer: read by the condition checks and by the
// near-miss suggestions ("did you mean …? operators that fit it: …").
import type { Operator } from '../types';
import type { FieldKind } from '../fields';

export const ORDERED: Operator[] = ['LT', 'LTE', 'GT', 'GTE', 'RANGE'];
export const PRESENCE: Operator[] = ['HAS_VALUE', 'DOES_NOT_HAVE_VALUE'];
const EQUALITY: Operator[] = ['EQ', 'NEQ', 'IS', 'IS_NOT'];
export const COUNTS: Operator[] = ['OPTION_COUNT_EQ', 'OPTION_COUNT_LT', 'OPTION_COUNT_LTE', 'OPTION_COUNT_GT', 'OPTION_COUNT_GTE'];
export const LISTS: Operator[] = ['ANY_OF_THE', 'ALL_OF_THE', 'ONLY_ONE_OF_THE'];

/** Which operators fit which kind of answer (renderer/README.md, "Operators"). */
export const OPERATORS_BY_KIND: Record<Exclude<FieldKind, 'unknown'>, Operator[]> = {
  text: [...EQUALITY, ...PRESENCE, ...ORDERED, 'CONTAINS', 'ANY_OF_THE'],
  number: [...EQUALITY, ...PRESENCE, ...ORDERED, 'ANY_OF_THE'],
  date: [...EQUALITY, ...PRESENCE, ...ORDERED],
  time: [...EQUALITY, ...PRESENCE, ...ORDERED],
  datetime: [...EQUALITY, ...PRESENCE, ...ORDERED],
  boolean: [...EQUALITY, ...PRESENCE],
  choice: [...EQUALITY, ...PRESENCE, 'ONLY', 'NOT_ONLY', ...LISTS],
  multi: ['EQ', 'NEQ', ...PRESENCE, 'ONLY', 'NOT_ONLY', 'CONTAINS', ...COUNTS, ...LISTS],
  // A list itself: whether it has items, and how many (OPTION_COUNT_* count its items). Look
  // into its items with `list.field` (and `items: "any" | "all"`).
  list: [...PRESENCE, ...COUNTS],
};
