import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../server/db';
import type { Sql } from '../../../server/store/index';
import { finishedExample } from './walker';
import type { TestServer } from './helpers';
import type { Json } from './helpers';

export const AVAILABILITY = '/api/v1/triage/nhs/available/appointments';
export const SYMPTOM_BOOKING = '/api/v1/triage/patient/symptom/assessments/book/appointment';
export const ELIGIBILITY_BOOKING = '/api/v1/triage/patient/eligibility-booking';
export const DIRECT_BOOKING = '/api/v1/triage/patient/direct-booking';
export const actionRequestUrl = (type: string, lid: string) => `/api/v1/triage/patient/action-request/${type}/${lid}`;
export const bookUrl = (lid: string) => `/api/v1/triage/nhs/book/appointment?linkUUID=${lid}`;
export const rescheduleUrl = (lid: string) => `/api/v1/triage/nhs/reschedule/appointment?linkUUID=${lid}`;
export const cancelUrl = (consultationId: string, lid: string) => `/api/v1/triage/nhs/cancel/appointment/${consultationId}?linkUUID=${lid}`;

/** The demo links of server/appointments/demoLinks.ts (listed in docs/api.md). */
export const LINKS = {
  booked: '677d8081-6678-49d5-9280-d19eb3053764',
  cancelled: '9758618c-671d-4960-bdab-337f58e26893',
  pastStart: '4035d870-84f3-4bc4-b45a-4c93fcf64318',
  requestExpired: 'cc9b3869-4669-40d8-9ba9-07e30c0cc416',
  practiceOnly: 'ba903abd-bc62-4ede-98b3-4f668c58cd4d',
  tooLate: '29b0d788-49e1-49ea-b2b0-23a7f3dc7300',
  practiceUpdated: 'b3c34af9-868a-49d0-9394-106871202765',
  recordChanged: 'b7a489c9-0c2b-4088-bc10-cc579d12692d',
  direct: '0c1f7e08-879f-4f13-82b1-d04475d4d888',
  directExpired: '086e459c-addb-4ae6-adc4-66d571b3dbae',
  directUsedUp: 'acd1d017-2a3d-45cc-ab7e-e65b78672125',
  directFull: 'd9729a19-e53d-4d7b-9aba-525d59f49d5b',
  selfBook: '8882a028-7277-4bfc-a61f-029713d3a084',
  selfBookPhysio: '030ae595-4324-4ff3-808f-d10a8e1d9ed6',
  selfBookPending: 'cc39bc86-281f-4d60-8461-f41ab7b7c00e',
  selfBookOutage: 'cdb79454-e267-4425-989f-b13a1252377d',
  selfBookTimeout: '39641740-175c-4665-902b-a0adb0254dd4',
} as const;

export const OMAR = { firstName: 'Omar', lastName: "O'Sample", dateOfBirth: '1972-11-03', sexAtBirth: 'male', postCode: 'LS6 2QT' } as const;

/** Staff credentials for practice reads when the staff sign-in is on (PRACTICE_API_TOKEN). */
export function staffHeaders(): Record<string, string> {
  const token = process.env.PRACTICE_API_TOKEN;
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** A fictional patient on record, added for load tests (distinct people booking at once). */
export function addTestPatients(
  db: Db,
  count: number,
  prefix = 'Loadtest',
): Array<{ firstName: string; lastName: string; dateOfBirth: string; postCode: string; sexAtBirth: 'female' }> {
  const insert = db.prepare(
    `INSERT OR IGNORE INTO patients (id, first_name, last_name, date_of_birth, sex_at_birth, postcode, nhs_number, email, mobile, ehr_state, update_contact_requested)
     VALUES (?, ?, ?, '1990-01-01', 'female', 'LS1 4AP', '9990000000', ?, NULL, 'ACTIVE', 0)`,
  );
  const patients = [];
  for (let i = 0; i < count; i++) {
    const lastName = `${prefix}${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + (Math.floor(i / 26) % 26))}${Math.floor(i / 676) || ''}`;
    insert.run(`p-${prefix}-${i}`, 'Test', lastName, `${lastName.toLowerCase()}@example.com`);
    patients.push({ firstName: 'Test', lastName, dateOfBirth: '1990-01-01', postCode: 'LS1 4AP', sexAtBirth: 'female' as const });
  }
  return patients;
}

/** addTestPatients through the store (either store: PostgreSQL has no INSERT OR IGNORE). */
export async function addTestPatientsTo(db: Sql, count: number, prefix = 'Loadtest'): Promise<ReturnType<typeof addTestPatients>> {
  const patients = [];
  for (let i = 0; i < count; i++) {
    const lastName = `${prefix}${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + (Math.floor(i / 26) % 26))}${Math.floor(i / 676) || ''}`;
    await db.run(
      `INSERT INTO patients (id, first_name, last_name, date_of_birth, sex_at_birth, postcode, nhs_number, email, mobile, ehr_state, update_contact_requested)
       VALUES (?, 'Test', ?, '1990-01-01', 'female', 'LS1 4AP', '9990000000', ?, NULL, 'ACTIVE', 0) ON CONFLICT (id) DO NOTHING`,
      [`p-${prefix}-${i}`, lastName, `${lastName.toLowerCase()}@example.com`],
    );
    patients.push({ firstName: 'Test', lastName, dateOfBirth: '1990-01-01', postCode: 'LS1 4AP', sexAtBirth: 'female' as const });
  }
  return patients;
}

/**
 * The triage request of a booking, from a finished execution of the embedded engine: the practice
 * classifies the request from that execution (`consultation.executionId`, required), not from
 * the type sent (server/triageClassification.ts).
 */
export function triageRequest(patient: Json, execution: Json, type = 'CONSULTATION_REQUEST'): Json {
  return {
    triageRequestType: type,
    patient: { ...patient, contactDetails: { emailAddress: 'test@example.com' } },
    consultation: { guidelineId: execution.guidelineId, executionId: execution.identifier },
  };
}

/** A finished routine sore-throat execution (top referral ref-routine): a CONSULTATION_REQUEST. */
export const routineExecution = (app: FastifyInstance): Promise<Json> => finishedExample(app, 'Triage.SoreThroat', 'Routine sore throat');

/** A finished first-contact physiotherapy execution that offers an appointment: an ELIGIBILITY_BOOKING. */
export const physioExecution = (app: FastifyInstance): Promise<Json> => finishedExample(app, 'Eligibility.FirstContactPhysio', 'Suitable for FCP');

export async function availability(server: TestServer, query: string): Promise<Json> {
  const response = await server.app.inject({ method: 'GET', url: `${AVAILABILITY}?${query}` });
  if (response.statusCode !== 200) throw new Error(`availability answered ${response.statusCode}: ${response.body}`);
  return response.json() as Json;
}

/** Every (session, slot) pair of an availability answer. */
export function slotsOf(answer: Json): Array<{ session: Json; slot: Json }> {
  return (answer.availableAppointmentSessions as Json[]).flatMap((session) => (session.slots as Json[]).map((slot) => ({ session, slot })));
}

/**
 * The Cookie header of a passed date-of-birth check on a link (server/appointments/linkProof.ts):
 * rescheduling or cancelling through a link needs it. The date of birth is the one the link is for.
 */
export async function linkProof(server: { app: FastifyInstance; store: Sql }, lid: string, parType = 'APPOINTMENT_CONFIRMED'): Promise<{ cookie: string }> {
  const row = await server.store.get<{ patient: string | null }>('SELECT patient FROM appt_links WHERE link_uuid = ?', [lid]);
  const dateOfBirth = (JSON.parse(row?.patient ?? 'null') as { dateOfBirth?: string } | null)?.dateOfBirth;
  if (!dateOfBirth) throw new Error(`link ${lid} is not bound to a patient`);
  const response = await server.app.inject({ method: 'POST', url: actionRequestUrl(parType, lid), payload: { dateOfBirth } });
  const set = response.headers['set-cookie'];
  const cookie = (Array.isArray(set) ? set : [set]).find((c): c is string => typeof c === 'string' && c.startsWith('gp_link_check='));
  if (response.statusCode !== 200 || !cookie) throw new Error(`no link proof for ${lid}: ${response.statusCode} ${response.body}`);
  return { cookie: cookie.split(';')[0]! };
}
