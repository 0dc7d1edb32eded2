import { detailsMessage, HttpError } from '../errors.js';
import { matchPatient } from '../patients.js';
import type { Sql } from '../store/index.js';
import type { AvailabilityScope } from './availability.js';
import { appointmentErrors } from './errors.js';
import { assertInvitationUsable, linkCaller, linkExpired, linkPatient, type IdentityGuard, type LinkCaller } from './links.js';
import type { PatientIdentity } from './patientKey.js';
import { assertRecordReachable } from './records.js';
import type { LinkRow } from './rows.js';

/** The query of the availability calls: what they select by, the patient, and the chunk/tier of navigation links. */
export type AvailabilityQuery = Partial<
  Record<'referralId' | 'guidelineId' | 'linkUUID' | 'firstName' | 'lastName' | 'postcode' | 'dateOfBirth' | 'from' | 'tier', string>
>;

/** The patient a query names, when it names one in full (last name, date of birth and postcode). */
export function queryPatient(q: AvailabilityQuery): (PatientIdentity & Record<string, unknown>) | undefined {
  if (!q.lastName || !q.dateOfBirth || !q.postcode) return undefined;
  return { ...(q.firstName ? { firstName: q.firstName } : {}), lastName: q.lastName, dateOfBirth: q.dateOfBirth, postCode: q.postcode };
}

/** A 400 naming each field the call needed and did not carry. */
export function missing(context: string, fields: string[]): HttpError {
  const details = fields.map((f) => ({ path: `/${f}`, message: 'is required' }));
  return new HttpError(400, detailsMessage(details, context), { details });
}

/** The caller of a link in a query string: DIRECT_BOOKING needs lastName, dateOfBirth and postcode; SELF_BOOKING_REQUEST dateOfBirth. */
export async function queryCaller(store: Sql, link: LinkRow, q: AvailabilityQuery, guard: IdentityGuard): Promise<LinkCaller> {
  const patient = queryPatient(q);
  if (link.par_type === 'DIRECT_BOOKING' && !patient) {
    throw missing(
      'querystring',
      ['lastName', 'dateOfBirth', 'postcode'].filter((f) => !q[f as keyof AvailabilityQuery]),
    );
  }
  if (link.par_type === 'SELF_BOOKING_REQUEST' && !q.dateOfBirth) throw missing('querystring', ['dateOfBirth']);
  return linkCaller(store, link, { patient, dateOfBirth: q.dateOfBirth }, guard, 'querystring');
}

/** The scope of a link: its slot types; a reschedule keeps to them. Refuses what the link may not do now. */
export async function linkScope(store: Sql, link: LinkRow, caller: LinkCaller, now: number): Promise<AvailabilityScope> {
  await assertInvitationUsable(store, link, caller.patientKey, now);
  if (link.par_type === 'APPOINTMENT_CONFIRMED' && linkExpired(link, now)) throw appointmentErrors.linkExpired();
  assertRecordReachable(await matchPatient(store, caller.patient));
  return { slotTypes: JSON.parse(link.slot_types) as string[] };
}

/** The caller of a link for booking, changing and cancelling: the patient it is bound to. */
export function boundCaller(link: LinkRow): LinkCaller {
  if (!link.patient || !link.patient_key) throw appointmentErrors.linkInvalid();
  return { patientKey: link.patient_key, patient: linkPatient(link) };
}
