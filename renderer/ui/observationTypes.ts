// Questionnaire observation types (guideline engine) → the renderer's widgets.
import type { WidgetName } from '../core/types';

export type ObservationType =
  | 'BINARY'
  | 'BOOLEAN'
  | 'MULTI_CHOICE'
  | 'DROPDOWN'
  | 'NUMERIC'
  | 'TEXT'
  | 'DATE'
  | 'TIME'
  | 'DATE_TIME'
  | 'DISPLAY';

/** Maximum length of a questionnaire TEXT answer (renderer/README.md, "Widgets and stored values"). */
export const QUESTIONNAIRE_TEXT_MAX = 2000;

/**
 * BOOLEAN is drawn as Yes/No radios like BINARY, not as one checkbox: a lone checkbox cannot
 * tell "no" from "not answered", and two named radios in a fieldset read better with a
 * screen reader. NUMERIC takes its unit (ui:options.unit) and inputRange (schema
 * minimum/maximum) from the document; TEXT is a textarea with maxLength 2000.
 */
export function widgetForObservationType(type: ObservationType | string): WidgetName {
  switch (type) {
    case 'BINARY':
    case 'BOOLEAN':
      return 'yesNo';
    case 'MULTI_CHOICE':
      return 'checkboxes';
    case 'DROPDOWN':
      return 'select';
    case 'NUMERIC':
      return 'number';
    case 'TEXT':
      return 'textarea';
    case 'DATE':
      return 'date';
    case 'TIME':
      return 'time';
    case 'DATE_TIME':
      return 'datetime';
    case 'DISPLAY':
      return 'display';
    default:
      return 'text';
  }
}
