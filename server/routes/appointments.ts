import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppointmentBookingRequest } from '../../generated/types/api/appointment-booking-request';
import type { DirectBooking } from '../../generated/types/api/direct-booking';
import type { EligibilityBooking } from '../../generated/types/api/eligibility-booking';
import type { PatientActionRequestBody } from '../../generated/types/api/patient-action-request-body';
import type { SymptomAssessmentBooking } from '../../generated/types/api/symptom-assessment-booking';
import { availabilityChunk, cachedAnswer, maxTier, type AvailabilityScope } from '../appointments/availability.js';
import { assertSlotInSession, bookAppointment } from '../appointments/book.js';
import { cancelAppointment, rescheduleAppointment } from '../appointments/change.js';
import { runAppointmentTransaction } from '../appointments/transaction.js';
import { boundCaller, linkScope, missing, queryCaller, queryPatient, type AvailabilityQuery } from '../appointments/callers.js';
import { ensureDiary } from '../appointments/diary.js';
import { appointmentErrors } from '../appointments/errors.js';
import { assertLinkProof, linkProofCookie } from '../appointments/linkProof.js';
import { actionRequestAnswer, assertInvitationUsable, consultationOf, getLink, linkCaller, PAR_TYPES } from '../appointments/links.js';
import { assertRecordReachable } from '../appointments/records.js';
import type { LinkRow, ParType } from '../appointments/rows.js';
import { AI_LED_SLOT_TYPES } from '../appointments/seed.js';
import { sessionsAnswer } from '../appointments/sessions.js';
import { slotTypesFor } from '../appointments/slotTypes.js';
import type { ServerContext } from '../context.js';
import { ajvDetails, detailsMessage, HttpError } from '../errors.js';
import { matchPatient } from '../patients.js';
import { assertServiceOpen, sessionPatientId } from '../services/index.js';
import { idempotencyKey, newRequestBookings } from '../services/newRequestBooking.js';
import type { SubmissionAnswer } from '../storedRequests.js';
import { apiValidator, schemaId } from '../validation.js';

const BASE = '/api/v1/triage';
const AVAILABILITY_PATH = `${BASE}/nhs/available/appointments`;
const AI_LED_AVAILABILITY_PATH = `${BASE}/nhs/appointments/availability/ai-led`;

const text = (max: number) => ({ type: 'string', minLength: 1, maxLength: max });
/** Query of the availability calls: what they select by, the patient, and the chunk/tier of navigation links. */
const AVAILABILITY_QUERY = {
  type: 'object',
  properties: {
    referralId: text(100),
    guidelineId: text(200),
    linkUUID: text(100),
    firstName: text(100),
    lastName: text(100),
    postcode: text(10),
    dateOfBirth: { type: 'string', format: 'date' },
    from: { type: 'string', format: 'date' },
    tier: { type: 'string', pattern: '^[1-9]$' },
  },
  additionalProperties: false,
};

const SESSIONS_QUERY = {
  type: 'object',
  properties: { referralId: text(100), guidelineId: text(200) },
  additionalProperties: false,
};
const LINK_QUERY = { type: 'object', properties: { linkUUID: text(100) }, additionalProperties: false };
const LINK_QUERY_REQUIRED = { ...LINK_QUERY, required: ['linkUUID'] };

/** What every appointment call runs first: the diary reaches six weeks ahead (a no-op most of the time). Answers the time now. */
type WithDiary = () => Promise<number>;

function navigationLink(path: string, q: AvailabilityQuery, next: { from?: string; tier: number }): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (k !== 'from' && k !== 'tier' && v !== undefined) params.set(k, v);
  if (next.from) params.set('from', next.from);
  if (next.tier > 1) params.set('tier', String(next.tier));
  return `${path}?${params.toString()}`;
}

const reply = (res: FastifyReply, answer: SubmissionAnswer) => res.code(answer.statusCode).send(answer.body);

/** Availability (by referral, guideline, link or AI-led) and the sessions offering it. */
function registerAvailabilityRoutes(app: FastifyInstance, ctx: ServerContext, withDiary: WithDiary): void {
  const { store } = ctx;
  const availability = (path: string, aiLed: boolean) => async (request: FastifyRequest<{ Querystring: AvailabilityQuery }>, res: FastifyReply) => {
    const now = await withDiary();
    const q = request.query;
    let scope: AvailabilityScope;
    if (q.linkUUID && !aiLed) {
      const link = await getLink(store, q.linkUUID);
      scope = await linkScope(store, link, await queryCaller(store, link, q, { client: request.ip, now }), now);
    } else {
      if (!aiLed && !q.referralId && !q.guidelineId) throw missing('querystring', ['referralId']);
      const patient = queryPatient(q);
      if (patient) assertRecordReachable(await matchPatient(store, patient));
      scope = { slotTypes: aiLed ? AI_LED_SLOT_TYPES : slotTypesFor(q.referralId, q.guidelineId) };
    }
    const tier = Math.min(Number(q.tier ?? '1'), await maxTier(store));
    const key = `${path}?${new URLSearchParams(Object.entries(q).sort(([a], [b]) => (a < b ? -1 : 1))).toString()}`;
    const json = await cachedAnswer(store, key, now, () =>
      availabilityChunk(store, { scope, tier, from: q.from, linkTo: (next) => navigationLink(path, q, next) }, now),
    );
    return res.type('application/json; charset=utf-8').send(json);
  };
  app.get(AVAILABILITY_PATH, { schema: { querystring: AVAILABILITY_QUERY } }, availability(AVAILABILITY_PATH, false));
  app.get(AI_LED_AVAILABILITY_PATH, { schema: { querystring: AVAILABILITY_QUERY } }, availability(AI_LED_AVAILABILITY_PATH, true));

  app.get<{ Querystring: { referralId?: string; guidelineId?: string } }>(
    `${BASE}/nhs/appointment/sessions`,
    { schema: { querystring: SESSIONS_QUERY } },
    async (request) => {
      const now = await withDiary();
      const q = request.query;
      if (!q.referralId && !q.guidelineId) throw missing('querystring', ['referralId']);
      return sessionsAnswer(store, { slotTypes: slotTypesFor(q.referralId, q.guidelineId) }, now);
    },
  );
  app.get(`${BASE}/nhs/appointment/sessions/ai`, async () => sessionsAnswer(store, { slotTypes: AI_LED_SLOT_TYPES }, await withDiary()));
}

/** A patient action request: the caller of a link proves who they are; the answer says what the link offers. */
function registerActionRequestRoute(app: FastifyInstance, ctx: ServerContext, withDiary: WithDiary): void {
  const { store } = ctx;
  const validateActionBody = apiValidator(ctx.ajv, 'patient-action-request-body');
  app.post<{ Params: { parType: ParType; linkUUID: string }; Body: PatientActionRequestBody | undefined }>(
    `${BASE}/patient/action-request/:parType/:linkUUID`,
    { schema: { params: { type: 'object', properties: { parType: { type: 'string', enum: [...PAR_TYPES] }, linkUUID: { type: 'string' } } } } },
    async (request, reply) => {
      const now = await withDiary();
      const { parType, linkUUID } = request.params;
      // APPOINTMENT_CONFIRMED needs no body; an absent one counts as {}.
      const body = request.body ?? {};
      if (!validateActionBody(body)) {
        const details = ajvDetails(validateActionBody.errors ?? []);
        throw new HttpError(400, detailsMessage(details), { details });
      }
      const link = await getLink(store, linkUUID, [parType]);
      const caller = await linkCaller(store, link, body, { client: request.ip, now });
      await assertInvitationUsable(store, link, caller.patientKey, now);
      const answer = await actionRequestAnswer(store, link, caller, now);
      // Who the link is for, confirmed: this browser may change or cancel through it for a while.
      if (caller.checked) reply.header('set-cookie', await linkProofCookie(store, link, now, ctx.isHttps(request)));
      return answer;
    },
  );
}

/** Booking, changing and cancelling through a link the practice sent (or as the signed-in patient). */
function registerLinkBookingRoutes(app: FastifyInstance, ctx: ServerContext, withDiary: WithDiary): void {
  const { store } = ctx;
  app.post<{ Querystring: { linkUUID: string }; Body: AppointmentBookingRequest }>(
    `${BASE}/nhs/book/appointment`,
    { schema: { querystring: LINK_QUERY_REQUIRED, body: { $ref: schemaId('appointment-booking-request') } } },
    async (request, res) => {
      const now = await withDiary();
      const body = request.body;
      const link = await getLink(store, request.query.linkUUID, ['DIRECT_BOOKING', 'SELF_BOOKING_REQUEST']);
      if (!link.patient) {
        throw new HttpError(400, 'This invitation is open to several patients: book it with POST /api/v1/triage/patient/direct-booking and the patient');
      }
      if (body.consultationId !== link.consultation_id) throw appointmentErrors.linkInvalid();
      await assertLinkProof(store, request, link, now, 'book this appointment');
      assertSlotInSession(body);
      const caller = boundCaller(link);
      const answer = await runAppointmentTransaction(store, { key: idempotencyKey(request), route: `book:${link.link_uuid}`, body }, async (tx) =>
        bookAppointment(tx, { request: { existing: await consultationOf(tx, link), link }, ...caller, choice: body, now, origin: ctx.publicOrigin(request) }),
      );
      return reply(res, answer);
    },
  );

  app.post<{ Querystring: { linkUUID: string }; Body: AppointmentBookingRequest }>(
    `${BASE}/nhs/reschedule/appointment`,
    { schema: { querystring: LINK_QUERY_REQUIRED, body: { $ref: schemaId('appointment-booking-request') } } },
    async (request, res) => {
      const now = await withDiary();
      const body = request.body;
      const link = await getLink(store, request.query.linkUUID);
      await assertLinkProof(store, request, link, now);
      assertSlotInSession(body);
      const caller = boundCaller(link);
      const answer = await runAppointmentTransaction(store, { key: idempotencyKey(request), route: `reschedule:${link.link_uuid}`, body }, (tx) =>
        rescheduleAppointment(tx, { link, caller, consultationId: body.consultationId, choice: body, now, origin: ctx.publicOrigin(request) }),
      );
      return reply(res, answer);
    },
  );

  const cancel = async (request: FastifyRequest<{ Params: { consultationId: string }; Querystring: { linkUUID?: string } }>, res: FastifyReply) => {
    const now = await withDiary();
    const { consultationId } = request.params;
    const { linkUUID } = request.query;
    let by: { link: LinkRow } | { patientKey: string };
    if (linkUUID !== undefined) {
      const link = await getLink(store, linkUUID);
      await assertLinkProof(store, request, link, now);
      by = { link };
    } else {
      const patientId = await sessionPatientId(ctx.store, request);
      if (!patientId) throw new HttpError(401, 'Unauthorised access');
      by = { patientKey: patientId };
    }
    const answer = await runAppointmentTransaction(
      store,
      { key: idempotencyKey(request), route: `cancel:${consultationId}`, body: { consultationId, linkUUID } },
      (tx) => cancelAppointment(tx, { consultationId, by, now, origin: ctx.publicOrigin(request) }),
    );
    return reply(res, answer);
  };
  const cancelPath = `${BASE}/nhs/cancel/appointment/:consultationId`;
  app.post(cancelPath, { schema: { querystring: LINK_QUERY } }, cancel);
  app.delete(cancelPath, { schema: { querystring: LINK_QUERY } }, cancel);

  app.post<{ Body: DirectBooking }>(`${BASE}/patient/direct-booking`, { schema: { body: { $ref: schemaId('direct-booking') } } }, async (request, res) => {
    const now = await withDiary();
    const body = request.body;
    const link = await getLink(store, body.linkUUID, ['DIRECT_BOOKING']);
    assertSlotInSession(body);
    const caller = await linkCaller(store, link, { patient: body.patient }, { client: request.ip, now });
    const answer = await runAppointmentTransaction(store, { key: idempotencyKey(request), route: `direct-booking:${link.link_uuid}`, body }, async (tx) =>
      bookAppointment(tx, { request: { existing: await consultationOf(tx, link), link }, ...caller, choice: body, now, origin: ctx.publicOrigin(request) }),
    );
    return reply(res, answer);
  });
}

/** Bookings that store their request in the same call (server/services/newRequestBooking.ts). */
function registerNewRequestBookingRoutes(app: FastifyInstance, ctx: ServerContext, withDiary: WithDiary): void {
  const { bookSymptomAssessment, bookEligibility } = newRequestBookings(ctx);
  app.post<{ Body: SymptomAssessmentBooking }>(
    `${BASE}/patient/symptom/assessments/book/appointment`,
    { schema: { body: { $ref: schemaId('symptom-assessment-booking') } } },
    async (request, res) => {
      const now = await withDiary();
      await assertServiceOpen(ctx.store, 'medical');
      return reply(res, await bookSymptomAssessment(request, request.body, now));
    },
  );
  app.post<{ Body: EligibilityBooking }>(
    `${BASE}/patient/eligibility-booking`,
    { schema: { body: { $ref: schemaId('eligibility-booking') } } },
    async (request, res) => {
      const now = await withDiary();
      await assertServiceOpen(ctx.store, 'medical');
      return reply(res, await bookEligibility(request, request.body, now));
    },
  );
}

/** Appointments: availability, sessions, action requests, book, reschedule, cancel (schemas/api/README.md "Appointments"). */
export function registerAppointmentRoutes(app: FastifyInstance, ctx: ServerContext): void {
  // The diary is built at start (server/app.ts, unless a test chose not to); every call first makes sure the diary reaches six weeks ahead (a no-op most of the time).
  const withDiary = async () => {
    const now = Date.now();
    await ensureDiary(ctx.store, now);
    return now;
  };
  registerAvailabilityRoutes(app, ctx, withDiary);
  registerActionRequestRoute(app, ctx, withDiary);
  registerLinkBookingRoutes(app, ctx, withDiary);
  registerNewRequestBookingRoutes(app, ctx, withDiary);
}
