import type { FastifyRequest } from 'fastify';
import { readCookie, TOKEN_PATTERN } from '../cookies.js';
import { keyHash } from './store.js';

/**
 * The patient's photo key: an HttpOnly, SameSite=Strict session cookie of 32 random bytes, set by
 * the first upload. Each upload keeps the key's SHA-256; only that browser may see its thumbnail,
 * remove it, or attach it to the request it sends.
 */
export const PHOTO_KEY_COOKIE = 'gp_photo_key';

/** The hash of the request's photo key, when it carries one. */
export function photoKeyHashOf(request: FastifyRequest): string | undefined {
  const key = readCookie(request, PHOTO_KEY_COOKIE, TOKEN_PATTERN);
  return key ? keyHash(key) : undefined;
}
