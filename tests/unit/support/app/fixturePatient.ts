import type { Patient } from '../../../../src/patient-details/patient';

/** The patient of the app tests' journeys (Amelia Testwell, with an email address). */
export const FIXTURE_PATIENT: Patient = {
  firstName: 'Amelia',
  lastName: 'Testwell',
  dateOfBirth: '1985-04-12',
  sexAtBirth: 'female',
  postCode: 'LS1 4AP',
  contactDetails: { emailAddress: 'a@example.com' },
};
