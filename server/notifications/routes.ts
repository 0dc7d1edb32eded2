// The outbox, for the practice (staff only, like everything under /practice/ and /api/v1/practice/).
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { escapeHtml, htmlPage } from '../html.js';
import { pageQuery, setPageHeaders } from '../routes/practice.js';
import { DEFAULT_PAGE_SIZE, encodeCursor as encodeCursorFor } from '../store.js';
import { notificationsPage, outboxPage, type OutboxMessage } from './readback.js';

/** Messages per outbox page. */
const OUTBOX_PAGE_SIZE = 20;

const URL_PATTERN = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g;

/** Escaped text with its web addresses as links (the way a mail or SMS app shows them). */
function linkify(line: string): string {
  let html = '';
  let last = 0;
  for (const match of line.matchAll(URL_PATTERN)) {
    html += escapeHtml(line.slice(last, match.index));
    html += `<a href="${escapeHtml(match[0])}">${escapeHtml(match[0])}</a>`;
    last = match.index + match[0].length;
  }
  return html + escapeHtml(line.slice(last));
}

/** A message body (paragraphs split by a blank line, "* " list items) as HTML. */
export function bodyHtml(body: string): string {
  return body
    .split(/\n{2,}/)
    .map((paragraph) => {
      const lines = paragraph.split('\n');
      if (lines.every((l) => l.startsWith('* '))) return `<ul>${lines.map((l) => `<li>${linkify(l.slice(2))}</li>`).join('')}</ul>`;
      return `<p>${lines.map(linkify).join('<br>')}</p>`;
    })
    .join('\n');
}

function messageHtml(m: OutboxMessage): string {
  const what = m.channel === 'EMAIL' ? 'Email' : 'Text message';
  return `<article>
<h2>${what} to ${escapeHtml(m.to)}</h2>
<p>Sent <time datetime="${escapeHtml(m.sentAt)}">${escapeHtml(m.sentAt)}</time>, notification ${escapeHtml(m.notificationId)}</p>
${m.subject !== undefined ? `<p>Subject: <strong>${escapeHtml(m.subject)}</strong></p>\n` : ''}<blockquote>
${bodyHtml(m.body)}
</blockquote>
</article>`;
}

export function registerNotificationRoutes(app: FastifyInstance, { db }: ServerContext): void {
  // Both lists page like the requests (limit, cursor, Link rel="next"; schemas/api/README.md).
  app.get('/api/v1/practice/outbox', async (request, reply) => {
    const { limit, before } = pageQuery(request.query, DEFAULT_PAGE_SIZE);
    const page = outboxPage(db, { limit, ...(before !== undefined ? { before } : {}) });
    setPageHeaders(reply, '/api/v1/practice/outbox', limit, page);
    return page.items;
  });
  app.get('/api/v1/practice/notifications', async (request, reply) => {
    const { limit, before } = pageQuery(request.query, DEFAULT_PAGE_SIZE);
    const page = notificationsPage(db, { limit, ...(before !== undefined ? { before } : {}) });
    setPageHeaders(reply, '/api/v1/practice/notifications', limit, page);
    return page.items;
  });

  app.get('/practice/outbox', async (request, reply) => {
    const { limit, before } = pageQuery(request.query, OUTBOX_PAGE_SIZE);
    const page = outboxPage(db, { limit, ...(before !== undefined ? { before } : {}) });
    const messages = page.items;
    const older = page.lastSeq !== undefined ? `<nav aria-label="Outbox pages"><ul>${before !== undefined ? '<li><a href="/practice/outbox">Newest messages</a></li>' : ''}<li><a href="/practice/outbox?cursor=${encodeCursorFor(page.lastSeq)}" rel="next">Older messages</a></li></ul></nav>` : before !== undefined ? '<nav aria-label="Outbox pages"><ul><li><a href="/practice/outbox">Newest messages</a></li></ul></nav>' : '';
    const body = `<h1>Practice outbox</h1>
<p>${page.total} message${page.total === 1 ? '' : 's'} sent, newest first, each as the patient receives it; ${messages.length} shown on this page. Messages go here when GOV.UK Notify is not configured. This page is read-only.</p>
${messages.map(messageHtml).join('\n')}
${older}`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(htmlPage('Practice outbox', body));
  });
}
