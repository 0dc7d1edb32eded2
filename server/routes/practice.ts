import { YES_NO_LABELS } from '../../renderer/core/index';
import type { FastifyInstance } from 'fastify';
import { practiceAppointmentsHtml, practiceAppointmentsPage } from '../appointments/inbox.js';
import type { ServerContext } from '../context.js';
import { HttpError } from '../errors.js';
import { escapeHtml, htmlPage } from '../html.js';
import { SIGN_OUT_PATH } from '../staff.js';
import { screeningFlagHtml } from '../screening.js';
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

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});

function answerText(a: unknown): string {
  const answer = obj(a);
  const value = answer.value === true ? YES_NO_LABELS.yes : answer.value === false ? YES_NO_LABELS.no : String(answer.value ?? '');
  const text = typeof answer.label === 'string' ? answer.label : value;
  return typeof answer.unit === 'string' ? `${text} ${answer.unit}` : text;
}

/** A consultation as the practice reads it: pathway, urgency and colour, each question's label with its answer, patient context. */
function consultationHtml(body: Json): string {
  const request = obj(body.triageRequest);
  const consultation = obj(request.consultation);
  const patient = obj(request.patient);
  const context = obj(request.patientContext);
  const pathway = String(consultation.conditionLabel ?? consultation.guidelineName ?? consultation.guidelineId ?? 'Unknown pathway');
  const colour = typeof consultation.urgencyColour === 'string' ? consultation.urgencyColour : 'UNKNOWN';
  const urgency = typeof consultation.urgency === 'string' ? consultation.urgency : 'Not set';
  const answers = (Array.isArray(request.responseData) ? request.responseData : []).map((o) => {
    const item = obj(o);
    const label = String(item.label ?? item.identifier ?? '');
    const given = (Array.isArray(item.answer) ? item.answer : []).map(answerText).join(', ');
    return `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(given)}</dd>`;
  });
  const need = obj(context.patientNeed);
  // The safety check ("Are you safe to wait for GP care?"), when the answers pointed to A&E: what
  // the patient answered, whether they said they will attend A&E, and the reason they gave to wait.
  const safety = (Array.isArray(request.emergencyQuestions) ? request.emergencyQuestions : []).map((q) => {
    const item = obj(q);
    return `<dt>${escapeHtml(String(item.question ?? item.identifier ?? ''))}</dt><dd>${escapeHtml(String(item.answer ?? ''))}</dd>`;
  });
  const committed = consultation.committedToConsultGp;
  const reason = consultation.emergencyOverrideLabel ?? request.emergencyOverrideReason;
  const safetyHtml =
    safety.length > 0 || typeof committed === 'boolean' || typeof reason === 'string'
      ? `<h3>Safety check</h3>
${committed === false ? '<p class="attending-ae"><strong>The patient said they will attend A&amp;E.</strong></p>' : ''}
${typeof reason === 'string' ? `<p class="override-reason">Why they said it is safe to wait for GP care: <strong>${escapeHtml(reason)}</strong></p>` : ''}
${safety.length > 0 ? `<dl class="safety-answers">\n${safety.join('\n')}\n</dl>` : ''}`
      : '';
  return `<section class="consultation">
<p>Pathway: <strong>${escapeHtml(pathway)}</strong> · ${escapeHtml(String(request.triageRequestType ?? ''))}</p>
<p>Urgency: <strong class="urgency urgency--${escapeHtml(colour.toLowerCase())}" data-colour="${escapeHtml(colour)}">${escapeHtml(urgency)} (${escapeHtml(colour)})</strong></p>
<p>Patient: ${escapeHtml([patient.firstName, patient.lastName].filter(Boolean).join(' '))}, born ${escapeHtml(String(patient.dateOfBirth ?? ''))}</p>
<h3>Answers</h3>
<dl class="answers">
${answers.join('\n')}
</dl>
${safetyHtml}
${
  typeof context.additionalInfo === 'string' || typeof need.label === 'string'
    ? `<h3>In the patient's words</h3>
<dl class="patient-context">
<dt>What do you hope for from the practice?</dt><dd>${escapeHtml(String(need.label ?? ''))}</dd>
<dt>Is there anything else it would help the practice to know?</dt><dd>${escapeHtml(String(context.additionalInfo ?? ''))}</dd>
</dl>`
    : ''
}
</section>`;
}

/** A medical request the practice must see first: classified EMERGENCY_INDICATION (directly or as the primary of an unverified pair). */
export function isEmergencyIndication(r: StoredRequest): boolean {
  const request = r.kind === 'UNVERIFIED_REQUESTS' ? obj(r.body.primaryRequest) : obj(r.body.triageRequest);
  return r.kind !== 'ADMIN_REQUEST' && request.triageRequestType === 'EMERGENCY_INDICATION';
}

/** The inbox order: emergency indications first, then the rest; newest first within each. */
export function inboxOrder(requests: readonly StoredRequest[]): StoredRequest[] {
  return [...requests.filter(isEmergencyIndication), ...requests.filter((r) => !isEmergencyIndication(r))];
}

const EMERGENCY_MARK = '<strong class="nhsuk-tag nhsuk-tag--red emergency-indication">Emergency indication</strong>';

function requestHtml(r: StoredRequest): string {
  const heading = [r.kind, r.formType].filter(Boolean).join(' · ');
  const mark = isEmergencyIndication(r) ? `${EMERGENCY_MARK} ` : '';
  const open = isEmergencyIndication(r) ? '<article class="emergency" data-emergency="true">' : '<article>';
  if (r.kind === 'CONSULTATION') {
    return `${open}
<h2>${mark}${escapeHtml(heading)}</h2>
<p>Received <time datetime="${escapeHtml(r.receivedAt)}">${escapeHtml(r.receivedAt)}</time>, status ${escapeHtml(r.status)}, id ${escapeHtml(r.id)}</p>
${screeningFlagHtml(r.body)}
${consultationHtml(obj(r.body))}
</article>`;
  }
  const rows = flatten(Object.fromEntries(Object.entries(r.body).filter(([k]) => k !== 'screening')))
    .map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`)
    .join('\n');
  return `${open}
<h2>${mark}${escapeHtml(heading)}</h2>
<p>Received <time datetime="${escapeHtml(r.receivedAt)}">${escapeHtml(r.receivedAt)}</time>, status ${escapeHtml(r.status)}, id ${escapeHtml(r.id)}</p>
${screeningFlagHtml(r.body)}
<dl>
${rows}
</dl>
</article>`;
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
  // Pages like the requests and the outbox (limit, cursor, Link rel="next"; schemas/api/README.md).
  app.get('/api/v1/practice/appointments', async (request, reply) => {
    const { limit, before } = pageQuery(request.query, DEFAULT_PAGE_SIZE);
    const page = practiceAppointmentsPage(db, { limit, ...(before !== undefined ? { before } : {}) });
    setPageHeaders(reply, '/api/v1/practice/appointments', limit, page);
    return page.items;
  });

  app.get('/practice/inbox', async (request, reply) => {
    const { limit, before } = pageQuery(request.query, INBOX_PAGE_SIZE);
    // The appointments section pages on its own (`appointmentsCursor`, 20 a page); its links show the newest requests.
    const appointmentsCursor = (request.query as { appointmentsCursor?: unknown } | undefined)?.appointmentsCursor;
    const olderThan = pageQuery({ appointmentsCursor }, INBOX_PAGE_SIZE, 'appointmentsCursor').before;
    const appointments = practiceAppointmentsPage(db, { limit: INBOX_PAGE_SIZE, ...(olderThan !== undefined ? { before: olderThan } : {}) });
    const appointmentsNav = {
      ...(olderThan !== undefined ? { newest: '/practice/inbox#appointments-heading' } : {}),
      ...(appointments.lastSeq !== undefined ? { older: `/practice/inbox?appointmentsCursor=${encodeCursor(appointments.lastSeq)}#appointments-heading` } : {}),
    };
    const page = listRequestsPage(db, { limit, ...(before !== undefined ? { before } : {}) });
    // Emergency indications first on each page, then newest first.
    const items = inboxOrder(page.items);
    const emergencies = items.filter(isEmergencyIndication).length;
    const paging = [
      before !== undefined ? '<a href="/practice/inbox">Newest requests</a>' : '',
      page.nextCursor ? `<a href="/practice/inbox?cursor=${page.nextCursor}" rel="next">Older requests</a>` : '',
    ].filter(Boolean);
    const nav = paging.length > 0 ? `<nav aria-label="Inbox pages"><ul>${paging.map((a) => `<li>${a}</li>`).join('')}</ul></nav>` : '';
    const body = `<h1>Practice inbox</h1>
<form method="post" action="${SIGN_OUT_PATH}"><button type="submit">Sign out</button></form>
<p>${page.total} request${page.total === 1 ? '' : 's'} received${before !== undefined ? ' (older page)' : ''}; ${items.length} shown on this page, emergency indications first (${emergencies}), then newest first. This page is read-only.</p>
${items.map(requestHtml).join('\n')}
${nav}
${practiceAppointmentsHtml(appointments, appointmentsNav)}`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(htmlPage('Practice inbox', body));
  });
}
