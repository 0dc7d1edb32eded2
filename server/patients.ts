import type { Sql } from './store/index.js';
import type { PatientRecord } from './seedPatients.js';
import type { Patient } from '../generated/types/api/patient';
import type { PatientValidationResponse } from '../generated/types/api/patient-validation-response';

/** A validation status of the contract (schemas/api/patient-validation-response.schema.json). */
type ValidationStatus = PatientValidationResponse['status'];

/** Product error codes (schemas/api/README.md) for the validation statuses that have one. */
const STATUS_CODES_RH: Partial<Record<ValidationStatus, PatientValidationResponse['code']>> = {
  NO_EMAIL: 'RH-E101',
  NO_EMAIL_ON_EPR_AND_REQUEST: 'RH-E102',
  INVALID_EMAIL: 'RH-E103',
  INVALID_EMAIL_ON_EPR_AND_NO_EMAIL_REQUEST: 'RH-E104',
  UPDATE_CONTACT_REQUESTED: 'RH-E110',
  INVALID_STATUS: 'RH-E013',
  SERVICE_UNAVAILABLE: 'RH-E002',
  TEMPORARY_ERROR: 'RH-E024',
};

/** Upper case, no spaces: "ls1 4ap" and "LS14AP" are the same postcode. */
export function normalisePostcode(postcode: string): string {
  return postcode.replace(/\s+/g, '').toUpperCase();
}

/** Case-insensitive, trimmed, typographic apostrophes as plain ones. */
export function normaliseName(name: string): string {
  return name
    .trim()
    .replace(/[\u2018\u2019\u02BC]/g, "'")
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/;
export function isValidEmail(email: string): boolean {
  return EMAIL.test(email);
}

interface PatientRow {
  id: string;
  first_name: string;
  last_name: string;
  date_of_birth: string;
  sex_at_birth: 'female' | 'male';
  postcode: string;
  nhs_number: string;
  email: string | null;
  mobile: string | null;
  ehr_state: PatientRecord['ehrState'];
  update_contact_requested: number;
}

function toRecord(r: PatientRow): PatientRecord {
  return {
    id: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    dateOfBirth: r.date_of_birth,
    sexAtBirth: r.sex_at_birth,
    postCode: r.postcode,
    nhsNumber: r.nhs_number,
    email: r.email,
    mobile: r.mobile,
    ehrState: r.ehr_state,
    updateContactRequested: r.update_contact_requested === 1,
  };
}

export async function findPatientById(db: Sql, id: string): Promise<PatientRecord | undefined> {
  const row = await db.get<PatientRow>('SELECT * FROM patients WHERE id = ?', [id]);
  return row ? toRecord(row) : undefined;
}

const PATIENTS_BORN_ON = 'SELECT * FROM patients WHERE date_of_birth = ?';

/** The record matching last name (case-insensitive) + date of birth + postcode (normalised), if any. */
export async function matchPatient(db: Sql, patient: Pick<Patient, 'lastName' | 'dateOfBirth' | 'postCode'>): Promise<PatientRecord | undefined> {
  return matching(await db.all<PatientRow>(PATIENTS_BORN_ON, [patient.dateOfBirth]), patient);
}

function matching(rows: PatientRow[], patient: Pick<Patient, 'lastName' | 'dateOfBirth' | 'postCode'>): PatientRecord | undefined {
  const lastName = normaliseName(patient.lastName);
  const postcode = normalisePostcode(patient.postCode);
  const row = rows.find((r) => normaliseName(r.last_name) === lastName && normalisePostcode(r.postcode) === postcode);
  return row ? toRecord(row) : undefined;
}

/**
 * The patient check (schemas/api/README.md, "Patients and requests") against the demo record system, in this order:
 * no record → NOT_VALIDATED; record system down → SERVICE_UNAVAILABLE; temporary failure →
 * TEMPORARY_ERROR; record not active → INVALID_STATUS; a contact update already pending →
 * UPDATE_CONTACT_REQUESTED; no email on record → NO_EMAIL (the request gave one) or
 * NO_EMAIL_ON_EPR_AND_REQUEST (it gave none); unusable email on record → INVALID_EMAIL (the
 * request gave one) or INVALID_EMAIL_ON_EPR_AND_NO_EMAIL_REQUEST; otherwise VALIDATED.
 */
export async function validatePatient(db: Sql, patient: Patient): Promise<PatientValidationResponse> {
  const record = await matchPatient(db, patient);
  const requestEmail = patient.contactDetails?.emailAddress?.trim() ?? '';
  const validation = {
    hasEmail: !!record?.email && isValidEmail(record.email),
    hasPhone: !!record?.mobile,
    // Never told: anyone who knows a patient's name, date of birth and postcode could otherwise try
    // email addresses and numbers until one is "the one on record". (The app does not read them.)
    isMatchingEmail: false,
    isMatchingPhone: false,
    isUpdateContactRequested: !!record?.updateContactRequested,
  };
  const status = ((): ValidationStatus => {
    if (!record) return 'NOT_VALIDATED';
    if (record.ehrState === 'UNAVAILABLE') return 'SERVICE_UNAVAILABLE';
    if (record.ehrState === 'TEMPORARY') return 'TEMPORARY_ERROR';
    if (record.ehrState === 'INACTIVE') return 'INVALID_STATUS';
    if (record.updateContactRequested) return 'UPDATE_CONTACT_REQUESTED';
    if (!record.email) return requestEmail ? 'NO_EMAIL' : 'NO_EMAIL_ON_EPR_AND_REQUEST';
    if (!isValidEmail(record.email)) return requestEmail ? 'INVALID_EMAIL' : 'INVALID_EMAIL_ON_EPR_AND_NO_EMAIL_REQUEST';
    return 'VALIDATED';
  })();
  const code = STATUS_CODES_RH[status];
  return { status, ...(code ? { code } : {}), validation };
}

/** The record as the app's Patient shape (for /nhs-login/epr/patient). */
export function recordAsPatient(record: PatientRecord): Patient {
  return {
    firstName: record.firstName,
    lastName: record.lastName,
    dateOfBirth: record.dateOfBirth,
    sexAtBirth: record.sexAtBirth,
    postCode: record.postCode,
    nhsNumber: record.nhsNumber,
    contactDetails: {
      ...(record.email ? { emailAddress: record.email } : {}),
      ...(record.mobile ? { mobilePhoneNumber: record.mobile } : {}),
    },
  };
}
