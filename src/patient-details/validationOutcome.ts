import { ApiError } from '../api/client';
import type { PatientValidationResponse } from '../../generated/types/api/patient-validation-response';

/**
 * A status the record check ends with: the server's answer, or UNEXPECTED_ERROR for a failed
 * call that matches no status (the product's "An unexpected error has occurred, please contact
 * the practice directly.").
 */
export type ValidationStatus = PatientValidationResponse['status'] | 'UNEXPECTED_ERROR';

/** The check's answer; only `status` is certain (a failed call has no body). */
export type ValidationAnswer = Pick<Partial<PatientValidationResponse>, 'code' | 'validation'> & {
  status: ValidationStatus;
  /** false: show no dialog (a not-found answer); the message stays on the page only. */
  dialog?: false;
};

export interface StatusModal {
  title: string;
  /** Paragraphs; "{phone}" is replaced by the practice phone. */
  body: string[];
}

/**
 * The way out of "no usable email": the patient adds one, or asks for a phone reply on
 * the number they gave — they are never sent back and forth between "we will use the email on
 * record" and "we do not have one".
 */
const PHONE_REPLY_OFFER = 'Add an email address so the practice can reply by email, or ask the practice to phone you instead.';

/** The patient gave an email the record does not have: it can go with the request for the practice to add. */
const ADD_EMAIL_OFFER =
  'You can send your request with the email address you gave, and the practice will add it to your record. Or ask the practice to phone you instead.';

/**
 * The failure modal of each patient-validation status (docs/architecture.md, "Errors"). Titles are the product's own words; where the product gives no body, ours says
 * what to do next in the same voice.
 */
export const STATUS_MODALS: Record<Exclude<ValidationStatus, 'VALIDATED'>, StatusModal> = {
  INVALID_STATUS: {
    title: 'Practice admin needed',
    body: ['Your patient record needs to be updated before you can use this service. Please call the practice on {phone} so they can help.'],
  },
  SERVICE_UNAVAILABLE: {
    title: 'Sorry, there is a problem',
    body: ['The patient record system is not available at the moment. Please try later or call the practice.'],
  },
  TEMPORARY_ERROR: {
    title: 'Sorry, there is a problem',
    body: ['The patient record system is not available at the moment. Please try later or call the practice.'],
  },
  // The spec's titles; the bodies offer the ways on instead of only "call the practice": the email
  // the patient just gave goes with the request for the practice to add, or the practice phones.
  NO_EMAIL: {
    title: 'Please register an email address',
    body: ['There is no email address on your record yet.', ADD_EMAIL_OFFER],
  },
  INVALID_EMAIL: {
    title: 'Please register a valid email address',
    body: ['The email address on your record does not work.', ADD_EMAIL_OFFER],
  },
  NO_EMAIL_ON_EPR_AND_REQUEST: {
    title: 'Please provide an email address',
    body: ['We do not have an email address for you.', PHONE_REPLY_OFFER],
  },
  INVALID_EMAIL_ON_EPR_AND_NO_EMAIL_REQUEST: {
    title: 'Please enter an email address that works',
    body: ['The email address on your record does not work.', PHONE_REPLY_OFFER],
  },
  UPDATE_CONTACT_REQUESTED: {
    title: 'Your new contact details are not on your record yet',
    body: ['The practice has not yet added the contact details you sent them to your record. Please try again later or call the practice on {phone}.'],
  },
  UNEXPECTED_ERROR: {
    title: 'An error has occurred',
    body: ['An unexpected error has occurred, please contact the practice directly.'],
  },
  NOT_VALIDATED: {
    title: 'Please check the details you have provided',
    body: [
      "We can't find a record matching this information. Have the details been entered exactly as we hold them? Please check and re-try, or call the practice.",
    ],
  },
};

/**
 * What the patient must fix after each failing status (the modal outcome pattern,
 * docs/architecture.md "Page changes"): 'details' — the details they gave (on the details
 * step: closing the modal goes there and focuses the first of them); 'email' — the email box
 * of the contact step; 'call' — nothing on the page: the message stays, with the practice's
 * number.
 */
export type OutcomeFix = 'details' | 'email' | 'call';
export const STATUS_FIX: Record<Exclude<ValidationStatus, 'VALIDATED'>, OutcomeFix> = {
  INVALID_STATUS: 'call',
  SERVICE_UNAVAILABLE: 'call',
  TEMPORARY_ERROR: 'call',
  NO_EMAIL: 'call',
  INVALID_EMAIL: 'call',
  NO_EMAIL_ON_EPR_AND_REQUEST: 'email',
  INVALID_EMAIL_ON_EPR_AND_NO_EMAIL_REQUEST: 'email',
  UPDATE_CONTACT_REQUESTED: 'call',
  UNEXPECTED_ERROR: 'call',
  NOT_VALIDATED: 'details',
};

/** The practice's number under a message that says "call the practice" without it. */
export const PRACTICE_PHONE_LINE = 'Practice phone number: {phone}';

/** Statuses after which the patient goes back to add an email (an email becomes required; docs/architecture.md, "The patient-details step"). */
export const EMAIL_REQUIRED_STATUSES: readonly ValidationStatus[] = ['NO_EMAIL_ON_EPR_AND_REQUEST', 'INVALID_EMAIL_ON_EPR_AND_NO_EMAIL_REQUEST'];

/** The patient gave an email, the record has none that works: the request can carry it for the practice to add. */
export const ADD_GIVEN_EMAIL_STATUSES: readonly ValidationStatus[] = ['NO_EMAIL', 'INVALID_EMAIL'];

/** The statuses whose modal also offers a phone reply: no usable email on record. */
export const PHONE_REPLY_STATUSES: readonly ValidationStatus[] = [...EMAIL_REQUIRED_STATUSES, ...ADD_GIVEN_EMAIL_STATUSES];

/**
 * Statuses that say "try later": the record system was down or busy, or the practice has not yet
 * added new contact details. The modal and the message left on the page offer the check again
 * with the details as given, instead of leaving the patient to retype or press Next blind.
 */
export const TRY_AGAIN_STATUSES: readonly ValidationStatus[] = ['SERVICE_UNAVAILABLE', 'TEMPORARY_ERROR', 'UPDATE_CONTACT_REQUESTED'];
export const TRY_AGAIN_ACTION = 'Try again';

/** The way on with the email just given (ADD_GIVEN_EMAIL_STATUSES). */
export const SEND_WITH_EMAIL_ACTION = 'Send with this email';

/** The choice that lets a patient with no usable email go on: the practice phones them. */
export const PHONE_REPLY_ACTION = 'Ask the practice to phone me';
export const ADD_EMAIL_ACTION = 'Add an email address';

/** The product's codes for the two statuses that mean "the record system is unavailable, try later". */
const UNAVAILABLE_CODES: Record<string, ValidationStatus> = { 'RH-E002': 'SERVICE_UNAVAILABLE', 'RH-E024': 'TEMPORARY_ERROR' };

/**
 * The outcome of the validate call, mapped as the product does (rules 7.3, 8):
 * - an answer: its status;
 * - no answer at all (a network error, the 2-minute deadline): TEMPORARY_ERROR;
 * - an error answer carrying RH-E002 / RH-E024, a 503, a 429 (too many checks) or a 504: the
 *   record system is unavailable (SERVICE_UNAVAILABLE / TEMPORARY_ERROR) — "try later" is said
 *   only here;
 * - a not-found answer (404): no dialog (UNEXPECTED_ERROR left on the page only);
 * - any other error answer: UNEXPECTED_ERROR, "An unexpected error has occurred, please contact
 *   the practice directly." — retrying will not help, so the patient is told to phone.
 */
export function outcomeOf(result: { ok: true; answer: ValidationAnswer } | { ok: false; error: unknown }): ValidationAnswer {
  if (result.ok) return result.answer;
  const { error } = result;
  if (!(error instanceof ApiError)) return { status: 'TEMPORARY_ERROR' };
  const code = error.body && typeof error.body === 'object' && 'code' in error.body ? String(error.body.code) : undefined;
  if (code && UNAVAILABLE_CODES[code]) return { status: UNAVAILABLE_CODES[code] };
  if (error.status === 503) return { status: 'SERVICE_UNAVAILABLE' };
  // Too many checks (429) or the gateway gave up waiting (504): temporary, trying later helps.
  if (error.status === 429 || error.status === 504) return { status: 'TEMPORARY_ERROR' };
  if (error.status === 404) return { status: 'UNEXPECTED_ERROR', dialog: false };
  return { status: 'UNEXPECTED_ERROR' };
}

export function modalText(text: string, phone: string | undefined): string {
  return text.replace('{phone}', phone ?? 'the number on its website');
}
