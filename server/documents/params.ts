// What the documents' staff routes (server/routes/documents.ts, documentVersions.ts, documentEditor.ts) read from a request.
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { HttpError } from '../errors.js';
import { STAFF_USERNAME } from '../staff.js';
import type { DocumentKind } from './versions.js';

/** A document id as the routes accept it: letters, digits, dots, dashes, underscores (never a path). */
export const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

export function kindOf(value: string): DocumentKind {
  if (value === 'form' || value === 'pathway') return value;
  throw new HttpError(404, `No such document kind: ${value} (form or pathway)`);
}

/** Who made a change (and whose draft it is): the signed-in staff member, or the API token's holder. */
export async function changedBy(ctx: ServerContext, request: FastifyRequest): Promise<string> {
  return (await ctx.staff.sessionUser(request)) ?? (ctx.staff.bearerValid(request) ? 'api-token' : STAFF_USERNAME);
}
