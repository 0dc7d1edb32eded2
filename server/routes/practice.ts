import type { FastifyInstance } from 'fastify';
import { practiceAppointments, practiceAppointmentsHtml } from '../appointments/inbox.js';
import type { ServerContext } from '../context.js';
import { escapeHtml, htmlPage } from '../html.js';
import { listRequests, type StoredRequest } from '../store.js';

/** Flattens a stored body into [["patient.contactDetails.emailAddress", "…"], …] for display. */
function flatten(value: unknown, prefix = ''): Array<[string, string]> {
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== 'object')) return [[prefix, value.map(String).join(', ')]];
    return value.flatMap((v, i) => flatten(v, `${prefix}[${i}]`));
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));
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

/** What the practice received: JSON for tests and tools, a read-only HTML page for people. */
export function registerPracticeRoutes(app: FastifyInstance, { db }: ServerContext): void {
  app.get('/api/v1/practice/requests', async () => listRequests(db));
  app.get('/api/v1/practice/appointments', async () => practiceAppointments(db));

  app.get('/practice/inbox', async (_request, reply) => {
    const requests = listRequests(db);
    const body = `<h1>Practice inbox</h1>
<p>${requests.length} request${requests.length === 1 ? '' : 's'} received, newest first. This page is read-only.</p>
${requests.map(requestHtml).join('\n')}
${practiceAppointmentsHtml(db)}`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(htmlPage('Practice inbox', body));
  });
}
