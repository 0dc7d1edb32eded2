import { FormStep, type FormStepProps } from './FormStep';
import { STEP_FORMS } from './forms';

interface ContactDetailsStepProps extends FormStepProps {
  /** An email became required after the record check: the form starts again with that rule. */
  emailRequired: boolean;
}

/** How the practice can reach the patient (CONTACT_DETAILS): email, mobile, who answers the phone. */
export function ContactDetailsStep({ emailRequired, ...props }: ContactDetailsStepProps) {
  return <FormStep form={STEP_FORMS.contact} formKey={`contact-${String(emailRequired)}`} {...props} />;
}
