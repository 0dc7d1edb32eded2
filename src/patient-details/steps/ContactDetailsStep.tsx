import type { LoadedForm } from '../../forms/loadForm';
import { FormStep, type FormStepProps } from './FormStep';

interface ContactDetailsStepProps extends FormStepProps {
  /** An email became required after the record check: the form starts again with that rule. */
  emailRequired: boolean;
  /** The document as loaded (maybe reworded, e.g. for a parent asking about a child); the schema check stays the same. */
  form: LoadedForm;
}

/** How the practice can reach the patient (CONTACT_DETAILS): email, mobile, who answers the phone. */
export function ContactDetailsStep({ emailRequired, form, ...props }: ContactDetailsStepProps) {
  return <FormStep form={form} formKey={`contact-${String(emailRequired)}`} {...props} />;
}
