import { SchemaForm, type FormData } from '../../../renderer/index';
import { STEP_FORMS } from './forms';

interface ContactDetailsStepProps {
  params: Record<string, unknown>;
  /** An email became required after the record check: the form starts again with that rule. */
  emailRequired: boolean;
  initialData: FormData;
  onChange: (data: FormData) => void;
  onSubmit: (data: FormData) => Promise<void>;
  onBack: () => void;
  onCancel: () => void;
}

/** How the practice can reach the patient (CONTACT_DETAILS): email, mobile, who answers the phone. */
export function ContactDetailsStep({ params, emailRequired, initialData, onChange, onSubmit, onBack, onCancel }: ContactDetailsStepProps) {
  return (
    <SchemaForm
      key={`contact-${String(emailRequired)}`}
      doc={STEP_FORMS.contact.doc}
      params={params}
      schemaCheck={STEP_FORMS.contact.schemaCheck}
      initialData={initialData}
      onChange={onChange}
      onSubmit={onSubmit}
      onBack={onBack}
      onCancel={onCancel}
      submitLabel="Next"
    />
  );
}
