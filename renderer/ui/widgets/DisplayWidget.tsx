// Text only, no answer: the field's ui:options.text or its description.
import type { WidgetProps } from './types';

export function DisplayWidget({ label, schema, ui }: WidgetProps) {
  const text = ui['ui:options']?.text ?? schema.description;
  return (
    <div className="nhsuk-form-group">
      {text && schema.title ? <p className="nhsuk-body nhsuk-u-font-weight-bold">{label}</p> : null}
      <p className="nhsuk-body">{text ?? label}</p>
    </div>
  );
}
