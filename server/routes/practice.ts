import { YES_NO_LABELS, type FormDocument } from '../../renderer/core/index';
import { adminRequestHtml, answeredOn, type AnsweredOn } from '../adminRequestHtml.js';
import { versionRecord } from '../documents/versions.js';
import type { Sql } from '../store/index.js';
import { staffPage, staffTime } from '../staffPage.js';
import type { FastifyInstance } from 'fastify';
import { practiceAppointmentsHtml, practiceAppointmentsPage } from '../appointments/inbox.js';
import type { ServerContext } from '../context.js';
import { escapeHtml } from '../html.js';
import { photoThumbnailsHtml } from '../photos/html.js';
import { ATTACHMENT_OBSERVATION } from '../photos/refs.js';
import { screeningFlagHtml } from '../screening.js';
import { inboxFlagsHtml, storedRecommendations } from '../inboxFlags.js';
import { listRequestsPage, type StoredRequest } from '../storedRequests.js';
import { DEFAULT_PAGE_SIZE, encodeCursor, encodeRequestsCursor, pageQuery, requestsPageQuery, setPageHeaders } from '../services/index.js';
import { asObject, type JsonObject } from '../json.js';
import type { PracticeAppointments } from '../../generated/types/api/practice-appointments';
import type { PracticeRequests } from '../../generated/types/api/practice-requests';
import { adviceNoteForPractice, nationalPhone, PRACTICE_TIER_WORDS as TIER_WORDS, type UrgencyTier } from '../../common/index.js';

/**
 * A field of a request drawn field by field (an unverified pair) that holds a phone number: stored
 * in E.164 (+447…) so limits and matching compare one spelling, shown to staff as they would dial it.
 */
const PHONE_KEY = /(?:phone|telephone|mobile)[^.]*$/i;

/** Requests per inbox page. */
const INBOX_PAGE_SIZE = 20;
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

function answerText(a: unknown): string {
  const answer = asObject(a);
  const value = answer.value === true ? YES_NO_LABELS.yes : answer.value === false ? YES_NO_LABELS.no : String(answer.value ?? '');
  const text = typeof answer.label === 'string' ? answer.label : value;
  return typeof answer.unit === 'string' ? `${text} ${answer.unit}` : text;
}

/**
 * "In the patient's words": every free-text (TEXT) answer of the questionnaire, from the engine's
 * record, then the patient context ("your own words" page) when they gave it. An urgent result
 * skips that page (docs/architecture.md), so the words typed in the questionnaire are shown here
 * whatever way the request came (after an override too).
 */
function patientWordsHtml(request: JsonObject, context: JsonObject): string {
  const need = asObject(context.patientNeed);
  const typed = (Array.isArray(request.responseData) ? request.responseData : [])
    .map(asObject)
    .filter((o) => o.observationType === 'TEXT')
    .map((o) => ({
      label: String(o.label ?? o.identifier ?? ''),
      text: (Array.isArray(o.answer) ? o.answer : []).map((a) => String(asObject(a).value ?? '')).join(' '),
    }))
    .filter((w) => w.text.trim() !== '');
  const rows = typed.map((w) => `<dt>${escapeHtml(w.label)}</dt><dd>${escapeHtml(w.text)}</dd>`);
  if (typeof context.additionalInfo === 'string' || typeof need.label === 'string') {
    rows.push(
      `<dt>What do you hope for from the practice?</dt><dd>${escapeHtml(String(need.label ?? ''))}</dd>`,
      `<dt>Is there anything else it would help the practice to know?</dt><dd>${escapeHtml(String(context.additionalInfo ?? ''))}</dd>`,
    );
  }
  return rows.length > 0 ? `<h3>In the patient's words</h3>\n<dl class="patient-context">\n${rows.join('\n')}\n</dl>` : '';
}

/** A consultation as the practice reads it: pathway, urgency and colour, each question's label with its answer, patient context. */
function consultationHtml(body: JsonObject): string {
  const request = asObject(body.triageRequest);
  const consultation = asObject(request.consultation);
  const patient = asObject(request.patient);
  const context = asObject(request.patientContext);
  const pathway = String(consultation.conditionLabel ?? consultation.guidelineName ?? consultation.guidelineId ?? 'Unknown pathway');
  const colour = typeof consultation.urgencyColour === 'string' ? consultation.urgencyColour : 'UNKNOWN';
  const urgency = typeof consultation.urgency === 'string' ? consultation.urgency : 'Not set';
  const answers = (Array.isArray(request.responseData) ? request.responseData : []).map((o) => {
    const item = asObject(o);
    const label = String(item.label ?? item.identifier ?? '');
    const entries = Array.isArray(item.answer) ? item.answer : [];
    // Photos: thumbnails beside their question, each opening the full picture (staff only, each view recorded).
    if (item.observationType === ATTACHMENT_OBSERVATION)
      return `<dt>${escapeHtml(label)}</dt><dd>${photoThumbnailsHtml(entries.map((a) => asObject(a).value))}</dd>`;
    const given = entries.map(answerText).join(', ');
    return `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(given)}</dd>`;
  });
  // The safety check ("Are you safe to wait for GP care?"), when the answers pointed to A&E: what
  // the patient answered, whether they said they will attend A&E, and the reason they gave to wait.
  const safety = (Array.isArray(request.emergencyQuestions) ? request.emergencyQuestions : []).map((q) => {
    const item = asObject(q);
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
${patientWordsHtml(request, context)}
</section>`;
}

/**
 * The photos of a medical request sent as the primary of an unverified pair (its other fields are
 * listed as they are): each photos question with its thumbnails, so no photo goes unseen.
 */
function primaryPhotosHtml(r: StoredRequest): string {
  if (r.kind !== 'UNVERIFIED_REQUESTS') return '';
  const primary = asObject(r.body.primaryRequest);
  const rows = (Array.isArray(primary.responseData) ? primary.responseData : [])
    .map(asObject)
    .filter((o) => o.observationType === ATTACHMENT_OBSERVATION && Array.isArray(o.answer))
    .map(
      (o) =>
        `<dt>${escapeHtml(String(o.label ?? o.identifier ?? ''))}</dt><dd>${photoThumbnailsHtml((o.answer as unknown[]).map((a) => asObject(a).value))}</dd>`,
    );
  return rows.length > 0 ? `<h3>Photos</h3>\n<dl class="answers">\n${rows.join('\n')}\n</dl>` : '';
}

/** A medical request the practice must see first: classified EMERGENCY_INDICATION (directly or as the primary of an unverified pair). */
function isEmergencyIndication(r: StoredRequest): boolean {
  const request =
    r.kind === 'UNVERIFIED_REQUESTS' ? r.body.primaryRequest : r.kind === 'CONSULTATION' && 'triageRequest' in r.body ? r.body.triageRequest : undefined;
  return request?.triageRequestType === 'EMERGENCY_INDICATION';
}

const TIER_TAG: Record<UrgencyTier, string> = {
  CALL_999: 'nhsuk-tag--red',
  AE_NOW: 'nhsuk-tag--red',
  URGENT_TODAY: 'nhsuk-tag--orange',
  PHARMACY: 'nhsuk-tag--blue',
  ROUTINE: 'nhsuk-tag--blue',
  SELF_CARE: 'nhsuk-tag--grey',
};

/**
 * A medical request's urgency tier in plain words (from its execution, common/tiers.ts), and what
 * the patient was told before sending it: a pharmacy or self-care ending sends nothing unless the
 * patient asks the practice instead (common/endings.ts).
 */
function tierHtml(r: StoredRequest): string {
  if (!r.tier) return '';
  const body: JsonObject = r.body;
  const request = [body.triageRequest, body.eligibilityBooking, body.primaryRequest].map(asObject).find((q) => typeof q.triageRequestType === 'string') ?? {};
  const note = adviceNoteForPractice(r.tier, request.triageRequestType === 'ELIGIBILITY_BOOKING' ? 'eligibility' : 'triage');
  const noteHtml = note ? ` <span class="advice-note" data-advice-note="${r.tier}">${escapeHtml(note)}</span>` : '';
  return `<p class="tier" data-tier="${r.tier}">Urgency: <strong class="nhsuk-tag ${TIER_TAG[r.tier]}">${escapeHtml(TIER_WORDS[r.tier])}</strong>${noteHtml}</p>`;
}

const EMERGENCY_MARK = '<strong class="nhsuk-tag nhsuk-tag--red emergency-indication">Emergency indication</strong>';

/** Received <time> in words in UK time ("Saturday 28 November 2026, 11:53"), the ISO instant in its datetime. */
const receivedHtml = (r: StoredRequest) => staffTime(r.receivedAt);

type DocOf = (formType: string, version?: AnsweredOn) => FormDocument | undefined;

/** Form documents of recorded versions, by `id:version:hash` (a version's text never changes). */
const versionDocs = new Map<string, FormDocument | null>();
const versionKey = (v: AnsweredOn) => `${v.id}:${v.version}:${v.hash}`;

/**
 * Loads the form versions the admin requests on a page were answered on (and those sent with
 * them), so each is drawn with its own labels and option words even after the form changed or
 * was removed. A version the history lacks (or whose hash differs) falls back to the served form.
 */
async function loadAnsweredVersions(store: Sql, items: readonly StoredRequest[]): Promise<void> {
  const wanted = items
    .flatMap((r) => (r.kind === 'ADMIN_REQUEST' ? [answeredOn(r.body), answeredOn(asObject(r.body.associatedRequest))] : []))
    .filter((v): v is AnsweredOn => v !== undefined && !versionDocs.has(versionKey(v)));
  for (const v of wanted) {
    const record = await versionRecord(store, 'form', v.id, v.version);
    let doc: FormDocument | null = null;
    if (record && record.hash === v.hash) {
      try {
        doc = JSON.parse(record.body) as FormDocument;
      } catch {
        doc = null;
      }
    }
    if (versionDocs.size > 500) versionDocs.clear();
    versionDocs.set(versionKey(v), doc);
  }
}

function requestHtml(r: StoredRequest, docOf: DocOf): string {
  const adminTitle = r.kind === 'ADMIN_REQUEST' && r.formType ? docOf(r.formType, answeredOn(r.body))?.title : undefined;
  const heading = adminTitle ? `Admin request · ${adminTitle}` : [r.kind, r.formType].filter(Boolean).join(' · ');
  const mark = isEmergencyIndication(r) ? `${EMERGENCY_MARK} ` : '';
  const open = isEmergencyIndication(r)
    ? '<article class="nhsuk-card app-request emergency" data-emergency="true">'
    : '<article class="nhsuk-card app-request">';
  if (r.kind === 'CONSULTATION') {
    return `${open}
<h2>${mark}${escapeHtml(heading)}</h2>
<p>Received ${receivedHtml(r)}, status ${escapeHtml(r.status)}, id ${escapeHtml(r.id)}</p>
${tierHtml(r)}
${screeningFlagHtml(r.body)}
${inboxFlagsHtml(storedRecommendations(r.body))}
${consultationHtml(r.body)}
</article>`;
  }
  // An admin request by the form's questions and the patient's words (server/adminRequestHtml.ts).
  const details =
    r.kind === 'ADMIN_REQUEST'
      ? adminRequestHtml(r.body, docOf)
      : `<dl>\n${flatten(Object.fromEntries(Object.entries(r.body).filter(([k]) => k !== 'screening')))
          .map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(PHONE_KEY.test(k) ? nationalPhone(v) : v)}</dd>`)
          .join('\n')}\n</dl>`;
  return `${open}
<h2>${mark}${escapeHtml(heading)}</h2>
<p>Received ${receivedHtml(r)}, status ${escapeHtml(r.status)}, id ${escapeHtml(r.id)}</p>
${tierHtml(r)}
${screeningFlagHtml(r.body)}
${inboxFlagsHtml(storedRecommendations(r.body))}
${details}
${primaryPhotosHtml(r)}
</article>`;
}

/**
 * What the practice received: JSON for tests and tools, a read-only HTML page for people.
 * Both page through the requests newest first (README.md "See what the practice received");
 * the staff guard (server/staff.ts) already stands in front of both.
 */
export function registerPracticeRoutes(app: FastifyInstance, { store, forms }: ServerContext): void {
  const docOf: DocOf = (formType, version) => (version ? versionDocs.get(versionKey(version)) : undefined) ?? forms.get(formType);
  app.get<{ Reply: PracticeRequests }>('/api/v1/practice/requests', async (request, reply) => {
    const { limit, after } = requestsPageQuery(request.query, DEFAULT_PAGE_SIZE);
    const page = await listRequestsPage(store, { limit, ...(after !== undefined ? { after } : {}) });
    reply.header('x-total-count', String(page.total));
    if (page.next) {
      const cursor = encodeRequestsCursor(page.next);
      reply.header('x-next-cursor', cursor);
      reply.header('link', `</api/v1/practice/requests?limit=${limit}&cursor=${cursor}>; rel="next"`);
    }
    return page.items satisfies PracticeRequests;
  });
  // Pages like the requests and the outbox (limit, cursor, Link rel="next"; schemas/api/README.md).
  app.get<{ Reply: PracticeAppointments }>('/api/v1/practice/appointments', async (request, reply) => {
    const { limit, before } = pageQuery(request.query, DEFAULT_PAGE_SIZE);
    const page = await practiceAppointmentsPage(store, { limit, ...(before !== undefined ? { before } : {}) });
    setPageHeaders(reply, '/api/v1/practice/appointments', limit, page);
    return page.items;
  });

  app.get('/practice/inbox', async (request, reply) => {
    const { limit, after: before } = requestsPageQuery(request.query, INBOX_PAGE_SIZE);
    // The appointments section pages on its own (`appointmentsCursor`, 20 a page); its links show the newest requests.
    const appointmentsCursor = (request.query as { appointmentsCursor?: unknown } | undefined)?.appointmentsCursor;
    const olderThan = pageQuery({ appointmentsCursor }, INBOX_PAGE_SIZE, 'appointmentsCursor').before;
    const appointments = await practiceAppointmentsPage(store, { limit: INBOX_PAGE_SIZE, ...(olderThan !== undefined ? { before: olderThan } : {}) });
    const appointmentsNav = {
      ...(olderThan !== undefined ? { newest: '/practice/inbox#appointments-heading' } : {}),
      ...(appointments.lastSeq !== undefined ? { older: `/practice/inbox?appointmentsCursor=${encodeCursor(appointments.lastSeq)}#appointments-heading` } : {}),
    };
    // In inbox order across pages: by tier (emergency first, then urgent today, then the rest), newest first within each.
    const page = await listRequestsPage(store, { limit, ...(before !== undefined ? { after: before } : {}) });
    const items = page.items;
    await loadAnsweredVersions(store, items);
    const emergencies = items.filter((r) => r.tier === 'CALL_999' || r.tier === 'AE_NOW' || isEmergencyIndication(r)).length;
    const paging = [
      before !== undefined ? '<a href="/practice/inbox">Newest requests</a>' : '',
      page.next ? `<a href="/practice/inbox?cursor=${encodeRequestsCursor(page.next)}" rel="next">Older requests</a>` : '',
    ].filter(Boolean);
    const nav = paging.length > 0 ? `<nav aria-label="Inbox pages"><ul>${paging.map((a) => `<li>${a}</li>`).join('')}</ul></nav>` : '';
    const body = `<h1>Practice inbox</h1>
<p><a href="/practice/forms">Forms and pathways</a>: every form and pathway in use, their checks and versions, edit, preview and reload.</p>
<p>${page.total} request${page.total === 1 ? '' : 's'} received${before !== undefined ? ' (older page)' : ''}; ${items.length} shown on this page, sorted by urgency: emergencies first (${emergencies} on this page), then urgent today, then the rest, newest first within each. This page is read-only.</p>
${items.map((r) => requestHtml(r, docOf)).join('\n')}
${nav}
${practiceAppointmentsHtml(appointments, appointmentsNav)}`;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(staffPage('Practice inbox', body, '/practice/inbox'));
  });
}
