import { matchPatient } from '../patients.js';
import type { Sql } from '../store/index.js';
import type { PatientRecord } from '../seedPatients.js';
import { appointmentErrors } from './errors.js';
import type { PatientIdentity } from './patientKey.js';

/**
 * The record-system check every booking, change and cancel makes: no matching record is
 * RH-E012 ("Unable to find matched patient", also when a booked patient's record has changed),
 * record system down RH-E002, temporary failure RH-E024, record not active RH-E013.
 */
export async function requireRecord(db: Sql, patient: PatientIdentity): Promise<PatientRecord> {
  const record = await matchPatient(db, patient);
  if (!record) throw appointmentErrors.noMatchedPatient();
  assertRecordReachable(record);
  if (record.ehrState === 'INACTIVE') throw appointmentErrors.inactiveRecord();
  return record;
}

/** Only the record system's availability (for listing slots): RH-E002 / RH-E024. */
export function assertRecordReachable(record: PatientRecord | undefined): void {
  if (record?.ehrState === 'UNAVAILABLE') throw appointmentErrors.recordSystemDown();
  if (record?.ehrState === 'TEMPORARY') throw appointmentErrors.temporaryFailure();
}
