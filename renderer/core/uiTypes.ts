// How a field is drawn: the built-in widget names, an app's own widget declarations and a
// field's uiSchema entry. Pure types, and the one lookup of a declared widget.
import type { FieldSchema, ObservationType } from './fieldSchemaTypes';

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
