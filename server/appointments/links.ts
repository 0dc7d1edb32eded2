import type { Sql } from '../store/index.js';
import { HttpError } from '../errors.js';
import { clientKey, lockNames } from '../identity.js';
import { IDENTITY_CHECK, identityCheckLimits } from '../limits.js';
import { appointmentErrors } from './errors.js';
import type { PatientActionRequestBody } from '../../generated/types/api/patient-action-request-body';
import { patientKeyOf, samePatient, type PatientIdentity } from './patientKey.js';
import {
  appointmentBookingJson,
  changeDeadlineMs,
  getConsultation,
  getSlot,
  getSlotType,
  isActive,
  latestAppointment,
  type AppointmentRow,
  type AppointmentStatus,
  type ConsultationRow,
  type LinkRow,
  type ParType,
} from './rows.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const PAR_TYPES: readonly ParType[] = ['APPOINTMENT_CONFIRMED', 'DIRECT_BOOKING', 'SELF_BOOKING_REQUEST'];

/** The link, or RH-E3741D for an unknown or malformed id; RH-E3741E when it is not of the types allowed. */
export async function getLink(db: Sql, linkUUID: string | undefined, allowed: readonly ParType[] = PAR_TYPES): Promise<LinkRow> {
  if (!linkUUID || !UUID.test(linkUUID)) throw appointmentErrors.linkInvalid();
  const link = await db.get<LinkRow>('SELECT * FROM appt_links WHERE link_uuid = ?', [linkUUID.toLowerCase()]);
  if (!link) throw appointmentErrors.linkInvalid();
  if (!allowed.includes(link.par_type)) throw appointmentErrors.linkTypeMismatch();
  return link;
}

export function linkExpired(link: LinkRow, now: number): boolean {
  return link.expires_at !== null && link.expires_at <= now;
}

export function linkPatient(link: LinkRow): PatientIdentity & Record<string, unknown> {
  return JSON.parse(link.patient ?? 'null') as PatientIdentity & Record<string, unknown>;
}

/** What the caller gives to prove who they are: the patient (direct booking) or a date of birth (self-booking). */
/**
 * What proves who uses a link: the action-request body (the contract's PatientActionRequestBody)
 * or the same fields of an availability query. Only the identity fields are read.
 */
export type LinkProof = PatientActionRequestBody | { patient?: PatientIdentity; dateOfBirth?: string };

export interface LinkCaller {
  /** Who the link is used by (record id when matched). */
  patientKey: string;
  patient: PatientIdentity & Record<string, unknown>;
  /** The caller passed the link's identity check with this call (the patient is who the link is for). */
  checked?: boolean;
}

function required(path: string): HttpError {
  return new HttpError(400, `${path} is required for this link`, { details: [{ path: path.replace(/^[a-z]+/, ''), message: 'is required for this link' }] });
}

/**
 * Who is using the link. DIRECT_BOOKING: the patient's last name, date of birth and postcode
 * must be the recipient's (an open link takes any patient); SELF_BOOKING_REQUEST: the date of
 * birth must be the patient's; APPOINTMENT_CONFIRMED: the link alone to see the appointment, and
 * the patient's date of birth, when given, checked as a self-booking's is (the check a change
 * or cancel needs: server/appointments/linkProof.ts).
 */
export async function linkCaller(db: Sql, link: LinkRow, proof: LinkProof, guard: IdentityGuard, context = 'body'): Promise<LinkCaller> {
  const bound = link.patient ? linkPatient(link) : undefined;
  if (link.par_type === 'DIRECT_BOOKING') {
    if (!proof.patient) throw required(`${context}/patient`);
    const given = { ...proof.patient };
    if (bound) {
      await identityCheck(db, link, guard, samePatient(bound, given));
      return { patientKey: link.patient_key!, patient: { ...bound, ...given }, checked: true };
    }
    return { patientKey: await patientKeyOf(db, given), patient: given };
  }
  if (!bound || !link.patient_key) throw appointmentErrors.linkInvalid();
  const dob = proof.dateOfBirth ?? proof.patient?.dateOfBirth;
  if (link.par_type === 'SELF_BOOKING_REQUEST' && !dob) throw required(`${context}/dateOfBirth`);
  if (dob !== undefined) {
    await identityCheck(db, link, guard, dob === bound.dateOfBirth);
    return { patientKey: link.patient_key, patient: bound, checked: true };
  }
  return { patientKey: link.patient_key, patient: bound };
}

/** Who answers a link's identity check, and when: wrong answers are counted by link and by client. */
export interface IdentityGuard {
  /** The client's address (request.ip; behind a proxy, TRUST_PROXY). */
  client: string;
  now: number;
}

async function failuresSince(db: Sql, column: 'link_uuid' | 'client', value: string, since: number): Promise<number> {
  return (await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM appt_identity_failures WHERE ${column} = ? AND at > ?`, [value, since]))!.n;
}

/**
 * Refuses the check (429) while the link has had IDENTITY_CHECK.perLink wrong answers in the last
 * hour, or the client IDENTITY_CHECK.perClient on any links: guessing a date of birth takes
 * thousands of tries, and a locked link refuses even the right one until the hour has passed.
 * Counts by the client's canonical key (an IPv6 client by its /64).
 */
async function assertIdentityCheckOpen(db: Sql, link: LinkRow, guard: IdentityGuard): Promise<void> {
  const limits = identityCheckLimits(db);
  const since = guard.now - limits.windowMs;
  if ((await failuresSince(db, 'link_uuid', link.link_uuid, since)) >= limits.perLink) throw appointmentErrors.identityCheckLocked();
  if ((await failuresSince(db, 'client', clientKey(guard.client), since)) >= limits.perClient) throw appointmentErrors.identityCheckClientLocked();
}

/**
 * One answer to a link's identity check, counted exactly however many arrive at once on however
 * many instances: the count and the wrong answer's row are one transaction under a lock on the
 * link and on the client, so a burst cannot all read "4 wrong so far" and all be tried. The wrong
 * answer is committed before the mismatch is answered, whatever the caller does next.
 */
async function identityCheck(db: Sql, link: LinkRow, guard: IdentityGuard, correct: boolean): Promise<void> {
  const client = clientKey(guard.client);
  const wrong = await db.tx(async (tx) => {
    await lockNames(tx, [`identity-link:${link.link_uuid}`, `identity-client:${client}`]);
    await assertIdentityCheckOpen(tx, link, guard);
    if (correct) return false;
    await tx.run('INSERT INTO appt_identity_failures (link_uuid, client, at) VALUES (?, ?, ?)', [link.link_uuid, client, guard.now]);
    // Old rows are of no use once out of the window.
    await tx.run('DELETE FROM appt_identity_failures WHERE at <= ?', [guard.now - IDENTITY_CHECK.windowMs]);
    return true;
  });
  if (wrong) throw appointmentErrors.detailsMismatch();
}

/** An invitation (DIRECT_BOOKING, SELF_BOOKING_REQUEST) may still be used by this patient: not expired, within its limits. */
export async function assertInvitationUsable(db: Sql, link: LinkRow, patientKey: string, now: number): Promise<void> {
  if (link.par_type === 'APPOINTMENT_CONFIRMED') return;
  if (linkExpired(link, now)) throw appointmentErrors.linkExpired();
  const mine = await db.get<{ uses: number }>('SELECT uses FROM appt_link_uses WHERE link_uuid = ? AND patient_key = ?', [link.link_uuid, patientKey]);
  const uses = mine?.uses ?? 0;
  if (uses >= link.max_uses_per_patient) throw appointmentErrors.linkUsedUp();
  if (uses === 0) {
    const patients = (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM appt_link_uses WHERE link_uuid = ? AND uses > 0', [link.link_uuid]))!.n;
    if (patients >= link.max_patients) throw appointmentErrors.linkFull();
  }
}

/** One more use of an invitation by this patient (a booking or a change made through it). */
export async function countLinkUse(db: Sql, link: LinkRow, patientKey: string): Promise<void> {
  if (link.par_type === 'APPOINTMENT_CONFIRMED') return;
  await db.run(
    'INSERT INTO appt_link_uses (link_uuid, patient_key, uses) VALUES (?, ?, 1) ON CONFLICT (link_uuid, patient_key) DO UPDATE SET uses = appt_link_uses.uses + 1',
    [link.link_uuid, patientKey],
  );
}

export async function consultationOf(db: Sql, link: LinkRow): Promise<ConsultationRow> {
  const c = await getConsultation(db, link.consultation_id);
  if (!c) throw appointmentErrors.linkInvalid();
  return c;
}

function appointmentStatusOf(consultation: ConsultationRow, latest: AppointmentRow | undefined): AppointmentStatus {
  if (latest && isActive(latest)) return latest.status;
  if (consultation.pending_booking === 1) return 'PENDING_BOOKING';
  return latest ? latest.status : 'NONE';
}

/**
 * The answer of the action-request call (patient-action-request.schema.json): the link's
 * request and only its own appointment.
 */
export async function actionRequestAnswer(db: Sql, link: LinkRow, caller: LinkCaller, now: number) {
  const consultation = await consultationOf(db, link);
  const latest = await latestAppointment(db, consultation.id, caller.patientKey);
  const status = appointmentStatusOf(consultation, latest);
  const expired = linkExpired(link, now);
  const slot = latest ? await getSlot(db, latest.slot_id) : undefined;
  const linkState = expired ? 'EXPIRED' : status === 'CANCELLED' ? 'CANCELLED' : isActive(latest) && slot && slot.start_ms <= now ? 'PAST_START' : 'VALID';
  const echo = link.par_type === 'APPOINTMENT_CONFIRMED' ? undefined : patientEcho(caller.patient);
  return {
    linkUUID: link.link_uuid,
    parType: link.par_type,
    consultationId: consultation.id,
    appointmentStatus: status,
    expired,
    linkState,
    ...(echo ? { patient: echo } : {}),
    ...(latest
      ? {
          appointmentBooking: await appointmentBookingJson(db, latest),
          changeDeadline: new Date(await changeDeadlineMs(db, latest)).toISOString(),
          patientCanChange: (await getSlotType(db, slot!.slot_type)).patient_can_change === 1,
          practiceUpdated: latest.practice_locked === 1,
        }
      : {}),
  };
}

/** The patient fields of patient.schema.json the caller proved (never the record's contact details). */
function patientEcho(p: Record<string, unknown>): Record<string, unknown> | undefined {
  const keep = ['firstName', 'lastName', 'dateOfBirth', 'sexAtBirth', 'postCode'];
  const out: Record<string, unknown> = {};
  for (const k of keep) if (typeof p[k] === 'string' && p[k] !== '') out[k] = p[k];
  return typeof out.firstName === 'string' ? out : undefined;
}
