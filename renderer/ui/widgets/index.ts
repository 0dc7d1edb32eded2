// The default widget registry: one component per WidgetName (renderer/core/types.ts).
// <SchemaForm widgets={{ date: MyDateWidget }}> merges a partial registry over this one, the
// way an rjsf theme is plain data. Questionnaire observation types map onto these names
// (observationTypes.ts).
import type { WidgetName } from '../../core/types';
import { CheckboxesWidget } from './CheckboxesWidget';
import { CheckboxWidget } from './CheckboxWidget';
import { DateTimeWidget } from './DateTimeWidget';
import { DateWidget } from './DateWidget';
import { DisplayWidget } from './DisplayWidget';
import { NumberWidget } from './NumberWidget';
import { RadiosWidget } from './RadiosWidget';
import { SelectWidget } from './SelectWidget';
import { TextareaWidget } from './TextareaWidget';
import { TextWidget } from './TextWidget';
import { TimeWidget } from './TimeWidget';
import type { WidgetRegistry } from './types';
import { YesNoWidget } from './YesNoWidget';

export const DEFAULT_WIDGETS: Readonly<WidgetRegistry> = {
  text: TextWidget,
  email: TextWidget,
  tel: TextWidget,
  textarea: TextareaWidget,
  number: NumberWidget,
  integer: NumberWidget,
  date: DateWidget,
  time: TimeWidget,
  datetime: DateTimeWidget,
  checkbox: CheckboxWidget,
  checkboxes: CheckboxesWidget,
  radio: RadiosWidget,
  select: SelectWidget,
  yesNo: YesNoWidget,
  display: DisplayWidget,
};

/** The defaults with `override` merged over them (entries that are not components are ignored). */
export function mergeWidgets(override: Partial<WidgetRegistry> | undefined): WidgetRegistry {
  if (!override) return DEFAULT_WIDGETS;
  const merged: WidgetRegistry = { ...DEFAULT_WIDGETS };
  for (const key of Object.keys(override) as WidgetName[]) {
    const widget = override[key];
    if (widget && Object.prototype.hasOwnProperty.call(DEFAULT_WIDGETS, key)) merged[key] = widget;
  }
  return merged;
}

/** The registry entry for `widget`; an unknown name (checkDocument reports it) falls back to text. */
export function widgetFor(registry: WidgetRegistry, widget: string): WidgetRegistry[WidgetName] {
  return Object.prototype.hasOwnProperty.call(registry, widget) ? registry[widget as WidgetName] : registry.text;
}

export type { WidgetProps, WidgetRegistry, Option } from './types';
