import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppointmentBookingRequest } from '../../generated/types/api/appointment-booking-request';
import type { DirectBooking } from '../../generated/types/api/direct-booking';
import type { EligibilityBooking } from '../../generated/types/api/eligibility-booking';
import type { PatientActionRequestBody } from '../../generated/types/api/patient-action-request-body';
import type { SymptomAssessmentBooking } from '../../generated/types/api/symptom-assessment-booking';
import type { TriageRequest } from '../../generated/types/api/triage-request';
import { availabilityChunk, cachedAnswer, firstAvailableDate, maxTier, type AvailabilityScope } from '../appointments/availability.js';
import {
  assertSlotInSession,
  bookAppointment,
  cancelAppointment,
  rescheduleAppointment,
  runAppointmentTransaction,
  type SlotChoice,
} from '../appointments/book.js';
import { ensureDiary } from '../appointments/diary.js';
import { enqueueNotifications, notifyRequestReceived } from '../notifications/index.js';
import { selfHelpEvent } from '../selfHelpNotification.js';
import { appointmentErrors } from '../appointments/errors.js';
import {
  actionRequestAnswer,
  assertInvitationUsable,
  consultationOf,
  getLink,
  linkCaller,
  linkExpired,
  linkPatient,
  PAR_TYPES,
  type IdentityGuard,
  type LinkCaller,
} from '../appointments/links.js';
import { patientKeyOf, type PatientIdentity } from '../appointments/patientKey.js';
import { assertLinkProof, linkProofCookie } from '../appointments/linkProof.js';
import { assertRecordReachable } from '../appointments/records.js';
import { getSite, getSlotType, siteHolders, siteJson, slotTypeJson, type LinkRow, type ParType } from '../appointments/rows.js';
import { AI_LED_SLOT_TYPES, DEFAULT_SLOT_TYPES, GUIDELINE_SLOT_TYPES, REFERRAL_SLOT_TYPES } from '../appointments/seed.js';
import type { ServerContext } from '../context.js';
import type { Sql } from '../store/index.js';
import { inJsonList } from '../appointments/rows.js';
import { getSetting } from '../settingsStore.js';
import { PRACTICE_ACCESS } from '../engine/engine.js';
import { ajvDetails, detailsMessage, HttpError } from '../errors.js';
import { matchPatient } from '../patients.js';
import { insertRequest, type SubmissionAnswer } from '../store.js';
import { attachPhotos } from '../photos/store.js';
import { photoRefsOfTriageRequest } from '../photos/refs.js';
import { photoKeyHashOf } from '../photos/key.js';
import { readExternalExecution, reclassifyTriageRequest, type ExecutionRead } from '../triageClassification.js';
import { readCookie, TOKEN_PATTERN } from '../cookies.js';
import { apiValidator, schemaId } from '../validation.js';
import { assertServiceOpen, ENGINE_KEY_COOKIE, sessionPatientId } from '../services/index.js';
import { triageRequestKeeper } from '../contractFields.js';
import { claimExecution, executionIdOf, lockExecution } from '../executionRequests.js';

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
/** The triage request a booking call carries (symptom assessment, eligibility): the contract's. */
/** The triage request as the booking handles it: the contract's fields, read as a JSON object. */
type BookedTriageRequest = TriageRequest & Record<string, unknown>;

type AvailabilityQuery = Partial<
  Record<'referralId' | 'guidelineId' | 'linkUUID' | 'firstName' | 'lastName' | 'postcode' | 'dateOfBirth' | 'from' | 'tier', string>
>;

const SESSIONS_QUERY = {
  type: 'object',
  properties: { referralId: text(100), guidelineId: text(200) },
  additionalProperties: false,
};
const LINK_QUERY = { type: 'object', properties: { linkUUID: text(100) }, additionalProperties: false };
const LINK_QUERY_REQUIRED = { ...LINK_QUERY, required: ['linkUUID'] };

function idempotencyKey(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  return Array.isArray(value) ? value[0] : value;
}

/** Slot types a referral or guideline books (a guideline's own mapping wins). */
export function slotTypesFor(referralId: string | undefined, guidelineId: string | undefined): string[] {
  // Own keys only: "constructor" or "__proto__" as an id is an unknown id, not Object's member.
  if (guidelineId && Object.hasOwn(GUIDELINE_SLOT_TYPES, guidelineId)) return GUIDELINE_SLOT_TYPES[guidelineId]!;
  if (referralId && Object.hasOwn(REFERRAL_SLOT_TYPES, referralId)) return REFERRAL_SLOT_TYPES[referralId]!;
  return DEFAULT_SLOT_TYPES;
}

/**
 * The slot types a booking that stores its request may take: those the availability call of its
 * pathway offers — its guideline's, each referral of its finished execution's, and the AI-led
 * ones when the practice runs the guideline AI-led. Anything else (a practice-only review, a
 * physiotherapy slot from a sore-throat questionnaire) is refused.
 */
export async function allowedSlotTypesForRequest(ctx: ServerContext, db: Sql, triageRequest: Record<string, unknown>): Promise<string[]> {
  const consultation = (triageRequest.consultation ?? {}) as { guidelineId?: unknown; executionId?: unknown };
  const guidelineId = typeof consultation.guidelineId === 'string' ? consultation.guidelineId : undefined;
  const types = new Set<string>();
  let referralIds: string[] = [];
  if (typeof consultation.executionId === 'string') {
    try {
      const execution = await ctx.engine.get(consultation.executionId, PRACTICE_ACCESS, db);
      referralIds = execution.recommendations.flatMap((r) =>
        (Array.isArray(r.actions) ? (r.actions as Array<{ type?: unknown; referralId?: unknown }>) : [])
          .filter((a) => a?.type === 'Referral' && typeof a.referralId === 'string')
          .map((a) => a.referralId as string),
      );
    } catch {
      // No execution: the guideline's own types only (the request's reclassification refuses it anyway).
    }
  }
  for (const t of slotTypesFor(undefined, guidelineId)) types.add(t);
  for (const ref of referralIds) for (const t of slotTypesFor(ref, guidelineId)) types.add(t);
  const aiLed = (await getSetting<{ guidelineIds?: string[] }>(db, 'ai-led'))?.guidelineIds ?? [];
  if (guidelineId && aiLed.includes(guidelineId)) for (const t of AI_LED_SLOT_TYPES) types.add(t);
  return [...types];
}

function queryPatient(q: AvailabilityQuery): (PatientIdentity & Record<string, unknown>) | undefined {
  if (!q.lastName || !q.dateOfBirth || !q.postcode) return undefined;
  return { ...(q.firstName ? { firstName: q.firstName } : {}), lastName: q.lastName, dateOfBirth: q.dateOfBirth, postCode: q.postcode };
}

function missing(context: string, fields: string[]): HttpError {
  const details = fields.map((f) => ({ path: `/${f}`, message: 'is required' }));
  return new HttpError(400, detailsMessage(details, context), { details });
}

/** The caller of a link in a query string: DIRECT_BOOKING needs lastName, dateOfBirth and postcode; SELF_BOOKING_REQUEST dateOfBirth. */
async function queryCaller(store: Sql, link: LinkRow, q: AvailabilityQuery, guard: IdentityGuard): Promise<LinkCaller> {
  const patient = queryPatient(q);
  if (link.par_type === 'DIRECT_BOOKING' && !patient) {
    throw missing(
      'querystring',
      ['lastName', 'dateOfBirth', 'postcode'].filter((f) => !q[f as keyof AvailabilityQuery]),
    );
  }
  if (link.par_type === 'SELF_BOOKING_REQUEST' && !q.dateOfBirth) throw missing('querystring', ['dateOfBirth']);
  return linkCaller(store, link, { patient, dateOfBirth: q.dateOfBirth }, guard, 'querystring');
}

/** The scope of a link: its slot types; a reschedule keeps to them. Refuses what the link may not do now. */
async function linkScope(store: Sql, link: LinkRow, caller: LinkCaller, now: number): Promise<AvailabilityScope> {
  await assertInvitationUsable(store, link, caller.patientKey, now);
  if (link.par_type === 'APPOINTMENT_CONFIRMED' && linkExpired(link, now)) throw appointmentErrors.linkExpired();
  assertRecordReachable(await matchPatient(store, caller.patient));
  return { slotTypes: JSON.parse(link.slot_types) as string[] };
}

function navigationLink(path: string, q: AvailabilityQuery, next: { from?: string; tier: number }): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (k !== 'from' && k !== 'tier' && v !== undefined) params.set(k, v);
  if (next.from) params.set('from', next.from);
  if (next.tier > 1) params.set('tier', String(next.tier));
  return `${path}?${params.toString()}`;
}

async function sessionsAnswer(db: Sql, scope: AvailabilityScope, now: number) {
  const first = await firstAvailableDate(db, scope, now);
  const siteIds = (await db.all<{ identifier: string }>('SELECT identifier FROM appt_sites ORDER BY position')).map((r) => r.identifier);
  const holders = await db.all<{ ref_id: string; name: string; role: string }>(
    `SELECT DISTINCT h.ref_id, h.name, h.role, h.position FROM appt_session_holders h JOIN appt_slots s ON s.holder = h.ref_id
     WHERE s.slot_type ${inJsonList(db.dialect)} AND s.start_ms > ? ORDER BY h.position`,
    [JSON.stringify(scope.slotTypes), now],
  );
  const sitesWithType = new Set(
    (await db.all<{ site: string }>(`SELECT DISTINCT site FROM appt_slots WHERE slot_type ${inJsonList(db.dialect)}`, [JSON.stringify(scope.slotTypes)])).map(
      (r) => r.site,
    ),
  );
  const sites = [];
  for (const id of siteIds.filter((s) => sitesWithType.has(s))) sites.push(siteJson(await getSite(db, id), siteHolders(id)));
  const slotTypes = [];
  for (const id of scope.slotTypes) slotTypes.push(slotTypeJson(await getSlotType(db, id)));
  return {
    hasAvailableAppointments: first !== undefined,
    ...(first ? { firstAvailableDate: first } : {}),
    sites,
    slotTypes,
    sessionHolders: holders.map((h) => ({ refID: h.ref_id, name: h.name, role: h.role })),
  };
}

/** The caller of a link for booking, changing and cancelling: the patient it is bound to. */
function boundCaller(link: LinkRow): LinkCaller {
  if (!link.patient || !link.patient_key) throw appointmentErrors.linkInvalid();
  return { patientKey: link.patient_key, patient: linkPatient(link) };
}

/** Appointments: availability, sessions, action requests, book, reschedule, cancel (schemas/api/README.md "Appointments"). */
export function registerAppointmentRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { store } = ctx;
  // The diary is built at start (server/app.ts, unless a test chose not to); every call first makes sure the diary reaches six weeks ahead (a no-op most of the time).
  const withDiary = async () => {
    const now = Date.now();
    await ensureDiary(store, now);
    return now;
  };

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

  const reply = (res: FastifyReply, answer: SubmissionAnswer) => res.code(answer.statusCode).send(answer.body);

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

  /**
   * The body's triage request with the practice's own request type (server/triageClassification.ts):
   * what the booking stores, books and confirms, never the type the client wrote. A refused request
   * (400, 409) claims nothing.
   */
  const contractOnly = triageRequestKeeper(ctx.ajv);
  // Stored with only the contract's fields, as a consultation is (server/contractFields.ts).
  // One finished questionnaire backs one request or booking (server/executionRequests.ts): its row
  // is held first, so a $continue or another booking of it on any instance waits for this one.
  const reclassified = async (tx: Sql, triageRequest: TriageRequest, path: string, read?: ExecutionRead) => {
    await lockExecution(tx, executionIdOf(triageRequest as BookedTriageRequest));
    return contractOnly(await reclassifyTriageRequest(ctx, tx, triageRequest as BookedTriageRequest, path, read)) as BookedTriageRequest;
  };
  /** A practice's own engine (ENGINE_URL) is read before the transaction (undefined: the embedded engine, read inside it). */
  const readExternal = (request: FastifyRequest, triageRequest: unknown, path: string) =>
    readExternalExecution(ctx, triageRequest, path, readCookie(request, ENGINE_KEY_COOKIE, TOKEN_PATTERN));

  /**
   * Books for a request stored by the same call (symptom assessment, eligibility). `prepare`
   * (reclassify, build what is stored) runs inside the transaction after the Idempotency-Key check,
   * so a retry of an acknowledged booking gets its first answer whatever became of the execution.
   */
  const bookNewRequest = (
    request: FastifyRequest,
    route: string,
    /** Where the triage request is in the body (the 409 of a questionnaire already sent names it). */
    path: string,
    choice: SlotChoice,
    now: number,
    prepare: (tx: Sql) => Promise<{ triageRequest: BookedTriageRequest; stored: Record<string, unknown> }>,
  ) => {
    assertSlotInSession(choice);
    return runAppointmentTransaction(store, { key: idempotencyKey(request), route, body: request.body }, async (tx) => {
      const { triageRequest, stored } = await prepare(tx);
      const patient = { ...triageRequest.patient };
      return bookAppointment(tx, {
        request: {
          requestType: triageRequest.triageRequestType,
          allowedSlotTypes: await allowedSlotTypesForRequest(ctx, tx, triageRequest),
          storeRequest: async () => {
            const id = (await insertRequest(tx, 'CONSULTATION', triageRequest.triageRequestType, stored)).id;
            // The primary key decides between concurrent bookings of one questionnaire on any instance.
            await claimExecution(tx, executionIdOf(triageRequest), id, path);
            // The photos its answers refer to go with the request the booking stores, as with a consultation.
            await attachPhotos(tx, id, photoRefsOfTriageRequest(triageRequest as unknown as Record<string, unknown>), photoKeyHashOf(request), ctx.now());
            // Same transaction as the request and its booking, as for a consultation
            // (server/routes/requests.ts): the request-received confirmation, or for an eligibility
            // pathway's self-help outcome the self-help email, which is then its acknowledgement.
            const selfHelp = await selfHelpEvent(ctx, tx, id, triageRequest);
            if (selfHelp) await enqueueNotifications(tx, [selfHelp]);
            else await notifyRequestReceived(tx, id, 'CONSULTATION', { triageRequest });
            return id;
          },
        },
        patientKey: await patientKeyOf(tx, patient),
        patient,
        choice,
        now,
        origin: ctx.publicOrigin(request),
      });
    });
  };

  app.post<{ Body: SymptomAssessmentBooking }>(
    `${BASE}/patient/symptom/assessments/book/appointment`,
    { schema: { body: { $ref: schemaId('symptom-assessment-booking') } } },
    async (request, res) => {
      const now = await withDiary();
      await assertServiceOpen(store, 'medical');
      const body = request.body;
      const read = await readExternal(request, body.triageRequest, '/triageRequest');
      return reply(
        res,
        await bookNewRequest(request, 'symptom-assessment-booking', '/triageRequest', body, now, async (tx) => {
          // An emergency is stored as EMERGENCY_INDICATION and still booked (the inbox lists it first).
          const triageRequest = await reclassified(tx, body.triageRequest, '/triageRequest', read);
          const stored = {
            triageRequest,
            context: { appointmentsPresented: true, ...(body.guidelineFinishedOn ? { guidelineFinishedOn: body.guidelineFinishedOn } : {}) },
            appointmentSlotId: body.appointmentSlotId,
          };
          return { triageRequest, stored };
        }),
      );
    },
  );

  app.post<{ Body: EligibilityBooking }>(
    `${BASE}/patient/eligibility-booking`,
    { schema: { body: { $ref: schemaId('eligibility-booking') } } },
    async (request, res) => {
      const now = await withDiary();
      await assertServiceOpen(store, 'medical');
      const body = request.body;
      if (body.eligibilityBooking.triageRequestType !== 'ELIGIBILITY_BOOKING') {
        const details = [{ path: '/eligibilityBooking/triageRequestType', message: 'must be ELIGIBILITY_BOOKING' }];
        throw new HttpError(400, detailsMessage(details), { details });
      }
      const read = await readExternal(request, body.eligibilityBooking, '/eligibilityBooking');
      return reply(
        res,
        await bookNewRequest(request, 'eligibility-booking', '/eligibilityBooking', body, now, async (tx) => {
          const eligibilityBooking = await reclassified(tx, body.eligibilityBooking, '/eligibilityBooking', read);
          // An eligibility pathway's execution, or an emergency found on one (stored and booked as such).
          if (eligibilityBooking.triageRequestType !== 'ELIGIBILITY_BOOKING' && eligibilityBooking.triageRequestType !== 'EMERGENCY_INDICATION') {
            const details = [{ path: '/eligibilityBooking/consultation/executionId', message: "is not an eligibility pathway's execution" }];
            throw new HttpError(400, detailsMessage(details), { details });
          }
          return { triageRequest: eligibilityBooking, stored: { eligibilityBooking, appointmentSlotId: body.appointmentSlotId } };
        }),
      );
    },
  );

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
