import type { FastifyReply } from 'fastify';
import { HttpError } from '../errors.js';

/** Page sizes of the list call: the default, and the most one page may hold. */
export const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 200;

/** A cursor is the position (seq) of the last request shown, base64url-encoded. */
export function encodeCursor(seq: number): string {
  return Buffer.from(`s${seq}`).toString('base64url');
}

/** The seq a cursor stands for, or undefined when it is not one of ours. */
function decodeCursor(cursor: string): number | undefined {
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(cursor)) return undefined;
  const match = /^s([1-9][0-9]{0,14})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return match ? Number(match[1]) : undefined;
}

/** Where a requests page ends: the last request shown's rank and seq (the inbox order is rank, then newest first). */
export interface RequestsPosition {
  rank: number;
  seq: number;
}

/** A requests cursor: `r<rank>s<seq>` base64url-encoded (opaque to callers). */
export function encodeRequestsCursor(position: RequestsPosition): string {
  return Buffer.from(`r${position.rank}s${position.seq}`).toString('base64url');
}

/** The position a requests cursor stands for, or undefined when it is not one of ours. */
function decodeRequestsCursor(cursor: string): RequestsPosition | undefined {
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(cursor)) return undefined;
  const match = /^r([0-9])s([1-9][0-9]{0,14})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return match ? { rank: Number(match[1]), seq: Number(match[2]) } : undefined;
}

/**
 * `limit` and `cursor` of a list call, or a 400 saying which is wrong. `cursorParam` names the
 * cursor when a page shows more than one list (the inbox's appointments: `appointmentsCursor`).
 */
export function pageQuery(query: unknown, defaultLimit: number, cursorParam = 'cursor'): { limit: number; before?: number; cursor?: string } {
  const q = (query ?? {}) as { limit?: unknown } & Record<string, unknown>;
  let limit = defaultLimit;
  if (q.limit !== undefined) {
    if (typeof q.limit !== 'string' || !/^[0-9]{1,4}$/.test(q.limit) || Number(q.limit) < 1 || Number(q.limit) > MAX_PAGE_SIZE) {
      throw new HttpError(400, `querystring/limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`, {
        details: [{ path: '/limit', message: `must be a whole number from 1 to ${MAX_PAGE_SIZE}` }],
      });
    }
    limit = Number(q.limit);
  }
  const cursor = q[cursorParam];
  if (cursor === undefined || cursor === '') return { limit };
  const before = typeof cursor === 'string' ? decodeCursor(cursor) : undefined;
  if (before === undefined) {
    throw new HttpError(400, `querystring/${cursorParam} is not a cursor this call gave out`, {
      details: [{ path: `/${cursorParam}`, message: 'is not a cursor this call gave out' }],
    });
  }
  return { limit, before, cursor: cursor as string };
}

/**
 * The paging headers of a list call (schemas/api/README.md): `X-Total-Count`, and while older
 * items remain `X-Next-Cursor` and `Link: <path?limit=…&cursor=…>; rel="next"`.
 */
export function setPageHeaders(reply: FastifyReply, path: string, limit: number, page: { total: number; lastSeq?: number }): void {
  reply.header('x-total-count', String(page.total));
  if (page.lastSeq !== undefined) {
    const cursor = encodeCursor(page.lastSeq);
    reply.header('x-next-cursor', cursor);
    reply.header('link', `<${path}?limit=${limit}&cursor=${cursor}>; rel="next"`);
  }
}

/** `limit` and `cursor` of the requests list (its cursors carry the inbox order's tier rank as well as the position), or a 400. */
export function requestsPageQuery(query: unknown, defaultLimit: number): { limit: number; after?: RequestsPosition } {
  const q = (query ?? {}) as Record<string, unknown>;
  const { limit } = pageQuery({ limit: q.limit }, defaultLimit);
  const cursor = q.cursor;
  if (cursor === undefined || cursor === '') return { limit };
  const after = typeof cursor === 'string' ? decodeRequestsCursor(cursor) : undefined;
  if (after === undefined) {
    throw new HttpError(400, 'querystring/cursor is not a cursor this call gave out', {
      details: [{ path: '/cursor', message: 'is not a cursor this call gave out' }],
    });
  }
  return { limit, after };
}
