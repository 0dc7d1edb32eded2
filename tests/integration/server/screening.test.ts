// The server screens the patient's own words again (server/screening.ts), whatever the browser
// did: consultation, child and admin request free text is read with the emergency phrase list,
// the stored request records `screening.matched`, and the practice inbox (the staff page and GET
// /api/v1/practice/requests) shows the flag with the matched words.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { finishedExample, start, walk } from '../support/walker';
import { ADMIN_URL, AMELIA, contractAjv, expectValid, otherEnquiry, startServer, type Json, type TestServer, STAFF_AUTH } from '../support/helpers';

let server: TestServer;
const ajv = contractAjv();
beforeAll(async () => {
  server = await startServer({ controls: true });
});
afterAll(async () => server.cleanup());
afterEach(async () => {
  await server.app.inject({ method: 'POST', url: '/api/v1/practice/controls/reset', headers: STAFF_AUTH });
});

const post = (url: string, payload: unknown) => server.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown> });
const stored = async () => (await server.app.inject({ method: 'GET', url: '/api/v1/practice/requests', headers: STAFF_AUTH })).json() as Array<Json>;
const inbox = async () => (await server.app.inject({ method: 'GET', url: '/practice/inbox', headers: STAFF_AUTH })).body;

describe('admin requests', () => {
  it('records the matched words of a long text and shows them in the inbox', async () => {
    const response = await post(ADMIN_URL, otherEnquiry({ description: "Need my tablets. Also I've been vomiting blood since this morning" }));
    expect(response.statusCode).toBe(201);
    const list = await stored();
    expectValid(ajv, 'practice-requests', list);
    expect(list[0]!.body.screening).toEqual({ matched: [{ entryId: 'vomiting-blood', words: 'vomiting blood', tier: 'AE_NOW', crisis: false }] });
    const html = await inbox();
    expect(html).toContain("Patient's words flagged");
    expect(html).toContain('“vomiting blood”');
    expect(html).toContain('data-screening="AE_NOW"');
  });

  it('records nothing for words that do not match (negated, or a fit note)', async () => {
    expect((await post(ADMIN_URL, otherEnquiry({ description: 'No chest pain, I just need a fit note' }))).statusCode).toBe(201);
    const list = await stored();
    expect(list[0]!.body).not.toHaveProperty('screening');
    expect(await inbox()).not.toContain("Patient's words flagged");
  });

  it('ignores a screening the client sends and records its own', async () => {
    expect((await post(ADMIN_URL, otherEnquiry({ description: 'I want to die', screening: { matched: [] } }))).statusCode).toBe(201);
    const list = await stored();
    expect(list[0]!.body.screening).toEqual({ matched: [{ entryId: 'suicide', words: 'want to die', tier: 'CALL_999', crisis: true }] });
    expect(await inbox()).toContain('data-screening="crisis"');
  });
});

describe('the inbox order follows the words', () => {
  it('an admin request whose words match an emergency or crisis phrase sorts before routine requests sent after it', async () => {
    expect((await post(ADMIN_URL, otherEnquiry({ description: 'I want to die and I need to talk to someone' }))).statusCode).toBe(201);
    expect((await post(ADMIN_URL, otherEnquiry({ description: "Need my tablets. Also I've been vomiting blood since this morning" }))).statusCode).toBe(201);
    expect((await post(ADMIN_URL, otherEnquiry({ description: 'A routine question about my repeat prescription' }))).statusCode).toBe(201);
    const list = await stored();
    // Newest first would put the routine one on top; the words put the crisis (999) and the
    // vomiting blood (A&E) first, in tier order.
    expect(list.map((r) => (r.body as Json).description)).toEqual([
      'I want to die and I need to talk to someone',
      "Need my tablets. Also I've been vomiting blood since this morning",
      'A routine question about my repeat prescription',
    ]);
  });
});

describe('consultations and child requests', () => {
  // What the practice reads of a questionnaire is the engine's record (server/triageClassification.ts),
  // so the words screened are the answers the execution recorded, not the body's responseData.
  let triageRequest: Json;
  beforeEach(async () => {
    const started = await start(server.app, 'Triage.Non_specific', { age: 30, sexAtBirth: 'female' });
    expect(started.statusCode, started.body).toBe(201);
    const execution = await walk(server.app, started.json() as Json, { nsDescription: 'sore throat and my lips are going blue' });
    expect(execution.status).toBe('COMPLETED');
    triageRequest = {
      patient: { ...AMELIA, contactDetails: { emailAddress: 'amelia.testwell@example.com' } },
      triageRequestType: 'CONSULTATION_REQUEST',
      consultation: { guidelineId: 'Triage.Non_specific', guidelineName: 'Something else', executionId: execution.identifier, channel: 'EMAIL' },
      // A client's own answers count for nothing: the engine's are screened.
      responseData: [{ identifier: 'describe', observationType: 'TEXT', answer: [{ value: 'all fine' }] }],
    };
  });

  it("screens the recorded TEXT answers and the patient's own words of a consultation", async () => {
    const body = {
      triageRequest: { ...triageRequest, patientContext: { additionalInfo: 'face drooping on the left since lunch' } },
      context: { reasonInInbox: 'NO_APPOINTMENTS', appointmentsPresented: false },
    };
    expect((await post('/api/v1/triage/patient/consultation', body)).statusCode).toBe(201);
    const [request] = await stored();
    expect(request!.body.screening.matched.map((m: Json) => [m.entryId, m.words])).toEqual([
      ['blue-lips', 'lips are going blue'],
      ['stroke', 'face drooping'],
    ]);
    expect(await inbox()).toContain('“face drooping”');
  });

  it('counts a recorded question about a suicide plan answered Yes as crisis words', async () => {
    const execution = await finishedExample(server.app, 'Triage.Non_specific', 'Story: thoughts of suicide with a plan');
    const body = {
      triageRequest: { ...triageRequest, consultation: { ...(triageRequest.consultation as Json), executionId: execution.identifier } },
      context: { reasonInInbox: 'NO_APPOINTMENTS', appointmentsPresented: false },
    };
    expect((await post('/api/v1/triage/patient/consultation', body)).statusCode).toBe(201);
    const [request] = await stored();
    const matched = request!.body.screening.matched as Json[];
    expect(matched.some((m) => m.crisis === true && m.tier === 'CALL_999')).toBe(true);
  });

  it('screens the primary request of an unverified pair (a child request)', async () => {
    const body = { primaryRequest: triageRequest, associatedRequest: { triageRequestType: 'PATIENT_REFUSED_UPDATE_CONTACT' } };
    expect((await post('/api/v1/triage/patient/unverified/requests', body)).statusCode).toBe(201);
    const [request] = await stored();
    expect(request!.body.screening).toEqual({ matched: [{ entryId: 'blue-lips', words: 'lips are going blue', tier: 'CALL_999', crisis: false }] });
  });

  it('screens an admin primary request of an unverified pair', async () => {
    const body = {
      primaryRequest: otherEnquiry({
        description: 'my chest feels tight',
        associatedRequest: { formType: 'CHANGE_OF_CONTACT_DETAILS', triageRequestType: 'CHANGE_OF_CONTACT_DETAILS' },
      }),
      associatedRequest: { formType: 'CHANGE_OF_CONTACT_DETAILS', triageRequestType: 'CHANGE_OF_CONTACT_DETAILS', newEmail: 'amelia.new@example.com' },
    };
    expect((await post('/api/v1/triage/patient/unverified/requests', body)).statusCode).toBe(201);
    const [request] = await stored();
    expect(request!.body.screening.matched[0]).toMatchObject({ entryId: 'chest-pain', words: 'chest feels tight' });
  });
});
