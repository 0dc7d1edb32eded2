// The practice API decides the request type of a medical request itself: an emergency result
// cannot be sent as a routine request (docs/patient-app.md "Safety-netting after an urgent result").
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { availability, ELIGIBILITY_BOOKING, slotsOf, SYMPTOM_BOOKING } from '../support/appointments-helpers';
import { AMELIA, repoRoot, startServer, type Json, type TestServer } from '../support/helpers';
import { BROWSER, ENGINE, finishedExample, start, walk } from '../support/walker';

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
const stored = async () =>
  (await server.app.inject({ method: 'GET', url: '/api/v1/practice/requests', headers: STAFF })).json() as Array<{
    kind: string;
    formType?: string;
    body: Json;
  }>;

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

/** Records the safety check's answers (and an override reason) on an execution, as the app does ($putCustomData). */
async function recordSafety(executionId: string, answers: Record<string, boolean>, reason?: string): Promise<void> {
  const entries: Json[] = Object.entries(answers).map(([q, value]) => ({ key: `emergencyQuestion.${q}`, type: 'BOOLEAN', value }));
  if (reason !== undefined) entries.push({ key: 'anEOverrideReason', type: 'STRING', value: reason });
  const response = await post(`${ENGINE}/GuidelineExecution/${executionId}/$putCustomData`, entries);
  expect(response.statusCode, response.body).toBe(200);
}
const SAFE_TO_WAIT = { drinksFluids: true, breathsNormally: true, passesUrine: true, ableToStandOrWalk: true };

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

  it('a valid override reason the practice offers makes it a consultation request (the safety answers and that reason recorded on the execution)', async () => {
    const done = await finished('ref-emergency: Difficulty breathing');
    await recordSafety(String(done.identifier), SAFE_TO_WAIT, 'by_end_tomorrow');
    const response = await post(
      '/api/v1/triage/patient/consultation',
      routineLabelled(String(done.identifier), { emergencyOverrideReason: 'by_end_tomorrow' }),
    );
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

  it('the practice inbox shows the safety check: the answers, that the patient will attend A&E, or the reason they gave to wait', async () => {
    const attending = await finished('ref-emergency: Difficulty breathing');
    await recordSafety(String(attending.identifier), { ...SAFE_TO_WAIT, breathsNormally: false });
    const safety = {
      emergencyQuestions: [
        { identifier: 'drinksFluids', question: 'Can you drink fluids?', answer: 'Yes' },
        { identifier: 'breathsNormally', question: 'Are you breathing normally?', answer: 'No' },
      ],
    };
    const body = routineLabelled(String(attending.identifier), safety);
    ((body.triageRequest as Json).consultation as Json).committedToConsultGp = false;
    expect((await post('/api/v1/triage/patient/consultation', body)).statusCode).toBe(201);
    const waiting = await finished('ref-emergency: Difficulty breathing');
    await recordSafety(String(waiting.identifier), SAFE_TO_WAIT, 'by_end_tomorrow');
    const second = routineLabelled(String(waiting.identifier), { ...safety, emergencyOverrideReason: 'by_end_tomorrow' });
    Object.assign((second.triageRequest as Json).consultation as Json, { committedToConsultGp: true, emergencyOverrideLabel: 'By end tomorrow' });
    expect((await post('/api/v1/triage/patient/consultation', second)).statusCode).toBe(201);

    const html = (await server.app.inject({ method: 'GET', url: '/practice/inbox', headers: STAFF })).body;
    const articles = html.split('<section aria-labelledby="appointments-heading">')[0]!.split('<article').slice(1);
    const ae = articles.find((a) => a.includes('data-emergency="true"'))!;
    expect(ae).toContain('<h3>Safety check</h3>');
    expect(ae).toContain('The patient said they will attend A&amp;E.');
    expect(ae).toContain('<dt>Are you breathing normally?</dt><dd>No</dd>');
    const override = articles.find((a) => !a.includes('data-emergency="true"'))!;
    expect(override).toContain('Why they said it is safe to wait for GP care: <strong>By end tomorrow</strong>');
    expect(override).not.toContain('will attend A&amp;E');
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

describe('the execution is required with the embedded engine (the body cannot say what it was)', () => {
  /** A routine-labelled request with the client's own emergency-free "recommendations" and no execution. */
  function withoutExecution(): Json {
    const body = routineLabelled('unused');
    const triageRequest = body.triageRequest as Json;
    triageRequest.consultation = { guidelineId: 'Triage.SoreThroat', type: 'CONSULTATION_REQUEST', channel: 'PAGE' };
    delete triageRequest.guidelineExecution;
    return body;
  }

  it('refuses a consultation without consultation.executionId with 400 naming the field, storing nothing', async () => {
    const response = await post('/api/v1/triage/patient/consultation', withoutExecution());
    expect(response.statusCode, response.body).toBe(400);
    const answer = response.json() as { message: string; details: Array<{ path: string; message: string }> };
    expect(answer.message).toContain('body/triageRequest/consultation/executionId');
    expect(answer.details).toEqual([
      { path: '/triageRequest/consultation/executionId', message: 'is required: the guideline execution the request comes from' },
    ]);
    expect(await stored()).toHaveLength(0);
  });

  it('refuses a consultation whose questionnaire is not finished (no recommendations yet: it would read as routine) with 409, storing nothing', async () => {
    const started = await start(server.app, 'Triage.SoreThroat', { age: 30, sexAtBirth: 'female' });
    expect(started.statusCode, started.body).toBe(201);
    const response = await post('/api/v1/triage/patient/consultation', routineLabelled(String((started.json() as Json).identifier)));
    expect(response.statusCode, response.body).toBe(409);
    expect((response.json() as { message: string }).message).toContain('still has questions to answer');
    expect(await stored()).toHaveLength(0);
  });

  it('refuses an unverified request whose triage primary has no executionId', async () => {
    const response = await post('/api/v1/triage/patient/unverified/requests', {
      primaryRequest: withoutExecution().triageRequest,
      associatedRequest: { triageRequestType: 'PATIENT_REFUSED_UPDATE_CONTACT', formType: 'PATIENT_REFUSED_UPDATE_CONTACT' },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect((response.json() as { details: Array<{ path: string }> }).details[0]!.path).toBe('/primaryRequest/consultation/executionId');
    expect(await stored()).toHaveLength(0);
  });

  it('refuses a symptom-assessment booking without executionId, booking nothing', async () => {
    const [pair] = slotsOf(await availability(server, 'referralId=ref-routine'));
    const response = await post(SYMPTOM_BOOKING, { ...withoutExecution(), appointmentSlotId: pair!.slot.id, availableAppointmentSession: pair!.session });
    expect(response.statusCode, response.body).toBe(400);
    expect((response.json() as { details: Array<{ path: string }> }).details[0]!.path).toBe('/triageRequest/consultation/executionId');
    expect(await stored()).toHaveLength(0);
    expect(slotsOf(await availability(server, 'referralId=ref-routine')).map((p) => p.slot.id)).toContain(pair!.slot.id);
  });
});

describe('bookings are classified by the practice too', () => {
  const staffAppointments = async () => (await server.app.inject({ method: 'GET', url: '/api/v1/practice/appointments', headers: STAFF })).json() as Json[];
  const physioSlot = async () => slotsOf(await availability(server, 'referralId=ref-routine&guidelineId=Eligibility.FirstContactPhysio'))[0]!;
  /** An eligibility booking's body from an execution, claiming ELIGIBILITY_BOOKING. */
  const eligibilityBooking = (execution: Json, pair: { session: Json; slot: Json }): Json => ({
    eligibilityBooking: {
      ...(routineLabelled(String(execution.identifier)).triageRequest as Json),
      triageRequestType: 'ELIGIBILITY_BOOKING',
      consultation: { guidelineId: 'Eligibility.FirstContactPhysio', executionId: execution.identifier },
    },
    appointmentSlotId: pair.slot.id,
    availableAppointmentSession: pair.session,
  });

  it('a symptom-assessment booking whose execution ended in A&E, sent as routine with no override, is booked and stored as EMERGENCY_INDICATION', async () => {
    const done = await finished('ref-ae: A rash that does not fade');
    const [pair] = slotsOf(await availability(server, 'referralId=ref-routine'));
    const response = await post(SYMPTOM_BOOKING, {
      ...routineLabelled(String(done.identifier)),
      appointmentSlotId: pair!.slot.id,
      availableAppointmentSession: pair!.session,
    });
    expect(response.statusCode, response.body).toBe(201);
    const { consultationId } = response.json() as { consultationId: string };
    const [request] = await stored();
    expect(request).toMatchObject({ id: consultationId, kind: 'CONSULTATION', formType: 'EMERGENCY_INDICATION' });
    const triageRequest = request!.body.triageRequest as Json;
    expect(triageRequest.triageRequestType).toBe('EMERGENCY_INDICATION');
    expect((triageRequest.consultation as Json).type).toBe('EMERGENCY_INDICATION');
    expect(triageRequest.clientTriageRequestType).toBe('CONSULTATION_REQUEST');
    expect((await staffAppointments()).find((a) => a.consultationId === consultationId)).toMatchObject({ appointmentStatus: 'BOOKED' });
  });

  it('a retried booking (same Idempotency-Key) gets its first answer, even once its execution has been stopped', async () => {
    const done = await finished('Routine sore throat');
    const [pair] = slotsOf(await availability(server, 'referralId=ref-routine'));
    const payload = { ...routineLabelled(String(done.identifier)), appointmentSlotId: pair!.slot.id, availableAppointmentSession: pair!.session };
    const headers = { ...BROWSER, 'idempotency-key': 'booking-retry-after-stop-1' };
    const first = await server.app.inject({ method: 'POST', url: SYMPTOM_BOOKING, headers, payload });
    expect(first.statusCode, first.body).toBe(201);
    expect((await post(`${ENGINE}/GuidelineExecution/${String(done.identifier)}/$stop`, undefined)).statusCode).toBe(200);
    // The answer was lost on the way back; the app sends the same booking again with its key.
    const retry = await server.app.inject({ method: 'POST', url: SYMPTOM_BOOKING, headers, payload });
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await stored()).toHaveLength(1);
    // Without the key the stopped execution is refused, as for a new request.
    const fresh = await post(SYMPTOM_BOOKING, payload);
    expect(fresh.statusCode, fresh.body).toBe(409);
  });

  it('refuses an eligibility booking that names a Triage.… execution with 400, booking nothing', async () => {
    const done = await finished('Routine sore throat');
    const pair = await physioSlot();
    const response = await post(ELIGIBILITY_BOOKING, eligibilityBooking(done, pair));
    expect(response.statusCode, response.body).toBe(400);
    expect((response.json() as { details: unknown }).details).toEqual([
      { path: '/eligibilityBooking/consultation/executionId', message: "is not an eligibility pathway's execution" },
    ]);
    expect(await stored()).toHaveLength(0);
    expect((await physioSlot()).slot.id).toBe(pair.slot.id);
  });

  it('an eligibility booking of an eligibility execution still books, stored as ELIGIBILITY_BOOKING', async () => {
    const done = await finishedExample(server.app, 'Eligibility.FirstContactPhysio', 'Suitable for FCP');
    const response = await post(ELIGIBILITY_BOOKING, eligibilityBooking(done, await physioSlot()));
    expect(response.statusCode, response.body).toBe(201);
    const [request] = await stored();
    expect(request).toMatchObject({ id: (response.json() as Json).consultationId, formType: 'ELIGIBILITY_BOOKING' });
    expect((request!.body.eligibilityBooking as Json).triageRequestType).toBe('ELIGIBILITY_BOOKING');
  });

  it('an eligibility booking whose execution ended in A&E is booked and stored as EMERGENCY_INDICATION', async () => {
    const done = await finishedExample(server.app, 'Eligibility.FirstContactPhysio', 'ref-ae: Weakness in both legs');
    const response = await post(ELIGIBILITY_BOOKING, eligibilityBooking(done, await physioSlot()));
    expect(response.statusCode, response.body).toBe(201);
    const [request] = await stored();
    expect(request?.formType).toBe('EMERGENCY_INDICATION');
    expect(request!.body.eligibilityBooking as Json).toMatchObject({
      triageRequestType: 'EMERGENCY_INDICATION',
      clientTriageRequestType: 'ELIGIBILITY_BOOKING',
    });
  });
});
