// The default widget registry: one component per built-in WidgetName (renderer/core/types.ts).
// <WidgetsProvider widgets={…}> (the app's own widgets, for every form and questionnaire below
// it) and <SchemaForm widgets={{ date: MyDateWidget }}> merge over this one, the way an rjsf
// theme is plain data: a built-in name replaces the default, any other name adds a widget that
// documents name in ui:widget (the checker accepts it once declared: renderer/README.md,
// "Adding a widget"). Questionnaire observation types map onto these names (observationTypes.ts).
import { WIDGET_NAME_PATTERN } from '../../core/index';
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
import type { WidgetComponent, WidgetOverrides, WidgetRegistry } from './types';
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

/** A React component: a function, or what memo / forwardRef / lazy return. */
function isComponent(w: unknown): w is WidgetComponent {
  return typeof w === 'function' || (typeof w === 'object' && w !== null && '$$typeof' in w);
}

/**
 * The defaults with each override merged over them, in order (later wins): a built-in name
 * replaces the default, any other widget name (letters, digits, hyphens) adds one. Entries that
 * are not components, or whose names are not widget names, are ignored.
 */
export function mergeWidgets(...overrides: ReadonlyArray<WidgetOverrides | undefined>): WidgetRegistry {
  if (overrides.every((o) => !o)) return DEFAULT_WIDGETS;
  const merged: Record<string, WidgetComponent> = { ...DEFAULT_WIDGETS };
  for (const override of overrides) {
    if (!override) continue;
    for (const [key, widget] of Object.entries(override)) {
      if (isComponent(widget) && WIDGET_NAME_PATTERN.test(key)) merged[key] = widget;
    }
  }
  return merged as WidgetRegistry;
}

/** The registry entry for `widget`; an unknown name (checkDocument reports it) falls back to text. */
export function widgetFor(registry: WidgetRegistry, widget: string): WidgetComponent {
  return (Object.prototype.hasOwnProperty.call(registry, widget) ? registry[widget] : undefined) ?? registry.text;
}

export type { WidgetProps, WidgetRegistry, WidgetComponent, WidgetOverrides, Option } from './types';
