// A phone number is stored in one spelling, E.164, however the patient typed it: in the patient's
// contact details of every kind of request and in a form's own phone answers. The practice reads
// one number, and a cap counting numbers cannot be passed by respelling one. Over real HTTP, sent
// to one instance and read back with the staff token from the other: on PostgreSQL
// (integration-pg) two server instances on one database; on SQLite the one that owns the folder.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVAILABILITY, slotsOf, SYMPTOM_BOOKING } from '../support/appointments-helpers.js';
import { BROWSER, finishedExample, overHttp } from '../support/walker.js';
import { ADMIN_URL, AMELIA, otherEnquiry, STAFF_AUTH, startServer, type Json, type TestServer } from '../support/helpers.js';
import { freshPostgresDatabase, STORE } from '../support/postgres.js';

const CONSULTATION = '/api/v1/triage/patient/consultation';
const UNVERIFIED = '/api/v1/triage/patient/unverified/requests';

interface Instance {
  server: TestServer;
  base: string;
  call(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; json: Json }>;
}

let instances: Instance[] = [];
let database: { url: string; drop(): Promise<void> } | undefined;

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
    instances = [await instance(database.url), await instance(database.url)];
  } else {
    const only = await instance();
    instances = [only, only];
  }
}, 120_000);

afterAll(async () => {
  for (const s of new Set(instances)) await s.server.cleanup();
  await database?.drop();
});

/** The stored body of request `id`, read back by staff from the other instance. */
async function storedBody(id: unknown): Promise<Json> {
  const list = await instances[1]!.call('GET', '/api/v1/practice/requests?limit=200', undefined, STAFF_AUTH);
  expect(list.status).toBe(200);
  const found = (list.json as unknown as Json[]).find((r) => r.id === id);
  expect(found, `request ${String(id)} read back`).toBeDefined();
  return found!.body as Json;
}

/** A patient whose numbers are written as people write them. */
const patientTyping = (mobile: string, preferred: string) => ({
  ...AMELIA,
  telephone: '0113 496 0000',
  contactDetails: {
    emailAddress: 'amelia.testwell@example.com',
    mobilePhoneNumber: mobile,
    preferredContact: { type: 'PROXY_NUMBER', phoneNumber: preferred },
  },
});
const patientStored = (mobile: string, preferred: string) => ({
  ...AMELIA,
  telephone: '+441134960000',
  contactDetails: {
    emailAddress: 'amelia.testwell@example.com',
    mobilePhoneNumber: mobile,
    preferredContact: { type: 'PROXY_NUMBER', phoneNumber: preferred },
  },
});

describe(`phone numbers are stored in E.164 (${STORE}, ${STORE === 'postgres' ? 'two instances' : 'one instance'})`, () => {
  it('an admin request sent with 07700 900999 reads back as +447700900999', async () => {
    const sent = await instances[0]!.call('POST', ADMIN_URL, otherEnquiry({ patient: patientTyping('07700 900999', '(07700) 900998') }));
    expect(sent.status, JSON.stringify(sent.json)).toBe(201);
    const body = await storedBody(sent.json.id);
    expect(body.patient).toEqual(patientStored('+447700900999', '+447700900998'));
    expect(JSON.stringify(body)).not.toContain('07700 900999');
  });

  it("a form's own phone answer (change of contact details) is stored in E.164", async () => {
    const sent = await instances[0]!.call('POST', UNVERIFIED, {
      primaryRequest: otherEnquiry({ patient: patientTyping('0044 7700 900997', '+44 (0)7700 900996') }),
      associatedRequest: {
        triageRequestType: 'CHANGE_OF_CONTACT_DETAILS',
        formType: 'CHANGE_OF_CONTACT_DETAILS',
        newEmail: 'amelia.new@example.com',
        newTelephoneNumber: '07912 345678',
      },
    });
    expect(sent.status, JSON.stringify(sent.json)).toBe(201);
    const body = await storedBody(sent.json.id);
    expect(body.primaryRequest.patient).toEqual(patientStored('+447700900997', '+447700900996'));
    expect(body.associatedRequest.newTelephoneNumber).toBe('+447912345678');
  });

  it('a consultation and a booking after a questionnaire store the patient’s numbers in E.164', async () => {
    const app = overHttp(instances[0]!.base);
    const [first, second] = await Promise.all([
      finishedExample(app, 'Triage.SoreThroat', 'Routine sore throat'),
      finishedExample(app, 'Triage.SoreThroat', 'Routine sore throat'),
    ]);
    const triageRequest = (execution: Json) => ({
      patient: patientTyping('07700900994', '07700-900-993'),
      triageRequestType: 'CONSULTATION_REQUEST',
      consultation: { guidelineId: 'Triage.SoreThroat', executionId: execution.identifier, type: 'CONSULTATION_REQUEST', channel: 'PAGE' },
    });
    const sent = await instances[0]!.call('POST', CONSULTATION, { triageRequest: triageRequest(first!) });
    expect(sent.status, JSON.stringify(sent.json)).toBe(201);
    expect((await storedBody(sent.json.id)).triageRequest.patient).toEqual(patientStored('+447700900994', '+447700900993'));

    const listing = await instances[1]!.call('GET', `${AVAILABILITY}?referralId=ref-routine`);
    expect(listing.status).toBe(200);
    const later = Date.now() + 3 * 60 * 60_000;
    const pair = slotsOf(listing.json).find((p) => (p.slot.dateTimeInMilliseconds as number) > later)!;
    const booked = await instances[1]!.call('POST', SYMPTOM_BOOKING, {
      triageRequest: triageRequest(second!),
      appointmentSlotId: pair.slot.id,
      availableAppointmentSession: pair.session,
    });
    expect(booked.status, JSON.stringify(booked.json)).toBe(201);
    expect((await storedBody(booked.json.consultationId)).triageRequest.patient).toEqual(patientStored('+447700900994', '+447700900993'));
  });

  it('the inbox shows a stored number in the national format staff dial', async () => {
    const sent = await instances[0]!.call('POST', ADMIN_URL, otherEnquiry({ patient: patientTyping('07912345670', '(07912) 345 670') }));
    expect(sent.status, JSON.stringify(sent.json)).toBe(201);
    expect((await storedBody(sent.json.id)).patient.contactDetails.preferredContact.phoneNumber).toBe('+447912345670');
    const inbox = await fetch(`${instances[1]!.base}/practice/inbox?limit=200`, { headers: STAFF_AUTH });
    expect(inbox.status).toBe(200);
    const html = await inbox.text();
    expect(html).toContain('07912 345670');
    expect(html).not.toContain('+447912345670');
  });

  it("an unverified pair's change of contact details (drawn field by field) shows its new number as staff dial it", async () => {
    const sent = await instances[0]!.call('POST', UNVERIFIED, {
      primaryRequest: otherEnquiry({ patient: patientTyping('07912 345671', '07912 345672') }),
      associatedRequest: {
        triageRequestType: 'CHANGE_OF_CONTACT_DETAILS',
        formType: 'CHANGE_OF_CONTACT_DETAILS',
        newEmail: 'amelia.pair@example.com',
        newTelephoneNumber: '+44 7912 345673',
      },
    });
    expect(sent.status, JSON.stringify(sent.json)).toBe(201);
    expect((await storedBody(sent.json.id)).associatedRequest.newTelephoneNumber).toBe('+447912345673');
    const html = await (await fetch(`${instances[1]!.base}/practice/inbox?limit=200`, { headers: STAFF_AUTH })).text();
    expect(html).toContain('07912 345673');
    expect(html).not.toContain('+447912345673');
  });

  it('text that is no phone number is kept as it was sent (nothing is lost)', async () => {
    const sent = await instances[0]!.call('POST', ADMIN_URL, otherEnquiry({ patient: { ...AMELIA, telephone: 'ask at reception' } }));
    expect(sent.status, JSON.stringify(sent.json)).toBe(201);
    expect((await storedBody(sent.json.id)).patient.telephone).toBe('ask at reception');
  });
});
