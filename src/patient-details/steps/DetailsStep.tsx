import { FormStep, type FormStepProps } from './FormStep';
import { STEP_FORMS } from './forms';

/** The patient's details (PATIENT_DETAILS): name, date of birth, sex at birth, postcode. */
export function DetailsStep(props: FormStepProps) {
  return <FormStep form={STEP_FORMS.details} formKey="details" {...props} />;
}
