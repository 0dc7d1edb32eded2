import { deadline } from './timeout';

/** Fetches JSON from the practice API; throws ApiError on any non-2xx answer. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The ApiError of a non-2xx answer: its message is the body's `message`, else the status text. */
export function apiError(response: Response, body: unknown): ApiError {
  const message = body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? body.message : response.statusText;
  return new ApiError(response.status, message, body);
}

export async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { accept: 'application/json' }, signal: deadline() });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw apiError(response, body);
  return body as T;
}

/**
 * A same-origin JSON call that answers its status with the body instead of throwing: the staff
 * editor reads a refusal's problems (422) as an answer, not an error.
 */
export async function callJson<T>(url: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', body?: object): Promise<{ status: number; body: T }> {
  const response = await fetch(url, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: deadline(),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** Sends a file's bytes as the body (the server reads the content, not the declared type); throws ApiError on any non-2xx answer. */
export async function postBytes<T>(url: string, file: Blob): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'content-type': 'application/octet-stream' },
    body: file,
    signal: deadline(),
  });
  const answer: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw apiError(response, answer);
  return answer as T;
}
