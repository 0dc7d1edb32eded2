import type { LoadedForm } from '../../forms/loadForm';
import { FormStep, type FormStepProps } from './FormStep';

/** The patient's details (PATIENT_DETAILS): name, date of birth, sex at birth, postcode (the document as loaded, maybe reworded). */
export function DetailsStep({ form, ...props }: FormStepProps & { form: LoadedForm }) {
  return <FormStep form={form} formKey="details" {...props} />;
}
