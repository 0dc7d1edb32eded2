import PATIENT_DETAILS from '../../../generated/forms/PATIENT_DETAILS';
import CONTACT_DETAILS from '../../../generated/forms/CONTACT_DETAILS';
import LOGGED_IN_DETAILS from '../../../generated/forms/LOGGED_IN_DETAILS';
import validatePatientDetails from '../../../generated/validators/PATIENT_DETAILS';
import validateContactDetails from '../../../generated/validators/CONTACT_DETAILS';
import validateLoggedInDetails from '../../../generated/validators/LOGGED_IN_DETAILS';
import { fromAjvValidator } from '../../../renderer/index';

/** The three form documents of the patient-details step, with their precompiled schema checks. */
export const STEP_FORMS = {
  details: { doc: PATIENT_DETAILS, schemaCheck: fromAjvValidator(validatePatientDetails) },
  contact: { doc: CONTACT_DETAILS, schemaCheck: fromAjvValidator(validateContactDetails) },
  loggedIn: { doc: LOGGED_IN_DETAILS, schemaCheck: fromAjvValidator(validateLoggedInDetails) },
};
