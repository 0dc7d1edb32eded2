// One answer's widget: subscribes to its own snapshot in the form model (so it re-renders only
// when its own value, error, visibility, options or disabled state change) and draws it with the
// widget the registry holds for it (widgets/index.ts) in the strings catalogue's words.
import { memo, useCallback, useSyncExternalStore } from 'react';
import type { FieldSchema, UiField, WidgetName } from '../core/types';
import { answerWords, type CompiledDocument } from '../core/index';
import { isReadOnlySchema } from '../core/defaults';
import { ErrorText } from './fieldParts';
import { fieldId, renderProbe, useFormContext } from './formContext';
import { fillString, type RendererStrings } from './strings';
import { widgetFor } from './widgets/index';
import type { Option, WidgetProps } from './widgets/types';

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

export interface FieldViewProps {
  /** Where the answer lives (`name`, `address.postcode`, `medicines.2.name`). */
  path: string;
  /** The field's name in `compiled` (a list item's field: its name inside the item). */
  field: string;
  /** The document the field belongs to (a list item's fields: the item document). */
  compiled: CompiledDocument;
  required: boolean;
  /** Replaces the schema's title (a plain list's items: "Allergy 2"). */
  label?: string;
}

/** One answer's widget, subscribed to the store's snapshot at its path. */
export const FieldView = memo(function FieldView({ path, field, compiled, required, label }: FieldViewProps) {
  const { store, idPrefix, strings, widgets } = useFormContext();
  const subscribe = useCallback((listener: () => void) => store.subscribe(path, listener), [store, path]);
  const getSnapshot = useCallback(() => store.snapshot(path), [store, path]);
  const snap = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  const set = useCallback((value: unknown) => store.setValue(path, value), [store, path]);
  renderProbe.current?.(path);
  if (!snap.visible) return null;

  const schema = compiled.schemaOf(field);
  if (!schema) return null;
  const ui = compiled.uiOf(field) ?? {};
  const widget = compiled.widgetOf(field);
  const id = fieldId(idPrefix, path);
  // A value the document sets (readOnly, const) is shown, not asked: an NHS summary list row.
  if (isReadOnlySchema(schema)) {
    return (
      <div className={snap.error ? 'nhsuk-form-group nhsuk-form-group--error' : 'nhsuk-form-group'}>
        <ErrorText id={`${id}-error`} message={snap.error} />
        <dl className="nhsuk-summary-list app-read-only" id={id} tabIndex={snap.error ? -1 : undefined}>
          <div className="nhsuk-summary-list__row">
            <dt className="nhsuk-summary-list__key">{label ?? schema.title ?? field}</dt>
            <dd className="nhsuk-summary-list__value">{answerWords(compiled.flat, field, snap.value)}</dd>
          </div>
        </dl>
      </div>
    );
  }
  const props: WidgetProps = {
    name: path,
    widget,
    id,
    label: label ?? schema.title ?? field,
    hint: hintFor(widget, schema, ui, strings),
    schema,
    ui,
    required: required && widget !== 'display',
    snap,
    options: widget === 'yesNo' || widget === 'checkbox' ? [] : (compiled.optionsOf(field) as Option[]),
    hintId: `${id}-hint`,
    errorId: `${id}-error`,
    set,
    strings,
  };
  const Widget = widgetFor(widgets, widget);
  return <Widget {...props} />;
});
