// The form-document shape (renderer/README.md, "The document shape"; docs/architecture.md). Every form and questionnaire section the
// app draws is one of these. Pure types: no React, no DOM.
//
// Fields are flat: every answer is a top-level property of `schema.properties`, and a
// field's path is its name. Mapping answers onto nested entities (a person's contactDetails…)
// is the app's job, not the renderer's.

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

/** A reference to a run-time parameter, usable where a document needs a number the app supplies. */
export interface ParamRef {
  param: string;
  default?: number;
}

/**
 * Date bounds: "today", "today+7d", "today-1m" (units d, w, m, y) or "field:otherField".
 * Used by the `x-date` keyword: { notBefore?, notAfter? } are inclusive (the bound itself is
 * allowed), { after?, before? } strict (the bound itself is refused: "end strictly after start").
 */
export type DateRef = string;

export interface DocumentParameter {
  type: 'number' | 'integer' | 'boolean' | 'string';
  description: string;
  default?: number | boolean | string;
  /**
   * Where the value comes from: a dot path into the context the caller passes to
   * `resolveParameters` (e.g. "adminForms.customFields.minimum-dr-letter-charge"). The app and
   * the server pass the same context, so both give a document the same parameters.
   */
  source?: string;
}

/** A block of content on a page: panels, notes and links around the questions. */
export interface ContentBlock {
  kind: 'paragraph' | 'inset' | 'warning' | 'details' | 'care-card';
  heading?: string;
  /** Plain text; `{name}` is replaced by the parameter of that name. One string per paragraph. */
  text: string | string[];
  links?: Array<{ text: string; href?: string; hrefParam?: string }>;
  /** Show the block only when these hold (same rules as fields). */
  enableWhen?: Condition[];
  enableBehavior?: 'all' | 'any';
}

export interface PageSpec {
  id?: string;
  title: string;
  /** Every field of the document appears on exactly one page. */
  fields: string[];
  /** Content drawn above the fields. */
  content?: ContentBlock[];
  /** Content drawn below the fields. */
  contentAfter?: ContentBlock[];
}

/** A cross-field check, e.g. "at least one of these name fields". */
export interface DocumentConstraint {
  id: string;
  kind: 'atLeastOne';
  fields: string[];
  message: string;
  /** The field the error is shown on (default: the first of `fields`). */
  path?: string;
  when?: Condition[];
  whenBehavior?: 'all' | 'any';
}

/**
 * JSON Schema of one field (a subset: what form documents use). Standard keywords plus:
 * - format: 'date' (YYYY-MM-DD), 'time' (HH:mm), 'date-time' (YYYY-MM-DDTHH:mm), 'email'
 *   (local part at most 64), 'uk-phone' (libphonenumber-js, GB), 'uk-postcode'
 * - x-date: { notBefore?, notAfter? } (inclusive) and { after?, before? } (strict), each a DateRef
 * - x-age: dateOfBirth bounds { min?: number | ParamRef, max?: number | ParamRef, maxYears?: number }
 * - x-yearRange: a year between (current year − yearsBack) and the current year
 */
/**
 * Question types of the guideline engine (schemas/questionnaires/README.md). A questionnaire
 * section's field declares one as `x-observationType`; renderer/core/observationTypes.ts maps
 * each onto a widget.
 */
export type ObservationType =
  | 'BINARY'
  | 'BOOLEAN'
  | 'MULTI_CHOICE'
  | 'DROPDOWN'
  | 'NUMERIC'
  | 'TEXT'
  | 'DATE'
  | 'TIME'
  | 'DATE_TIME'
  | 'DISPLAY'
  // Pictures the user sends (ids of uploads the app made), drawn only by an app widget declaring it.
  | 'ATTACHMENT';

export interface FieldSchema {
  /** `object` with `properties`: a group of fields (renderer/README.md, "Groups, lists and reuse"). */
  type: 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';
  title?: string;
  description?: string;
  enum?: Array<string | number | boolean>;
  oneOf?: Array<{ const: string | number | boolean; title: string }>;
  /** Options of a multi-choice field; or, without options, the item of an "add another" list (an object schema, or a string / number). */
  items?: {
    type?: 'string' | 'number' | 'integer' | 'object';
    enum?: Array<string | number>;
    oneOf?: Array<{ const: string | number; title: string }>;
    properties?: Record<string, FieldSchema>;
    required?: string[];
    title?: string;
    maxLength?: number;
    /** A string item's pattern (a photos field's ids). */
    pattern?: string;
    $ref?: string;
  };
  /** A group's fields (type object). */
  properties?: Record<string, FieldSchema>;
  /** A group's required fields. */
  required?: string[];
  /** A local reference to a definition of the document's schema: "#/definitions/<name>". */
  $ref?: string;
  uniqueItems?: boolean;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  /** Filled in when the field comes into view unanswered; `{ param: name }` takes a parameter's value (renderer/core/defaults.ts). */
  default?: unknown;
  /** The value is the document's (its const, else its default): shown as a summary row, refused if changed. */
  readOnly?: boolean;
  /** A read-only field's value. */
  const?: unknown;
  'x-date'?: { notBefore?: DateRef; notAfter?: DateRef; after?: DateRef; before?: DateRef };
  'x-age'?: { min?: number | ParamRef; max?: number | ParamRef; maxYears?: number };
  'x-yearRange'?: { yearsBack: number | ParamRef };
  /** Questionnaire sections only: the engine's question type (schemas/questionnaires/README.md). */
  'x-observationType'?: ObservationType;
}

export interface FormSchema {
  type: 'object';
  required?: string[];
  properties: Record<string, FieldSchema>;
  additionalProperties?: boolean;
  /** Reusable field schemas, named by `$ref: "#/definitions/<name>"`. */
  definitions?: Record<string, FieldSchema>;
}

export type WidgetName =
  | 'text'
  | 'textarea'
  | 'email'
  | 'tel'
  | 'number'
  | 'integer'
  | 'date'
  | 'time'
  | 'datetime'
  | 'checkbox'
  | 'checkboxes'
  | 'radio'
  | 'select'
  | 'yesNo'
  | 'display';

export const WIDGETS: readonly WidgetName[] = [
  'text',
  'textarea',
  'email',
  'tel',
  'number',
  'integer',
  'date',
  'time',
  'datetime',
  'checkbox',
  'checkboxes',
  'radio',
  'select',
  'yesNo',
  'display',
];

/**
 * An app's own widget (renderer/core/widgets.ts): what it may draw, checked like the built-in
 * widgets' fits. In this project declared in schemas/widgets.json.
 */
export interface WidgetDeclaration {
  /** The field types (schema `type`) it can draw. */
  fits: ReadonlyArray<FieldSchema['type']>;
  /** Questionnaire question types it may draw (a NUMERIC question drawn as a 0–10 scale). */
  observationTypes?: readonly ObservationType[];
  /** One line for the configurer: what it draws. */
  description?: string;
  /**
   * The values a number widget draws (a 0–10 scale draws 0 to 10). A field drawn with it must
   * declare exactly this minimum and maximum: a wider field has values the widget cannot offer, a
   * narrower one values it offers and the check then refuses.
   */
  range?: { readonly minimum: number; readonly maximum: number };
}

/** An app's own widgets by name. */
export type WidgetDeclarations = Readonly<Record<string, WidgetDeclaration>>;

/** The app's declaration of `name`, if it declared one (never a built-in name). */
export function declaredWidget(declared: WidgetDeclarations | undefined, name: string): WidgetDeclaration | undefined {
  return declared && !(WIDGETS as readonly string[]).includes(name) && Object.prototype.hasOwnProperty.call(declared, name) ? declared[name] : undefined;
}

export interface UiField {
  /**
   * Default comes from the schema: string → text, boolean → yesNo, enum → radio, array → checkboxes…
   * Any other name must be one of the app's declared widgets (WidgetDeclarations).
   */
  'ui:widget'?: WidgetName | (string & {});
  /** Hint text under the label. */
  'ui:help'?: string;
  'ui:placeholder'?: string;
  /**
   * Messages that replace the defaults, word for word, keyed by check:
   * required, whitespace, type, pattern, format, minLength, maxLength, minimum, maximum,
   * minItems, enum, notBefore, notAfter, ageMin, ageMax, ageReal, yearRange,
   * date, time, time12, time24, <constraint id>.
   */
  'ui:errors'?: Record<string, string>;
  'ui:options'?: {
    /** yesNo: show "No" before "Yes" (fit note newSicknessAbsence). */
    reversed?: boolean;
    /** checkboxes: offer "None of the above" (default true), exclusive with the rest. */
    noneOfTheAbove?: boolean;
    /** textarea: rows (default 5) and character count (maxLength, default 300). */
    rows?: number;
    /** photos (an app's widget): the most one file may weigh, in MB. */
    maxFileMegabytes?: number;
    /** number: unit shown after the box. */
    unit?: string;
    /** time: 12-hour clock (messages differ: renderer/README.md, "Validation"). Default 24-hour. */
    hour12?: boolean;
    /** Labels for the yes/no widget's two options. */
    yesLabel?: string;
    noLabel?: string;
    /** Input width class (nhsuk-input--width-N). */
    width?: 2 | 3 | 4 | 5 | 10 | 20 | 30;
    autocomplete?: string;
    inputmode?: 'text' | 'numeric' | 'decimal' | 'tel' | 'email';
    /** A scale's two ends (e.g. the 0–10 scale: "No pain", "Worst pain imaginable"). */
    minLabel?: string;
    maxLabel?: string;
    /** "Add another" list: the name of one item ("Medicine": legends "Medicine 1", button "Add another medicine"), default items.title. */
    itemTitle?: string;
    /** "Add another" list: the add button's words, when "Add another <item>" does not read well. */
    addLabel?: string;
    /** display: text of a display-only item. */
    text?: string;
    /**
     * How a choice answer travels between the app and the API (`toWire` / `fromWire`): `value`
     * (default) as the option's value; `valueLabel` as `{ value, label }` entries (the product's
     * shape for informationToBeUpdated). Inside the form the answer is always the value.
     */
    sendAs?: 'value' | 'valueLabel';
  };
}

/**
 * A form document. Top-level keys the renderer does not know (an app's own metadata about the
 * form, such as where it is listed) are left alone: the app types and reads them itself.
 */
export interface FormDocument {
  $schema?: string;
  id: string;
  title: string;
  description?: string;
  /** Named inputs the app supplies at run time (ages, SMS on/off, configured charge…). */
  parameters?: Record<string, DocumentParameter>;
  pages: PageSpec[];
  schema: FormSchema;
  uiSchema?: Record<string, UiField>;
  rules?: Record<string, FieldRule>;
  constraints?: DocumentConstraint[];
  /** Default messages for this document, keyed like ui:errors (a field's own win). */
  messages?: Record<string, string>;
}

/** Answers keyed by field name. */
export type FormData = Record<string, unknown>;
/** Run-time parameter values keyed by parameter name. */
export type Parameters = Record<string, unknown>;

export interface FieldError {
  /** The field name (or the constraint's field). */
  path: string;
  /** The check that failed (required, format, notBefore…), as used for ui:errors keys. */
  keyword: string;
  message: string;
}

export interface DocumentProblem {
  /** JSON path inside the document, e.g. "/rules/otherType/enableWhen/0/question". */
  path: string;
  message: string;
}

export interface PruneResult {
  data: FormData;
  pruned: Array<{ path: string; because: string }>;
}
