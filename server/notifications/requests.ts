// The confirmations of the submissions of server/routes/requests.ts: which events an accepted
// admin request, consultation or unverified request queues, and to which addresses.
import type { Patient } from '../../generated/types/api/patient';
import { isValidEmail, matchPatient } from '../patients.js';
import type { JsonObject } from '../json.js';
import type { Sql } from '../store/index.js';
import { enqueueNotifications } from './events.js';
import type { NotificationEvent, QueuedNotification, Recipient } from './eventTypes.js';
import { isTier, medicalReplyTime, outcomeWords, outcomeWordsAsText } from '../../common/index.js';

interface PatientLike {
  lastName?: string;
  dateOfBirth?: string;
  postCode?: string;
  contactDetails?: { emailAddress?: string; mobilePhoneNumber?: string };
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * The addresses for a patient: the email given in the request (or a new one from an associated
 * change of contact details), else the one on the practice record ("We will use the email address
 * we have on record for you."); a text only to a mobile given in the request.
 */
export async function recipientForPatient(db: Sql, patient: PatientLike | undefined, newEmail?: string): Promise<Recipient> {
  const to: Recipient = {};
  const given = text(patient?.contactDetails?.emailAddress) ?? text(newEmail);
  if (given) to.email = given;
  else if (patient?.lastName && patient.dateOfBirth && patient.postCode) {
    const record = await matchPatient(db, patient as Pick<Patient, 'lastName' | 'dateOfBirth' | 'postCode'>);
    if (record?.email && isValidEmail(record.email)) to.email = record.email;
  }
  const mobile = text(patient?.contactDetails?.mobilePhoneNumber);
  if (mobile) to.mobile = mobile;
  return to;
}

async function eventFor(db: Sql, requestId: string, request: JsonObject, newEmail?: string, reasonInInbox?: string): Promise<NotificationEvent> {
  const to = await recipientForPatient(db, request.patient as PatientLike | undefined, newEmail);
  const formType = text(request.formType);
  if (formType) return { type: 'REQUEST_RECEIVED', id: `${requestId}:received`, sourceId: requestId, requestType: formType, service: 'admin', to };
  const triageType = text(request.triageRequestType) ?? 'CONSULTATION_REQUEST';
  const tierRead = ((request.consultation ?? {}) as JsonObject).tier;
  const tier = isTier(tierRead) ? tierRead : undefined;
  // Every word of the outcome the patient was shown goes in the email too (the server's copy of the
  // execution's recommendations, never the client's).
  const recommendations = ((request.guidelineExecution ?? {}) as JsonObject).recommendations;
  const advice = outcomeWordsAsText(outcomeWords(Array.isArray(recommendations) ? recommendations : []));
  const extra = advice ? { advice } : {};
  // The one promise the confirmation screen made (common/replyTimes.ts): by the request's type and tier.
  if (triageType === 'CHILD_REQUEST')
    return {
      type: 'CHILD_REQUEST_RECEIVED',
      id: `${requestId}:received`,
      sourceId: requestId,
      to,
      replyTime: medicalReplyTime({ requestType: triageType, tier }),
      ...extra,
    };
  return {
    type: 'REQUEST_RECEIVED',
    id: `${requestId}:received`,
    sourceId: requestId,
    requestType: triageType,
    service: 'medical',
    to,
    ...(reasonInInbox ? { reasonInInbox } : {}),
    ...extra,
    ...(tier ? { tier } : {}),
  };
}

/**
 * Queues the confirmation of one stored submission. Call with the transaction that stored it
 * (runIdempotent's `tx`), right after insertRequest.
 */
export async function notifyRequestReceived(
  db: Sql,
  requestId: string,
  kind: 'ADMIN_REQUEST' | 'CONSULTATION' | 'UNVERIFIED_REQUESTS',
  stored: JsonObject,
): Promise<QueuedNotification[]> {
  if (kind === 'ADMIN_REQUEST') return enqueueNotifications(db, [await eventFor(db, requestId, stored)]);
  if (kind === 'CONSULTATION') {
    const context = (stored.context ?? {}) as JsonObject;
    return enqueueNotifications(db, [await eventFor(db, requestId, stored.triageRequest as JsonObject, undefined, text(context.reasonInInbox))]);
  }
  const associated = (stored.associatedRequest ?? {}) as JsonObject;
  const newEmail = associated.triageRequestType === 'CHANGE_OF_CONTACT_DETAILS' ? text(associated.newEmail) : undefined;
  return enqueueNotifications(db, [await eventFor(db, requestId, stored.primaryRequest as JsonObject, newEmail)]);
}
