import { observationTypeOf, type FormData, type FormDocument } from '../../renderer/core/index';

type Schema = Record<string, unknown>;

/** Is this field one the patient types words into (a TEXT answer, or a plain text field)? */
function isFreeText(schema: Schema): boolean {
  const t = observationTypeOf(schema as never);
  if (t) return t === 'TEXT';
  if (schema.type !== 'string') return false;
  if (Array.isArray(schema.enum) || Array.isArray(schema.oneOf) || typeof schema.const !== 'undefined') return false;
  if (typeof schema.format === 'string' || typeof schema.pattern === 'string' || schema['x-date'] !== undefined) return false;
  return true;
}

/** The words the patient typed into a form document's free-text fields (empty ones left out). */
export function freeTextAnswers(doc: Pick<FormDocument, 'schema'>, answers: FormData): string[] {
  const props = (doc.schema as unknown as { properties?: Record<string, Schema> }).properties ?? {};
  const out: string[] = [];
  for (const [name, schema] of Object.entries(props)) {
    const value = (answers as Record<string, unknown>)[name];
    if (typeof value === 'string' && value.trim() !== '' && isFreeText(schema)) out.push(value);
  }
  return out;
}
