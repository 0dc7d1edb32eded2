// The whole server on the store of this run: in the `integration` project on the SQLite
// file, in `integration-pg` on a PostgreSQL database of its own (DATABASE_URL). Through HTTP only:
// the demo seed on start, an admin request read back with the staff token, a questionnaire run on
// the embedded engine and sent, a booking, the messages queued and delivered, settings changed by
// staff, the demo reset, the patient's and the staff's sign-in. Reads back with the staff token,
// never the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_URL, AMELIA, otherEnquiry, STAFF_AUTH, startServer, type Json, type TestServer } from '../support/helpers.js';
import { AVAILABILITY, routineExecution, slotsOf, SYMPTOM_BOOKING, triageRequest } from '../support/appointments-helpers.js';
import { BROWSER, ENGINE, finishedExample, post as enginePost } from '../support/walker.js';
import { freshPostgresDatabase, STORE } from '../support/postgres.js';

const PASSWORD = 'smoke-test-staff-password';
let server: TestServer;

beforeAll(async () => {
  // startServer gives the server a PostgreSQL database of its own when STORE=postgres.
  server = await startServer({ controls: true, staffPassword: PASSWORD, notifications: { autoStart: false } });
}, 60_000);
afterAll(async () => server?.cleanup());

const inject = (method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Json }) });
const staffGet = async (url: string): Promise<Json[]> => {
  const response = await inject('GET', url, undefined, STAFF_AUTH);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Json[];
};

describe(`the server on ${STORE}`, () => {
  it('runs on the store it was given', () => {
    expect(server.store.dialect).toBe(STORE);
  });

  it('comes up with the demo practice: clinic, settings and record system seeded on start', async () => {
    const clinic = (await inject('GET', '/api/v1/settings/clinic')).json() as Json;
    expect(clinic.name).toBe('Riverside Medical Practice');
    const check = await inject('POST', '/api/v1/triage/nhs/next/validate/patient', {
      patient: { ...AMELIA, contactDetails: { emailAddress: 'amelia.testwell@example.com' } },
    });
    expect(check.statusCode, check.body).toBe(200);
    expect((check.json() as Json).status).toBe('VALIDATED');
    // The admin menu comes from the form documents, synced into the settings at start.
    const adminForms = (await inject('GET', '/api/v1/settings/admin-forms')).json() as Json;
    expect(adminForms.patientEnabledForms).toContain('OTHER_ENQUIRY');
  });

  it('stores an admin request once per Idempotency-Key, readable only with staff credentials, and delivers its confirmation', async () => {
    const key = { 'idempotency-key': `smoke-${STORE}-admin` };
    const first = await inject('POST', ADMIN_URL, otherEnquiry({ description: 'Smoke test enquiry' }), key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await inject('POST', ADMIN_URL, otherEnquiry({ description: 'Smoke test enquiry' }), key);
    expect(again.json()).toEqual(first.json());
    expect((await inject('GET', '/api/v1/practice/requests')).statusCode).toBe(401);
    const stored = (await staffGet('/api/v1/practice/requests')).filter((r) => r.id === (first.json() as Json).id);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.body).toMatchObject({ formType: 'OTHER_ENQUIRY', description: 'Smoke test enquiry' });

    // Queued in the request's transaction, sent by the worker, read back from the outbox.
    const queued = await staffGet('/api/v1/practice/notifications');
    expect(queued.filter((n) => n.sourceId === stored[0]!.id && n.status === 'QUEUED')).toHaveLength(1);
    await server.notifications.drain();
    const outbox = await staffGet('/api/v1/practice/outbox');
    const email = outbox.find((m) => m.to === 'amelia.testwell@example.com' && String(m.subject).includes('we have received your request'));
    expect(email).toBeDefined();
    expect((await staffGet('/api/v1/practice/notifications')).find((n) => n.sourceId === stored[0]!.id)).toMatchObject({
      status: 'SENT',
      attempts: [{ outcome: 'SENT' }],
    });
  });

  it('runs a questionnaire on the embedded engine and stores the consultation the engine recorded', async () => {
    const done = await finishedExample(server.app, 'Triage.SoreThroat', 'Routine sore throat');
    // The execution is a row of the store: read again, it is where the walk left it.
    const read = await inject('GET', `${ENGINE}/GuidelineExecution/${String(done.identifier)}`, undefined, BROWSER);
    expect((read.json() as Json).status).toBe('COMPLETED');
    // Another browser cannot read it.
    expect((await inject('GET', `${ENGINE}/GuidelineExecution/${String(done.identifier)}`)).statusCode).toBe(404);
    const sent = await inject('POST', '/api/v1/triage/patient/consultation', {
      triageRequest: {
        patient: { ...AMELIA, contactDetails: { emailAddress: 'amelia.testwell@example.com' } },
        triageRequestType: 'CONSULTATION_REQUEST',
        consultation: { guidelineId: 'Triage.SoreThroat', executionId: done.identifier, type: 'CONSULTATION_REQUEST', channel: 'PAGE' },
        guidelineExecution: { identifier: done.identifier, recommendations: [] },
        responseData: [],
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const stored = (await staffGet('/api/v1/practice/requests')).find((r) => r.id === (sent.json() as Json).id);
    expect(stored?.formType).toBe('CONSULTATION_REQUEST');
    expect((stored!.body.triageRequest as Json).consultation).toMatchObject({ executionId: done.identifier });
    // Finishing it changes the stored row once; a second finish is refused.
    expect((await enginePost(server.app, `${ENGINE}/GuidelineExecution/${String(done.identifier)}/$finish`, {})).statusCode).toBe(200);
    expect((await enginePost(server.app, `${ENGINE}/GuidelineExecution/${String(done.identifier)}/$finish`, {})).statusCode).toBe(409);
  });

  it('books an appointment once: a second patient on the same slot is refused', async () => {
    const routine = await routineExecution(server.app);
    const available = await inject('GET', `${AVAILABILITY}?referralId=ref-routine`);
    expect(available.statusCode, available.body).toBe(200);
    const pair = slotsOf(available.json() as Json)[0]!;
    const booking = (patient: Json) => ({
      triageRequest: triageRequest(patient, routine),
      appointmentSlotId: pair.slot.id,
      availableAppointmentSession: pair.session,
    });
    const booked = await inject('POST', SYMPTOM_BOOKING, booking(AMELIA));
    expect(booked.statusCode, booked.body).toBe(201);
    const omar = { firstName: 'Omar', lastName: "O'Sample", dateOfBirth: '1972-11-03', sexAtBirth: 'male', postCode: 'LS6 2QT' };
    const refused = await inject('POST', SYMPTOM_BOOKING, booking(omar));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'RH-E007' });
    const appointments = await staffGet('/api/v1/practice/appointments');
    expect(appointments.filter((a) => JSON.stringify(a).includes(String(pair.slot.id)))).toHaveLength(1);
    await server.notifications.drain();
    expect((await staffGet('/api/v1/practice/outbox')).some((m) => String(m.subject).includes('your appointment is booked'))).toBe(true);
  });

  it('applies the settings staff change, and the demo reset puts the seed back', async () => {
    const off = await inject('POST', '/api/v1/practice/controls', { operationalState: { admin: { operationalStatus: 'SERVICE_OFF' } } }, STAFF_AUTH);
    expect(off.statusCode, off.body).toBe(200);
    expect(((await inject('GET', '/api/v1/settings/operational-state')).json() as Json).admin.operationalStatus).toBe('SERVICE_OFF');
    expect((await inject('POST', ADMIN_URL, otherEnquiry())).statusCode).toBe(412);
    const reset = await inject('POST', '/api/v1/practice/controls/reset', undefined, STAFF_AUTH);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(((await inject('GET', '/api/v1/settings/operational-state')).json() as Json).admin.operationalStatus).not.toBe('SERVICE_OFF');
    expect(await staffGet('/api/v1/practice/requests')).toEqual([]);
    expect((await inject('POST', ADMIN_URL, otherEnquiry())).statusCode).toBe(201);
  });

  it("keeps the patient's and the staff's sessions in the store", async () => {
    const signIn = await server.app.inject({
      method: 'POST',
      url: '/nhs-login/authorize',
      payload: 'redirect=%2Fadmin-request&tenantId=riverside',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(signIn.statusCode).toBe(303);
    const patientCookie = String(signIn.headers['set-cookie']).split(';')[0]!;
    expect((await inject('GET', '/nhs-login/is-logged-in', undefined, { cookie: patientCookie })).json()).toBe(true);
    expect((await inject('GET', '/nhs-login/is-logged-in')).json()).toBe(false);

    const staff = await server.app.inject({
      method: 'POST',
      url: '/practice/sign-in',
      payload: new URLSearchParams({ password: PASSWORD, next: '/practice/inbox' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(staff.statusCode).toBe(303);
    const staffCookie = String(staff.headers['set-cookie']).split(';')[0]!;
    expect((await inject('GET', '/api/v1/practice/requests', undefined, { cookie: staffCookie })).statusCode).toBe(200);
    const wrong = await server.app.inject({
      method: 'POST',
      url: '/practice/sign-in',
      payload: new URLSearchParams({ password: 'not the password', next: '/practice/inbox' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });
});

describe.runIf(STORE === 'postgres')('several instances starting together on one PostgreSQL database', () => {
  it('all start: migrations, the seed, the document versions and the menu are done once, the others find them done', async () => {
    const db = await freshPostgresDatabase();
    const servers: TestServer[] = [];
    try {
      const started = await Promise.allSettled([1, 2, 3].map(() => startServer({ databaseUrl: db.url })));
      for (const s of started) if (s.status === 'fulfilled') servers.push(s.value);
      expect(started.filter((s) => s.status === 'rejected').map((s) => String((s as PromiseRejectedResult).reason))).toEqual([]);
      // One version 1 per document, one set of demo patients, one menu.
      const doubled = await servers[0]!.store.all('SELECT kind, id, version FROM document_versions GROUP BY kind, id, version HAVING COUNT(*) > 1');
      expect(doubled).toEqual([]);
      const versions = await servers[0]!.store.get<{ n: number }>('SELECT COUNT(*) AS n FROM document_versions WHERE version > 1');
      expect(versions?.n).toBe(0);
      const patients = await servers[0]!.store.get<{ n: number }>('SELECT COUNT(*) AS n FROM patients');
      expect(patients?.n).toBe(9);
      for (const s of servers) expect(((await s.app.inject({ url: '/api/v1/settings/clinic' })).json() as Json).name).toBe('Riverside Medical Practice');
    } finally {
      for (const s of servers) await s.cleanup();
      await db.drop();
    }
  }, 120_000);
});
