// The buttons under a <SchemaForm>'s fields: Next or Send (disabled while sending, or while the
// caller says Send cannot be pressed), Back, and Cancel.
import type { SchemaFormProps } from './schemaFormProps';
import type { RendererStrings } from './strings';

export interface FormButtonsProps {
  props: SchemaFormProps;
  strings: RendererStrings;
  page: number;
  last: boolean;
  sending: boolean;
  back: () => void;
}

export function FormButtons({ props, strings, page, last, sending, back }: FormButtonsProps) {
  const { onBack, onCancel } = props;
  const submitLabel = props.submitLabel ?? strings.send;
  const nextLabel = props.nextLabel ?? strings.next;
  const backLabel = props.backLabel ?? strings.back;
  const cancelLabel = props.cancelLabel ?? strings.cancel;
  return (
    <div className="nhsuk-button-group">
      <button
        className="nhsuk-button"
        type="submit"
        disabled={sending || (last && props.submitDisabled === true)}
        aria-disabled={sending || (last && props.submitDisabled === true) || undefined}
        aria-describedby={last && props.submitDisabled === true ? props.submitDescribedBy : undefined}
      >
        {last ? (sending ? strings.sending : submitLabel) : nextLabel}
      </button>
      {!props.hideBack && (page > 0 || onBack) ? (
        <button className="nhsuk-button nhsuk-button--secondary" type="button" onClick={back} disabled={sending}>
          {backLabel}
        </button>
      ) : null}
      {onCancel ? (
        <button className="nhsuk-button nhsuk-button--secondary" type="button" onClick={onCancel} disabled={sending}>
          {cancelLabel}
        </button>
      ) : null}
    </div>
  );
}
