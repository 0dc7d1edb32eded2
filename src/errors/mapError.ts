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

type ErrorAction = { type: 'none' } | { type: 'navigate'; to: string } | { type: 'serviceOff'; service: Service; to: string };

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

/**
 * The field errors of a validation answer (a 400 whose `details` name fields of the body:
 * `{ path: "/description", message }`), as the form shows them; [] for anything else — a
 * lost connection, another status, details that name no field.
 */
export function fieldErrorsOf(error: unknown): Array<{ path: string; message: string }> {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const body = error.body;
  const details = body && typeof body === 'object' && 'details' in body && Array.isArray(body.details) ? (body.details as unknown[]) : [];
  const out: Array<{ path: string; message: string }> = [];
  for (const d of details) {
    if (!d || typeof d !== 'object') continue;
    const { path, message } = d as { path?: unknown; message?: unknown };
    const m = typeof path === 'string' ? /^\/([A-Za-z][A-Za-z0-9_]*)$/.exec(path) : null;
    if (m && typeof message === 'string' && message) out.push({ path: m[1]!, message });
  }
  return out;
}

/**
 * Whether the request never got an answer from the practice: the fetch itself failed (not an
 * ApiError), or an ERR_CONNECTION_CLOSED was relayed as one. Only then does a page say "check
 * your connection"; any other answer has its own popup (useApiCall) or field errors.
 */
export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.message.includes(CONNECTION_CLOSED_MARKER) || (bodyMessage(error)?.includes(CONNECTION_CLOSED_MARKER) ?? false);
}
