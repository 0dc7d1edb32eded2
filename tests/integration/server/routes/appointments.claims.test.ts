// One finished questionnaire backs one request, whether it is sent on its own or with a booking:
// a booking after a questionnaire claims its execution like a request does, so one questionnaire
// cannot back a request and a booking, nor several bookings. A second use is 409 naming the first
// one's reference. Over real HTTP, on the store of the run: on PostgreSQL (integration-pg) over two
// server instances on one database, each on its own port; on SQLite over the one instance that
// owns the data folder.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortReference } from '../../../../server/notifications/index.js';
import { limitScaleFrom, practiceLimits, setLimitScale } from '../../../../server/limits.js';
import { addTestPatientsTo, AVAILABILITY, ELIGIBILITY_BOOKING, slotsOf, SYMPTOM_BOOKING, triageRequest } from '../../support/appointments-helpers.js';
import { BROWSER, ENGINE, finishedExample, overHttp } from '../../support/walker.js';
import { AMELIA, STAFF_AUTH, startServer, type Json, type TestServer } from '../../support/helpers.js';
import { freshPostgresDatabase, STORE } from '../../support/postgres.js';

const CONSULTATION = '/api/v1/triage/patient/consultation';
const UNVERIFIED = '/api/v1/triage/patient/unverified/requests';

interface Instance {
  server: TestServer;
  base: string;
  call(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; json: Json }>;
}

let instances: Instance[] = [];
let database: { url: string; drop(): Promise<void> } | undefined;
let patients: Json[] = [];

async function instance(databaseUrl?: string): Promise<Instance> {
  const server = await startServer({ notifications: { autoStart: false }, ...(databaseUrl ? { databaseUrl } : {}) });
  const base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    server,
    base,
    async call(method, url, body, headers = {}) {
      const response = await fetch(`${base}${url}`, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...BROWSER, ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, json: (text ? JSON.parse(text) : {}) as Json };
    },
  };
}

beforeAll(async () => {
  if (STORE === 'postgres') {
    database = await freshPostgresDatabase();
    // One after the other: each seeds the demo practice on start.
    instances = [await instance(database.url), await instance(database.url)];
  } else {
    const only = await instance();
    instances = [only, only];
  }
  // Distinct patients on record, so the per-patient booking cap is never what refuses a booking here.
  patients = await addTestPatientsTo(instances[0]!.server.store, 40, 'Claimtest');
}, 120_000);

afterAll(async () => {
  for (const s of new Set(instances)) await s.server.cleanup();
  await database?.drop();
});

let nextPatient = 0;
const patient = () => patients[nextPatient++]!;

/** Free routine slots at least three hours ahead, each handed out once across the file. */
const handedOut = new Set<string>();
async function freeSlots(n: number, query = 'referralId=ref-routine'): Promise<Array<{ session: Json; slot: Json }>> {
  const listing = await instances[1]!.call('GET', `${AVAILABILITY}?${query}`);
  expect(listing.status).toBe(200);
  const later = Date.now() + 3 * 60 * 60_000;
  const pairs = slotsOf(listing.json).filter((p) => (p.slot.dateTimeInMilliseconds as number) > later && !handedOut.has(p.slot.id as string));
  expect(pairs.length).toBeGreaterThanOrEqual(n);
  const chosen = pairs.slice(0, n);
  for (const p of chosen) handedOut.add(p.slot.id as string);
  return chosen;
}

const routine = () => finishedExample(overHttp(instances[0]!.base), 'Triage.SoreThroat', 'Routine sore throat');

function booking(execution: Json, who: Json, pair: { session: Json; slot: Json }): Json {
  return { triageRequest: triageRequest(who, execution), appointmentSlotId: pair.slot.id, availableAppointmentSession: pair.session };
}

function consultation(execution: Json, note = 'claim test'): Json {
  return {
    triageRequest: {
      patient: { ...AMELIA, contactDetails: { emailAddress: 'amelia.testwell@example.com' } },
      triageRequestType: 'CONSULTATION_REQUEST',
      consultation: { guidelineId: 'Triage.SoreThroat', executionId: execution.identifier, type: 'CONSULTATION_REQUEST', channel: 'PAGE' },
      guidelineExecution: { identifier: execution.identifier, recommendations: [] },
      responseData: [],
      patientContext: { additionalInfo: note },
    },
    context: { reasonInInbox: 'NO_APPOINTMENTS', appointmentsPresented: false },
  };
}

/** The stored requests (staff read-back) built from this execution. */
async function requestsOf(executionId: unknown): Promise<Json[]> {
  const list = await instances[1]!.call('GET', '/api/v1/practice/requests?limit=200', undefined, STAFF_AUTH);
  expect(list.status).toBe(200);
  return (list.json as unknown as Json[]).filter((r) => JSON.stringify(r.body).includes(String(executionId)));
}

/** The practice's appointments (staff read-back) on these slots. */
async function appointmentsOn(slotIds: unknown[]): Promise<Json[]> {
  const list = await instances[0]!.call('GET', '/api/v1/practice/appointments?limit=200', undefined, STAFF_AUTH);
  expect(list.status).toBe(200);
  return (list.json as unknown as Json[]).filter((a) => slotIds.includes((a.appointmentBooking as Json | undefined)?.slot?.id));
}

function expectAlreadySent(answer: { status: number; json: Json }, firstId: unknown, path = '/triageRequest'): void {
  expect(answer.status, JSON.stringify(answer.json)).toBe(409);
  expect(answer.json).toMatchObject({ reason: 'ALREADY_SENT', details: [{ path: `${path}/consultation/executionId` }] });
  expect(answer.json.message).toContain(`reference ${shortReference(String(firstId))}`);
}

describe(`a booking after a questionnaire claims it (${STORE}, ${STORE === 'postgres' ? 'two instances' : 'one instance'})`, () => {
  it("a booking from a questionnaire already sent as a request is 409 with the request's reference, and books nothing", async () => {
    const done = await routine();
    const sent = await instances[0]!.call('POST', CONSULTATION, consultation(done));
    expect(sent.status).toBe(201);
    const [pair] = await freeSlots(1);
    const booked = await instances[1]!.call('POST', SYMPTOM_BOOKING, booking(done, patient(), pair!));
    expectAlreadySent(booked, sent.json.id);
    expect(await appointmentsOn([pair!.slot.id])).toEqual([]);
    expect((await requestsOf(done.identifier)).map((r) => r.id)).toEqual([sent.json.id]);
  });

  it("a request, or a second booking on another slot, from a questionnaire already booked is 409 with the booking's reference", async () => {
    const done = await routine();
    const [first, second] = await freeSlots(2);
    const booked = await instances[0]!.call('POST', SYMPTOM_BOOKING, booking(done, patient(), first!));
    expect(booked.status, JSON.stringify(booked.json)).toBe(201);
    const consultationId = booked.json.consultationId;
    expectAlreadySent(await instances[1]!.call('POST', CONSULTATION, consultation(done)), consultationId);
    expectAlreadySent(
      await instances[1]!.call('POST', UNVERIFIED, {
        primaryRequest: (consultation(done) as { triageRequest: Json }).triageRequest,
        associatedRequest: { triageRequestType: 'PATIENT_REFUSED_UPDATE_CONTACT', formType: 'PATIENT_REFUSED_UPDATE_CONTACT' },
      }),
      consultationId,
      '/primaryRequest',
    );
    // Another patient, another free slot: still the one questionnaire.
    expectAlreadySent(await instances[0]!.call('POST', SYMPTOM_BOOKING, booking(done, patient(), second!)), consultationId);
    expect((await appointmentsOn([first!.slot.id, second!.slot.id])).map((a) => a.consultationId)).toEqual([consultationId]);
    expect((await requestsOf(done.identifier)).map((r) => r.id)).toEqual([consultationId]);
    // Its answers no longer change either, now the practice has them through the booking.
    const sectionId = String((done.responseData as Json[] | undefined)?.[0]?.identifier ?? 'any').split('.')[0];
    const changed = await instances[1]!.call('POST', `${ENGINE}/GuidelineExecution/${String(done.identifier)}/$continue`, { sectionId, responseData: [] });
    expect(changed.status).toBe(409);
    expect(changed.json.message).toContain('has been sent to the practice');
  });

  it('a retry of the booking with its Idempotency-Key still gets its first answer', async () => {
    const done = await routine();
    const [pair] = await freeSlots(1);
    const body = booking(done, patient(), pair!);
    const key = { 'idempotency-key': `claim-retry-${String(done.identifier)}` };
    const first = await instances[0]!.call('POST', SYMPTOM_BOOKING, body, key);
    expect(first.status).toBe(201);
    const retry = await instances[1]!.call('POST', SYMPTOM_BOOKING, body, key);
    expect(retry).toEqual(first);
  });

  it('an eligibility booking claims its questionnaire too', async () => {
    const done = await finishedExample(overHttp(instances[0]!.base), 'Eligibility.FirstContactPhysio', 'Suitable for FCP');
    const [first, second] = await freeSlots(2, 'referralId=ref-routine&guidelineId=Eligibility.FirstContactPhysio');
    const body = (who: Json, pair: { session: Json; slot: Json }) => ({
      eligibilityBooking: triageRequest(who, done, 'ELIGIBILITY_BOOKING'),
      appointmentSlotId: pair.slot.id,
      availableAppointmentSession: pair.session,
    });
    const booked = await instances[0]!.call('POST', ELIGIBILITY_BOOKING, body(patient(), first!));
    expect(booked.status, JSON.stringify(booked.json)).toBe(201);
    expectAlreadySent(await instances[1]!.call('POST', ELIGIBILITY_BOOKING, body(patient(), second!)), booked.json.consultationId, '/eligibilityBooking');
    expect(await appointmentsOn([second!.slot.id])).toEqual([]);
  });

  it('one patient booking 8 slots at once, each from a questionnaire of their own, over the instances: the per-patient cap (2) holds exactly', async () => {
    const who = patient();
    const executions = await Promise.all(Array.from({ length: 8 }, () => routine()));
    const pairs = await freeSlots(8);
    // The practice's caps at their defaults for this test only (the run scales them up like the rate limits).
    const stores = new Set(instances.map((s) => s.server.store));
    for (const store of stores) setLimitScale(store, 1);
    expect((await practiceLimits(instances[0]!.server.store)).maxOnlineBookingsPerPatient).toBe(2);
    let answers: Array<{ status: number; json: Json }>;
    try {
      answers = await Promise.all(pairs.map((pair, i) => instances[i % 2]!.call('POST', SYMPTOM_BOOKING, booking(executions[i]!, who, pair))));
    } finally {
      for (const store of stores) setLimitScale(store, limitScaleFrom(process.env.PRACTICE_RATE_LIMIT_SCALE));
    }
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(6);
    for (const r of refused) expect(r.json).toMatchObject({ reason: 'ONLINE_BOOKING_LIMIT' });
    expect(await appointmentsOn(pairs.map((p) => p.slot.id))).toHaveLength(2);
  });

  it('concurrent bookings and requests from one questionnaire, spread over the instances: exactly one wins, every other is 409 naming it', async () => {
    const done = await routine();
    const pairs = await freeSlots(8);
    const attempts = [
      ...pairs.map((pair, i) => instances[i % 2]!.call('POST', SYMPTOM_BOOKING, booking(done, patient(), pair))),
      ...Array.from({ length: 6 }, (_, i) => instances[(i + 1) % 2]!.call('POST', CONSULTATION, consultation(done, `burst ${i}`))),
    ];
    const answers = await Promise.all(attempts);
    const won = answers.filter((a) => a.status === 201);
    expect(won, JSON.stringify(answers.map((a) => [a.status, a.json.message]))).toHaveLength(1);
    const winner = won[0]!.json.consultationId ?? won[0]!.json.id;
    for (const lost of answers.filter((a) => a.status !== 201)) expectAlreadySent(lost, winner);
    expect((await requestsOf(done.identifier)).map((r) => r.id)).toEqual([winner]);
    const booked = await appointmentsOn(pairs.map((p) => p.slot.id));
    expect(booked.length).toBeLessThanOrEqual(1);
    expect(booked.every((a) => a.consultationId === winner)).toBe(true);
  });
});
