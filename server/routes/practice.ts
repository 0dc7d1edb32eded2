import type { FastifyInstance } from 'fastify';
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

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});

function answerText(a: unknown): string {
  const answer = obj(a);
  const value = answer.value === true ? 'Yes' : answer.value === false ? 'No' : String(answer.value ?? '');
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
  return `<section class="consultation">
<p>Pathway: <strong>${escapeHtml(pathway)}</strong> · ${escapeHtml(String(request.triageRequestType ?? ''))}</p>
<p>Urgency: <strong class="urgency urgency--${escapeHtml(colour.toLowerCase())}" data-colour="${escapeHtml(colour)}">${escapeHtml(urgency)} (${escapeHtml(colour)})</strong></p>
<p>Patient: ${escapeHtml([patient.firstName, patient.lastName].filter(Boolean).join(' '))}, born ${escapeHtml(String(patient.dateOfBirth ?? ''))}</p>
<h3>Answers</h3>
<dl class="answers">
${answers.join('\n')}
</dl>
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
${consultationHtml(obj(r.body))}
</article>`;
  }
  const rows = flatten(r.body)
    .map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`)
    .join('\n');
  return `${open}
<h2>${mark}${escapeHtml(heading)}</h2>
<p>Received <time datetime="${escapeHtml(r.receivedAt)}">${escapeHtml(r.receivedAt)}</time>, status ${escapeHtml(r.status)}, id ${escapeHtml(r.id)}</p>
<dl>
${rows}
</dl>
</article>`;
}

/** What the practice received: JSON for tests and tools, a read-only HTML page for people. */
export function registerPracticeRoutes(app: FastifyInstance, { db }: ServerContext): void {
  app.get('/api/v1/practice/requests', async () => listRequests(db));

  app.get('/practice/inbox', async (_request, reply) => {
    const requests = inboxOrder(listRequests(db));
    const emergencies = requests.filter(isEmergencyIndication).length;
    const body = `<h1>Practice inbox</h1>
<p>${requests.length} request${requests.length === 1 ? '' : 's'} received, emergency indications first (${emergencies}), then newest first. This page is read-only.</p>
${requests.map(requestHtml).join('\n')}`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(htmlPage('Practice inbox', body));
  });
}
