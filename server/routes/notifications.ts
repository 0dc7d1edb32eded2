// The outbox, for the practice (staff only, like everything under /practice/ and /api/v1/practice/).
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import type { Sql } from '../store/index.js';
import { escapeHtml, htmlPage } from '../html.js';
import { DEFAULT_PAGE_SIZE, encodeCursor as encodeCursorFor, pageQuery, setPageHeaders } from '../services/index.js';
import { notificationsPage, outboxPage, type OutboxMessage } from '../notifications/readback.js';

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
function bodyHtml(body: string): string {
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

/** The latest messages held back (per-recipient caps, superseded changes), with why: the request itself is in the inbox. */
async function heldHtml(db: Sql): Promise<string> {
  const held = await db.all<{ channel: string; recipient: string; template: string; created_at: string; last_error: string | null }>(
    "SELECT channel, recipient, template, created_at, last_error FROM notifications WHERE status = 'HELD' ORDER BY seq DESC LIMIT 20",
  );
  if (held.length === 0) return '';
  const rows = held
    .map(
      (h) =>
        `<tr><td>${escapeHtml(h.created_at)}</td><td>${h.channel === 'EMAIL' ? 'Email' : 'Text message'} to ${escapeHtml(h.recipient)}</td><td>${escapeHtml(h.template)}</td><td>${escapeHtml(h.last_error ?? 'Held back')}</td></tr>`,
    )
    .join('\n');
  return `<h2>Held back, not sent</h2>
<p>The latest messages the service did not send, and why. The requests and bookings they belong to are stored as usual.</p>
<table><caption>Messages held back</caption><thead><tr><th scope="col">Queued</th><th scope="col">To</th><th scope="col">Message</th><th scope="col">Why</th></tr></thead><tbody>
${rows}
</tbody></table>`;
}

export function registerNotificationRoutes(app: FastifyInstance, { store: db }: ServerContext): void {
  // Both lists page like the requests (limit, cursor, Link rel="next"; schemas/api/README.md).
  app.get('/api/v1/practice/outbox', async (request, reply) => {
    const { limit, before } = pageQuery(request.query, DEFAULT_PAGE_SIZE);
    const page = await outboxPage(db, { limit, ...(before !== undefined ? { before } : {}) });
    setPageHeaders(reply, '/api/v1/practice/outbox', limit, page);
    return page.items;
  });
  app.get('/api/v1/practice/notifications', async (request, reply) => {
    const { limit, before } = pageQuery(request.query, DEFAULT_PAGE_SIZE);
    const page = await notificationsPage(db, { limit, ...(before !== undefined ? { before } : {}) });
    setPageHeaders(reply, '/api/v1/practice/notifications', limit, page);
    return page.items;
  });

  app.get('/practice/outbox', async (request, reply) => {
    const { limit, before } = pageQuery(request.query, OUTBOX_PAGE_SIZE);
    const page = await outboxPage(db, { limit, ...(before !== undefined ? { before } : {}) });
    const messages = page.items;
    const older =
      page.lastSeq !== undefined
        ? `<nav aria-label="Outbox pages"><ul>${before !== undefined ? '<li><a href="/practice/outbox">Newest messages</a></li>' : ''}<li><a href="/practice/outbox?cursor=${encodeCursorFor(page.lastSeq)}" rel="next">Older messages</a></li></ul></nav>`
        : before !== undefined
          ? '<nav aria-label="Outbox pages"><ul><li><a href="/practice/outbox">Newest messages</a></li></ul></nav>'
          : '';
    const body = `<h1>Practice outbox</h1>
<p>${page.total} message${page.total === 1 ? '' : 's'} sent, newest first, each as the patient receives it; ${messages.length} shown on this page. Messages go here when GOV.UK Notify is not configured. This page is read-only.</p>
${await heldHtml(db)}
${messages.map(messageHtml).join('\n')}
${older}`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(htmlPage('Practice outbox', body));
  });
}
