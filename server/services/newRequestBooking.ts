import type { FastifyRequest } from 'fastify';
import type { EligibilityBooking } from '../../generated/types/api/eligibility-booking';
import type { SymptomAssessmentBooking } from '../../generated/types/api/symptom-assessment-booking';
import type { TriageRequest } from '../../generated/types/api/triage-request';
import type { ServerContext } from '../context.js';
import { triageRequestKeeper } from '../contractFields.js';
import { readCookie, TOKEN_PATTERN } from '../cookies.js';
import { detailsMessage, HttpError } from '../errors.js';
import { claimExecution, executionIdOf, lockExecution } from '../executionRequests.js';
import { enqueueNotifications, notifyRequestReceived } from '../notifications/index.js';
import { photoKeyHashOf } from '../photos/key.js';
import { photoRefsOfTriageRequest } from '../photos/refs.js';
import { attachPhotos } from '../photos/store.js';
import { selfHelpEvent } from '../selfHelpNotification.js';
import { ENGINE_KEY_COOKIE } from '../sessions.js';
import { insertRequest, type SubmissionAnswer } from '../storedRequests.js';
import type { Sql, StoredBooking, StoredTriageRequest } from '../store/index.js';
import { readExternalExecution, reclassifyTriageRequest, type ExecutionRead } from '../triageClassification.js';
import { assertSlotInSession, bookAppointment, type SlotChoice } from '../appointments/book.js';
import { runAppointmentTransaction } from '../appointments/transaction.js';
import { patientKeyOf } from '../appointments/patientKey.js';
import { allowedSlotTypesForRequest } from '../appointments/slotTypes.js';

/** The triage request as the booking handles it: the contract's fields, read as a JSON object. */
type BookedTriageRequest = TriageRequest & Record<string, unknown>;

/** What a booking of a new request stores: its triage request, reclassified, and the stored body around it. */
type Prepared = { triageRequest: BookedTriageRequest; stored: StoredBooking };

/** The Idempotency-Key header of a call, if it has one. */
export function idempotencyKey(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  return Array.isArray(value) ? value[0] : value;
}

/** Bookings that store their request in the same call (symptom assessment, eligibility), for one server. */
export function newRequestBookings(ctx: ServerContext) {
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
    return contractOnly(await reclassifyTriageRequest(ctx, tx, triageRequest as BookedTriageRequest, path, read)) as StoredTriageRequest & BookedTriageRequest;
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
    prepare: (tx: Sql) => Promise<Prepared>,
  ) => {
    assertSlotInSession(choice);
    return runAppointmentTransaction(ctx.store, { key: idempotencyKey(request), route, body: request.body }, async (tx) => {
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

  /** A symptom assessment's booking: its request and the booking in one transaction. */
  const bookSymptomAssessment = async (request: FastifyRequest, body: SymptomAssessmentBooking, now: number): Promise<SubmissionAnswer> => {
    const read = await readExternal(request, body.triageRequest, '/triageRequest');
    return bookNewRequest(request, 'symptom-assessment-booking', '/triageRequest', body, now, async (tx) => {
      // An emergency is stored as EMERGENCY_INDICATION and still booked (the inbox lists it first).
      const triageRequest = await reclassified(tx, body.triageRequest, '/triageRequest', read);
      const stored = {
        triageRequest,
        context: { appointmentsPresented: true, ...(body.guidelineFinishedOn ? { guidelineFinishedOn: body.guidelineFinishedOn } : {}) },
        appointmentSlotId: body.appointmentSlotId,
      };
      return { triageRequest, stored };
    });
  };

  /** An eligibility pathway's booking: its request and the booking in one transaction. */
  const bookEligibility = async (request: FastifyRequest, body: EligibilityBooking, now: number): Promise<SubmissionAnswer> => {
    if (body.eligibilityBooking.triageRequestType !== 'ELIGIBILITY_BOOKING') {
      const details = [{ path: '/eligibilityBooking/triageRequestType', message: 'must be ELIGIBILITY_BOOKING' }];
      throw new HttpError(400, detailsMessage(details), { details });
    }
    const read = await readExternal(request, body.eligibilityBooking, '/eligibilityBooking');
    return bookNewRequest(request, 'eligibility-booking', '/eligibilityBooking', body, now, async (tx) => {
      const eligibilityBooking = await reclassified(tx, body.eligibilityBooking, '/eligibilityBooking', read);
      // An eligibility pathway's execution, or an emergency found on one (stored and booked as such).
      if (eligibilityBooking.triageRequestType !== 'ELIGIBILITY_BOOKING' && eligibilityBooking.triageRequestType !== 'EMERGENCY_INDICATION') {
        const details = [{ path: '/eligibilityBooking/consultation/executionId', message: "is not an eligibility pathway's execution" }];
        throw new HttpError(400, detailsMessage(details), { details });
      }
      return { triageRequest: eligibilityBooking, stored: { eligibilityBooking, appointmentSlotId: body.appointmentSlotId } };
    });
  };

  return { bookSymptomAssessment, bookEligibility };
}
