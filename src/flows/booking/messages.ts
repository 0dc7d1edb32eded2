// The booking screens' wording. Titles and messages of the error catalogue (the RH-E… codes below)
// are the product's, word for word; where the product shows no wording of its own, ours is marked so.
import { NO_APPOINTMENTS_REPLY } from '../../../common';

export const BOOK_APPOINTMENT_TITLE = 'Book your appointment';
export const CONFIRM_CHOICE_TITLE = 'Confirm this choice?';
export const NO_MORE_TIMES_TITLE = 'No more times for your options';
export const DEFAULT_CONFIRMATION_TITLE = 'The appointment is booked';
export const RESCHEDULED_CONFIRMATION_TITLE = 'The appointment is changed';
export const DIRECT_BOOKING_TITLE = 'Accepting your appointment invitation';
export const DEFAULT_VIRTUAL_LABEL = 'Telephone call';
/** Ours: the booking page after a questionnaire always has a way on without an appointment. */
export const NONE_SUIT_SEND = 'None of these times suit me — send my request';
/**
 * RH-E005 on a link: the practice is already booking this request. The end page keeps the
 * product's title ("This appointment is no longer available") and says what happens next.
 */
export const BOOKING_IN_PROGRESS_MID = 'BOOKING_IN_PROGRESS';
export const BOOKING_IN_PROGRESS_PATH = `/error?mid=${BOOKING_IN_PROGRESS_MID}`;

export const NO_APPOINTMENTS_TITLE = 'No appointments available';
export const NO_MORE_ONLINE = 'No more appointments available online';
export const NO_TIMES_CALL_PRACTICE = 'We are sorry there are no available times at present. Please call the practice so that they can help you.';
// The no-appointments screen's own sentence (the spec's; src/replyTimes.ts NO_APPOINTMENTS_REPLY).
export const MEDICAL_NO_SLOTS = `If you send your request, t${NO_APPOINTMENTS_REPLY.long.slice(1)}`;

export const LINK_STATE_TITLES = {
  CANCELLED: 'Appointment cancelled',
  PAST_START: 'Appointment expired',
  EXPIRED: 'Appointment request expired',
} as const;

export const LOAD_ERROR_TITLE = 'Error while loading available appointments';
export const PAST_SLOT_TITLE = 'Error while booking appointment';
export const PAST_SLOT_MESSAGE = 'The selected slot is in the past';
export const BOOKING_FAILED_TITLE = 'Unable to book the appointment';
/** A booking from a questionnaire the practice already has (a request or another booking made from it). */
export const ALREADY_SENT_TITLE = 'Your answers have already been sent';
export function alreadySentMessage(reference: string | undefined): string {
  const ref = reference ? ` (reference ${reference})` : '';
  return `The practice already has these answers${ref}, as a request or an appointment, so you do not need to send them again. If you need to change anything, or your symptoms get worse, call the practice. In an emergency, call 999.`;
}
export const CANCEL_FAILED_TITLE = 'Unable to cancel this appointment';
export const DETAILS_MISMATCH = "The details you have provided don't correspond with those on the consultation";
/** A change or cancel through a link whose date-of-birth check has lapsed: our words (the spec has no check here). */
export const IDENTITY_CHECK_TITLE = 'Please confirm your date of birth again';
export const IDENTITY_CHECK_MESSAGE = 'For your security, please go back to your appointment and confirm your date of birth before you change or cancel it.';
/** Ours: the title is the product's; its own record-changed wording is not shown, so the message is ours. */
export const RECORD_CHANGED_TITLE = 'Failed to book this appointment slot';
export const RECORD_CHANGED_MESSAGE =
  'Your patient record has changed since this appointment was offered, so it cannot be booked or changed online. Please contact the practice directly.';
export const UNMATCHED_PATIENT_MARKER = 'Unable to find matched patient';

/** Product error codes (RH-E…, schemas/api/README.md error tables) that have their own title and message. */
export const CODE_MESSAGES: Readonly<Record<string, { title: string; message: string }>> = {
  'RH-E005': { title: 'This appointment is no longer available', message: 'Please close this message and choose another time.' },
  'RH-E007': {
    title: 'Sorry, this time has now been taken',
    message: 'Please close this message and choose another time. There is high demand for appointments.',
  },
  'RH-E1522': {
    title: 'Unable to update this appointment',
    message: 'If you have not already updated or cancelled this appointment, please contact the practice directly.',
  },
  'RH-E008': {
    title: 'Unable to update this appointment',
    message: 'The time window for updating this appointment has expired. Please contact the practice directly.',
  },
  'RH-E109': {
    title: 'This appointment type can only be changed by the practice.',
    message: 'Please call the practice to change or cancel this appointment.',
  },
  'RH-E012': { title: RECORD_CHANGED_TITLE, message: RECORD_CHANGED_MESSAGE },
  // Ours after the title: the product gives only "The appointment system is not available" / "There is a temporary problem".
  'RH-E002': { title: 'The appointment system is not available', message: 'Please try again later or call the practice.' },
  'RH-E024': { title: 'There is a temporary problem', message: 'Please try again later or call the practice.' },
};

/** Link codes → the error signpost's mid (schemas/api/README.md "Appointments" error table). */
export const LINK_CODE_MIDS: Readonly<Record<string, string>> = {
  'RH-E3741E': 'ACTION_TYPE_AND_LINKUUID_MISMATCH',
  'RH-E3741D': 'PATIENT_ACTION_LINK_INVALID',
  'RH-E3741C': 'PATIENT_ACTION_LINK_EXPIRED',
  'RH-E3741B': 'EXCEED_MAX_PER_PATIENT',
  'RH-E3741A': 'EXCEED_MAX_PATIENTS',
};
