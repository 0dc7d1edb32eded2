import { SchemaForm, type FormData, type FormDocument, type SchemaCheck } from '../../../renderer/index';

/** What the details and contact-details screens take from the step. */
export interface FormStepProps {
  params: Record<string, unknown>;
  initialData: FormData;
  onChange: (data: FormData) => void;
  onSubmit: (data: FormData) => Promise<void>;
  onBack: () => void;
  onCancel: () => void;
}

interface Props extends FormStepProps {
  form: { doc: FormDocument; schemaCheck: SchemaCheck };
  /** A new key starts the form again (e.g. when its rules change). */
  formKey: string;
}

/** One screen of the step that is a form document, with Next, Back and Cancel. */
export function FormStep({ form, formKey, params, initialData, onChange, onSubmit, onBack, onCancel }: Props) {
  return (
    <SchemaForm
      key={formKey}
      doc={form.doc}
      params={params}
      schemaCheck={form.schemaCheck}
      initialData={initialData}
      onChange={onChange}
      onSubmit={onSubmit}
      onBack={onBack}
      onCancel={onCancel}
      submitLabel="Next"
    />
  );
}
