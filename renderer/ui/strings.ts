// Every word the renderer's UI draws by itself (not taken from the document): the error summary,
// the buttons, the asterisk line, the date and time boxes, the automatic "None of the above",
// Yes / No, the character count. One place, so a product can reword or translate the form with
// one `strings` prop on <SchemaForm> (a partial override, merged over these defaults).
// Placeholders such as {max} are filled with `fillString`.
import { NONE_OF_THE_ABOVE_LABEL, YES_NO_LABELS } from '../core/index';

export interface RendererStrings {
  /** Title of the error summary. */
  errorSummaryTitle: string;
  /** The line above the error list after a failed Next / Send. */
  errorBanner: string;
  /** Read by screen readers before each field's error message. */
  errorPrefix: string;
  /** Shown above a page that has a required question. */
  requiredLine: string;
  /** Read by screen readers after a required question's label (sighted users see "*"). */
  requiredHidden: string;
  /** "Page {page}/{total}" above the title of a multi-page form. */
  pageOf: string;
  send: string;
  /** The send button's label while the submission is on its way (the button is disabled meanwhile). */
  sending: string;
  next: string;
  back: string;
  cancel: string;
  /** The labels of the date and time boxes. */
  day: string;
  month: string;
  year: string;
  hour: string;
  minute: string;
  amPm: string;
  am: string;
  pm: string;
  /** The empty first choice of the am/pm box. */
  selectAmPm: string;
  /** The empty first choice of a drop-down. */
  selectOption: string;
  /** "Add another" lists: the add button ({item}: the item's name, lower case), each item's legend and its remove button. */
  addAnother: string;
  listItem: string;
  removeItem: string;
  /** Hint under a list with maxItems. */
  listAtMost: string;
  /** Default hints when the document gives none. */
  dateHint: string;
  /** A date hint whose example fits the question's allowed range ({day} {month} {year}). */
  dateHintExample: string;
  /** One entry of the error summary: the question, then its message. */
  errorSummaryEntry: string;
  time24Hint: string;
  time12Hint: string;
  dateTimeHint: string;
  checkboxesHint: string;
  /** Default number hints from the schema's minimum / maximum ({unit} is " kg" or ""). */
  numberBetween: string;
  numberAtLeast: string;
  numberAtMost: string;
  /** The divider before "None of the above", and its label. */
  or: string;
  noneOfTheAbove: string;
  yes: string;
  no: string;
  /** Character count of a long-text answer. */
  charactersAllowed: string;
  characterRemaining: string;
  charactersRemaining: string;
  characterTooMany: string;
  charactersTooMany: string;
  /** After an external link's text. */
  opensInNewTab: string;
  /** Content blocks: what screen readers hear before an inset and a care card, and the default headings. */
  information: string;
  urgentAdvice: string;
  important: string;
  moreInformation: string;
  /** Heading of a care card (urgent) content block without its own heading. */
  getHelpNow: string;
}

export const DEFAULT_STRINGS: Readonly<RendererStrings> = {
  errorSummaryTitle: 'There is a problem',
  errorBanner: 'Please complete the errors in this form',
  errorPrefix: 'Error:',
  requiredLine: 'Questions marked with an asterisk (*) must be answered.',
  requiredHidden: '(required)',
  pageOf: 'Page {page}/{total}',
  send: 'Send',
  sending: 'Sending…',
  next: 'Next',
  back: 'Back',
  cancel: 'Cancel',
  day: 'Day',
  month: 'Month',
  year: 'Year',
  hour: 'Hour',
  minute: 'Minute',
  amPm: 'am or pm',
  am: 'am',
  pm: 'pm',
  selectAmPm: 'Select',
  selectOption: 'Select an option',
  addAnother: 'Add another {item}',
  listItem: '{Item} {n}',
  removeItem: 'Remove',
  listAtMost: 'You can add up to {max}.',
  dateHint: 'For example, 15 3 1984',
  dateHintExample: 'For example, {day} {month} {year}',
  errorSummaryEntry: '{question}: {message}',
  time24Hint: 'For example, 14 30',
  time12Hint: 'For example, 9 30 am',
  dateTimeHint: 'Enter the date, then the time',
  checkboxesHint: 'Select all that apply',
  numberBetween: 'Enter a number between {min} and {max}{unit}.',
  numberAtLeast: 'Enter a number of at least {min}{unit}.',
  numberAtMost: 'Enter a number of at most {max}{unit}.',
  or: 'or',
  noneOfTheAbove: NONE_OF_THE_ABOVE_LABEL,
  yes: YES_NO_LABELS.yes,
  no: YES_NO_LABELS.no,
  charactersAllowed: 'You can enter up to {max} characters',
  characterRemaining: 'You have {n} character remaining',
  charactersRemaining: 'You have {n} characters remaining',
  characterTooMany: 'You have {n} character too many',
  charactersTooMany: 'You have {n} characters too many',
  opensInNewTab: '(opens in a new tab)',
  information: 'Information:',
  urgentAdvice: 'Urgent advice:',
  important: 'Important',
  moreInformation: 'More information',
  getHelpNow: 'Get help now',
};

/** The defaults with `override` merged over them (only string values are taken). */
export function mergeStrings(override: Partial<RendererStrings> | undefined): RendererStrings {
  if (!override) return DEFAULT_STRINGS;
  const merged: RendererStrings = { ...DEFAULT_STRINGS };
  for (const key of Object.keys(override) as Array<keyof RendererStrings>) {
    const value = override[key];
    if (typeof value === 'string') merged[key] = value;
  }
  return merged;
}

/** Fills `{name}` placeholders from `vars`; unknown names stay as written. */
export function fillString(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.prototype.hasOwnProperty.call(vars, name) ? String(vars[name]) : whole));
}
