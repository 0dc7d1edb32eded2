import { createContext, useContext } from 'react';
import type { FormModel } from './formModel';
import { DEFAULT_STRINGS, type RendererStrings } from './strings';
import type { WidgetRegistry } from './widgets/types';

/** Everything a field needs that never changes while the form is mounted (strings and widgets change only when their props do). */
export interface FormContextValue {
  store: FormModel;
  idPrefix: string;
  required: ReadonlySet<string>;
  /** The strings catalogue: the defaults with the form's `strings` prop merged over them. */
  strings: RendererStrings;
  /** The widget registry: the defaults with the form's `widgets` prop merged over them. */
  widgets: WidgetRegistry;
}

export const FormContext = createContext<FormContextValue | null>(null);

export function useFormContext(): FormContextValue {
  const ctx = useContext(FormContext);
  if (!ctx) throw new Error('A schema field was drawn outside <SchemaForm>');
  return ctx;
}

/** The form's strings, or the defaults outside a form (a content block drawn on its own). */
export function useStrings(): RendererStrings {
  return useContext(FormContext)?.strings ?? DEFAULT_STRINGS;
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
