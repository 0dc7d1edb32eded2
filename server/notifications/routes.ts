// The outbox, for the practice (staff only, like everything under /practice/ and /api/v1/practice/).
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { escapeHtml, htmlPage } from '../html.js';
import { listNotifications, listOutbox, type OutboxMessage } from './readback.js';

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
  app.get('/api/v1/practice/outbox', async () => listOutbox(db));
  app.get('/api/v1/practice/notifications', async () => listNotifications(db));

  app.get('/practice/outbox', async (_request, reply) => {
    const messages = listOutbox(db);
    const body = `<h1>Practice outbox</h1>
<p>${messages.length} message${messages.length === 1 ? '' : 's'} sent, newest first, each as the patient receives it. Messages go here when GOV.UK Notify is not configured. This page is read-only.</p>
${messages.map(messageHtml).join('\n')}`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(htmlPage('Practice outbox', body));
  });
}
