import { apiError } from './client';
import { deadline } from './timeout';

/**
 * The one JSON call of the app's API layer: optional JSON body, optional Idempotency-Key, the
 * 2-minute deadline of every call (src/api/timeout.ts), and one error path (`apiError`) for any
 * answer that is not 2xx. An empty or non-JSON answer body is passed on as text.
 */
export async function requestJson<T>(method: 'GET' | 'POST', url: string, options: { body?: unknown; idempotencyKey?: string } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  const response = await fetch(url, {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    signal: deadline(),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  if (!response.ok) throw apiError(response, parsed);
  return parsed as T;
}

/**
 * POSTs a JSON body with an Idempotency-Key. The key belongs to one logical request: the
 * caller keeps it (in the flow state) and reuses it on retry, so a retry after a lost answer
 * or a double click is stored once by the practice.
 */
export function postJson<T>(url: string, body: unknown, idempotencyKey?: string): Promise<T> {
  return requestJson<T>('POST', url, { body, ...(idempotencyKey ? { idempotencyKey } : {}) });
}

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
