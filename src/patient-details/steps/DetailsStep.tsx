import { SchemaForm, type FormData } from '../../../renderer/index';
import { STEP_FORMS } from './forms';

interface DetailsStepProps {
  params: Record<string, unknown>;
  initialData: FormData;
  onChange: (data: FormData) => void;
  onSubmit: (data: FormData) => Promise<void>;
  onBack: () => void;
  onCancel: () => void;
}

/** The patient's details (PATIENT_DETAILS): name, date of birth, sex at birth, postcode. */
export function DetailsStep({ params, initialData, onChange, onSubmit, onBack, onCancel }: DetailsStepProps) {
  return (
    <SchemaForm
      key="details"
      doc={STEP_FORMS.details.doc}
      params={params}
      schemaCheck={STEP_FORMS.details.schemaCheck}
      initialData={initialData}
      onChange={onChange}
      onSubmit={onSubmit}
      onBack={onBack}
      onCancel={onCancel}
      submitLabel="Next"
    />
  );
}
