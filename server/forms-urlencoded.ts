import type { FastifyInstance } from 'fastify';
import { parse as parseQuery } from 'node:querystring';

/**
 * Lets one plugin scope accept HTML form posts (application/x-www-form-urlencoded, at most 4 KB
 * and 20 fields); every JSON call elsewhere keeps refusing that content type with 415.
 */
export function acceptFormPosts(scope: FastifyInstance): void {
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
    done(null, parseQuery(String(body), '&', '=', { maxKeys: 20 }));
  });
}

/** A form field as one string ('' when missing or sent twice). */
export function formField(body: unknown, name: string): string {
  const value = body !== null && typeof body === 'object' && Object.hasOwn(body, name) ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : '';
}
