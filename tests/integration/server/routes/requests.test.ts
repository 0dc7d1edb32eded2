import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { finishedExample } from '../../support/walker';
import { ADMIN_URL, AMELIA, contractAjv, expectValid, otherEnquiry, startServer, type Json, type TestServer, STAFF_AUTH } from '../../support/helpers';

let server: TestServer;
const ajv = contractAjv();
beforeAll(async () => {
  server = await startServer({ controls: true });
});
afterAll(async () => server.cleanup());
afterEach(async () => {
  await server.app.inject({ method: 'POST', url: '/api/v1/practice/controls/reset', headers: STAFF_AUTH });
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: { ...(url.startsWith('/api/v1/practice/') ? STAFF_AUTH : {}), ...headers },
  });
const stored = async () => (await server.app.inject({ method: 'GET', url: '/api/v1/practice/requests', headers: STAFF_AUTH })).json() as Array<Json>;

describe('admin request (schemas/api/README.md)', () => {
  it('stores a valid request and answers 201 { id, status: NEW, receivedAt }', async () => {
    const response = await post(ADMIN_URL, otherEnquiry());
    expect(response.statusCode).toBe(201);
    const answer = response.json() as { id: string };
    expectValid(ajv, 'submission-response', answer);
    const list = await stored();
    expectValid(ajv, 'practice-requests', list);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: answer.id, kind: 'ADMIN_REQUEST', formType: 'OTHER_ENQUIRY', status: 'NEW' });
    expect(list[0]!.body).toMatchObject({ questionType: 'Medication', confirmedItsNotUrgent: true, patient: { lastName: 'Testwell' } });
  });

  it.each([
    ['a missing envelope field', otherEnquiry({ patient: undefined }), 'body/patient is required'],
    ['a wrong type', otherEnquiry({ patient: { ...AMELIA, lastName: ['x'] } }), 'body/patient/lastName must be string'],
    ['a bad date of birth', otherEnquiry({ patient: { ...AMELIA, dateOfBirth: '1985-13-45' } }), 'body/patient/dateOfBirth must match format "date"'],
    ['a bad submittedDate', otherEnquiry({ submittedDate: 'yesterday' }), 'body/submittedDate must match format "date-time"'],
    ['an unknown formType', otherEnquiry({ formType: 'PARKING_PERMIT', triageRequestType: 'PARKING_PERMIT' }), 'body/formType is not an admin form type'],
    [
      'a step that is not an admin form',
      otherEnquiry({ formType: 'CONTACT_DETAILS', triageRequestType: 'CONTACT_DETAILS' }),
      'body/formType is not an admin form type',
    ],
    ['triageRequestType other than formType', otherEnquiry({ triageRequestType: 'FIT_NOTE' }), 'body/triageRequestType must equal formType'],
    [
      'an unknown associated type',
      otherEnquiry({ associatedRequest: { formType: 'X', triageRequestType: 'X' } }),
      'body/associatedRequest/formType must be one of:',
    ],
  ])('refuses %s with 400 naming the field, storing nothing', async (_name, body, message) => {
    const response = await post(ADMIN_URL, body);
    expect(response.statusCode).toBe(400);
    const error = response.json() as { message: string };
    expectValid(ajv, 'error', error);
    expect(error.message).toContain(message);
    expect(await stored()).toHaveLength(0);
  });

  it('re-checks the form fields with the form document (its own messages)', async () => {
    const response = await post(ADMIN_URL, otherEnquiry({ description: undefined, confirmedItsNotUrgent: undefined }));
    expect(response.statusCode).toBe(400);
    const error = response.json() as { message: string; details: Array<{ path: string; message: string }> };
    expect(error.details).toEqual(
      expect.arrayContaining([
        { path: '/description', message: 'Please enter details of your enquiry.' },
        { path: '/confirmedItsNotUrgent', message: 'This form is for not urgent enquiries. If your enquiry is urgent, please call the practice.' },
      ]),
    );
    expect(error.message).toContain('body/description');
  });

  it.each([
    ['malformed JSON', '{"formType": ', 'application/json', 400],
    ['an empty JSON body', '', 'application/json', 400],
    ['a non-JSON content type', 'formType=OTHER_ENQUIRY', 'text/plain', 415],
    ['a body over the limit', JSON.stringify(otherEnquiry({ description: 'x'.repeat(300_000) })), 'application/json', 413],
  ])('answers %s with a 4xx error body', async (_name, payload, contentType, status) => {
    const response = await server.app.inject({ method: 'POST', url: ADMIN_URL, payload, headers: { 'content-type': contentType } });
    expect(response.statusCode).toBe(status);
    expectValid(ajv, 'error', response.json());
    expect(await stored()).toHaveLength(0);
  });

  it('does not store a field the form rules hide (real TEST_RESULTS document)', async () => {
    const body = {
      ...otherEnquiry(),
      formType: 'TEST_RESULTS',
      triageRequestType: 'TEST_RESULTS',
      type: 'Blood test',
      otherType: 'Hidden because type is not Other',
      when: '2025-09-01',
      where: 'Leeds General Infirmary',
    };
    delete (body as Record<string, unknown>).questionType;
    delete (body as Record<string, unknown>).description;
    delete (body as Record<string, unknown>).confirmedItsNotUrgent;
    expect((await post(ADMIN_URL, body)).statusCode).toBe(201);
    const [request] = await stored();
    expect(request!.body).toMatchObject({ type: 'Blood test', where: 'Leeds General Infirmary' });
    expect(request!.body).not.toHaveProperty('otherType');
    // Fields the document does not know are not stored either.
    expect(request!.body).not.toHaveProperty('questionType');
  });

  it('answers 412 "Outside normal operating hours" when the admin service is off or out of hours, and stores nothing', async () => {
    await post('/api/v1/practice/controls', { operationalState: { admin: { operationalStatus: 'SERVICE_OFF' } } });
    let response = await post(ADMIN_URL, otherEnquiry());
    expect(response.statusCode).toBe(412);
    expect(response.json()).toMatchObject({ statusCode: 412, message: 'Outside normal operating hours' });
    await post('/api/v1/practice/controls', { operationalState: { admin: { operationalStatus: 'SERVICE_ON', practiceCalendar: 'OUT_OF_HOURS' } } });
    response = await post(ADMIN_URL, otherEnquiry());
    expect(response.statusCode).toBe(412);
    // The medical service being off does not stop admin requests.
    await post('/api/v1/practice/controls', { operationalState: { admin: { practiceCalendar: 'IN_HOURS' }, medical: { operationalStatus: 'SERVICE_OFF' } } });
    expect((await post(ADMIN_URL, otherEnquiry())).statusCode).toBe(201);
    expect(await stored()).toHaveLength(1);
  });
});

describe('idempotency', () => {
  it('a retry with the same key returns the first answer and stores nothing new', async () => {
    const first = await post(ADMIN_URL, otherEnquiry(), { 'idempotency-key': 'key-seq-1' });
    const second = await post(ADMIN_URL, otherEnquiry(), { 'idempotency-key': 'key-seq-1' });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await stored()).toHaveLength(1);
  });

  it('treats the same body with keys in another order as the same request', async () => {
    const body = otherEnquiry();
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const first = await post(ADMIN_URL, body, { 'idempotency-key': 'key-order' });
    const second = await post(ADMIN_URL, reordered, { 'idempotency-key': 'key-order' });
    expect(second.json()).toEqual(first.json());
    expect(await stored()).toHaveLength(1);
  });

  it('a key reused with a different body is 422', async () => {
    await post(ADMIN_URL, otherEnquiry(), { 'idempotency-key': 'key-reuse' });
    const response = await post(ADMIN_URL, otherEnquiry({ description: 'Something else entirely' }), { 'idempotency-key': 'key-reuse' });
    expect(response.statusCode).toBe(422);
    expectValid(ajv, 'error', response.json());
    expect(await stored()).toHaveLength(1);
  });

  it('a refused request is not remembered: the same key may be retried once the service is back', async () => {
    await post('/api/v1/practice/controls', { operationalState: { admin: { operationalStatus: 'SERVICE_OFF' } } });
    expect((await post(ADMIN_URL, otherEnquiry(), { 'idempotency-key': 'key-412' })).statusCode).toBe(412);
    await post('/api/v1/practice/controls', { operationalState: { admin: { operationalStatus: 'SERVICE_ON' } } });
    expect((await post(ADMIN_URL, otherEnquiry(), { 'idempotency-key': 'key-412' })).statusCode).toBe(201);
    expect(await stored()).toHaveLength(1);
  });

  it('ten concurrent identical requests over real HTTP store exactly one record', async () => {
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const body = JSON.stringify(otherEnquiry());
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        fetch(`${address}${ADMIN_URL}`, { method: 'POST', body, headers: { 'content-type': 'application/json', 'idempotency-key': 'key-concurrent' } }),
      ),
    );
    const answers = await Promise.all(responses.map((r) => r.json()));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => (a as { id: string }).id)).size).toBe(1);
    expect(await stored()).toHaveLength(1);
  });
});

describe('consultation and unverified requests', () => {
  // From a finished execution, which the practice classifies the request by (the reset after each test clears it).
  let triageRequest: Json;
  beforeEach(async () => {
    const execution = await finishedExample(server.app, 'Triage.SoreThroat', 'Routine sore throat');
    triageRequest = {
      patient: { ...AMELIA, contactDetails: { emailAddress: 'amelia.testwell@example.com' } },
      triageRequestType: 'CONSULTATION_REQUEST',
      consultation: { guidelineId: 'Triage.SoreThroat', guidelineName: 'Sore throat', executionId: execution.identifier, channel: 'EMAIL' },
      responseData: [{ identifier: 'q1', observationType: 'BOOLEAN', answer: [{ value: true }] }],
    };
  });

  it('stores a consultation; 412 when the medical service is off', async () => {
    const body = { triageRequest, context: { reasonInInbox: 'NO_APPOINTMENTS', appointmentsPresented: false } };
    expect((await post('/api/v1/triage/patient/consultation', body)).statusCode).toBe(201);
    await post('/api/v1/practice/controls', { operationalState: { medical: { operationalStatus: 'SERVICE_OFF' } } });
    expect((await post('/api/v1/triage/patient/consultation', body)).statusCode).toBe(412);
    const list = await stored();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ kind: 'CONSULTATION', body: { context: { reasonInInbox: 'NO_APPOINTMENTS' } } });
  });

  it('refuses a consultation with a bad reasonInInbox or no patient', async () => {
    const bad = await post('/api/v1/triage/patient/consultation', { triageRequest, context: { reasonInInbox: 'BORED' } });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { message: string }).message).toContain('body/context/reasonInInbox');
    const noPatient = await post('/api/v1/triage/patient/consultation', { triageRequest: { triageRequestType: 'CONSULTATION_REQUEST' } });
    expect((noPatient.json() as { message: string }).message).toContain('body/triageRequest/patient is required');
  });

  it('stores an admin request with an associated change of contact details, re-checking both', async () => {
    const body = {
      primaryRequest: otherEnquiry({ associatedRequest: { formType: 'CHANGE_OF_CONTACT_DETAILS', triageRequestType: 'CHANGE_OF_CONTACT_DETAILS' } }),
      associatedRequest: { formType: 'CHANGE_OF_CONTACT_DETAILS', triageRequestType: 'CHANGE_OF_CONTACT_DETAILS', newEmail: 'amelia.new@example.com' },
    };
    expect((await post('/api/v1/triage/patient/unverified/requests', body)).statusCode).toBe(201);
    const [request] = await stored();
    expect(request).toMatchObject({ kind: 'UNVERIFIED_REQUESTS', formType: 'OTHER_ENQUIRY' });
    expect(request!.body.associatedRequest).toMatchObject({ newEmail: 'amelia.new@example.com' });

    const bad = await post('/api/v1/triage/patient/unverified/requests', {
      ...body,
      associatedRequest: { ...body.associatedRequest, newEmail: 'not-an-email' },
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { details: Array<{ path: string }> }).details[0]!.path).toBe('/associatedRequest/newEmail');
  });

  it('stores a triage request refused contact update', async () => {
    const body = { primaryRequest: triageRequest, associatedRequest: { triageRequestType: 'PATIENT_REFUSED_UPDATE_CONTACT' } };
    expect((await post('/api/v1/triage/patient/unverified/requests', body)).statusCode).toBe(201);
    expect((await stored())[0]).toMatchObject({ formType: 'CONSULTATION_REQUEST' });
  });
});

describe('a hidden field is not stored (small test document in tests/integration/server/forms)', () => {
  let custom: TestServer;
  beforeAll(async () => {
    custom = await startServer({ formsDir: path.join(path.dirname(fileURLToPath(import.meta.url)), '../../support/forms') });
  });
  afterAll(async () => custom.cleanup());

  it('prunes otherTopic while topic is not Other, keeps it when it is', async () => {
    const base = {
      formType: 'OTHER_ENQUIRY',
      triageRequestType: 'OTHER_ENQUIRY',
      submittedDate: '2025-10-01T09:30:00Z',
      patient: AMELIA,
      description: 'Hello',
    };
    expect((await custom.app.inject({ method: 'POST', url: ADMIN_URL, payload: { ...base, topic: 'Appointments', otherTopic: 'secret' } })).statusCode).toBe(
      201,
    );
    expect((await custom.app.inject({ method: 'POST', url: ADMIN_URL, payload: { ...base, topic: 'Other', otherTopic: 'Parking' } })).statusCode).toBe(201);
    const missing = await custom.app.inject({ method: 'POST', url: ADMIN_URL, payload: { ...base, topic: 'Other' } });
    expect(missing.statusCode).toBe(400);
    expect((missing.json() as { details: Array<{ path: string }> }).details.map((d) => d.path)).toEqual(['/otherTopic']);
    const list = (await custom.app.inject({ url: '/api/v1/practice/requests', headers: STAFF_AUTH })).json() as Array<{ body: Record<string, unknown> }>;
    expect(list[0]!.body).toMatchObject({ topic: 'Other', otherTopic: 'Parking' });
    expect(list[1]!.body.topic).toBe('Appointments');
    expect(list[1]!.body).not.toHaveProperty('otherTopic');
  });

  it('refuses a form type it has no document for with 400 naming the field (the form list is the documents loaded)', async () => {
    const response = await custom.app.inject({
      method: 'POST',
      url: ADMIN_URL,
      payload: { ...otherEnquiry(), formType: 'FIT_NOTE', triageRequestType: 'FIT_NOTE' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, details: [{ path: '/formType', message: 'is not an admin form type' }] });
  });
});
