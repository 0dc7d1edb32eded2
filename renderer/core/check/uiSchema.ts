// The UI schema: entries only for fields, and a ui:widget that exists and fits the field's type.
import { declaredWidget, WIDGETS, type WidgetDeclarations } from '../types';
import { widgetNames } from '../widgets';
import { isPlainObject } from '../text';
import { esc, q, type CheckContext, type Obj } from './context';

export function checkUiSchema({ doc, props, isField, isGroup, add, fieldHint }: CheckContext, widgets?: WidgetDeclarations): void {
  const ui: Obj = isPlainObject(doc.uiSchema) ? doc.uiSchema : {};
  if (doc.uiSchema !== undefined && !isPlainObject(doc.uiSchema)) add('/uiSchema', 'uiSchema must be an object keyed by field name');
  for (const [f, entry] of Object.entries(ui)) {
    const base = `/uiSchema/${esc(f)}`;
    if (isGroup(f)) continue; // a group's hint (ui:help)
    if (!isField(f)) {
      add(base, `ui entry for "${f}", which is not a field of this form${fieldHint(f)}`);
      continue;
    }
    if (!isPlainObject(entry)) {
      add(base, 'a ui entry must be an object');
      continue;
    }
    const w = entry['ui:widget'];
    if (w === undefined) continue;
    const own = typeof w === 'string' ? declaredWidget(widgets, w) : undefined;
    if (typeof w !== 'string' || (!own && !(WIDGETS as readonly string[]).includes(w))) {
      add(`${base}/ui:widget`, `unknown widget ${q(w)} (expected one of ${widgetNames(widgets).join(', ')})`);
      continue;
    }
    const s = props[f];
    const type = isPlainObject(s) ? s.type : undefined;
    if (own) {
      if (typeof type === 'string' && !(own.fits as readonly string[]).includes(type)) {
        add(`${base}/ui:widget`, `widget "${w}" does not fit a ${type} field (it draws ${own.fits.join(' or ')} fields)`);
      } else if (own.range && isPlainObject(s) && (s.minimum !== own.range.minimum || s.maximum !== own.range.maximum)) {
        const found = `${s.minimum === undefined ? 'no minimum' : String(s.minimum)} and ${s.maximum === undefined ? 'no maximum' : String(s.maximum)}`;
        add(
          `${base}/ui:widget`,
          `widget "${w}" draws ${own.range.minimum} to ${own.range.maximum}: the field "${f}" must have minimum ${own.range.minimum} and maximum ${own.range.maximum} (found ${found})`,
        );
      }
      continue;
    }
    const choice = isPlainObject(s) && (Array.isArray(s.enum) || Array.isArray(s.oneOf));
    const fit: Record<string, string[]> = {
      string: ['text', 'textarea', 'email', 'tel', 'date', 'time', 'datetime', 'display', ...(choice ? ['radio', 'select'] : [])],
      number: ['number', 'integer', 'display', ...(choice ? ['radio', 'select'] : [])],
      integer: ['number', 'integer', 'display', ...(choice ? ['radio', 'select'] : [])],
      boolean: ['yesNo', 'checkbox', 'radio', 'select', 'display'],
      array:
        isPlainObject(s) && isPlainObject(s.items) && !Array.isArray(s.items.enum) && !Array.isArray(s.items.oneOf) ? ['display'] : ['checkboxes', 'display'],
    };
    const allowed = typeof type === 'string' ? fit[type] : undefined;
    if (allowed && !allowed.includes(w)) {
      add(
        `${base}/ui:widget`,
        `widget "${w}" does not fit ${choice && type !== 'array' ? 'a single-choice ' : 'a '}${type} field${(w === 'radio' || w === 'select') && !choice ? ' without options (enum or oneOf)' : ''}`,
      );
    }
  }
}
