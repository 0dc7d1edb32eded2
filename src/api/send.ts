import { apiError } from './client';
import { deadline } from './timeout';

/**
 * POSTs a JSON body with an Idempotency-Key. The key belongs to one logical request: the
 * caller keeps it (in the flow state) and reuses it on retry, so a retry after a lost answer
 * or a double click is stored once by the practice.
 */
export async function postJson<T>(url: string, body: unknown, idempotencyKey?: string): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal: deadline() });
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

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
