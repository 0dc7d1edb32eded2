// The appointment calls of the practice API (schemas/api/README.md "Appointments"), typed with the
// generated shapes. Pure URL and body builders are exported for the unit tests.
import type { AppointmentAvailability, AvailableAppointmentSession, Slot } from '../../generated/types/api/appointment-availability';
import type { AppointmentBookingRequest } from '../../generated/types/api/appointment-booking-request';
import type { AppointmentBookingResponse } from '../../generated/types/api/appointment-booking-response';
import type { AppointmentCancelResponse } from '../../generated/types/api/appointment-cancel-response';
import type { AppointmentSessions } from '../../generated/types/api/appointment-sessions';
import type { ConsultationRequest } from '../../generated/types/api/consultation-request';
import type { DirectBooking } from '../../generated/types/api/direct-booking';
import type { EligibilityBooking } from '../../generated/types/api/eligibility-booking';
import type { PatientActionRequest, ParType } from '../../generated/types/api/patient-action-request';
import type { PatientActionRequestBody } from '../../generated/types/api/patient-action-request-body';
import type { SubmissionResponse } from '../../generated/types/api/submission-response';
import type { SymptomAssessmentBooking } from '../../generated/types/api/symptom-assessment-booking';
import type { Patient } from '../../generated/types/api/patient';
import type { TriageRequest } from '../../generated/types/api/triage-request';
import { getJson } from './client';
import { postJson, requestJson } from './send';

export type {
  AppointmentSessions,
  AppointmentAvailability,
  AvailableAppointmentSession,
  Slot,
  AppointmentBookingResponse,
  AppointmentCancelResponse,
  PatientActionRequest,
  PatientActionRequestBody,
  ParType,
};

const BASE = '/api/v1/triage';
export const APPOINTMENT_PATHS = {
  availability: `${BASE}/nhs/available/appointments`,
  aiLedAvailability: `${BASE}/nhs/appointments/availability/ai-led`,
  sessions: `${BASE}/nhs/appointment/sessions`,
  actionRequest: (parType: ParType, linkUUID: string) => `${BASE}/patient/action-request/${parType}/${encodeURIComponent(linkUUID)}`,
  symptomAssessmentBooking: `${BASE}/patient/symptom/assessments/book/appointment`,
  eligibilityBooking: `${BASE}/patient/eligibility-booking`,
  directBooking: `${BASE}/patient/direct-booking`,
  book: (linkUUID: string) => `${BASE}/nhs/book/appointment?linkUUID=${encodeURIComponent(linkUUID)}`,
  reschedule: (linkUUID: string) => `${BASE}/nhs/reschedule/appointment?linkUUID=${encodeURIComponent(linkUUID)}`,
  cancel: (consultationId: string, linkUUID: string) =>
    `${BASE}/nhs/cancel/appointment/${encodeURIComponent(consultationId)}?linkUUID=${encodeURIComponent(linkUUID)}`,
  consultation: `${BASE}/patient/consultation`,
} as const;

/** What selects the slots of the first chunk (later chunks follow the navigation links as they are). */
export type AvailabilityQuery =
  | { by: 'link'; linkUUID: string; patient?: Pick<Patient, 'firstName' | 'lastName' | 'dateOfBirth' | 'postCode'>; dateOfBirth?: string }
  | {
      by: 'referral';
      referralId?: string;
      guidelineId?: string;
      aiLed?: boolean;
      patient?: Pick<Patient, 'firstName' | 'lastName' | 'dateOfBirth' | 'postCode'>;
    };

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
  const path = query.by === 'referral' && query.aiLed ? APPOINTMENT_PATHS.aiLedAvailability : APPOINTMENT_PATHS.availability;
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

/** The link's request (the action-request call, schemas/api/README.md "Appointments"): DIRECT_BOOKING proves the recipient, SELF_BOOKING_REQUEST the date of birth. */
export function fetchActionRequest(parType: ParType, linkUUID: string, proof: PatientActionRequestBody = {}): Promise<PatientActionRequest> {
  return postJson<PatientActionRequest>(APPOINTMENT_PATHS.actionRequest(parType, linkUUID), proof);
}

/** One slot of one session, as every booking body carries it (the contract's fields, not a copy of them). */
export type SlotChoice = Pick<AppointmentBookingRequest, 'appointmentSlotId' | 'availableAppointmentSession' | 'selectedSessionHolders'>;

/** Which booking call a booking request makes (see src/flows/bookingRequest.ts). */
export type BookingCall =
  | { kind: 'symptom-assessment'; triageRequest: TriageRequest; guidelineFinishedOn?: string }
  | { kind: 'eligibility'; eligibilityBooking: TriageRequest }
  | { kind: 'direct'; linkUUID: string; patient: Patient }
  | { kind: 'link-book'; linkUUID: string; consultationId: string }
  | { kind: 'reschedule'; linkUUID: string; consultationId: string };

/** The URL and body of a booking call: each body is the contract's type for its URL. */
export type BookingCallRequest =
  | { url: string; body: SymptomAssessmentBooking }
  | { url: string; body: EligibilityBooking }
  | { url: string; body: DirectBooking }
  | { url: string; body: AppointmentBookingRequest };

/** The URL and body of a booking call for one slot (pure). */
export function bookingCall(call: BookingCall, choice: SlotChoice): BookingCallRequest {
  const slot: SlotChoice = {
    appointmentSlotId: choice.appointmentSlotId,
    availableAppointmentSession: choice.availableAppointmentSession,
    ...(choice.selectedSessionHolders && choice.selectedSessionHolders.length > 0 ? { selectedSessionHolders: choice.selectedSessionHolders } : {}),
  };
  switch (call.kind) {
    case 'symptom-assessment':
      return {
        url: APPOINTMENT_PATHS.symptomAssessmentBooking,
        body: { triageRequest: call.triageRequest, ...slot, ...(call.guidelineFinishedOn ? { guidelineFinishedOn: call.guidelineFinishedOn } : {}) },
      };
    case 'eligibility':
      return { url: APPOINTMENT_PATHS.eligibilityBooking, body: { eligibilityBooking: call.eligibilityBooking, ...slot } };
    case 'direct':
      return { url: APPOINTMENT_PATHS.directBooking, body: { ...slot, linkUUID: call.linkUUID, patient: call.patient } };
    case 'link-book':
      return { url: APPOINTMENT_PATHS.book(call.linkUUID), body: { consultationId: call.consultationId, ...slot } };
    case 'reschedule':
      return { url: APPOINTMENT_PATHS.reschedule(call.linkUUID), body: { consultationId: call.consultationId, ...slot } };
  }
}

export function bookSlot(call: BookingCall, choice: SlotChoice, idempotencyKey: string): Promise<AppointmentBookingResponse> {
  const { url, body } = bookingCall(call, choice);
  return postJson<AppointmentBookingResponse>(url, body, idempotencyKey);
}

export function cancelAppointment(consultationId: string, linkUUID: string, idempotencyKey: string): Promise<AppointmentCancelResponse> {
  return requestJson<AppointmentCancelResponse>('POST', APPOINTMENT_PATHS.cancel(consultationId, linkUUID), { idempotencyKey });
}

/** The medical request sent without an appointment (the consultation call with reasonInInbox NO_APPOINTMENTS). */
export function sendWithoutAppointment(
  triageRequest: TriageRequest,
  guidelineFinishedOn: string | undefined,
  idempotencyKey: string,
  /** Times were offered and the patient chose none ("None of these times suit me"): reason OTHER. */
  appointmentsPresented = false,
): Promise<SubmissionResponse> {
  const body: ConsultationRequest = {
    triageRequest,
    context: {
      reasonInInbox: appointmentsPresented ? 'OTHER' : 'NO_APPOINTMENTS',
      appointmentsPresented,
      ...(guidelineFinishedOn ? { guidelineFinishedOn } : {}),
    },
  };
  return postJson<SubmissionResponse>(APPOINTMENT_PATHS.consultation, body, idempotencyKey);
}

/** The sessions URL: whether the practice has free slots for a referral (and guideline). */
export function appointmentSessionsUrl(referralId: string, guidelineId?: string): string {
  const query = new URLSearchParams({ referralId, ...(guidelineId ? { guidelineId } : {}) });
  return `${APPOINTMENT_PATHS.sessions}?${query.toString()}`;
}

/** GET /api/v1/triage/nhs/appointment/sessions: `{ hasAvailableAppointments, firstAvailableDate?, sites, slotTypes, sessionHolders }`. */
export function getAppointmentSessions(referralId: string, guidelineId?: string): Promise<AppointmentSessions> {
  return getJson<AppointmentSessions>(appointmentSessionsUrl(referralId, guidelineId));
}
