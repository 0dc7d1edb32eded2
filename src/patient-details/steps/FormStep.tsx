import { SchemaForm, type FormData, type FormDocument, type SchemaCheck } from '../../../renderer/index';

/** What the details and contact-details screens take from the step. */
export interface FormStepProps {
  params: Record<string, unknown>;
  initialData: FormData;
  onChange: (data: FormData) => void;
  onSubmit: (data: FormData) => Promise<void>;
  onCancel: () => void;
}

interface Props extends FormStepProps {
  form: { doc: FormDocument; schemaCheck: SchemaCheck };
  /** A new key starts the form again (e.g. when its rules change). */
  formKey: string;
}

/** One screen of the step that is a form document, with Next and Cancel (the step draws the back link above it). */
export function FormStep({ form, formKey, params, initialData, onChange, onSubmit, onCancel }: Props) {
  return (
    <SchemaForm
      key={formKey}
      doc={form.doc}
      params={params}
      schemaCheck={form.schemaCheck}
      initialData={initialData}
      onChange={onChange}
      onSubmit={onSubmit}
      hideBack
      onCancel={onCancel}
      submitLabel="Next"
    />
  );
}
