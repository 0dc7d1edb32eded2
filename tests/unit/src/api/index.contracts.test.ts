// The bodies the app sends are the generated contract types (generated/types/api), checked by the
// type checker: `npm run typecheck` covers tests/, so a call that goes back to an untyped or
// hand-written body fails it. The runtime half checks that each booking call's body is the one
// its URL's schema describes.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { apiValidator, createApiAjv } from '../../../../server/validation';
import type { AdminRequest } from '../../../../generated/types/api/admin-request';
import type { AppointmentBookingRequest } from '../../../../generated/types/api/appointment-booking-request';
import type { ConsultationRequest } from '../../../../generated/types/api/consultation-request';
import type { DirectBooking } from '../../../../generated/types/api/direct-booking';
import type { EligibilityBooking } from '../../../../generated/types/api/eligibility-booking';
import type { EngineContinueRequest } from '../../../../generated/types/api/engine-continue-request';
import type { EngineFinishRequest } from '../../../../generated/types/api/engine-finish-request';
import type { PatientActionRequestBody } from '../../../../generated/types/api/patient-action-request-body';
import type { PatientValidationRequest } from '../../../../generated/types/api/patient-validation-request';
import type { SymptomAssessmentBooking } from '../../../../generated/types/api/symptom-assessment-booking';
import type { TriageRequest } from '../../../../generated/types/api/triage-request';
import type { UnverifiedRequests } from '../../../../generated/types/api/unverified-requests';
import { APPOINTMENT_PATHS, bookingCall, fetchActionRequest, sendWithoutAppointment, type SlotChoice } from '../../../../src/api/appointments';
import { continueExecution, finishExecution } from '../../../../src/api/engine';
import { validatePatient } from '../../../../src/api/patients';
import { sendAdminRequest, sendConsultation, sendUnverifiedRequests } from '../../../../src/api/requests';
import { buildConsultation } from '../../../../src/flows/guideline/consultationBody';

describe('bodies are the generated contract types', () => {
  it('every submission and booking call takes its contract body', () => {
    expectTypeOf(sendConsultation).parameter(0).toEqualTypeOf<ConsultationRequest>();
    expectTypeOf(sendAdminRequest).parameter(0).toEqualTypeOf<AdminRequest>();
    expectTypeOf(sendUnverifiedRequests).parameter(0).toEqualTypeOf<UnverifiedRequests>();
    expectTypeOf(validatePatient).parameter(0).toEqualTypeOf<PatientValidationRequest>();
    expectTypeOf(fetchActionRequest).parameter(2).toEqualTypeOf<PatientActionRequestBody | undefined>();
    expectTypeOf(sendWithoutAppointment).parameter(0).toEqualTypeOf<TriageRequest>();
    expectTypeOf(continueExecution).parameter(1).toEqualTypeOf<EngineContinueRequest>();
    expectTypeOf(finishExecution).parameter(1).toEqualTypeOf<EngineFinishRequest>();
    expectTypeOf(buildConsultation).returns.toExtend<ConsultationRequest>();
    expectTypeOf(bookingCall).returns.toEqualTypeOf<
      | { url: string; body: SymptomAssessmentBooking }
      | { url: string; body: EligibilityBooking }
      | { url: string; body: DirectBooking }
      | { url: string; body: AppointmentBookingRequest }
    >();
  });

  it("each booking URL gets a body the server's schema for that URL accepts", () => {
    const ajv = createApiAjv(path.resolve(__dirname, '../../../../schemas/api'));
    const schemaOf = (url: string): string => {
      const route = Object.entries(BOOKING_SCHEMAS).find(([prefix]) => url.startsWith(prefix));
      if (!route) throw new Error(`No schema for ${url}`);
      return route[1];
    };
    const patient = { firstName: 'Amelia', lastName: 'Jones', dateOfBirth: '1990-04-02', postCode: 'LS1 4AP' };
    const choice: SlotChoice = {
      appointmentSlotId: 's1',
      availableAppointmentSession: { date: '2026-11-24', siteName: 'Main', sessionHolders: [], slots: [{ id: 's1', startTime: '09:00', type: 'Routine' }] },
      selectedSessionHolders: ['H1'],
    };
    const triageRequest: TriageRequest = { patient, triageRequestType: 'CONSULTATION_REQUEST' };
    const calls = [
      bookingCall({ kind: 'symptom-assessment', triageRequest, guidelineFinishedOn: '2026-11-23T10:00:00.000Z' }, choice),
      bookingCall({ kind: 'eligibility', eligibilityBooking: { ...triageRequest, triageRequestType: 'ELIGIBILITY_BOOKING' } }, choice),
      bookingCall({ kind: 'direct', linkUUID: 'L', patient }, choice),
      bookingCall({ kind: 'link-book', linkUUID: 'L', consultationId: 'C' }, choice),
      bookingCall({ kind: 'reschedule', linkUUID: 'L', consultationId: 'C' }, choice),
    ];
    for (const { url, body } of calls) {
      const validate = apiValidator(ajv, schemaOf(url));
      expect(validate(body), `${url}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    // The check can fail: a direct booking without its patient is refused.
    const direct = calls[2]!.body as DirectBooking;
    const { patient: _dropped, ...withoutPatient } = direct;
    expect(apiValidator(ajv, 'direct-booking')(withoutPatient)).toBe(false);
  });
});

/** The schema the server checks each booking URL's body with (server/routes/appointments.ts). */
const BOOKING_SCHEMAS: Record<string, string> = {
  [APPOINTMENT_PATHS.symptomAssessmentBooking]: 'symptom-assessment-booking',
  [APPOINTMENT_PATHS.eligibilityBooking]: 'eligibility-booking',
  [APPOINTMENT_PATHS.directBooking]: 'direct-booking',
  [APPOINTMENT_PATHS.book('')]: 'appointment-booking-request',
  [APPOINTMENT_PATHS.reschedule('')]: 'appointment-booking-request',
};

describe("the server's routes take the same types", () => {
  it('no route handler casts its body: bodies are typed by the route (app.post<{ Body: … }>)', () => {
    const serverDir = path.resolve(__dirname, '../../../../server');
    const casts = readdirSync(serverDir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) =>
        readFileSync(path.join(serverDir, f), 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `server/${f}:${i + 1}` }))
          .filter(({ line }) => /request\.body(\s*\?\?\s*\{\})?\)?\s+as\s/.test(line))
          .map(({ at, line }) => `${at}: ${line.trim()}`),
      );
    expect(casts).toEqual([]);
  });
});
