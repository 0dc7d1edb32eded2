// Builders for small form documents used across the renderer-core tests.
import type { Condition, FieldSchema, FormDocument, FieldRule, UiField } from '../../../../renderer/core/index';

export const SCHEMAS = {
  text: { type: 'string' },
  number: { type: 'number' },
  integer: { type: 'integer' },
  date: { type: 'string', format: 'date' },
  time: { type: 'string', format: 'time' },
  boolean: { type: 'boolean' },
  choice: { type: 'string', enum: ['Red', 'Green', 'Blue'] },
  multi: { type: 'array', items: { type: 'string', enum: ['Red', 'Green', 'Blue'] }, uniqueItems: true },
} satisfies Record<string, FieldSchema>;

export type Kind = keyof typeof SCHEMAS;

export function doc(parts: {
  properties: Record<string, FieldSchema>;
  required?: string[];
  rules?: Record<string, FieldRule>;
  uiSchema?: Record<string, UiField>;
  parameters?: FormDocument['parameters'];
  constraints?: FormDocument['constraints'];
  messages?: Record<string, string>;
  pages?: FormDocument['pages'];
}): FormDocument {
  return {
    id: 'TEST',
    title: 'Test',
    pages: parts.pages ?? [{ title: 'Page', fields: Object.keys(parts.properties) }],
    schema: { type: 'object', required: parts.required ?? [], properties: parts.properties },
    ...(parts.uiSchema ? { uiSchema: parts.uiSchema } : {}),
    ...(parts.rules ? { rules: parts.rules } : {}),
    ...(parts.parameters ? { parameters: parts.parameters } : {}),
    ...(parts.constraints ? { constraints: parts.constraints } : {}),
    ...(parts.messages ? { messages: parts.messages } : {}),
  };
}

/**
 * A document where `target` shows when `cond` holds on `q` (of the given kind), and `q`
 * itself shows only while `gate` is unanswered — so `gate: true` hides `q` (its answer stays in the data).
 */
export function conditionDoc(kind: Kind, cond: Omit<Condition, 'question'>): FormDocument {
  return doc({
    properties: { gate: SCHEMAS.boolean, q: SCHEMAS[kind], target: SCHEMAS.text },
    rules: {
      q: { enableWhen: [{ question: 'gate', operator: 'DOES_NOT_HAVE_VALUE' }] },
      target: { enableWhen: [{ question: 'q', ...cond }] },
    },
  });
}
