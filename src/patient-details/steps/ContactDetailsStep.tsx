import type { FormDocument } from '../../../renderer/index';
import { FormStep, type FormStepProps } from './FormStep';
import { STEP_FORMS } from './forms';

interface ContactDetailsStepProps extends FormStepProps {
  /** An email became required after the record check: the form starts again with that rule. */
  emailRequired: boolean;
  /** The document reworded (e.g. for a parent asking about a child); the schema check stays the same. */
  doc?: FormDocument;
}

/** How the practice can reach the patient (CONTACT_DETAILS): email, mobile, who answers the phone. */
export function ContactDetailsStep({ emailRequired, doc, ...props }: ContactDetailsStepProps) {
  return <FormStep form={doc ? { ...STEP_FORMS.contact, doc } : STEP_FORMS.contact} formKey={`contact-${String(emailRequired)}`} {...props} />;
}
