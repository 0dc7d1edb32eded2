// Titles and messages of the error system (docs/architecture.md, "Errors"), word for word as the product shows them.

export const DEFAULT_ERROR_TITLE = 'An error has occurred';
export const GENERIC_ERROR_MESSAGE = 'Please refresh the page. If this does not work, please check your internet connection and re-try.';
export const UNAUTHORISED_TITLE = 'Action requires authentication';
export const UNAUTHORISED_MESSAGE = 'Unauthorised access';
export const OUT_OF_HOURS_MESSAGE = 'Outside normal operating hours';
export const SERVICE_UNAVAILABLE_TITLE = 'Service unavailable';
export const SERVICE_CLOSED_MESSAGE = 'We are sorry, the service is now closed and we can’t complete your request.';
export const SERVICE_OFF_MESSAGE = 'Service off. Call 111 or use 111 online. In an emergency, call 999.';
export const CONNECTION_CLOSED_MARKER = 'ERR_CONNECTION_CLOSED';
export const NO_NOTICES_MESSAGE = 'Your practice has updated its notices and there are none to display for now.';
/** A send that failed (lost connection, timeout, 5xx): the answers are kept and the button can be pressed again. */
export const SEND_FAILED_MESSAGE = 'There was a problem. Please check your connection and press the send button again.';
export const NOT_FOUND_HEADING = "We can't find the page you're looking for";

/** Error ids (`/error?eid=…`); the product names the messages, not the ids, so these are ours. */
export const ERROR_IDS = {
  unauthorised: 'unauthorised',
  possibleAppointment: 'possible-appointment',
} as const;

/** Link message codes (`/error?mid=…`) and their headings. */
export const LINK_MESSAGES: Readonly<Record<string, string>> = {
  ACTION_TYPE_AND_LINKUUID_MISMATCH: 'This link is invalid',
  PATIENT_ACTION_LINK_INVALID: 'This link is invalid',
  PATIENT_ACTION_LINK_EXPIRED: 'This link has expired',
  EXCEED_MAX_PER_PATIENT: 'This link can no longer be used',
  EXCEED_MAX_PATIENTS: 'This link has reached its limit',
};

export const SERVICE_CLOSED_PATH = '/triage/service-closed';
