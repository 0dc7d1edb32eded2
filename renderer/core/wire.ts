// How answers travel between the app and the API. Inside a form an answer is the option's value
// (rules such as CONTAINS read values); a field with ui:options.sendAs "valueLabel" is sent and
// stored as { value, label } entries, the label being the document's title for that value.
import { schemaOptions } from './fields';
import type { FieldError, FormData, FormDocument } from './types';

export interface ValueLabel {
  value: string | number | boolean;
  label: string;
}

function valueLabelFields(doc: FormDocument): string[] {
  return Object.keys(doc.schema.properties).filter((name) => doc.uiSchema?.[name]?.['ui:options']?.sendAs === 'valueLabel');
}

function labelOf(doc: FormDocument, name: string, value: unknown): string {
  const option = schemaOptions(doc.schema.properties[name], doc.uiSchema?.[name]).find((o) => o.value === value);
  return option ? option.label : String(value);
}

function isValueLabel(entry: unknown): entry is ValueLabel {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return false;
  const { value, label } = entry as Record<string, unknown>;
  return ['string', 'number', 'boolean'].includes(typeof value) && typeof label === 'string';
}

/** The answers as the API takes them: each sendAs valueLabel answer becomes { value, label } entries. */
export function toWire(doc: FormDocument, data: FormData): FormData {
  const out: FormData = { ...data };
  for (const name of valueLabelFields(doc)) {
    const answer = out[name];
    if (answer === undefined) continue;
    const one = (v: unknown) => (isValueLabel(v) ? v : { value: v, label: labelOf(doc, name, v) });
    out[name] = Array.isArray(answer) ? answer.map(one) : one(answer);
  }
  return out;
}

/**
 * The answers of a request as the form reads them (the server's re-check): each sendAs
 * valueLabel answer must be { value, label } entries and becomes their values; any other
 * shape (a bare value included) is an error of that field.
 */
export function fromWire(doc: FormDocument, data: FormData): { data: FormData; errors: FieldError[] } {
  const out: FormData = { ...data };
  const errors: FieldError[] = [];
  for (const name of valueLabelFields(doc)) {
    const answer = out[name];
    if (answer === undefined || answer === null) continue;
    const entries = Array.isArray(answer) ? answer : [answer];
    if (!entries.every(isValueLabel)) {
      errors.push({ path: name, keyword: 'type', message: 'must be { value, label } entries' });
      continue;
    }
    const values = (entries as ValueLabel[]).map((e) => e.value);
    out[name] = Array.isArray(answer) ? values : values[0];
  }
  return { data: out, errors };
}
