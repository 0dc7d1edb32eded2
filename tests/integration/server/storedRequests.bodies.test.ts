// Bodies are the contract: a stored request keeps only what schemas/api defines, one finished
// questionnaire backs one request, and its answers stop changing once the practice has it. Over
// real HTTP, on the store of the run (SQLite in `integration`, PostgreSQL in `integration-pg`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortReference } from '../../../server/notifications/index.js';
import { AVAILABILITY, SYMPTOM_BOOKING, slotsOf, triageRequest } from '../support/appointments-helpers.js';
import { BROWSER, ENGINE, finishedExample, overHttp } from '../support/walker.js';
import { AMELIA, STAFF_AUTH, startServer, type Json, type TestServer } from '../support/helpers.js';
import { STORE } from '../support/postgres.js';

let server: TestServer;
let base: string;
beforeAll(async () => {
  server = await startServer({ notifications: { autoStart: false } });
  base = await server.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => server?.cleanup());

async function call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: Json; size: number }> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...BROWSER, ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : {}) as Json, size: text.length };
}

const JUNK = 'x'.repeat(60_000);

function consultation(done: Json, extra: Json = {}, consultationExtra: Json = {}): Json {
  return {
    triageRequest: {
      patient: { ...AMELIA, contactDetails: { emailAddress: 'amelia.testwell@example.com' } },
      triageRequestType: 'CONSULTATION_REQUEST',
      consultation: { guidelineId: 'Triage.SoreThroat', executionId: done.identifier, type: 'CONSULTATION_REQUEST', channel: 'PAGE', ...consultationExtra },
      guidelineExecution: { identifier: done.identifier, recommendations: [] },
      responseData: [],
      notificationEvents: [{ channel: 'EMAIL', event: 'REQUEST_RECEIVED' }],
      ...extra,
    },
    context: { reasonInInbox: 'NO_APPOINTMENTS', appointmentsPresented: false },
  };
}

async function storedBody(id: string): Promise<Json> {
  const list = await call('GET', '/api/v1/practice/requests?limit=100', undefined, STAFF_AUTH);
  expect(list.status).toBe(200);
  const row = (list.json as unknown as Json[]).find((r) => r.id === id);
  expect(row).toBeDefined();
  return row!.body as Json;
}

describe(`stored request bodies (${STORE})`, () => {
  it('refuse a field outside the contract with 400 naming it (at the top and in the consultation); nothing is stored', async () => {
    const done = await finishedExample(overHttp(base), 'Triage.SoreThroat', 'Routine sore throat');
    const top = await call('POST', '/api/v1/triage/patient/consultation', consultation(done, { junk: JUNK }));
    expect(top.status).toBe(400);
    expect(top.json.details).toEqual([{ path: '/triageRequest/junk', message: 'is not allowed' }]);
    expect(top.json.message).toContain('body/triageRequest/junk is not allowed');
    expect(top.size).toBeLessThan(2_000);
    const inner = await call('POST', '/api/v1/triage/patient/consultation', consultation(done, {}, { junk: JUNK }));
    expect(inner.status).toBe(400);
    expect(inner.json.details).toEqual([{ path: '/triageRequest/consultation/junk', message: 'is not allowed' }]);
    const list = await call('GET', '/api/v1/practice/requests?limit=100', undefined, STAFF_AUTH);
    expect(JSON.stringify(list.json)).not.toContain(String(done.identifier));
  });

  it("keep only the contract's own values: the referral is the engine's, not the client's", async () => {
    const done = await finishedExample(overHttp(base), 'Triage.SoreThroat', 'Routine sore throat');
    const sent = await call('POST', '/api/v1/triage/patient/consultation', consultation(done, {}, { isAiLed: false, referralId: 'made-up' }));
    expect(sent.status).toBe(201);
    const body = await storedBody(sent.json.id as string);
    const triageRequest = body.triageRequest as Json;
    // The contract's own fields stay (isAiLed: the app's; the referral: the engine's, not the client's).
    expect(triageRequest.consultation).toMatchObject({ isAiLed: false, executionId: done.identifier });
    expect((triageRequest.consultation as Json).referralId).not.toBe('made-up');
    expect(triageRequest.notificationEvents).toEqual([{ channel: 'EMAIL', event: 'REQUEST_RECEIVED' }]);
  });

  it('"will attend A&E" (committedToConsultGp: false) is not stored on a request that never went through the safety check', async () => {
    const done = await finishedExample(overHttp(base), 'Triage.SoreThroat', 'Routine sore throat');
    const sent = await call('POST', '/api/v1/triage/patient/consultation', consultation(done, {}, { committedToConsultGp: false }));
    expect(sent.status).toBe(201);
    const stored = (await storedBody(sent.json.id as string)).triageRequest as Json;
    expect(stored.consultation).not.toHaveProperty('committedToConsultGp');
    // …so the inbox does not say it.
    const inbox = await fetch(`${base}/practice/inbox`, { headers: STAFF_AUTH });
    expect(inbox.status).toBe(200);
    const page = await inbox.text();
    expect(page).toContain(`id ${String(sent.json.id)}`);
    expect(page).not.toContain('The patient said they will attend A&amp;E.');
  });

  it('one finished questionnaire backs one request: a second is 409 with the first reference; a retry with its key gets the first answer', async () => {
    const done = await finishedExample(overHttp(base), 'Triage.SoreThroat', 'Routine sore throat');
    const key = { 'idempotency-key': `bodies-${String(done.identifier)}` };
    const first = await call('POST', '/api/v1/triage/patient/consultation', consultation(done), key);
    expect(first.status).toBe(201);
    expect((await call('POST', '/api/v1/triage/patient/consultation', consultation(done), key)).json).toEqual(first.json);
    const reference = shortReference(first.json.id as string);
    // Again with a new key, and as an unverified request: both refused, naming the first.
    const again = await call('POST', '/api/v1/triage/patient/consultation', consultation(done, { patientContext: { additionalInfo: 'again' } }));
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ reason: 'ALREADY_SENT', details: [{ path: '/triageRequest/consultation/executionId' }] });
    expect(again.json.message).toContain(reference);
    const unverified = await call('POST', '/api/v1/triage/patient/unverified/requests', {
      primaryRequest: (consultation(done) as { triageRequest: Json }).triageRequest,
      associatedRequest: { triageRequestType: 'PATIENT_REFUSED_UPDATE_CONTACT', formType: 'PATIENT_REFUSED_UPDATE_CONTACT', junk: JUNK },
    });
    expect(unverified.status).toBe(409);
    expect(unverified.json.message).toContain(reference);
    // Concurrent sends of another finished questionnaire: exactly one stored.
    const other = await finishedExample(overHttp(base), 'Triage.SoreThroat', 'Routine sore throat');
    const burst = await Promise.all(Array.from({ length: 8 }, () => call('POST', '/api/v1/triage/patient/consultation', consultation(other))));
    expect(burst.filter((a) => a.status === 201)).toHaveLength(1);
    expect(burst.filter((a) => a.status === 409)).toHaveLength(7);
  });

  it('an execution whose request is stored can no longer change through $continue', async () => {
    const done = await finishedExample(overHttp(base), 'Triage.SoreThroat', 'Routine sore throat');
    expect(done.status).toBe('COMPLETED');
    expect((await call('POST', '/api/v1/triage/patient/consultation', consultation(done))).status).toBe(201);
    const sectionId = String((done.responseData as Json[] | undefined)?.[0]?.identifier ?? 'any').split('.')[0];
    const changed = await call('POST', `${ENGINE}/GuidelineExecution/${String(done.identifier)}/$continue`, { sectionId, responseData: [] });
    expect(changed.status).toBe(409);
    expect(changed.json.message).toContain('has been sent to the practice');
  });

  it('an associated request keeps only its contract fields', async () => {
    const done = await finishedExample(overHttp(base), 'Triage.SoreThroat', 'Routine sore throat');
    const sent = await call('POST', '/api/v1/triage/patient/unverified/requests', {
      primaryRequest: (consultation(done) as { triageRequest: Json }).triageRequest,
      associatedRequest: { triageRequestType: 'PATIENT_REFUSED_UPDATE_CONTACT', formType: 'PATIENT_REFUSED_UPDATE_CONTACT', junk: JUNK },
    });
    expect(sent.status).toBe(201);
    const body = await storedBody(sent.json.id as string);
    expect(body.associatedRequest).toEqual({ triageRequestType: 'PATIENT_REFUSED_UPDATE_CONTACT', formType: 'PATIENT_REFUSED_UPDATE_CONTACT' });
  });

  it('a booking after a questionnaire refuses fields outside the contract too', async () => {
    const done = await finishedExample(overHttp(base), 'Triage.SoreThroat', 'Routine sore throat');
    const later = Date.now() + 3 * 60 * 60_000;
    const listing = await call('GET', `${AVAILABILITY}?referralId=ref-routine`);
    expect(listing.status).toBe(200);
    const pair = slotsOf(listing.json).find((p) => (p.slot.dateTimeInMilliseconds as number) > later)!;
    const request = triageRequest(AMELIA, { guidelineId: 'Triage.SoreThroat', identifier: done.identifier });
    const booked = await call('POST', SYMPTOM_BOOKING, {
      triageRequest: { ...request, junk: JUNK, consultation: { ...(request.consultation as Json), junk: JUNK } },
      appointmentSlotId: pair.slot.id,
      availableAppointmentSession: pair.session,
    });
    expect(booked.status).toBe(400);
    expect((booked.json.details as Json[]).map((d) => d.path)).toEqual(['/triageRequest/junk', '/triageRequest/consultation/junk']);
    const list = await call('GET', '/api/v1/practice/requests?limit=100', undefined, STAFF_AUTH);
    expect(JSON.stringify(list.json)).not.toContain(String(done.identifier));
  });
});
