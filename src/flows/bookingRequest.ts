// The booking request: what the booking screen (/appointment/book-appointment) needs to offer
// and book slots, handed over by the flow that sends the patient there. Kept in sessionStorage
// (key `flow:booking`), never localStorage. Documented in docs/architecture.md "Booking request".
import type { AppointmentBookingResponse, AvailabilityQuery, BookingCall } from '../api/appointments';
import type { AppointmentStatus } from '../../generated/types/api/patient-action-request';
import type { TriageRequest } from '../../generated/types/api/triage-request';
import type { UrgencyTier } from '../../generated/types/api/urgency-tier';
import type { OutcomeWords } from '../../common';
import type { Patient } from '../patient-details/patient';
import { createFlowState } from './flowState';
import type { AppointmentInWords } from './booking/appointmentWords';

type BookingMode = 'symptom-assessment' | 'eligibility' | 'direct' | 'self' | 'reschedule';

interface Common {
  /** Where Cancel goes (default: home; a reschedule goes back to its appointment). */
  cancelPath?: string;
  /** Confirmation page title and body (default "The appointment is booked"). */
  confirmation?: { title?: string; body?: string };
  /** Custom "no slots" text (e.g. a pathway's "No slots copy"), shown instead of "No more appointments available online". */
  noSlotsText?: string;
}

/** After a finished medical pathway with checkForAppointments (src/flows/triage). */
export interface SymptomAssessmentBooking extends Common {
  mode: 'symptom-assessment';
  triageRequest: TriageRequest;
  referralId?: string;
  guidelineId?: string;
  /** AI-led guideline: slots from the AI-led availability call. */
  aiLed?: boolean;
  /** ISO date-time the pathway finished. */
  guidelineFinishedOn?: string;
  /** Where "Send request" (no slots) goes once the request is sent (default /triage/thank-you). */
  sentPath?: string;
  /** The engine execution (and its tier, for the reply time): once "Send request" has sent it, the medical flow is cleared and the thank-you page is told. */
  sent?: { executionId: string; useProxy: boolean; tier?: UrgencyTier; words?: OutcomeWords[] };
  /** Which slots may be offered (common/endings.ts): 'TODAY' for an urgent-today result, never a later day. Default any. */
  slotWindow?: 'TODAY' | 'ANY';
}

/** After an eligibility pathway that offers an appointment (src/flows/eligibility). */
export interface EligibilityBooking extends Common {
  mode: 'eligibility';
  /** The triage request, triageRequestType ELIGIBILITY_BOOKING. */
  eligibilityBooking: TriageRequest;
  guidelineId: string;
  referralId?: string;
  /** Where "Get self-help" goes on the no-slots screen (first contact physio); default the self-help page at the pathway's links. */
  selfHelpPath?: string;
}

/** A direct-booking invitation, after the patient-details step (/direct-booking). */
interface DirectBooking extends Common {
  mode: 'direct';
  linkUUID: string;
  consultationId?: string;
  patient: Patient;
  appointmentStatus?: AppointmentStatus;
}

/** A self-booking invitation, after the date-of-birth check (/self-booking). */
interface SelfBooking extends Common {
  mode: 'self';
  linkUUID: string;
  consultationId: string;
  dateOfBirth: string;
  appointmentStatus?: AppointmentStatus;
}

/** Changing a booked appointment from its APPOINTMENT_CONFIRMED link (/appointment/details). */
interface RescheduleBooking extends Common {
  mode: 'reschedule';
  linkUUID: string;
  consultationId: string;
  /** The appointment being changed, in words, shown above the new times. */
  current?: AppointmentInWords;
}

export type BookingRequest = SymptomAssessmentBooking | EligibilityBooking | DirectBooking | SelfBooking | RescheduleBooking;

export interface BookingFlowState {
  request?: BookingRequest;
  /** One Idempotency-Key per slot tried, so a retry after a lost answer is the same booking. */
  keys: Record<string, string>;
  /** The key of "Send request" without an appointment. */
  sendKey?: string;
  filters: { sites: string[]; holders: string[] };
  /** Set when filters were reset because they left no time; shows "No more times for your options". */
  noMoreTimes?: boolean;
}

export const bookingFlow = createFlowState<BookingFlowState>('flow:booking', () => ({ keys: {}, filters: { sites: [], holders: [] } }));

/** The last booking made in this tab, for the confirmation page (`booking:result`). */
export interface BookingResult {
  booking: AppointmentBookingResponse;
  title: string;
  body?: string;
  virtualLabel: string;
}
export const bookingResult = createFlowState<{ result?: BookingResult }>('booking:result', () => ({}));

export const BOOK_APPOINTMENT_PATH = '/appointment/book-appointment';

/** The link id each link mode carries in the book-appointment URL (ad, sb, db: docs/architecture.md "Booking request"). */
const LINK_PARAM: Readonly<Partial<Record<BookingMode, 'ad' | 'sb' | 'db'>>> = { reschedule: 'ad', self: 'sb', direct: 'db' };

/** The book-appointment URL of a request. */
export function bookingPath(request: BookingRequest): string {
  const param = LINK_PARAM[request.mode];
  return param && 'linkUUID' in request ? `${BOOK_APPOINTMENT_PATH}?${param}=${encodeURIComponent(request.linkUUID)}` : BOOK_APPOINTMENT_PATH;
}

/**
 * Hands a booking request to the booking screen and answers the path to navigate to:
 * `navigate(startBooking({ mode: 'symptom-assessment', triageRequest, referralId, guidelineId }))`.
 */
export function startBooking(request: BookingRequest): string {
  bookingFlow.clear();
  bookingFlow.set({ request });
  return bookingPath(request);
}

/** Ends the booking: the request, its keys and filters go. */
export function clearBooking(): void {
  bookingFlow.clear();
}

/**
 * The stored request when it is the one the URL names: link modes must carry their link id in
 * `ad` / `sb` / `db`; other modes need no query. Otherwise undefined (a copied link, another tab).
 */
export function requestForUrl(stored: BookingRequest | undefined, search: URLSearchParams): BookingRequest | undefined {
  if (!stored) return undefined;
  const param = LINK_PARAM[stored.mode];
  if (!param) return stored;
  return 'linkUUID' in stored && search.get(param) === stored.linkUUID ? stored : undefined;
}

/** Whether booking changes an existing appointment (a link whose appointment is BOOKED or RESCHEDULED reschedules it). */
export function isReschedule(request: BookingRequest): boolean {
  if (request.mode === 'reschedule') return true;
  return (request.mode === 'direct' || request.mode === 'self') && (request.appointmentStatus === 'BOOKED' || request.appointmentStatus === 'RESCHEDULED');
}

/** The availability query of the first chunk. */
export function availabilityQueryOf(request: BookingRequest): AvailabilityQuery {
  switch (request.mode) {
    case 'symptom-assessment':
      return { by: 'referral', referralId: request.referralId, guidelineId: request.guidelineId, aiLed: request.aiLed, patient: request.triageRequest.patient };
    case 'eligibility':
      return { by: 'referral', referralId: request.referralId, guidelineId: request.guidelineId, patient: request.eligibilityBooking.patient };
    case 'direct':
      return { by: 'link', linkUUID: request.linkUUID, patient: request.patient };
    case 'self':
      return { by: 'link', linkUUID: request.linkUUID, dateOfBirth: request.dateOfBirth };
    case 'reschedule':
      return { by: 'link', linkUUID: request.linkUUID };
  }
}

/** Which booking call the request makes. */
export function bookingCallOf(request: BookingRequest): BookingCall {
  switch (request.mode) {
    case 'symptom-assessment':
      return { kind: 'symptom-assessment', triageRequest: request.triageRequest, guidelineFinishedOn: request.guidelineFinishedOn };
    case 'eligibility':
      return { kind: 'eligibility', eligibilityBooking: request.eligibilityBooking };
    case 'direct':
      if (isReschedule(request) && request.consultationId) return { kind: 'reschedule', linkUUID: request.linkUUID, consultationId: request.consultationId };
      return { kind: 'direct', linkUUID: request.linkUUID, patient: request.patient };
    case 'self':
      return isReschedule(request)
        ? { kind: 'reschedule', linkUUID: request.linkUUID, consultationId: request.consultationId }
        : { kind: 'link-book', linkUUID: request.linkUUID, consultationId: request.consultationId };
    case 'reschedule':
      return { kind: 'reschedule', linkUUID: request.linkUUID, consultationId: request.consultationId };
  }
}

export function cancelPathOf(request: BookingRequest | undefined): string {
  if (request?.cancelPath) return request.cancelPath;
  if (request?.mode === 'reschedule') return `/appointment/details?lid=${encodeURIComponent(request.linkUUID)}`;
  return '/';
}
