// What kind of answer a field holds, its options and its default widget — all read from the
// field's JSON Schema (and ui:widget), once, at compile time.
import type { FieldSchema, FormDocument, UiField, WidgetName } from './types';
import { isPlainObject } from './text';
import { isListSchema, structureOf } from './structure';

/** The value of the renderer's automatic "None of the above" option on checkboxes. */
export const NONE_OF_THE_ABOVE = 'NONE_OF_THE_ABOVE';

/** The default label of that option (the UI's strings.noneOfTheAbove; the engine's requiredData items). */
export const NONE_OF_THE_ABOVE_LABEL = 'None of the above';

/** The maximum length of a textarea answer whose schema gives no maxLength (the character count shows it; validate enforces it). */
export const DEFAULT_TEXTAREA_MAX = 300;

/** The default labels of a boolean (yes/no) field; `ui:options.yesLabel` / `noLabel` replace them. */
export const YES_NO_LABELS: Readonly<{ yes: string; no: string }> = { yes: 'Yes', no: 'No' };

/**
 * The two options of a boolean field, Yes (true) first: the labels come from
 * `ui:options.yesLabel` / `noLabel`, else from `labels` (the UI passes its strings catalogue).
 */
export function yesNoOptions(ui?: UiField, labels: { yes: string; no: string } = YES_NO_LABELS): FieldOption[] {
  const opts = isPlainObject(ui) && isPlainObject(ui['ui:options']) ? ui['ui:options'] : {};
  return [
    { value: true, label: typeof opts.yesLabel === 'string' ? opts.yesLabel : labels.yes },
    { value: false, label: typeof opts.noLabel === 'string' ? opts.noLabel : labels.no },
  ];
}

export type FieldKind =
  | 'text'
  | 'number'
  | 'date'
  | 'time'
  | 'datetime'
  | 'boolean'
  | 'choice' // single choice: enum / oneOf
  | 'multi' // multi-choice: array of options
  | 'list' // "add another": an array of objects, or of values without options
  | 'unknown';

export interface FieldOption {
  value: string | number | boolean;
  label: string;
}

export function kindOf(schema: FieldSchema | undefined): FieldKind {
  if (!isPlainObject(schema)) return 'unknown';
  switch (schema.type) {
    case 'array':
      return isListSchema(schema) ? 'list' : 'multi';
    case 'boolean':
      return 'boolean';
    case 'number':
    case 'integer':
      return Array.isArray(schema.enum) || Array.isArray(schema.oneOf) ? 'choice' : 'number';
    case 'string':
      if (Array.isArray(schema.enum) || Array.isArray(schema.oneOf)) return 'choice';
      if (schema.format === 'date') return 'date';
      if (schema.format === 'time') return 'time';
      if (schema.format === 'date-time') return 'datetime';
      return 'text';
    default:
      return 'unknown';
  }
}

/** Options declared by the schema (enum / oneOf, or items.enum / items.oneOf for arrays). */
export function schemaOptions(schema: FieldSchema | undefined, ui?: UiField): FieldOption[] {
  if (!isPlainObject(schema)) return [];
  if (isListSchema(schema)) return [];
  const src: Partial<FieldSchema> | undefined =
    schema.type === 'array' ? (isPlainObject(schema.items) ? (schema.items as Partial<FieldSchema>) : undefined) : schema;
  if (src && Array.isArray(src.oneOf)) {
    return src.oneOf
      .filter((o) => isPlainObject(o) && 'const' in o)
      .map((o) => ({ value: o.const, label: typeof o.title === 'string' ? o.title : String(o.const) }));
  }
  if (src && Array.isArray(src.enum)) return src.enum.map((v) => ({ value: v, label: String(v) }));
  if (schema.type === 'boolean') return yesNoOptions(ui);
  return [];
}

/** Default widget from the schema; ui:widget wins. */
export function defaultWidget(schema: FieldSchema | undefined, ui?: UiField): WidgetName | (string & {}) {
  const chosen = isPlainObject(ui) ? ui['ui:widget'] : undefined;
  if (typeof chosen === 'string') return chosen;
  if (!isPlainObject(schema)) return 'text';
  switch (schema.type) {
    case 'array':
      return isListSchema(schema) ? 'list' : 'checkboxes';
    case 'boolean':
      return 'yesNo';
    case 'number':
      return Array.isArray(schema.enum) || Array.isArray(schema.oneOf) ? 'radio' : 'number';
    case 'integer':
      return Array.isArray(schema.enum) || Array.isArray(schema.oneOf) ? 'radio' : 'integer';
    default:
      if (Array.isArray(schema.enum) || Array.isArray(schema.oneOf)) return 'radio';
      switch (schema.format) {
        case 'date':
          return 'date';
        case 'time':
          return 'time';
        case 'date-time':
          return 'datetime';
        case 'email':
          return 'email';
        case 'uk-phone':
          return 'tel';
        default:
          return 'text';
      }
  }
}

/** documentFields' step, a module function: as a named closure it cost a `__name` call per document under tsx. */
function addField(f: unknown, props: object, seen: Set<string>, out: string[]): void {
  if (typeof f === 'string' && !seen.has(f) && Object.prototype.hasOwnProperty.call(props, f)) {
    seen.add(f);
    out.push(f);
  }
}

/**
 * Fields in document order: the pages' fields in page order, then any schema property that
 * no page names (checkDocument reports those), each once, only names the schema declares.
 */
export function documentFields(document: FormDocument): string[] {
  const doc = structureOf(document).flat;
  const props = isPlainObject(doc) && isPlainObject(doc.schema) && isPlainObject(doc.schema.properties) ? doc.schema.properties : {};
  const seen = new Set<string>();
  const out: string[] = [];
  if (Array.isArray(doc.pages)) {
    for (const page of doc.pages)
      if (isPlainObject(page) && Array.isArray(page.fields)) for (const f of page.fields as unknown[]) addField(f, props, seen, out);
  }
  for (const f of Object.keys(props)) addField(f, props, seen, out);
  return out;
}
