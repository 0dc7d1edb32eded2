import type { FastifyRequest } from 'fastify';

/**
 * One cookie's value from the request, or undefined. Never throws: a malformed header or value
 * (bad percent-encoding such as `%ZZ`, a value that is not one of our tokens) reads as absent,
 * so the caller treats the visitor as signed out.
 */
export function readCookie(request: FastifyRequest, name: string, pattern: RegExp): string | undefined {
  const header = request.headers.cookie;
  if (typeof header !== 'string' || header.length > 8192) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    let value: string;
    try {
      value = decodeURIComponent(raw);
    } catch {
      continue;
    }
    if (pattern.test(value)) return value;
  }
  return undefined;
}

/** Session tokens we issue: 32 random bytes as hex. */
export const TOKEN_PATTERN = /^[0-9a-f]{64}$/;

export interface CookieOptions {
  maxAgeSeconds?: number;
  sameSite: 'Strict' | 'Lax';
  secure: boolean;
}

/** A `Set-Cookie` value: HttpOnly, Path=/, Secure when served over HTTPS. */
export function cookieHeader(name: string, value: string, options: CookieOptions): string {
  return [
    `${name}=${value}`,
    'Path=/',
    'HttpOnly',
    `SameSite=${options.sameSite}`,
    ...(options.maxAgeSeconds !== undefined ? [`Max-Age=${options.maxAgeSeconds}`] : []),
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}
