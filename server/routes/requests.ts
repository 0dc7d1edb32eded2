import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AdminRequest } from '../../generated/types/api/admin-request';
import type { ConsultationRequest } from '../../generated/types/api/consultation-request';
import type { UnverifiedRequests } from '../../generated/types/api/unverified-requests';
import type { ServerContext } from '../context.js';
import { HttpError } from '../errors.js';
import { ageOn, calendarDate } from '../../renderer/core/index';
import { recheckForm, type RecheckContext } from '../forms.js';
import { notifyRequestReceived } from '../notifications/index.js';
import { insertRequest, runIdempotent, type SubmissionAnswer } from '../store.js';
import { notifySelfHelp } from '../selfHelpNotification.js';
import { readExternalExecution, reclassifyTriageRequest } from '../triageClassification.js';
import { readCookie, TOKEN_PATTERN } from '../cookies.js';
import { screenStoredBody } from '../screening.js';
import { schemaId } from '../validation.js';
import { getSetting } from '../settingsStore.js';
import type { Sql } from '../store/index.js';
import { assertServiceOpen, ENGINE_KEY_COOKIE } from '../services/index.js';
import { assertBornBeforeToday, patientDateOfBirth } from '../dateOfBirth.js';
import { associatedRequestKeeper, triageRequestKeeper } from '../contractFields.js';
import { withCanonicalPatientPhones } from '../identity.js';
import { claimExecution, executionIdOf, lockExecution } from '../executionRequests.js';
import { attachPhotos } from '../photos/store.js';
import { photoRefsOf, photoRefsOfTriageRequest } from '../photos/refs.js';
import { photoKeyHashOf } from '../photos/key.js';

type Body = Record<string, unknown>;
/** A contract type (no index signature) read as a JSON object. */
const asBody = (value: object): Body => value as Body;
const PRACTICE_TIME_ZONE = 'Europe/London';
const ENVELOPE = new Set(['formType', 'triageRequestType', 'submittedDate', 'patient', 'associatedRequest']);

/**
 * What the form documents' parameters are read from, the same shape the app passes
 * (`resolveParameters` follows each parameter's declared `source`): the admin-forms and
 * notification settings, and the patient's age.
 */
export async function parameterContext(db: Sql, patient: { dateOfBirth?: string } | undefined): Promise<Record<string, unknown>> {
  // The practice's calendar day (a UK service), whatever the server machine's time zone; the
  // browser counts on the patient's own day, which is the same day in the UK.
  const age = patient?.dateOfBirth ? ageOn(patient.dateOfBirth, calendarDate(new Date(), PRACTICE_TIME_ZONE)) : undefined;
  return {
    adminForms: await getSetting(db, 'admin-forms'),
    notificationConfig: await getSetting(db, 'notification-config'),
    patient: { age: age !== undefined && age >= 0 ? age : undefined },
  };
}

function splitFields(body: Body): { envelope: Body; fields: Body } {
  const envelope: Body = {};
  const fields: Body = {};
  for (const [k, v] of Object.entries(body)) (ENVELOPE.has(k) ? envelope : fields)[k] = v;
  // The patient's phone numbers are stored in one spelling (E.164), as the form's own phone answers are.
  if (envelope.patient !== undefined) envelope.patient = withCanonicalPatientPhones(envelope.patient);
  return { envelope, fields };
}

/** Re-checks one admin request (settings read on `db`, the submission's transaction); returns what is stored: the envelope plus the pruned fields. */
async function checkAdminRequest(ctx: ServerContext, db: Sql, body: Body, pathPrefix: string): Promise<Body> {
  const { envelope, fields } = splitFields(body);
  const formType = String(envelope.formType);
  if (envelope.triageRequestType !== formType) {
    throw new HttpError(400, `body${pathPrefix}/triageRequestType must equal formType`, {
      details: [{ path: `${pathPrefix}/triageRequestType`, message: 'must equal formType' }],
    });
  }
  assertBornBeforeToday(patientDateOfBirth(envelope.patient), `${pathPrefix}/patient/dateOfBirth`);
  const recheck: RecheckContext = {
    core: ctx.formCore,
    docs: ctx.forms,
    parameterContext: await parameterContext(db, envelope.patient as { dateOfBirth?: string }),
  };
  // Which version of the form the answers were checked against (GET /api/v1/practice/documents/form/<id>/versions).
  return { ...envelope, ...recheckForm(recheck, formType, fields, pathPrefix), documentVersion: ctx.forms.versionOf(formType) };
}

/** The version of the pathway served when a consultation is stored (its guidelineId as the engine recorded it). */
function pathwayVersion(ctx: ServerContext, triageRequest: Body): { documentVersion?: { id: string; version: number; hash: string } } {
  const consultation = triageRequest.consultation as { guidelineId?: unknown } | undefined;
  const id = typeof consultation?.guidelineId === 'string' ? consultation.guidelineId : undefined;
  const served = id ? ctx.documents.get('pathway', id) : undefined;
  return served ? { documentVersion: { id: served.id, version: served.version, hash: served.hash } } : {};
}

function idempotencyKey(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  return Array.isArray(value) ? value[0] : value;
}

function send(reply: FastifyReply, answer: SubmissionAnswer) {
  return reply.code(answer.statusCode).send(answer.body);
}

function created(stored: { id: string; status: string; receivedAt: string }): SubmissionAnswer {
  return { statusCode: 201, body: { id: stored.id, status: stored.status, receivedAt: stored.receivedAt } };
}

/** Submissions (schemas/api/README.md, "Patients and requests"): admin request, consultation, unverified requests. */
export function registerRequestRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { store } = ctx;
  const contractOnly = triageRequestKeeper(ctx.ajv);
  const associatedContractOnly = associatedRequestKeeper(ctx.ajv);

  app.post<{ Body: AdminRequest }>(
    '/api/v1/triage/patient/admin/request',
    { schema: { body: { $ref: schemaId('admin-request') } } },
    async (request, reply) => {
      const body = request.body;
      const photoKey = photoKeyHashOf(request);
      const answer = await runIdempotent(store, idempotencyKey(request), 'admin-request', body, async (tx) => {
        await assertServiceOpen(tx, 'admin');
        const stored = screenStoredBody('ADMIN_REQUEST', await checkAdminRequest(ctx, tx, body, ''));
        const request = await insertRequest(tx, 'ADMIN_REQUEST', String(body.formType), stored);
        // The photos it refers to become its own, in its transaction: a refused one refuses the request.
        await attachPhotos(tx, request.id, photoRefsOf(ctx.forms.get(String(body.formType)), stored), photoKey, ctx.now());
        // Same transaction as the insert: an acknowledged request always has its confirmation queued.
        await notifyRequestReceived(tx, request.id, 'ADMIN_REQUEST', stored);
        return created(request);
      });
      return send(reply, answer);
    },
  );

  app.post<{ Body: ConsultationRequest }>(
    '/api/v1/triage/patient/consultation',
    { schema: { body: { $ref: schemaId('consultation-request') } } },
    async (request, reply) => {
      const body = request.body;
      const photoKey = photoKeyHashOf(request);
      // A practice's own engine (ENGINE_URL) is read before the transaction; the embedded one inside it.
      const read = await readExternalExecution(ctx, body.triageRequest, '/triageRequest', readCookie(request, ENGINE_KEY_COOKIE, TOKEN_PATTERN));
      const answer = await runIdempotent(store, idempotencyKey(request), 'consultation', body, async (tx) => {
        await assertServiceOpen(tx, 'medical');
        assertBornBeforeToday(patientDateOfBirth(body.triageRequest.patient), '/triageRequest/patient/dateOfBirth');
        await lockExecution(tx, executionIdOf(asBody(body.triageRequest)));
        // What the practice reads is the engine's record, not the client's (an emergency cannot arrive as routine).
        const triageRequest = contractOnly(await reclassifyTriageRequest(ctx, tx, asBody(body.triageRequest), '/triageRequest', read));
        const stored = screenStoredBody('CONSULTATION', {
          triageRequest,
          ...(body.context ? { context: body.context } : {}),
          ...pathwayVersion(ctx, triageRequest),
        });
        const request = await insertRequest(tx, 'CONSULTATION', String(triageRequest.triageRequestType), stored);
        await claimExecution(tx, executionIdOf(triageRequest), request.id, '/triageRequest');
        // The photos its answers (the engine's record) refer to become its own, or the request is refused.
        await attachPhotos(tx, request.id, photoRefsOfTriageRequest(triageRequest), photoKey, ctx.now());
        // Same transaction as the insert. An eligibility pathway's self-help outcome ("I will try
        // self-help first") is acknowledged by the self-help email itself, not by "we will reply".
        if ((await notifySelfHelp(ctx, tx, request.id, triageRequest)) === undefined) await notifyRequestReceived(tx, request.id, 'CONSULTATION', stored);
        return created(request);
      });
      return send(reply, answer);
    },
  );

  app.post<{ Body: UnverifiedRequests }>(
    '/api/v1/triage/patient/unverified/requests',
    { schema: { body: { $ref: schemaId('unverified-requests') } } },
    async (request, reply) => {
      const body = request.body;
      const primaryIsAdmin = typeof asBody(body.primaryRequest).formType === 'string';
      const read = primaryIsAdmin
        ? undefined
        : await readExternalExecution(ctx, body.primaryRequest, '/primaryRequest', readCookie(request, ENGINE_KEY_COOKIE, TOKEN_PATTERN));
      const photoKey = photoKeyHashOf(request);
      const answer = await runIdempotent(store, idempotencyKey(request), 'unverified-requests', body, async (tx) => {
        await assertServiceOpen(tx, primaryIsAdmin ? 'admin' : 'medical');
        if (!primaryIsAdmin) assertBornBeforeToday(patientDateOfBirth(body.primaryRequest.patient), '/primaryRequest/patient/dateOfBirth');
        if (!primaryIsAdmin) await lockExecution(tx, executionIdOf(asBody(body.primaryRequest)));
        const primary = primaryIsAdmin
          ? await checkAdminRequest(ctx, tx, asBody(body.primaryRequest), '/primaryRequest')
          : contractOnly(await reclassifyTriageRequest(ctx, tx, asBody(body.primaryRequest), '/primaryRequest', read));
        let associated: Body = associatedContractOnly(body.associatedRequest);
        if (body.associatedRequest.triageRequestType === 'CHANGE_OF_CONTACT_DETAILS') {
          associated = body.associatedRequest;
          const { envelope, fields } = splitFields(associated);
          const patient = (associated.patient ?? body.primaryRequest.patient) as { dateOfBirth?: string } | undefined;
          const recheck: RecheckContext = { core: ctx.formCore, docs: ctx.forms, parameterContext: await parameterContext(tx, patient) };
          associated = {
            ...envelope,
            ...recheckForm(recheck, 'CHANGE_OF_CONTACT_DETAILS', fields, '/associatedRequest'),
            documentVersion: ctx.forms.versionOf('CHANGE_OF_CONTACT_DETAILS'),
          };
        }
        const kindLabel = String(primary.formType ?? primary.triageRequestType);
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
    },
  );
}
