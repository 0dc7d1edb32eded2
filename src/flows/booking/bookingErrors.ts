// Pure mapping of the appointment calls' failures to what the patient sees (the error catalogue
// of ./messages.ts; schemas/api/README.md "Appointments" error table). The screens carry the
// outcome out.
import { ApiError } from '../../api/client';
import { ERROR_IDS, GENERIC_ERROR_MESSAGE } from '../../errors/messages';
import {
  ALREADY_SENT_TITLE,
  alreadySentMessage,
  BOOKING_FAILED_TITLE,
  CANCEL_FAILED_TITLE,
  CODE_MESSAGES,
  DETAILS_MISMATCH,
  IDENTITY_CHECK_MESSAGE,
  IDENTITY_CHECK_TITLE,
  LINK_CODE_MIDS,
  LOAD_ERROR_TITLE,
  PAST_SLOT_MESSAGE,
  PAST_SLOT_TITLE,
  RECORD_CHANGED_MESSAGE,
  RECORD_CHANGED_TITLE,
  UNMATCHED_PATIENT_MARKER,
} from './messages';

export type BookingOperation = 'load' | 'link' | 'book' | 'cancel';

export type BookingErrorOutcome =
  /** A link problem: the error signpost with its mid. */
  | { kind: 'signpost'; to: string }
  /** A popup; `removeSlot` for a taken or past slot (remove it and, for a past slot, re-filter the times). */
  | { kind: 'popup'; title: string; message: string; removeSlot?: 'taken' | 'past' }
  /** No answer from the practice during a booking: it may have gone through. */
  | { kind: 'possibleAppointment'; to: string }
  /** 401 or a service closing mid-flow: the app-wide mapping (src/errors/mapError.ts) applies. */
  | { kind: 'app' };

function codeOf(error: ApiError): string | undefined {
  const body = error.body;
  return body && typeof body === 'object' && 'code' in body && typeof body.code === 'string' ? body.code : undefined;
}

function reasonOf(error: ApiError): string | undefined {
  const body = error.body;
  return body && typeof body === 'object' && 'reason' in body && typeof body.reason === 'string' ? body.reason : undefined;
}

/** The practice did not answer (network failure, gateway timeout, or a 5xx without a product code). */
export function isLostAnswer(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status >= 500 && codeOf(error) === undefined;
}

/** A failure of this slot only: booking moves on to the next candidate slot. */
export function isSlotFailure(error: unknown): boolean {
  return error instanceof ApiError && (codeOf(error) === 'RH-E007' || reasonOf(error) === 'SLOT_IN_PAST');
}

export function bookingErrorOutcome(error: unknown, operation: BookingOperation): BookingErrorOutcome {
  if (operation === 'book' && isLostAnswer(error)) {
    return { kind: 'possibleAppointment', to: `/error?eid=${ERROR_IDS.possibleAppointment}` };
  }
  const fallbackTitle =
    operation === 'load' ? LOAD_ERROR_TITLE : operation === 'book' ? BOOKING_FAILED_TITLE : operation === 'cancel' ? CANCEL_FAILED_TITLE : LOAD_ERROR_TITLE;
  if (!(error instanceof ApiError)) return { kind: 'popup', title: fallbackTitle, message: GENERIC_ERROR_MESSAGE };
  if (error.status === 401 || error.status === 412) return { kind: 'app' };
  const code = codeOf(error);
  const reason = reasonOf(error);
  if (code && Object.hasOwn(LINK_CODE_MIDS, code)) return { kind: 'signpost', to: `/error?mid=${LINK_CODE_MIDS[code]}` };
  // A change or cancel whose date-of-birth check has lapsed (an hour) or was never made in this browser.
  if (reason === 'IDENTITY_CHECK_REQUIRED') return { kind: 'popup', title: IDENTITY_CHECK_TITLE, message: IDENTITY_CHECK_MESSAGE };
  if (reason === 'PATIENT_DETAILS_MISMATCH')
    return { kind: 'popup', title: DETAILS_MISMATCH, message: 'Please check the details you have entered, or call the practice.' };
  // One finished questionnaire backs one request or one booking (server/executionRequests.ts):
  // the server's message names the first one's reference.
  if (reason === 'ALREADY_SENT') {
    return { kind: 'popup', title: ALREADY_SENT_TITLE, message: alreadySentMessage(/reference ([A-Z0-9-]+)/i.exec(error.message)?.[1]) };
  }
  if (reason === 'SLOT_IN_PAST') return { kind: 'popup', title: PAST_SLOT_TITLE, message: PAST_SLOT_MESSAGE, removeSlot: 'past' };
  if (operation === 'cancel' && error.message.includes(UNMATCHED_PATIENT_MARKER)) {
    return { kind: 'popup', title: CANCEL_FAILED_TITLE, message: RECORD_CHANGED_MESSAGE };
  }
  if (code === 'RH-E012' || error.message.includes(UNMATCHED_PATIENT_MARKER)) {
    return { kind: 'popup', title: RECORD_CHANGED_TITLE, message: RECORD_CHANGED_MESSAGE };
  }
  const known = code && Object.hasOwn(CODE_MESSAGES, code) ? CODE_MESSAGES[code] : undefined;
  if (known) return { kind: 'popup', ...known, ...(code === 'RH-E007' ? { removeSlot: 'taken' as const } : {}) };
  if (operation === 'book') return { kind: 'popup', title: BOOKING_FAILED_TITLE, message: GENERIC_ERROR_MESSAGE };
  return { kind: 'popup', title: fallbackTitle, message: error.message && error.status < 500 ? error.message : GENERIC_ERROR_MESSAGE };
}
