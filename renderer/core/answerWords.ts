// An answer in the words the person filling the form saw, for whoever reads it back: a choice
// by its option's label, "None of the above" by its label, yes/no in the form's words, a date
// as "Monday 30 November 2026" — never a raw key, value or ISO date. Other string formats are
// the app's to word: it passes a function per `format` name (`formats`).
import { format } from 'date-fns';
import { NONE_OF_THE_ABOVE, NONE_OF_THE_ABOVE_LABEL, schemaOptions, yesNoOptions } from './fields';
import { isPlainObject } from './text';
import type { FieldSchema, FormDocument, UiField } from './types';

/** "2026-11-30" → "Monday 30 November 2026"; anything that is not a calendar date as given. */
export function dateInWords(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return value;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (d.getFullYear() !== Number(m[1]) || d.getMonth() !== Number(m[2]) - 1 || d.getDate() !== Number(m[3])) return value;
  return format(d, 'EEEE d MMMM yyyy');
}

/** The question of `field` as the form asked it (its title, else its description, else the name). */
export function questionOf(doc: FormDocument | undefined, field: string): string {
  const schema =
    doc && isPlainObject(doc.schema) && isPlainObject(doc.schema.properties) ? (doc.schema.properties[field] as FieldSchema | undefined) : undefined;
  return (
    (isPlainObject(schema) && (typeof schema.title === 'string' ? schema.title : typeof schema.description === 'string' ? schema.description : undefined)) ||
    field
  );
}

export interface AnswerWordsOptions {
  /** `format` keyword → the words for a string answer of that format (e.g. a phone number laid out). */
  formats?: Readonly<Record<string, (value: string) => string>>;
}

/** The answer to `field` of `doc` in words (see the top of this file). */
export function answerWords(doc: FormDocument | undefined, field: string, value: unknown, options: AnswerWordsOptions = {}): string {
  const schema =
    doc && isPlainObject(doc.schema) && isPlainObject(doc.schema.properties) ? (doc.schema.properties[field] as FieldSchema | undefined) : undefined;
  const ui = doc && isPlainObject(doc.uiSchema) ? (doc.uiSchema[field] as UiField | undefined) : undefined;
  const choices = schemaOptions(schema, ui);
  const fmt = isPlainObject(schema) && typeof schema.format === 'string' ? schema.format : undefined;
  const formatted = fmt !== undefined && options.formats && Object.hasOwn(options.formats, fmt) ? options.formats[fmt] : undefined;
  const one = (v: unknown): string => {
    if (isPlainObject(v) && typeof v.label === 'string') return v.label; // sent as { value, label }
    if (v === NONE_OF_THE_ABOVE) return NONE_OF_THE_ABOVE_LABEL;
    if (typeof v === 'boolean') return yesNoOptions(ui).find((o) => o.value === v)?.label ?? String(v);
    const option = choices.find((o) => o.value === v);
    if (option) return option.label;
    if (typeof v === 'string' && fmt === 'date') return dateInWords(v);
    if (typeof v === 'string' && formatted) return formatted(v);
    if (v === null || v === undefined) return '';
    return typeof v === 'object' ? JSON.stringify(v) : String(v);
  };
  return Array.isArray(value) ? value.map(one).join(', ') : one(value);
}
