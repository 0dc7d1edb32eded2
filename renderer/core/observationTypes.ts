// The ONE table: a questionnaire question's observation type (guideline engine) →
// the renderer widget that draws it, the JSON Schema type it stores, and what the engine says
// about it in requiredData. Used by the app (drawing), the checker (schemas:check) and the
// server (re-check, observations). Contract: schemas/questionnaires/README.md.
import { declaredWidget, type FieldSchema, type ObservationType, type UiField, type WidgetDeclarations, type WidgetName } from './types';
import { NONE_OF_THE_ABOVE, defaultWidget } from './fields';
import { isPlainObject } from './text';

export type { ObservationType } from './types';

/** Maximum length of a questionnaire TEXT answer. */
export const QUESTIONNAIRE_TEXT_MAX = 2000;

export interface ObservationTypeSpec {
  /**
   * The widget the field must be drawn with (its ui:widget, or the schema's default widget);
   * null: no built-in widget draws it, only an app widget declaring the type.
   */
  widget: WidgetName | null;
  /** JSON Schema types the field may have. */
  schemaTypes: ReadonlyArray<FieldSchema['type']>;
  /** The field's `format`, when the type needs one. */
  format?: 'date' | 'time' | 'date-time';
  /** valueType of requiredData's referencedObservation. */
  valueType: 'boolean' | 'string' | 'number' | 'array';
  /** The field lists its options (enum / oneOf, or items.enum / items.oneOf). */
  options: boolean;
  /** A DISPLAY item is text, not a question: never answered, never required. */
  answered: boolean;
  /** An answer that may be left out (photos): not listed in required, no generated example answer. */
  optional?: boolean;
}

/**
 * BOOLEAN is drawn as Yes/No radios like BINARY, not as one checkbox: a lone checkbox cannot
 * tell "no" from "not answered", so a required BOOLEAN checkbox could only be answered "yes".
 * NUMERIC takes its unit (ui:options.unit) and inputRange (schema minimum/maximum) from the
 * document; TEXT is a textarea with maxLength ≤ 2000; MULTI_CHOICE always offers "None of the
 * above", exclusive with the rest.
 */
export const OBSERVATION_TYPES: Readonly<Record<ObservationType, ObservationTypeSpec>> = {
  BINARY: { widget: 'yesNo', schemaTypes: ['boolean'], valueType: 'boolean', options: false, answered: true },
  BOOLEAN: { widget: 'yesNo', schemaTypes: ['boolean'], valueType: 'boolean', options: false, answered: true },
  MULTI_CHOICE: { widget: 'checkboxes', schemaTypes: ['array'], valueType: 'array', options: true, answered: true },
  DROPDOWN: { widget: 'select', schemaTypes: ['string'], valueType: 'string', options: true, answered: true },
  NUMERIC: { widget: 'number', schemaTypes: ['number', 'integer'], valueType: 'number', options: false, answered: true },
  TEXT: { widget: 'textarea', schemaTypes: ['string'], valueType: 'string', options: false, answered: true },
  DATE: { widget: 'date', schemaTypes: ['string'], format: 'date', valueType: 'string', options: false, answered: true },
  TIME: { widget: 'time', schemaTypes: ['string'], format: 'time', valueType: 'string', options: false, answered: true },
  DATE_TIME: { widget: 'datetime', schemaTypes: ['string'], format: 'date-time', valueType: 'string', options: false, answered: true },
  DISPLAY: { widget: 'display', schemaTypes: ['string'], valueType: 'string', options: false, answered: false },
  // The ids of pictures the user chose to send (one answer entry per photo); never required.
  ATTACHMENT: { widget: null, schemaTypes: ['array'], valueType: 'array', options: false, answered: true, optional: true },
};

export const OBSERVATION_TYPE_NAMES = Object.keys(OBSERVATION_TYPES) as ObservationType[];

export function isObservationType(t: unknown): t is ObservationType {
  return typeof t === 'string' && Object.prototype.hasOwnProperty.call(OBSERVATION_TYPES, t);
}

/** The widget of an observation type (the renderer's widget name). */
export function widgetForObservationType(type: ObservationType | string): WidgetName {
  return (isObservationType(type) ? OBSERVATION_TYPES[type].widget : undefined) ?? 'text';
}

/** The observation type a field declares, if any. */
export function observationTypeOf(schema: FieldSchema | undefined): ObservationType | undefined {
  const t = isPlainObject(schema) ? schema['x-observationType'] : undefined;
  return isObservationType(t) ? t : undefined;
}

function hasOptions(schema: FieldSchema): boolean {
  const src = schema.type === 'array' ? schema.items : schema;
  return isPlainObject(src) && ((Array.isArray(src.enum) && src.enum.length > 0) || (Array.isArray(src.oneOf) && src.oneOf.length > 0));
}

/**
 * What is wrong with a field against its observation type: paths relative to the document
 * (e.g. "/schema/properties/pain/type"), messages in a configurer's words. A field without
 * x-observationType is a problem too: every questionnaire field declares one.
 */
export function observationTypeProblems(field: string, schema: unknown, ui: unknown, widgets?: WidgetDeclarations): Array<{ path: string; message: string }> {
  const esc = field.replace(/~/g, '~0').replace(/\//g, '~1');
  const base = `/schema/properties/${esc}`;
  const out: Array<{ path: string; message: string }> = [];
  if (!isPlainObject(schema)) return out;
  const s = schema as unknown as FieldSchema;
  const t = s['x-observationType'];
  if (t === undefined) {
    out.push({ path: base, message: `"${field}" has no x-observationType (one of ${OBSERVATION_TYPE_NAMES.join(', ')})` });
    return out;
  }
  if (!isObservationType(t)) return out; // the meta-schema names the allowed values
  const spec = OBSERVATION_TYPES[t];
  if (!spec.schemaTypes.includes(s.type)) {
    out.push({ path: `${base}/type`, message: `${t} needs type ${spec.schemaTypes.map((x) => `"${x}"`).join(' or ')} (found ${JSON.stringify(s.type)})` });
  }
  if (spec.format && s.format !== spec.format) {
    out.push({ path: `${base}/format`, message: `${t} needs format "${spec.format}" (found ${JSON.stringify(s.format ?? null)})` });
  }
  if (spec.options && !hasOptions(s)) out.push({ path: base, message: `${t} needs its options (${s.type === 'array' ? 'items.oneOf' : 'oneOf'})` });
  if (!spec.options && t !== 'DISPLAY' && (Array.isArray(s.enum) || Array.isArray(s.oneOf))) {
    out.push({ path: base, message: `${t} takes no options; use DROPDOWN or MULTI_CHOICE for a choice` });
  }
  if (t === 'TEXT' && (typeof s.maxLength !== 'number' || s.maxLength > QUESTIONNAIRE_TEXT_MAX)) {
    out.push({
      path: `${base}/maxLength`,
      message: `TEXT needs maxLength of at most ${QUESTIONNAIRE_TEXT_MAX} (found ${JSON.stringify(s.maxLength ?? null)})`,
    });
  }
  const uiField = isPlainObject(ui) ? (ui as UiField) : undefined;
  const widget = defaultWidget(s, uiField);
  // An app's own widget may stand in for the type's widget when it declares that type.
  const own = declaredWidget(widgets, widget);
  if (widget !== spec.widget && !own?.observationTypes?.includes(t)) {
    out.push({
      path: uiField?.['ui:widget'] !== undefined ? `/uiSchema/${esc}/ui:widget` : `/uiSchema/${esc}`,
      message:
        spec.widget === null
          ? `${t} is drawn only by an app widget that declares it in observationTypes (found "${widget}")`
          : `${t} is drawn with widget "${spec.widget}" (found "${widget}"${uiField?.['ui:widget'] === undefined ? ', the default for this schema: set ui:widget' : ''})`,
    });
  }
  if (t === 'ATTACHMENT' && (s.items?.type !== 'string' || typeof s.maxItems !== 'number')) {
    out.push({ path: base, message: `ATTACHMENT needs items of type "string" (the photos' ids) and a maxItems` });
  }
  if (t === 'MULTI_CHOICE') {
    const opts = isPlainObject(uiField?.['ui:options']) ? uiField['ui:options'] : undefined;
    if (opts?.noneOfTheAbove === false) {
      out.push({ path: `/uiSchema/${esc}/ui:options/noneOfTheAbove`, message: `MULTI_CHOICE always offers "None of the above": remove noneOfTheAbove: false` });
    }
    const items = s.items;
    const values = [...(items?.enum ?? []), ...(items?.oneOf ?? []).map((o) => o.const)];
    if (values.some((v) => String(v) === NONE_OF_THE_ABOVE)) {
      out.push({ path: `${base}/items`, message: `"${NONE_OF_THE_ABOVE}" is added by the renderer; do not list it as an option` });
    }
  }
  return out;
}
