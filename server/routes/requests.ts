import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AdminRequest } from '../../generated/types/api/admin-request';
import type { ConsultationRequest } from '../../generated/types/api/consultation-request';
import type { SubmissionResponse } from '../../generated/types/api/submission-response';
import type { TriageRequest } from '../../generated/types/api/triage-request';
import type { UnverifiedRequests } from '../../generated/types/api/unverified-requests';
import type { ServerContext } from '../context.js';
import { HttpError } from '../errors.js';
import { ageOn, calendarDate } from '../../renderer/core/index';
import { recheckForm, type RecheckContext } from '../forms.js';
import { notifyRequestReceived } from '../notifications/index.js';
import { insertRequest, runIdempotent, type SubmissionAnswer } from '../storedRequests.js';
import { notifySelfHelp } from '../selfHelpNotification.js';
import { readExternalExecution, reclassifyTriageRequest } from '../triageClassification.js';
import { readCookie, TOKEN_PATTERN } from '../cookies.js';
import { screenStoredBody } from '../screening.js';
import { schemaId } from '../validation.js';
import { getSetting } from '../settingsStore.js';
import type { AsJson, Sql, StoredAdminRequest, StoredAssociatedRequest, StoredTriageRequest } from '../store/index.js';
import { assertServiceOpen, ENGINE_KEY_COOKIE } from '../services/index.js';
import { assertBornBeforeToday, patientDateOfBirth } from '../dateOfBirth.js';
import { associatedRequestKeeper, triageRequestKeeper } from '../contractFields.js';
import { withCanonicalPatientPhones } from '../identity.js';
import { claimExecution, executionIdOf, lockExecution } from '../executionRequests.js';
import { attachPhotos } from '../photos/store.js';
import { photoRefsOf, photoRefsOfTriageRequest } from '../photos/refs.js';
import { photoKeyHashOf } from '../photos/key.js';
import { asObject, type JsonObject } from '../json.js';

const PRACTICE_TIME_ZONE = 'Europe/London';
const ENVELOPE = new Set(['formType', 'triageRequestType', 'submittedDate', 'patient', 'associatedRequest']);

/**
 * What the form documents' parameters are read from, the same shape the app passes
 * (`resolveParameters` follows each parameter's declared `source`): the admin-forms and
 * notification settings, and the patient's age.
 */
async function parameterContext(db: Sql, patient: { dateOfBirth?: string } | undefined): Promise<Record<string, unknown>> {
  // The practice's calendar day (a UK service), whatever the server machine's time zone; the
  // browser counts on the patient's own day, which is the same day in the UK.
  const age = patient?.dateOfBirth ? ageOn(patient.dateOfBirth, calendarDate(new Date(), PRACTICE_TIME_ZONE)) : undefined;
  return {
    adminForms: await getSetting(db, 'admin-forms'),
    notificationConfig: await getSetting(db, 'notification-config'),
    patient: { age: age !== undefined && age >= 0 ? age : undefined },
  };
}

/** A form's own fields in a request: every property but the envelope's. */
function formFields(body: JsonObject): JsonObject {
  return Object.fromEntries(Object.entries(body).filter(([k]) => !ENVELOPE.has(k)));
}

/** Re-checks one admin request (settings read on `db`, the submission's transaction); returns what is stored: the envelope plus the pruned fields. */
async function checkAdminRequest(ctx: ServerContext, db: Sql, body: AdminRequest, pathPrefix: string): Promise<StoredAdminRequest> {
  // The patient's phone numbers are stored in one spelling (E.164), as the form's own phone answers are.
  const patient = withCanonicalPatientPhones(body.patient);
  if (body.triageRequestType !== body.formType) {
    throw new HttpError(400, `body${pathPrefix}/triageRequestType must equal formType`, {
      details: [{ path: `${pathPrefix}/triageRequestType`, message: 'must equal formType' }],
    });
  }
  assertBornBeforeToday(patientDateOfBirth(patient), `${pathPrefix}/patient/dateOfBirth`);
  const recheck: RecheckContext = { core: ctx.formCore, docs: ctx.forms, parameterContext: await parameterContext(db, patient) };
  const envelope = {
    formType: body.formType,
    triageRequestType: body.triageRequestType,
    submittedDate: body.submittedDate,
    patient,
    ...(body.associatedRequest !== undefined ? { associatedRequest: body.associatedRequest } : {}),
  };
  // Which version of the form the answers were checked against (GET /api/v1/practice/documents/form/<id>/versions).
  const fields = recheckForm(recheck, body.formType, formFields(body), pathPrefix);
  return { ...envelope, ...fields, documentVersion: ctx.forms.versionOf(body.formType) };
}

/** An associated CHANGE_OF_CONTACT_DETAILS re-checked against its form like an admin request; the other kinds keep the contract's fields. */
async function checkAssociatedRequest(ctx: ServerContext, db: Sql, body: UnverifiedRequests): Promise<StoredAssociatedRequest> {
  const associated = body.associatedRequest;
  if (associated.triageRequestType !== 'CHANGE_OF_CONTACT_DETAILS') return associatedRequestKeeper(ctx.ajv)(associated);
  const patient = associated.patient ? withCanonicalPatientPhones(associated.patient) : undefined;
  const recheck: RecheckContext = { core: ctx.formCore, docs: ctx.forms, parameterContext: await parameterContext(db, patient ?? body.primaryRequest.patient) };
  const envelope = {
    triageRequestType: associated.triageRequestType,
    ...(associated.formType !== undefined ? { formType: associated.formType } : {}),
    ...(associated.submittedDate !== undefined ? { submittedDate: associated.submittedDate } : {}),
    ...(patient ? { patient } : {}),
  };
  const fields = recheckForm(recheck, 'CHANGE_OF_CONTACT_DETAILS', formFields(associated), '/associatedRequest');
  return { ...envelope, ...fields, documentVersion: ctx.forms.versionOf('CHANGE_OF_CONTACT_DETAILS') };
}

/** The version of the pathway served when a consultation is stored (its guidelineId as the engine recorded it). */
function pathwayVersion(ctx: ServerContext, triageRequest: StoredTriageRequest): { documentVersion?: { id: string; version: number; hash: string } } {
  const id = triageRequest.consultation?.guidelineId;
  const served = typeof id === 'string' && id ? ctx.documents.get('pathway', id) : undefined;
  return served ? { documentVersion: { id: served.id, version: served.version, hash: served.hash } } : {};
}

/** A contract triage request read as JSON by the helpers that look inside any request. */
const triageJson = (request: TriageRequest): AsJson<TriageRequest> => request;

/** The primary request of an unverified pair is an admin request when it names a form. */
const isAdminRequest = (request: AdminRequest | TriageRequest): request is AdminRequest => typeof asObject(request).formType === 'string';

function idempotencyKey(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  return Array.isArray(value) ? value[0] : value;
}

function send(reply: FastifyReply, answer: SubmissionAnswer) {
  return reply.code(answer.statusCode).send(answer.body);
}

function created(stored: { id: string; status: string; receivedAt: string }): SubmissionAnswer {
  const answer: SubmissionResponse = { id: stored.id, status: stored.status as SubmissionResponse['status'], receivedAt: stored.receivedAt };
  return { statusCode: 201, body: answer };
}

/** POST …/admin/request: re-checked by its form, stored, its photos attached and its confirmation queued in one transaction. */
function adminRequestRoute(ctx: ServerContext) {
  return async (request: FastifyRequest<{ Body: AdminRequest }>, reply: FastifyReply) => {
    const body = request.body;
    const photoKey = photoKeyHashOf(request);
    const answer = await runIdempotent(ctx.store, idempotencyKey(request), 'admin-request', body, async (tx) => {
      await assertServiceOpen(tx, 'admin');
      const stored = screenStoredBody('ADMIN_REQUEST', await checkAdminRequest(ctx, tx, body, ''));
      const request = await insertRequest(tx, 'ADMIN_REQUEST', body.formType, stored);
      // The photos it refers to become its own, in its transaction: a refused one refuses the request.
      await attachPhotos(tx, request.id, photoRefsOf(ctx.forms.get(body.formType), stored), photoKey, ctx.now());
      // Same transaction as the insert: an acknowledged request always has its confirmation queued.
      await notifyRequestReceived(tx, request.id, 'ADMIN_REQUEST', stored);
      return created(request);
    });
    return send(reply, answer);
  };
}

/** POST …/consultation: the engine's record of the questionnaire is what is stored, never the client's. */
function consultationRoute(ctx: ServerContext) {
  const contractOnly = triageRequestKeeper(ctx.ajv);
  return async (request: FastifyRequest<{ Body: ConsultationRequest }>, reply: FastifyReply) => {
    const body = request.body;
    const sent = triageJson(body.triageRequest);
    const photoKey = photoKeyHashOf(request);
    // A practice's own engine (ENGINE_URL) is read before the transaction; the embedded one inside it.
    const read = await readExternalExecution(ctx, sent, '/triageRequest', readCookie(request, ENGINE_KEY_COOKIE, TOKEN_PATTERN));
    const answer = await runIdempotent(ctx.store, idempotencyKey(request), 'consultation', body, async (tx) => {
      await assertServiceOpen(tx, 'medical');
      assertBornBeforeToday(patientDateOfBirth(sent.patient), '/triageRequest/patient/dateOfBirth');
      await lockExecution(tx, executionIdOf(sent));
      // What the practice reads is the engine's record, not the client's (an emergency cannot arrive as routine).
      const triageRequest = contractOnly(await reclassifyTriageRequest(ctx, tx, sent, '/triageRequest', read));
      const stored = screenStoredBody('CONSULTATION', {
        triageRequest,
        ...(body.context ? { context: body.context } : {}),
        ...pathwayVersion(ctx, triageRequest),
      });
      const request = await insertRequest(tx, 'CONSULTATION', triageRequest.triageRequestType, stored);
      await claimExecution(tx, executionIdOf(triageRequest), request.id, '/triageRequest');
      // The photos its answers (the engine's record) refer to become its own, or the request is refused.
      await attachPhotos(tx, request.id, photoRefsOfTriageRequest(triageRequest), photoKey, ctx.now());
      // Same transaction as the insert. An eligibility pathway's self-help outcome ("I will try
      // self-help first") is acknowledged by the self-help email itself, not by "we will reply".
      if ((await notifySelfHelp(ctx, tx, request.id, triageRequest)) === undefined) await notifyRequestReceived(tx, request.id, 'CONSULTATION', stored);
      return created(request);
    });
    return send(reply, answer);
  };
}

/** POST …/unverified/requests: a primary request (admin or medical) with its associated one, stored as one. */
function unverifiedRequestsRoute(ctx: ServerContext) {
  const contractOnly = triageRequestKeeper(ctx.ajv);
  return async (request: FastifyRequest<{ Body: UnverifiedRequests }>, reply: FastifyReply) => {
    const body = request.body;
    const sent = body.primaryRequest;
    const primaryIsAdmin = isAdminRequest(sent);
    const read = isAdminRequest(sent)
      ? undefined
      : await readExternalExecution(ctx, sent, '/primaryRequest', readCookie(request, ENGINE_KEY_COOKIE, TOKEN_PATTERN));
    const photoKey = photoKeyHashOf(request);
    const answer = await runIdempotent(ctx.store, idempotencyKey(request), 'unverified-requests', body, async (tx) => {
      await assertServiceOpen(tx, primaryIsAdmin ? 'admin' : 'medical');
      if (!isAdminRequest(sent)) assertBornBeforeToday(patientDateOfBirth(sent.patient), '/primaryRequest/patient/dateOfBirth');
      if (!isAdminRequest(sent)) await lockExecution(tx, executionIdOf(triageJson(sent)));
      const primary = isAdminRequest(sent)
        ? await checkAdminRequest(ctx, tx, sent, '/primaryRequest')
        : contractOnly(await reclassifyTriageRequest(ctx, tx, triageJson(sent), '/primaryRequest', read));
      const associated = await checkAssociatedRequest(ctx, tx, body);
      const kindLabel = 'formType' in primary && typeof primary.formType === 'string' ? primary.formType : primary.triageRequestType;
      const stored = screenStoredBody('UNVERIFIED_REQUESTS', { primaryRequest: primary, associatedRequest: associated });
      const request = await insertRequest(tx, 'UNVERIFIED_REQUESTS', kindLabel, stored);
      if (primaryIsAdmin) await attachPhotos(tx, request.id, photoRefsOf(ctx.forms.get(kindLabel), primary), photoKey, ctx.now());
      if (!primaryIsAdmin) await claimExecution(tx, executionIdOf(primary), request.id, '/primaryRequest');
      if (!primaryIsAdmin) await attachPhotos(tx, request.id, photoRefsOfTriageRequest(primary), photoKey, ctx.now());
      const newEmail =
        associated.triageRequestType === 'CHANGE_OF_CONTACT_DETAILS' && typeof associated.newEmail === 'string' ? associated.newEmail : undefined;
      if (primaryIsAdmin || (await notifySelfHelp(ctx, tx, request.id, primary, newEmail)) === undefined)
        await notifyRequestReceived(tx, request.id, 'UNVERIFIED_REQUESTS', stored);
      return created(request);
    });
    return send(reply, answer);
  };
}

/** Submissions (schemas/api/README.md, "Patients and requests"): admin request, consultation, unverified requests. */
export function registerRequestRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.post<{ Body: AdminRequest }>('/api/v1/triage/patient/admin/request', { schema: { body: { $ref: schemaId('admin-request') } } }, adminRequestRoute(ctx));
  app.post<{ Body: ConsultationRequest }>(
    '/api/v1/triage/patient/consultation',
    { schema: { body: { $ref: schemaId('consultation-request') } } },
    consultationRoute(ctx),
  );
  app.post<{ Body: UnverifiedRequests }>(
    '/api/v1/triage/patient/unverified/requests',
    { schema: { body: { $ref: schemaId('unverified-requests') } } },
    unverifiedRequestsRoute(ctx),
  );
}
