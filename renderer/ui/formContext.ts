import { createContext, useContext } from 'react';
import type { FormStore } from './formStore';

/** Everything a field needs that never changes while the form is mounted. */
export interface FormContextValue {
  store: FormStore;
  idPrefix: string;
  required: ReadonlySet<string>;
}

export const FormContext = createContext<FormContextValue | null>(null);

export function useFormContext(): FormContextValue {
  const ctx = useContext(FormContext);
  if (!ctx) throw new Error('A schema field was drawn outside <SchemaForm>');
  return ctx;
}

/** The id of a field's first focusable input: the error summary links here. */
export function fieldId(idPrefix: string, name: string): string {
  return `${idPrefix}${name}`;
}

/**
 * Test-only instrumentation: when set, every field render calls it with the field name, so a
 * test can prove that a keystroke re-renders only the field that changed. Unset in the app.
 */
export const renderProbe: { current: ((field: string) => void) | undefined } = { current: undefined };
