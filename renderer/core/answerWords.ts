// An answer in the words the patient saw, for people reading it back (the practice's inbox, the
// patient's receipt): a choice by its option's label, "None of the above" by its label, yes/no
// in the form's words, a date as "Monday 30 November 2026", a UK phone number in national
// format — never a raw key, value or ISO date.
import { format } from 'date-fns';
import { NONE_OF_THE_ABOVE, NONE_OF_THE_ABOVE_LABEL, schemaOptions, yesNoOptions } from './fields';
import { nationalPhone } from './phone';
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

/** The answer to `field` of `doc` in words (see the top of this file). */
export function answerWords(doc: FormDocument | undefined, field: string, value: unknown): string {
  const schema =
    doc && isPlainObject(doc.schema) && isPlainObject(doc.schema.properties) ? (doc.schema.properties[field] as FieldSchema | undefined) : undefined;
  const ui = doc && isPlainObject(doc.uiSchema) ? (doc.uiSchema[field] as UiField | undefined) : undefined;
  const options = schemaOptions(schema, ui);
  const one = (v: unknown): string => {
    if (isPlainObject(v) && typeof v.label === 'string') return v.label; // sent as { value, label }
    if (v === NONE_OF_THE_ABOVE) return NONE_OF_THE_ABOVE_LABEL;
    if (typeof v === 'boolean') return yesNoOptions(ui).find((o) => o.value === v)?.label ?? String(v);
    const option = options.find((o) => o.value === v);
    if (option) return option.label;
    if (typeof v === 'string' && isPlainObject(schema) && schema.format === 'date') return dateInWords(v);
    if (typeof v === 'string' && isPlainObject(schema) && schema.format === 'uk-phone') return nationalPhone(v);
    if (v === null || v === undefined) return '';
    return typeof v === 'object' ? JSON.stringify(v) : String(v);
  };
  return Array.isArray(value) ? value.map(one).join(', ') : one(value);
}
