// The contract between a field and the widget that draws it. A widget is any React component
// taking WidgetProps; the registry maps every widget name onto one (widgets/index.ts holds the
// defaults for the built-in names; <WidgetsProvider> and <SchemaForm widgets={…}> replace any
// of them or add new names — a theme as plain data).
import type { ComponentType } from 'react';
import type { FieldSchema, UiField, WidgetName } from '../../core/types';
import type { FieldSnapshot } from '../formModel';
import type { RendererStrings } from '../strings';

export interface Option {
  value: unknown;
  label: string;
}

export interface WidgetProps {
  /** The field's name (its path in the answers). */
  name: string;
  /** Which registry entry is drawing: "email" and "tel" share the text widget, "integer" the number widget; or an app's own name. */
  widget: WidgetName | (string & {});
  /** The id of the first focusable input: the error summary links here. */
  id: string;
  label: string;
  hint: string | undefined;
  schema: FieldSchema;
  ui: UiField;
  required: boolean;
  /** The field's value, error, visibility, disabled state and the option values on offer. */
  snap: FieldSnapshot;
  /** The options from the schema (empty for yes/no and a single checkbox). */
  options: Option[];
  hintId: string;
  errorId: string;
  /** Stores a new value (undefined clears it). */
  set: (value: unknown) => void;
  /** The form's strings catalogue. */
  strings: RendererStrings;
}

/** A widget: any React component taking WidgetProps. */
export type WidgetComponent = ComponentType<WidgetProps>;

/** Every built-in name, plus any of an app's own names. */
export type WidgetRegistry = Readonly<Record<WidgetName, WidgetComponent>> & Readonly<Record<string, WidgetComponent>>;

/** Widgets to draw with, by name: a built-in name replaces the default, any other name adds a widget. */
export type WidgetOverrides = Readonly<Record<string, WidgetComponent | undefined>>;
