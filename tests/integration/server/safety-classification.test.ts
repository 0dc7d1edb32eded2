// The practice API decides the request type of a medical request itself: an emergency result
// cannot be sent as a routine request (README.md "Safety-netting after an urgent result").
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AMELIA, repoRoot, startServer, type Json, type TestServer } from './helpers';
import { BROWSER, ENGINE, start, walk } from './engine/walker';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ controls: true });
});
afterAll(async () => server.cleanup());
afterEach(async () => {
  await server.app.inject({ method: 'POST', url: '/api/v1/practice/controls/reset', headers: STAFF });
});

/** Staff credentials for read-back when the practice side needs them (the bearer token the test configs set). */
const STAFF: Record<string, string> = process.env.PRACTICE_API_TOKEN ? { authorization: `Bearer ${process.env.PRACTICE_API_TOKEN}` } : {};
// Every call carries one browser's engine key: an execution answers only the browser that started it.
const post = (url: string, payload: unknown) => server.app.inject({ method: 'POST', url, headers: BROWSER, payload: payload as Record<string, unknown> });
const stored = async () => (await server.app.inject({ method: 'GET', url: '/api/v1/practice/requests', headers: STAFF })).json() as Array<{ kind: string; formType?: string; body: Json }>;

const soreThroat = JSON.parse(readFileSync(path.join(repoRoot, 'schemas/questionnaires/Triage.SoreThroat.json'), 'utf8')) as {
  examples: Array<{ name: string; answers: Json; expectTopReferral?: string }>;
};
const example = (prefix: string) => {
  const found = soreThroat.examples.find((e) => e.name.startsWith(prefix));
  if (!found) throw new Error(`no example ${prefix}`);
  return found;
};

/** A finished sore-throat execution with the given example's answers. */
async function finished(exampleName: string): Promise<Json> {
  const started = await start(server.app, 'Triage.SoreThroat', { age: 30, sexAtBirth: 'female' });
  expect(started.statusCode, started.body).toBe(201);
  const done = await walk(server.app, started.json() as Json, example(exampleName).answers as Json);
  expect(done.status).toBe('COMPLETED');
  return done;
}

/** What a client that lies would send: routine type, no recommendations of its own. */
function routineLabelled(executionId: string, extra: Json = {}): Json {
  return {
    triageRequest: {
      patient: { ...AMELIA, contactDetails: { emailAddress: 'amelia.testwell@example.com' } },
      triageRequestType: 'CONSULTATION_REQUEST',
      consultation: { guidelineId: 'Triage.SoreThroat', executionId, type: 'CONSULTATION_REQUEST', channel: 'PAGE' },
      guidelineExecution: { identifier: executionId, recommendations: [] },
      responseData: [],
      ...extra,
    },
  };
}

describe('the server re-derives the request type from the stored execution', () => {
  it('stores a routine-labelled emergency as EMERGENCY_INDICATION', async () => {
    const done = await finished('ref-emergency: Difficulty breathing');
    const response = await post('/api/v1/triage/patient/consultation', routineLabelled(String(done.identifier)));
    expect(response.statusCode, response.body).toBe(201);
    const [request] = await stored();
    expect(request?.formType).toBe('EMERGENCY_INDICATION');
    const triageRequest = request!.body.triageRequest as Json;
    expect(triageRequest.triageRequestType).toBe('EMERGENCY_INDICATION');
    expect((triageRequest.consultation as Json).type).toBe('EMERGENCY_INDICATION');
    expect(triageRequest.clientTriageRequestType).toBe('CONSULTATION_REQUEST');
  });

  it('a valid override reason the practice offers makes it a consultation request', async () => {
    const done = await finished('ref-emergency: Difficulty breathing');
    const response = await post('/api/v1/triage/patient/consultation', routineLabelled(String(done.identifier), { emergencyOverrideReason: 'by_end_tomorrow' }));
    expect(response.statusCode, response.body).toBe(201);
    const [request] = await stored();
    expect((request!.body.triageRequest as Json).triageRequestType).toBe('CONSULTATION_REQUEST');
    expect((request!.body.triageRequest as Json).emergencyOverrideReason).toBe('by_end_tomorrow');
  });

  it.each([
    ['none_of_the_above (not safe to wait)', 'none_of_the_above'],
    ['a reason the practice does not offer', 'made_up_reason'],
    ['an empty reason', ''],
  ])('%s does not count: EMERGENCY_INDICATION', async (_name, reason) => {
    const done = await finished('ref-emergency: Difficulty breathing');
    const response = await post('/api/v1/triage/patient/consultation', routineLabelled(String(done.identifier), { emergencyOverrideReason: reason }));
    expect(response.statusCode, response.body).toBe(201);
    expect(((await stored())[0]!.body.triageRequest as Json).triageRequestType).toBe('EMERGENCY_INDICATION');
  });

  it('an emergency-labelled routine result is stored as what it is', async () => {
    const done = await finished('Routine sore throat');
    const body = routineLabelled(String(done.identifier));
    (body.triageRequest as Json).triageRequestType = 'EMERGENCY_INDICATION';
    expect((await post('/api/v1/triage/patient/consultation', body)).statusCode).toBe(201);
    expect(((await stored())[0]!.body.triageRequest as Json).triageRequestType).toBe('CONSULTATION_REQUEST');
  });

  it('the unverified-requests call is re-derived too', async () => {
    const done = await finished('ref-emergency: Difficulty breathing');
    const response = await post('/api/v1/triage/patient/unverified/requests', {
      primaryRequest: routineLabelled(String(done.identifier)).triageRequest,
      associatedRequest: { triageRequestType: 'PATIENT_REFUSED_UPDATE_CONTACT', formType: 'PATIENT_REFUSED_UPDATE_CONTACT' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const [request] = await stored();
    expect(request?.formType).toBe('EMERGENCY_INDICATION');
    expect((request!.body.primaryRequest as Json).triageRequestType).toBe('EMERGENCY_INDICATION');
  });

  it('refuses an execution id the engine does not know with 400 naming the field, storing nothing', async () => {
    const response = await post('/api/v1/triage/patient/consultation', routineLabelled('00000000-0000-4000-8000-000000000000'));
    expect(response.statusCode).toBe(400);
    expect((response.json() as { message: string }).message).toContain('body/triageRequest/consultation/executionId');
    expect(await stored()).toHaveLength(0);
  });

  it('refuses a stopped execution with 409 (the patient ended it; nothing to send)', async () => {
    const done = await finished('ref-emergency: Difficulty breathing');
    expect((await post(`${ENGINE}/GuidelineExecution/${String(done.identifier)}/$stop`, undefined)).statusCode).toBe(200);
    const response = await post('/api/v1/triage/patient/consultation', routineLabelled(String(done.identifier)));
    expect(response.statusCode).toBe(409);
    expect(await stored()).toHaveLength(0);
  });

  it('the practice inbox lists emergency indications first and marks them', async () => {
    const emergency = await finished('ref-emergency: Difficulty breathing');
    expect((await post('/api/v1/triage/patient/consultation', routineLabelled(String(emergency.identifier)))).statusCode).toBe(201);
    const routine = await finished('Routine sore throat');
    expect((await post('/api/v1/triage/patient/consultation', routineLabelled(String(routine.identifier)))).statusCode).toBe(201);
    const html = (await server.app.inject({ method: 'GET', url: '/practice/inbox', headers: STAFF })).body;
    // The requests come before the appointments section (whose bookings are articles too).
    const articles = html.split('<section aria-labelledby="appointments-heading">')[0]!.split('<article').slice(1);
    expect(articles).toHaveLength(2);
    expect(articles[0]).toContain('data-emergency="true"');
    expect(articles[0]).toContain('Emergency indication</strong>');
    expect(articles[0]).toContain('EMERGENCY_INDICATION');
    expect(articles[1]).not.toContain('data-emergency');
    expect(articles[1]).toContain('CONSULTATION_REQUEST');
  });
});
