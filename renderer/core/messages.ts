// Error messages: the field's ui:errors[key] > the document's messages[key] > the default.
// The defaults are the generic wording of the renderer (the table in renderer/README.md).
// Wording about a particular kind of person (whose age…) belongs in the documents'
// ui:errors / messages, not here: the renderer knows nothing of GP practices.
import type { FormDocument } from './types';
import { isPlainObject, own } from './text';

export const DEFAULT_MESSAGES: Readonly<Record<string, string>> = {
  required: 'Please provide input.',
  whitespace: 'Please provide valid input.',
  type: 'Please provide valid input.',
  typeNumber: 'Please enter a number.',
  typeInteger: 'Please enter a whole number.',
  pattern: 'Please provide valid input.',
  enum: 'Please select a valid option.',
  minLength: 'Please enter at least {min} characters.',
  maxLength: 'Please enter no more than {max} characters.',
  minimum: 'Please enter a number of at least {min}.',
  maximum: 'Please enter a number of at most {max}.',
  range: 'Please enter a number between {min} and {max}.',
  minItems: 'Please select at least {min} options.',
  maxItems: 'Please select no more than {max} options.',
  listMinItems: 'Please add at least {min} items.',
  listMaxItems: 'Please add no more than {max} items.',
  uniqueItems: 'Please select each option only once.',
  email: 'Please provide valid email.',
  'uk-phone': 'Please enter a valid UK phone number.',
  'uk-postcode': 'Please enter a valid postcode',
  'date-time': 'Please provide a valid date and time.',
  format: 'Please provide valid input.',
  date: 'Please provide a valid date.',
  dateOfBirth: 'Please enter a valid date of birth',
  time: 'Please provide a valid time.',
  time24: 'Please provide a valid 24-hour time.',
  time12: 'Please provide a valid 12-hour time.',
  notBefore: 'Please provide a date on or after {date}.',
  notAfter: 'Please provide a date on or before {date}.',
  after: 'Please provide a date after {date}.',
  before: 'Please provide a date before {date}.',
  noneOfTheAbove: 'Please select "None of the above" on its own, or the options that apply without it.',
  ageReal: 'Please enter real date of birth',
  ageMin: 'The age must be {N} or above',
  ageMax: 'The age must be {N} or below',
  yearRange: 'Please input valid year.',
  readOnly: 'This answer cannot be changed.',
};

export type MessageVars = Record<string, string | number>;

export interface MessageOptions {
  fallbackKeys?: string[];
  defaultKey?: string;
  defaultMessage?: string;
}

function fill(template: string, vars?: MessageVars): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (all, name: string) => (Object.prototype.hasOwnProperty.call(vars, name) ? String(vars[name]) : all));
}

/**
 * The message for `keyword` on `field`: ui:errors[keyword] of the field, else the document's
 * messages[keyword]; at each level `fallbackKeys` are tried after `keyword` (a date field's
 * "date" error also listens to ui:errors.format, and the field level beats the document level), else DEFAULT_MESSAGES[defaultKey ?? keyword].
 * {N}, {min}, {max}, {date} placeholders are filled from `vars`.
 */
export function messageFor(doc: FormDocument, field: string, keyword: string, vars?: MessageVars, opts?: MessageOptions): string {
  const ui = isPlainObject(doc) && isPlainObject(doc.uiSchema) ? own(doc.uiSchema, field) : undefined;
  const fieldErrors = isPlainObject(ui) ? own(ui, 'ui:errors') : undefined;
  const docMessages = isPlainObject(doc) && isPlainObject(doc.messages) ? doc.messages : undefined;
  const keys = [keyword, ...(opts?.fallbackKeys ?? [])];
  for (const level of [fieldErrors, docMessages]) {
    if (!isPlainObject(level)) continue;
    for (const key of keys) {
      const m = own(level, key);
      if (typeof m === 'string') return fill(m, vars);
    }
  }
  const dflt = opts?.defaultMessage ?? DEFAULT_MESSAGES[opts?.defaultKey ?? keyword] ?? DEFAULT_MESSAGES.format!;
  return fill(dflt, vars);
}
