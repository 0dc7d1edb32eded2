import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { HttpError } from '../errors.js';
import { escapeHtml, htmlPage } from '../html.js';
import { SIGN_OUT_PATH } from '../staff.js';
import type { FastifyReply } from 'fastify';
import { decodeCursor, DEFAULT_PAGE_SIZE, encodeCursor, listRequestsPage, MAX_PAGE_SIZE, type StoredRequest } from '../store.js';

/** Requests per inbox page. */
export const INBOX_PAGE_SIZE = 20;
/** Nesting shown on the inbox page; anything deeper is summarised, so no stored body can break the page. */
const MAX_SHOWN_DEPTH = 12;

/** Flattens a stored body into [["patient.contactDetails.emailAddress", "…"], …] for display. */
function flatten(value: unknown, prefix = '', depth = 0): Array<[string, string]> {
  if (depth >= MAX_SHOWN_DEPTH && value !== null && typeof value === 'object') return [[prefix, '(nested too deeply to show)']];
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== 'object')) return [[prefix, value.map(String).join(', ')]];
    return value.flatMap((v, i) => flatten(v, `${prefix}[${i}]`, depth + 1));
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k, depth + 1));
  }
  return [[prefix, String(value)]];
}

function requestHtml(r: StoredRequest): string {
  const heading = [r.kind, r.formType].filter(Boolean).join(' · ');
  const rows = flatten(r.body)
    .map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`)
    .join('\n');
  return `<article>
<h2>${escapeHtml(heading)}</h2>
<p>Received <time datetime="${escapeHtml(r.receivedAt)}">${escapeHtml(r.receivedAt)}</time>, status ${escapeHtml(r.status)}, id ${escapeHtml(r.id)}</p>
<dl>
${rows}
</dl>
</article>`;
}

/** `limit` and `cursor` of a list call, or a 400 saying which is wrong. */
export function pageQuery(query: unknown, defaultLimit: number): { limit: number; before?: number; cursor?: string } {
  const q = (query ?? {}) as { limit?: unknown; cursor?: unknown };
  let limit = defaultLimit;
  if (q.limit !== undefined) {
    if (typeof q.limit !== 'string' || !/^[0-9]{1,4}$/.test(q.limit) || Number(q.limit) < 1 || Number(q.limit) > MAX_PAGE_SIZE) {
      throw new HttpError(400, `querystring/limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`, {
        details: [{ path: '/limit', message: `must be a whole number from 1 to ${MAX_PAGE_SIZE}` }],
      });
    }
    limit = Number(q.limit);
  }
  if (q.cursor === undefined || q.cursor === '') return { limit };
  const before = typeof q.cursor === 'string' ? decodeCursor(q.cursor) : undefined;
  if (before === undefined) {
    throw new HttpError(400, 'querystring/cursor is not a cursor this call gave out', { details: [{ path: '/cursor', message: 'is not a cursor this call gave out' }] });
  }
  return { limit, before, cursor: q.cursor as string };
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

/**
 * What the practice received: JSON for tests and tools, a read-only HTML page for people.
 * Both page through the requests newest first (README.md "See what the practice received");
 * the staff guard (server/staff.ts) already stands in front of both.
 */
export function registerPracticeRoutes(app: FastifyInstance, { db }: ServerContext): void {
  app.get('/api/v1/practice/requests', async (request, reply) => {
    const { limit, before } = pageQuery(request.query, DEFAULT_PAGE_SIZE);
    const page = listRequestsPage(db, { limit, ...(before !== undefined ? { before } : {}) });
    reply.header('x-total-count', String(page.total));
    if (page.nextCursor) {
      reply.header('x-next-cursor', page.nextCursor);
      reply.header('link', `</api/v1/practice/requests?limit=${limit}&cursor=${page.nextCursor}>; rel="next"`);
    }
    return page.items;
  });

  app.get('/practice/inbox', async (request, reply) => {
    const { limit, before } = pageQuery(request.query, INBOX_PAGE_SIZE);
    const page = listRequestsPage(db, { limit, ...(before !== undefined ? { before } : {}) });
    const paging = [
      before !== undefined ? '<a href="/practice/inbox">Newest requests</a>' : '',
      page.nextCursor ? `<a href="/practice/inbox?cursor=${page.nextCursor}" rel="next">Older requests</a>` : '',
    ].filter(Boolean);
    const nav = paging.length > 0 ? `<nav aria-label="Inbox pages"><ul>${paging.map((a) => `<li>${a}</li>`).join('')}</ul></nav>` : '';
    const body = `<h1>Practice inbox</h1>
<form method="post" action="${SIGN_OUT_PATH}"><button type="submit">Sign out</button></form>
<p>${page.total} request${page.total === 1 ? '' : 's'} received, newest first${before !== undefined ? ' (older page)' : ''}; ${page.items.length} shown on this page. This page is read-only.</p>
${page.items.map(requestHtml).join('\n')}
${nav}`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(htmlPage('Practice inbox', body));
  });
}
