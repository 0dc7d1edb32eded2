// Enable-when rules of a form document: the operators, one condition, and the rule a field
// (or an option, a content block, a constraint) carries. Pure types: no React, no DOM.

/** The enable-when operators. Exact meanings: renderer/README.md, "Operators". */
export type Operator =
  | 'LT'
  | 'LTE'
  | 'GT'
  | 'GTE'
  | 'EQ'
  | 'NEQ'
  | 'IS'
  | 'IS_NOT'
  | 'ONLY'
  | 'NOT_ONLY'
  | 'RANGE'
  | 'CONTAINS'
  | 'HAS_VALUE'
  | 'DOES_NOT_HAVE_VALUE'
  | 'OPTION_COUNT_EQ'
  | 'OPTION_COUNT_LT'
  | 'OPTION_COUNT_LTE'
  | 'OPTION_COUNT_GT'
  | 'OPTION_COUNT_GTE'
  | 'ANY_OF_THE'
  | 'ALL_OF_THE'
  | 'ONLY_ONE_OF_THE';

export const OPERATORS: readonly Operator[] = [
  'LT',
  'LTE',
  'GT',
  'GTE',
  'EQ',
  'NEQ',
  'IS',
  'IS_NOT',
  'ONLY',
  'NOT_ONLY',
  'RANGE',
  'CONTAINS',
  'HAS_VALUE',
  'DOES_NOT_HAVE_VALUE',
  'OPTION_COUNT_EQ',
  'OPTION_COUNT_LT',
  'OPTION_COUNT_LTE',
  'OPTION_COUNT_GT',
  'OPTION_COUNT_GTE',
  'ANY_OF_THE',
  'ALL_OF_THE',
  'ONLY_ONE_OF_THE',
];

/**
 * One enable-when condition. It reads either another field's answer (`question`) or a
 * run-time parameter of the document (`parameter`, see FormDocument.parameters).
 * `answer` depends on the operator: a scalar, an array of options, or `{ low, high }` for RANGE;
 * none for HAS_VALUE / DOES_NOT_HAVE_VALUE.
 */
export interface Condition {
  /** A field's path: `name`, `group.name`, or `list.name` to look into every item of a list. */
  question?: string;
  parameter?: string;
  operator: Operator;
  answer?: unknown;
  /** For a question inside a list (`list.name`): whether any item (default) or all items must match. */
  items?: 'any' | 'all';
}

export interface EnableWhen {
  enableWhen: Condition[];
  /** How the conditions combine; default 'all'. */
  enableBehavior?: 'all' | 'any';
  /** Message keys of the rule may be overridden per rule: { because: "…" } names it in prune reports. */
  description?: string;
}

export interface FieldRule extends Partial<EnableWhen> {
  /**
   * When true, hiding the field forgets its answer at once (e.g. deselecting a section of
   * CHANGE_OF_PERSONAL_DETAILS clears its fields); otherwise a hidden answer stays in memory
   * so it comes back if the field reappears — but it is never validated nor submitted.
   */
  clearWhenHidden?: boolean;
  /** While these hold the field is shown read-only and its answer is cleared. */
  disableWhen?: Condition[];
  disableBehavior?: 'all' | 'any';
  /** Per-option visibility of a choice / multi-choice field, keyed by option value. */
  options?: Record<string, EnableWhen>;
}
