// One field of a document. Each Field subscribes to its own snapshot in the form store, so it
// re-renders only when its own value, error, visibility, options or disabled state change.
// What it draws comes from the widget registry (widgets/index.ts, overridable with
// <SchemaForm widgets={…}>); the words come from the strings catalogue (strings.ts).
import { memo, useCallback, useSyncExternalStore } from 'react';
import type { FieldSchema, UiField, WidgetName } from '../core/types';
import { fieldId, renderProbe, useFormContext } from './formContext';
import { fillString, type RendererStrings } from './strings';
import { widgetFor } from './widgets/index';
import type { Option, WidgetProps } from './widgets/types';

export { DEFAULT_TEXTAREA_MAX } from './widgets/TextareaWidget';
export type { WidgetProps } from './widgets/types';

function hintFor(widget: WidgetName | (string & {}), schema: FieldSchema, ui: UiField, strings: RendererStrings): string | undefined {
  const help = ui['ui:help'] ?? (widget === 'display' ? undefined : schema.description);
  if ((widget === 'number' || widget === 'integer') && (schema.minimum !== undefined || schema.maximum !== undefined)) {
    const vars = { min: schema.minimum ?? '', max: schema.maximum ?? '', unit: ui['ui:options']?.unit ? ` ${ui['ui:options'].unit}` : '' };
    const range =
      schema.minimum !== undefined && schema.maximum !== undefined
        ? fillString(strings.numberBetween, vars)
        : schema.minimum !== undefined
          ? fillString(strings.numberAtLeast, vars)
          : fillString(strings.numberAtMost, vars);
    return help ? `${help} ${range}` : range;
  }
  return help;
}

export const Field = memo(function Field({ name }: { name: string }) {
  const { store, idPrefix, required: requiredSet, strings, widgets } = useFormContext();
  const subscribe = useCallback((listener: () => void) => store.subscribe(name, listener), [store, name]);
  const getSnapshot = useCallback(() => store.snapshot(name), [store, name]);
  const snap = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  const set = useCallback((value: unknown) => store.setValue(name, value), [store, name]);
  renderProbe.current?.(name);
  if (!snap.visible) return null;

  const schema = store.doc.schema.properties[name];
  if (!schema) return null;
  const ui = store.doc.uiSchema?.[name] ?? {};
  const widget = store.compiled.widgetOf(name);
  const id = fieldId(idPrefix, name);
  const props: WidgetProps = {
    name,
    widget,
    id,
    label: schema.title ?? name,
    hint: hintFor(widget, schema, ui, strings),
    schema,
    ui,
    required: requiredSet.has(name) && widget !== 'display',
    snap,
    options: widget === 'yesNo' || widget === 'checkbox' ? [] : (store.compiled.optionsOf(name) as Option[]),
    hintId: `${id}-hint`,
    errorId: `${id}-error`,
    set,
    strings,
  };
  const Widget = widgetFor(widgets, widget);
  return <Widget {...props} />;
});
