import { ageOn, calendarDate, type FormData } from '../../renderer/index';
import type { NhsUserInfo } from '../../generated/types/api/nhs-user-info';
import type { Patient, PreferredContact } from '../../generated/types/api/patient';

export type { Patient };
type PreferredContactType = PreferredContact['type'];

export type { PatientValidation } from '../../generated/types/api/patient-validation-response';

const str = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/**
 * Builds the Patient from the pruned answers of the PATIENT_DETAILS and CONTACT_DETAILS
 * documents (or LOGGED_IN_DETAILS plus what the login provider knows).
 */
export function toPatient(details: FormData, contact: FormData): Patient {
  const dateOfBirth = str(details.dateOfBirth) ?? '';
  const type = str(contact.type) as PreferredContactType | undefined;
  const preferredContact = type
    ? {
        type,
        phoneNumber: str(contact.phoneNumber),
        fullName: str(contact.fullName),
        relation: str(contact.relation),
        reason: str(contact.reason),
      }
    : undefined;
  const contactDetails = {
    emailAddress: str(contact.emailAddress),
    mobilePhoneNumber: str(contact.mobilePhoneNumber),
    preferredContact,
  };
  return dropUndefined({
    firstName: str(details.firstName) ?? '',
    lastName: str(details.lastName) ?? '',
    dateOfBirth,
    sexAtBirth: str(details.sexAtBirth) as Patient['sexAtBirth'],
    postCode: str(details.postCode) ?? '',
    // Today is the patient's own calendar day (the browser's); ageOn is renderer/core's.
    age: ageOn(dateOfBirth, calendarDate(new Date())),
    contactDetails: dropUndefined(contactDetails),
  });
}

/** JSON without undefined members (the API's schemas refuse nothing for them, but stored payloads stay tidy). */
function dropUndefined<T extends object>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export function patientHasEmail(patient: Patient | undefined): boolean {
  return Boolean(patient?.contactDetails?.emailAddress);
}

/**
 * A signed-in patient is validated at once: NHS login vouches for them, and their practice
 * record (epr/patient, when it answered) gives the details; the short form gives the rest.
 */
export function signedInPatient(record: Partial<Patient> | undefined, user: NhsUserInfo | undefined, answers: FormData): Patient {
  const details = {
    firstName: record?.firstName ?? user?.given_name,
    lastName: record?.lastName ?? user?.family_name,
    dateOfBirth: record?.dateOfBirth ?? user?.birthdate,
    sexAtBirth: answers.sexAtBirth,
    postCode: record?.postCode,
  };
  const contact = {
    emailAddress: user?.email || record?.contactDetails?.emailAddress,
    mobilePhoneNumber: user?.phone_number || record?.contactDetails?.mobilePhoneNumber,
    phoneNumber: answers.phoneNumber,
    type: 'OWN_NUMBER',
  };
  return toPatient(details, contact);
}
