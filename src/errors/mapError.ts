import { ApiError } from '../api/client';
import {
  CONNECTION_CLOSED_MARKER,
  DEFAULT_ERROR_TITLE,
  ERROR_IDS,
  GENERIC_ERROR_MESSAGE,
  OUT_OF_HOURS_MESSAGE,
  SERVICE_CLOSED_MESSAGE,
  SERVICE_CLOSED_PATH,
  SERVICE_UNAVAILABLE_TITLE,
  UNAUTHORISED_MESSAGE,
  UNAUTHORISED_TITLE,
} from './messages';

export type Service = 'medical' | 'admin';

/** HTTP statuses the error system handles with the response's own message. */
export const HANDLED_STATUSES: readonly number[] = [400, 401, 403, 404, 406, 409, 412, 422, 500, 504];

export type ErrorAction =
  | { type: 'none' }
  | { type: 'navigate'; to: string }
  | { type: 'serviceOff'; service: Service; to: string };

export interface MappedError {
  title: string;
  message: string;
  action: ErrorAction;
}

export interface ErrorContext {
  /** The flow's service when the call is made during a medical or admin flow. */
  flow?: Service;
}

/** The message the response itself carries (its `message`, or a plain-text body). */
function bodyMessage(error: ApiError): string | undefined {
  const body = error.body;
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message) return body.message;
  if (typeof body === 'string' && body) return body;
  return undefined;
}

/**
 * Pure mapping of an API error to the popup it shows and what happens next (docs/architecture.md, "Errors").
 * Anything that is not an answer from the server (fetch's TypeError when the network fails,
 * an ERR_CONNECTION_CLOSED failure) gets the generic refresh-or-check-your-connection popup.
 */
export function mapApiError(error: unknown, context: ErrorContext = {}): MappedError {
  const generic: MappedError = { title: DEFAULT_ERROR_TITLE, message: GENERIC_ERROR_MESSAGE, action: { type: 'none' } };
  if (!(error instanceof ApiError)) return generic;
  const own = bodyMessage(error);
  if (error.message.includes(CONNECTION_CLOSED_MARKER) || own?.includes(CONNECTION_CLOSED_MARKER)) return generic;
  const message = own ?? error.message;
  if (error.status === 401) {
    return {
      title: UNAUTHORISED_TITLE,
      message: own ?? UNAUTHORISED_MESSAGE,
      action: { type: 'navigate', to: `/error?eid=${ERROR_IDS.unauthorised}` },
    };
  }
  if (error.status === 412 && message === OUT_OF_HOURS_MESSAGE && context.flow) {
    return {
      title: SERVICE_UNAVAILABLE_TITLE,
      message: SERVICE_CLOSED_MESSAGE,
      action: { type: 'serviceOff', service: context.flow, to: SERVICE_CLOSED_PATH },
    };
  }
  if (HANDLED_STATUSES.includes(error.status)) {
    return { title: DEFAULT_ERROR_TITLE, message: message || GENERIC_ERROR_MESSAGE, action: { type: 'none' } };
  }
  return generic;
}
