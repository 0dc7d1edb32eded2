import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import type { PatientValidationRequest } from '../../generated/types/api/patient-validation-request';
import { validatePatient } from '../patients.js';
import { schemaId } from '../validation.js';
import { assertBornBeforeToday } from '../dateOfBirth.js';

/** Patient match and validation (schemas/api/README.md, "Patients and requests"). Every status is a 200 answer; see patients.ts for the rules. */
export function registerPatientRoutes(app: FastifyInstance, { store }: ServerContext): void {
  const schema = { body: { $ref: schemaId('patient-validation-request') } };
  const handler = async (request: { body: PatientValidationRequest }) => {
    const { patient } = request.body;
    assertBornBeforeToday(patient.dateOfBirth, '/patient/dateOfBirth');
    return validatePatient(store, patient);
  };
  app.post<{ Body: PatientValidationRequest }>('/api/v1/triage/nhs/match/patient', { schema }, handler);
  app.post<{ Body: PatientValidationRequest }>('/api/v1/triage/nhs/next/validate/patient', { schema }, handler);
  // Optionally followed by a path segment, e.g. the flow or step name.
  app.post<{ Body: PatientValidationRequest }>('/api/v1/triage/nhs/next/validate/patient/:segment', { schema }, handler);
}
