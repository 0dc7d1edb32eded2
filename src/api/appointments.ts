// The appointment calls of the practice API (schemas/api/README.md "Appointments"), typed with the
// generated shapes. Pure URL and body builders are exported for the unit tests.
import type { AppointmentAvailability, AvailableAppointmentSession, Slot } from '../../generated/types/api/appointment-availability';
import type { AppointmentBookingResponse } from '../../generated/types/api/appointment-booking-response';
import type { AppointmentCancelResponse } from '../../generated/types/api/appointment-cancel-response';
import type { AppointmentSessions } from '../../generated/types/api/appointment-sessions';
import type { PatientActionRequest, ParType } from '../../generated/types/api/patient-action-request';
import type { SubmissionResponse } from '../../generated/types/api/submission-response';
import type { Patient } from '../patient-details/patient';
import { getJson } from './client';
import { postJson, requestJson } from './send';

export type { AppointmentSessions, AppointmentAvailability, AvailableAppointmentSession, Slot, AppointmentBookingResponse, AppointmentCancelResponse, PatientActionRequest, ParType };

const BASE = '/api/v1/triage';
export const AVAILABILITY_PATH = `${BASE}/nhs/available/appointments`;
export const AI_LED_AVAILABILITY_PATH = `${BASE}/nhs/appointments/availability/ai-led`;

/** A triage (or eligibility) request as the booking calls take it; its inner shape belongs to the flow that built it. */
export interface TriageRequestBody {
  patient: Patient;
  triageRequestType: string;
  [key: string]: unknown;
}

/** What selects the slots of the first chunk (later chunks follow the navigation links as they are). */
export type AvailabilityQuery =
  | { by: 'link'; linkUUID: string; patient?: Pick<Patient, 'firstName' | 'lastName' | 'dateOfBirth' | 'postCode'>; dateOfBirth?: string }
  | { by: 'referral'; referralId?: string; guidelineId?: string; aiLed?: boolean; patient?: Pick<Patient, 'firstName' | 'lastName' | 'dateOfBirth' | 'postCode'> };

/** The first chunk's URL: by link (with the proof the link needs) or by referral/guideline (optionally AI-led). */
export function availabilityUrl(query: AvailabilityQuery): string {
  const params = new URLSearchParams();
  if (query.by === 'link') params.set('linkUUID', query.linkUUID);
  else {
    if (query.referralId) params.set('referralId', query.referralId);
    if (query.guidelineId) params.set('guidelineId', query.guidelineId);
  }
  const patient = query.patient;
  if (patient) {
    if (patient.firstName) params.set('firstName', patient.firstName);
    params.set('lastName', patient.lastName);
    params.set('postcode', patient.postCode);
    params.set('dateOfBirth', patient.dateOfBirth);
  } else if (query.by === 'link' && query.dateOfBirth) {
    params.set('dateOfBirth', query.dateOfBirth);
  }
  const path = query.by === 'referral' && query.aiLed ? AI_LED_AVAILABILITY_PATH : AVAILABILITY_PATH;
  return `${path}?${params.toString()}`;
}

/**
 * A navigation link (nextChunkLink / nextTierLink) is GET as it is, but only when it is a path
 * of this origin's API: a link from the answer never sends the patient's details elsewhere.
 */
export function isSafeNavigationLink(link: string): boolean {
  return link.startsWith('/api/') && !link.startsWith('//') && !link.includes('\\');
}

export function fetchAvailability(url: string): Promise<AppointmentAvailability> {
  if (!isSafeNavigationLink(url)) return Promise.reject(new Error(`Not an API path: ${url}`));
  return getJson<AppointmentAvailability>(url);
}

export interface LinkProof {
  patient?: Patient;
  dateOfBirth?: string;
}

export function actionRequestUrl(parType: ParType, linkUUID: string): string {
  return `${BASE}/patient/action-request/${parType}/${encodeURIComponent(linkUUID)}`;
}

/** The link's request (the action-request call, schemas/api/README.md "Appointments"): DIRECT_BOOKING proves the recipient, SELF_BOOKING_REQUEST the date of birth. */
export function fetchActionRequest(parType: ParType, linkUUID: string, proof: LinkProof = {}): Promise<PatientActionRequest> {
  return postJson<PatientActionRequest>(actionRequestUrl(parType, linkUUID), proof);
}

/** One slot of one session, as the booking calls take it. */
export interface SlotChoice {
  appointmentSlotId: string;
  availableAppointmentSession: AvailableAppointmentSession;
  selectedSessionHolders?: string[];
}

/** Which booking call a booking request makes (see src/flows/booking/bookingRequest.ts). */
export type BookingCall =
  | { kind: 'symptom-assessment'; triageRequest: TriageRequestBody; guidelineFinishedOn?: string }
  | { kind: 'eligibility'; eligibilityBooking: TriageRequestBody }
  | { kind: 'direct'; linkUUID: string; patient: Patient }
  | { kind: 'link-book'; linkUUID: string; consultationId: string }
  | { kind: 'reschedule'; linkUUID: string; consultationId: string };

/** The URL and body of a booking call for one slot (pure). */
export function bookingCall(call: BookingCall, choice: SlotChoice): { url: string; body: Record<string, unknown> } {
  const slot = {
    appointmentSlotId: choice.appointmentSlotId,
    availableAppointmentSession: choice.availableAppointmentSession,
    ...(choice.selectedSessionHolders && choice.selectedSessionHolders.length > 0 ? { selectedSessionHolders: choice.selectedSessionHolders } : {}),
  };
  switch (call.kind) {
    case 'symptom-assessment':
      return {
        url: `${BASE}/patient/symptom/assessments/book/appointment`,
        body: { triageRequest: call.triageRequest, ...slot, ...(call.guidelineFinishedOn ? { guidelineFinishedOn: call.guidelineFinishedOn } : {}) },
      };
    case 'eligibility':
      return { url: `${BASE}/patient/eligibility-booking`, body: { eligibilityBooking: call.eligibilityBooking, ...slot } };
    case 'direct':
      return { url: `${BASE}/patient/direct-booking`, body: { ...slot, linkUUID: call.linkUUID, patient: call.patient } };
    case 'link-book':
      return { url: `${BASE}/nhs/book/appointment?linkUUID=${encodeURIComponent(call.linkUUID)}`, body: { consultationId: call.consultationId, ...slot } };
    case 'reschedule':
      return {
        url: `${BASE}/nhs/reschedule/appointment?linkUUID=${encodeURIComponent(call.linkUUID)}`,
        body: { consultationId: call.consultationId, ...slot },
      };
  }
}

export function bookSlot(call: BookingCall, choice: SlotChoice, idempotencyKey: string): Promise<AppointmentBookingResponse> {
  const { url, body } = bookingCall(call, choice);
  return postJson<AppointmentBookingResponse>(url, body, idempotencyKey);
}

export function cancelAppointment(consultationId: string, linkUUID: string, idempotencyKey: string): Promise<AppointmentCancelResponse> {
  const url = `${BASE}/nhs/cancel/appointment/${encodeURIComponent(consultationId)}?linkUUID=${encodeURIComponent(linkUUID)}`;
  return requestJson<AppointmentCancelResponse>('POST', url, { idempotencyKey });
}

/** The medical request sent without an appointment (the consultation call with reasonInInbox NO_APPOINTMENTS). */
export function sendWithoutAppointment(
  triageRequest: TriageRequestBody,
  guidelineFinishedOn: string | undefined,
  idempotencyKey: string,
  /** Times were offered and the patient chose none ("None of these times suit me"): reason OTHER. */
  appointmentsPresented = false,
): Promise<SubmissionResponse> {
  return postJson<SubmissionResponse>(
    `${BASE}/patient/consultation`,
    {
      triageRequest,
      context: {
        reasonInInbox: appointmentsPresented ? 'OTHER' : 'NO_APPOINTMENTS',
        appointmentsPresented,
        ...(guidelineFinishedOn ? { guidelineFinishedOn } : {}),
      },
    },
    idempotencyKey,
  );
}

export const APPOINTMENT_SESSIONS_PATH = `${BASE}/nhs/appointment/sessions`;

/** The sessions URL: whether the practice has free slots for a referral (and guideline). */
export function appointmentSessionsUrl(referralId: string, guidelineId?: string): string {
  const query = new URLSearchParams({ referralId, ...(guidelineId ? { guidelineId } : {}) });
  return `${APPOINTMENT_SESSIONS_PATH}?${query.toString()}`;
}

/** GET /api/v1/triage/nhs/appointment/sessions: `{ hasAvailableAppointments, firstAvailableDate?, sites, slotTypes, sessionHolders }`. */
export function getAppointmentSessions(referralId: string, guidelineId?: string): Promise<AppointmentSessions> {
  return getJson<AppointmentSessions>(appointmentSessionsUrl(referralId, guidelineId));
}
