import { matchPatient, normaliseName, normalisePostcode } from '../patients.js';
import type { Sql } from '../store/index.js';

export interface PatientIdentity {
  lastName: string;
  dateOfBirth: string;
  postCode: string;
}

/**
 * Who a patient is for link limits and bookings: their record's id when the record system
 * matches them (last name + date of birth + postcode), else their normalised details.
 */
export async function patientKeyOf(db: Sql, p: PatientIdentity): Promise<string> {
  const record = await matchPatient(db, p);
  if (record) return record.id;
  return `unmatched:${normaliseName(p.lastName)}|${p.dateOfBirth}|${normalisePostcode(p.postCode)}`;
}

/** Same person on paper: last name (any case), date of birth and postcode (any case, spaces ignored). */
export function samePatient(a: PatientIdentity, b: PatientIdentity): boolean {
  return (
    normaliseName(a.lastName) === normaliseName(b.lastName) &&
    a.dateOfBirth === b.dateOfBirth &&
    normalisePostcode(a.postCode) === normalisePostcode(b.postCode)
  );
}
