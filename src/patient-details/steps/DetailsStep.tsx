import type { FormDocument } from '../../../renderer/index';
import { FormStep, type FormStepProps } from './FormStep';
import { STEP_FORMS } from './forms';

/** The patient's details (PATIENT_DETAILS): name, date of birth, sex at birth, postcode. `doc` rewords it (e.g. about a child). */
export function DetailsStep({ doc, ...props }: FormStepProps & { doc?: FormDocument }) {
  return <FormStep form={doc ? { ...STEP_FORMS.details, doc } : STEP_FORMS.details} formKey="details" {...props} />;
}
