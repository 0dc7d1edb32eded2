import { afterEach, describe, expect, it, vi } from 'vitest';
import { putSetting } from '../../../../server/settingsStore';
import {
  enqueueNotifications,
  listNotifications,
  type listOutbox,
  outboxTransport,
  renderSms,
  shortReference,
  SMS_MAX_LENGTH,
  TEMPLATES,
  TransportError,
  type LocalTransport,
  type NotificationEvent,
} from '../../../../server/notifications/index';
import { finishedExample } from '../../support/walker';
import { ADMIN_URL, AMELIA, contractAjv, expectValid, otherEnquiry, startServer, type TestServer } from '../../support/helpers';

const ajv = contractAjv();

let server: TestServer | undefined;
afterEach(async () => {
  await server?.cleanup();
  server = undefined;
});

/** Staff sign-in: read-back sends the bearer token when the environment sets one. */
const STAFF = process.env.PRACTICE_API_TOKEN ? { authorization: `Bearer ${process.env.PRACTICE_API_TOKEN}` } : {};

async function outbox(s: TestServer) {
  const response = await s.app.inject({ url: '/api/v1/practice/outbox', headers: STAFF });
  expect(response.statusCode).toBe(200);
  expectValid(ajv, 'practice-outbox', response.json());
  return response.json() as Awaited<ReturnType<typeof listOutbox>>;
}

async function post(s: TestServer, url: string, payload: unknown, headers: Record<string, string> = {}) {
  return s.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers });
}

const NO_WAIT = { backoffMs: () => 0 };

describe('confirmations of accepted requests, through the outbox', () => {
  it('emails and texts the admin request confirmation with its reference, reply time and 999/111 advice', async () => {
    server = await startServer({ notifications: { worker: NO_WAIT } });
    const sent = await post(
      server,
      ADMIN_URL,
      otherEnquiry({ patient: { ...AMELIA, contactDetails: { emailAddress: 'amelia.testwell@example.com', mobilePhoneNumber: '07400 123456' } } }),
    );
    expect(sent.statusCode).toBe(201);
    const { id } = sent.json() as { id: string };
    await server.notifications.drain();

    const messages = await outbox(server);
    expect(messages.map((m) => [m.channel, m.to])).toEqual(
      expect.arrayContaining([
        ['EMAIL', 'amelia.testwell@example.com'],
        // Stored and sent in E.164, whichever way the patient wrote it.
        ['SMS', '+447400123456'],
      ]),
    );
    expect(messages).toHaveLength(2);
    const email = messages.find((m) => m.channel === 'EMAIL')!;
    expect(email.subject).toBe('Riverside Medical Practice: we have received your request');
    expect(email.body).toContain(`Your reference: ${shortReference(id)}`);
    expect(shortReference(id)).toMatch(/^[0-9A-F]{8}$/);
    expect(email.body).toContain('Request: Other enquiry');
    expect(email.body).toContain('The practice aims to respond within two working days.');
    expect(email.body).toContain('call 111');
    expect(email.body).toContain('In an emergency, call 999.');
    expect(email.body).toContain('18001 111');
    // No clinical or personal answers: not the enquiry text, not the name or date of birth.
    expect(email.body).not.toContain('Can I collect my prescription');
    expect(email.body).not.toContain('Amelia');
    expect(email.body).not.toContain('1985');
    const sms = messages.find((m) => m.channel === 'SMS')!;
    expect(sms.subject).toBeUndefined();
    expect(sms.body.length).toBeLessThan(160);
    expect(sms.body).toContain(shortReference(id));
    expect(sms.body).toContain('Call 999');

    const states = (await server.app.inject({ url: '/api/v1/practice/notifications', headers: STAFF })).json() as Awaited<ReturnType<typeof listNotifications>>;
    expectValid(ajv, 'practice-notifications', states);
    const state = states.find((n) => n.channel === 'EMAIL');
    expect(state).toMatchObject({
      sourceId: id,
      template: 'REQUEST_RECEIVED',
      status: 'SENT',
      attempts: [{ attempt: 1, transport: 'outbox', outcome: 'SENT' }],
    });
  });

  it('gives each request type its own reply time', async () => {
    server = await startServer({ notifications: { worker: NO_WAIT } });
    const today = new Date().toISOString().slice(0, 10);
    const repeat = {
      formType: 'REPEAT_PRESCRIPTION',
      triageRequestType: 'REPEAT_PRESCRIPTION',
      submittedDate: new Date().toISOString(),
      patient: { ...AMELIA, contactDetails: { emailAddress: 'amelia.testwell@example.com' } },
      medication: [{ name: 'Salbutamol inhaler' }],
      issueDate: today,
    };
    expect((await post(server, ADMIN_URL, repeat)).statusCode).toBe(201);
    await server.notifications.drain();
    const [email] = await outbox(server);
    expect(email!.body).toContain('Request: Repeat prescription');
    expect(email!.body).toContain('You will hear from us in the next 3 days.');
    expect(email!.body).not.toContain('Salbutamol');
  });

  it('uses the email on the practice record when the request gives none, and the new email of a change of contact details', async () => {
    server = await startServer({ notifications: { worker: NO_WAIT } });
    expect((await post(server, ADMIN_URL, otherEnquiry({ patient: { ...AMELIA, contactDetails: {} } }))).statusCode).toBe(201);
    const noah = { firstName: 'Noah', lastName: 'Nomail', dateOfBirth: '1979-09-30', sexAtBirth: 'male', postCode: 'LS2 7EE', contactDetails: {} };
    const unverified = {
      primaryRequest: otherEnquiry({
        patient: noah,
        associatedRequest: { formType: 'CHANGE_OF_CONTACT_DETAILS', triageRequestType: 'CHANGE_OF_CONTACT_DETAILS' },
      }),
      associatedRequest: { formType: 'CHANGE_OF_CONTACT_DETAILS', triageRequestType: 'CHANGE_OF_CONTACT_DETAILS', newEmail: 'noah.new@example.com' },
    };
    expect((await post(server, '/api/v1/triage/patient/unverified/requests', unverified)).statusCode).toBe(201);
    // No email anywhere (refused the update, none on record): nothing can be sent, the request is still stored.
    const refused = { primaryRequest: otherEnquiry({ patient: noah }), associatedRequest: { triageRequestType: 'PATIENT_REFUSED_UPDATE_CONTACT' } };
    expect((await post(server, '/api/v1/triage/patient/unverified/requests', refused)).statusCode).toBe(201);
    await server.notifications.drain();
    expect((await outbox(server)).map((m) => m.to).sort()).toEqual(['amelia.testwell@example.com', 'noah.new@example.com']);
  });

  it('confirms a consultation (48 hours) and a child request with their own messages', async () => {
    server = await startServer({ notifications: { worker: NO_WAIT } });
    const patient = { ...AMELIA, contactDetails: { emailAddress: 'amelia.testwell@example.com' } };
    const routine = await finishedExample(server.app, 'Triage.SoreThroat', 'Routine sore throat');
    const fever = await finishedExample(server.app, 'Form.U16.Fever', 'Routine fever aged 4');
    const consultation = {
      triageRequest: {
        patient,
        triageRequestType: 'CONSULTATION_REQUEST',
        consultation: { guidelineId: 'Triage.SoreThroat', executionId: routine.identifier },
        responseData: [{ identifier: 'q1', observationType: 'BOOLEAN', answer: [{ value: true }] }],
      },
    };
    expect((await post(server, '/api/v1/triage/patient/consultation', consultation)).statusCode).toBe(201);
    const childRequest = {
      triageRequest: { patient, triageRequestType: 'CHILD_REQUEST', consultation: { guidelineId: 'Form.U16.Fever', executionId: fever.identifier } },
    };
    expect((await post(server, '/api/v1/triage/patient/consultation', childRequest)).statusCode).toBe(201);
    await server.notifications.drain();
    const [child, medical] = await outbox(server);
    expect(medical!.body).toContain('Request: Medical advice');
    expect(medical!.body).toContain('The practice will reply within 48 hours, Monday to Friday, excluding public holidays.');
    expect(child!.subject).toBe('Riverside Medical Practice: we have received your request for a child');
    expect(child!.body).toContain('If the child gets worse or you are worried');
  });

  it('never tells a patient whose answers pointed to A&E to wait for a reply', async () => {
    server = await startServer({ notifications: { worker: NO_WAIT } });
    const patient = { ...AMELIA, contactDetails: { emailAddress: 'amelia.testwell@example.com', mobilePhoneNumber: '07400 123456' } };
    const emergency = await finishedExample(server.app, 'Triage.SoreThroat', 'ref-ae: A rash that does not fade');
    const consultation = { guidelineId: 'Triage.SoreThroat', executionId: emergency.identifier };
    expect(
      (await post(server, '/api/v1/triage/patient/consultation', { triageRequest: { patient, triageRequestType: 'EMERGENCY_INDICATION', consultation } }))
        .statusCode,
    ).toBe(201);
    await server.notifications.drain();
    const messages = await outbox(server);
    const email = messages.find((m) => m.channel === 'EMAIL')!;
    expect(email.body).toContain('Do not wait for the practice to reply');
    expect(email.body).toContain('go to A&E or call 999 now');
    expect(email.body).not.toContain('48 hours');
    expect(messages.find((m) => m.channel === 'SMS')!.body).toContain('go to A&E or call 999');
  });

  it('an urgent-today request: the email and text promise today and 111, as the thank-you screen does (no "48 hours"), with the outcome\'s own words', async () => {
    server = await startServer({ notifications: { worker: NO_WAIT } });
    const patient = { ...AMELIA, contactDetails: { emailAddress: 'amelia.testwell@example.com', mobilePhoneNumber: '07400 123456' } };
    const urgent = await finishedExample(server.app, 'Triage.SoreThroat', 'Temperature 39.8');
    const consultation = { guidelineId: 'Triage.SoreThroat', executionId: urgent.identifier };
    expect(
      (await post(server, '/api/v1/triage/patient/consultation', { triageRequest: { patient, triageRequestType: 'CONSULTATION_REQUEST', consultation } }))
        .statusCode,
    ).toBe(201);
    await server.notifications.drain();
    const messages = await outbox(server);
    const email = messages.find((m) => m.channel === 'EMAIL')!;
    // common/replyTimes.ts TIER_REPLY.URGENT_TODAY, which TriageThankYouPage shows for this tier.
    expect(email.body).toContain(
      'The practice will contact you today. If the practice is closed, you have not heard by the end of the day, or you get worse, call NHS 111.',
    );
    expect(email.body).not.toContain('48 hours');
    // Every word of the outcome the patient was shown (common/advice.ts), under its own heading.
    expect(email.body).toContain('What you were advised');
    expect(messages.find((m) => m.channel === 'SMS')!.body).toContain('We will contact you today.');
  });

  it("a routine request sent as the app sends every request without an appointment (NO_APPOINTMENTS) says the thank-you page's 48 hours, never a second timescale; an emergency indication still says do not wait", async () => {
    server = await startServer({ notifications: { worker: NO_WAIT } });
    const s = server;
    // Sent the way the app sends it (src/api/appointments.ts sendWithoutAppointment): a finished execution, context NO_APPOINTMENTS.
    const sendFromNoAppointments = async (exampleName: string, emailAddress: string, mobilePhoneNumber: string) => {
      const done = await finishedExample(s.app, 'Triage.SoreThroat', exampleName);
      const triageRequest = {
        patient: { ...AMELIA, contactDetails: { emailAddress, mobilePhoneNumber } },
        triageRequestType: 'CONSULTATION_REQUEST',
        consultation: { guidelineId: 'Triage.SoreThroat', executionId: done.identifier },
      };
      const sent = await post(s, '/api/v1/triage/patient/consultation', {
        triageRequest,
        context: { reasonInInbox: 'NO_APPOINTMENTS', appointmentsPresented: false },
      });
      expect(sent.statusCode, sent.body).toBe(201);
    };
    await sendFromNoAppointments('Routine sore throat', 'no.slots@example.com', '07400 100001');
    await sendFromNoAppointments('ref-emergency: Difficulty breathing', 'no.slots.ae@example.com', '07400 100002');
    await s.notifications.drain();
    const messages = await outbox(s);
    const [noSlotsEmail, aeEmail, noSlotsSms, aeSms] = ['no.slots@example.com', 'no.slots.ae@example.com', '+447400100001', '+447400100002'].map((to) =>
      messages.find((m) => m.to === to)!,
    );
    expect(noSlotsEmail!.body).toContain('Request: Medical advice');
    // The thank-you page's words (src/replyTimes.ts, schemas/reply-times.json "default"), whichever screen sent it.
    expect(noSlotsEmail!.body).toContain(
      'The practice team will read your request and contact you. The practice will reply within 48 hours, Monday to Friday, excluding public holidays.',
    );
    expect(noSlotsEmail!.body).not.toContain('working days');
    expect(noSlotsSms!.body).toContain('We will reply within 48 hours (Mon to Fri).');
    expect(noSlotsSms!.body).not.toContain('working days');
    expect(noSlotsSms!.body.length).toBeLessThanOrEqual(SMS_MAX_LENGTH);
    expect(aeEmail!.body).toContain('Do not wait for the practice to reply');
    expect(aeEmail!.body).not.toContain('within 2 working days.');
    expect(aeSms!.body).toContain('Do not wait for our reply: go to A&E or call 999.');
  });

  it('sends no texts when the practice has SMS off', async () => {
    server = await startServer({ controls: true, notifications: { worker: NO_WAIT } });
    expect((await post(server, '/api/v1/practice/controls', { smsEnabled: false }, STAFF as Record<string, string>)).statusCode).toBe(200);
    const withMobile = otherEnquiry({
      patient: { ...AMELIA, contactDetails: { emailAddress: 'amelia.testwell@example.com', mobilePhoneNumber: '07400 123456' } },
    });
    expect((await post(server, ADMIN_URL, withMobile)).statusCode).toBe(201);
    await server.notifications.drain();
    expect((await outbox(server)).map((m) => m.channel)).toEqual(['EMAIL']);
    expect((await listNotifications(server.store)).map((n) => n.channel)).toEqual(['EMAIL']);
  });

  it('queues one confirmation for a retried submission and none for a refused one', async () => {
    server = await startServer({ notifications: { worker: NO_WAIT } });
    const key = { 'idempotency-key': 'retry-1' };
    expect((await post(server, ADMIN_URL, otherEnquiry(), key)).statusCode).toBe(201);
    expect((await post(server, ADMIN_URL, otherEnquiry(), key)).statusCode).toBe(201);
    expect((await post(server, ADMIN_URL, otherEnquiry({ description: '' }))).statusCode).toBe(400);
    await server.notifications.drain();
    expect(await outbox(server)).toHaveLength(1);
  });

  it('shows each message on the outbox page as the patient receives it, escaped, with links', async () => {
    server = await startServer({ notifications: { worker: NO_WAIT } });
    await enqueueNotifications(server.store, [
      {
        type: 'SELF_HELP',
        sourceId: 's1',
        pathwayLabel: 'Back pain <b>',
        links: [{ text: 'Back pain advice', url: 'https://www.nhs.uk/conditions/back-pain/' }],
        to: { email: 'a@example.com' },
      },
    ]);
    await server.notifications.drain();
    const page = await server.app.inject({ url: '/practice/outbox', headers: STAFF });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<h1>Practice outbox</h1>');
    expect(page.body).toContain('Email to a@example.com');
    expect(page.body).toContain('Self-help information: Back pain &lt;b&gt;');
    expect(page.body).not.toContain('<b>');
    expect(page.body).toContain('<li>Back pain advice: <a href="https://www.nhs.uk/conditions/back-pain/">https://www.nhs.uk/conditions/back-pain/</a></li>');
    expect(page.body).not.toContain('<script');
  });
});

describe('the messages other flows queue (enqueueNotifications)', () => {
  const appointment = {
    startTime: '2026-12-01T09:30:00Z',
    virtual: false,
    siteName: 'Riverside Medical Practice',
    siteAddress: '1 River Street, Leeds LS1 4AP',
    clinician: 'Dr Ada Example',
  };
  const to = { email: 'amelia.testwell@example.com', mobile: '07400 123456' };

  it('booked, rescheduled and cancelled: date, time in UK time, place, clinician and the change-or-cancel link', async () => {
    server = await startServer({ notifications: { worker: NO_WAIT } });
    const manageUrl = 'https://riverside-practice.example/a/d?id=abc123';
    await server.store.tx((tx) =>
      enqueueNotifications(tx, [
        { type: 'APPOINTMENT_BOOKED', sourceId: 'apt-1', appointment, manageUrl, to },
        {
          type: 'APPOINTMENT_RESCHEDULED',
          sourceId: 'apt-1',
          appointment: { ...appointment, startTime: '2026-07-01T14:05:00Z', virtual: true, clinician: undefined },
          manageUrl,
          to,
        },
        { type: 'APPOINTMENT_CANCELLED', sourceId: 'apt-1', appointment, to },
      ]),
    );
    await server.notifications.drain();
    const emails = (await outbox(server)).filter((m) => m.channel === 'EMAIL').reverse();
    const [booked, rescheduled, cancelled] = emails;
    expect(booked!.subject).toBe('Riverside Medical Practice: your appointment is booked');
    expect(booked!.body).toContain(
      'Date: Tuesday 1 December 2026\nTime: 9:30am\nPlace: Riverside Medical Practice, 1 River Street, Leeds LS1 4AP\nWith: Dr Ada Example',
    );
    expect(booked!.body).toContain(`To change or cancel this appointment, use this link:\n${manageUrl}`);
    // British Summer Time: 14:05Z is 3:05pm in London; a telephone appointment has no place and no clinician line.
    expect(rescheduled!.body).toContain('Date: Wednesday 1 July 2026\nTime: 3:05pm\nPlace: Telephone call');
    expect(rescheduled!.body).not.toContain('With:');
    expect(cancelled!.subject).toBe('Riverside Medical Practice: your appointment is cancelled');
    expect(cancelled!.body).toContain('If you still need an appointment, call the practice on 0113 496 0000.');
    const texts = (await outbox(server)).filter((m) => m.channel === 'SMS').reverse();
    expect(texts[0]!.body).toBe(`Appointment booked: Tue 1 Dec 9:30am, Riverside Medical Practice. Change or cancel: ${manageUrl}`);
    for (const t of texts) expect(t.body.length).toBeLessThan(160);
  });

  it('is idempotent against the event id and commits only with the caller', async () => {
    server = await startServer({ notifications: { worker: NO_WAIT } });
    const event: NotificationEvent = { type: 'CHILD_REQUEST_RECEIVED', id: 'child-1', sourceId: 'r-child', to: { email: 'x@example.com' } };
    expect(await enqueueNotifications(server.store, [event])).toHaveLength(1);
    expect(await enqueueNotifications(server.store, [event])).toHaveLength(0);
    await expect(
      server.store.tx(async (tx) => {
        await enqueueNotifications(tx, [{ ...event, id: 'child-2' }]);
        throw new Error('the booking failed');
      }),
    ).rejects.toThrow('the booking failed');
    expect((await listNotifications(server.store)).map((n) => n.eventId)).toEqual(['child-1']);
    await expect(enqueueNotifications(server.store, [{ type: 'APPOINTMENT_BOOKED', sourceId: 'a', appointment, to }])).rejects.toThrow(/manageUrl/);
  });

  it('keeps every text under 160 characters, even for a practice with a very long name', () => {
    const p = {
      practice_name: 'The Very Long Named Riverside and Meadowbank Medical Practice and Health Centre',
      practice_phone: '0113 496 0000',
      reference: '4F2A9C1B',
      reply_time_short: 'We will reply within 48 hours (Mon to Fri).',
      first_link_url: 'https://www.nhs.uk/conditions/back-pain/',
      date_short: 'Tue 1 Dec',
      time: '9:30am',
      place_short: 'Riverside Medical Practice Meadowbank Site',
      manage_url: 'https://riverside-practice.example/a/d?id=0123456789abcdef0123456789abcdef',
    };
    for (const template of TEMPLATES) {
      const { body } = renderSms(template, p);
      expect(body.length, template).toBeLessThanOrEqual(SMS_MAX_LENGTH);
      expect(body, template).not.toMatch(/[\u2018-\u201f\u2013\u2014]/);
    }
  });
});

/** The outbox, failing the first `failures` deliveries. */
function flakyOutbox(failures: number, error = new TransportError('outbox unavailable', true)): LocalTransport & { calls: number } {
  const transport = {
    kind: 'local' as const,
    name: 'outbox',
    calls: 0,
    async deliver(...args: Parameters<LocalTransport['deliver']>) {
      transport.calls++;
      if (transport.calls <= failures) throw error;
      await outboxTransport.deliver(...args);
    },
  };
  return transport;
}

describe('the worker', () => {
  it('retries after a transport failure with a backoff, recording each attempt', async () => {
    const transport = flakyOutbox(1);
    let clock = 0;
    server = await startServer({ notifications: { transport, autoStart: false, worker: { now: () => clock, backoffMs: (n) => 30_000 * n } } });
    // The fake clock starts once the server is up: a slow start on a loaded machine must not put the worker's now before the message was queued.
    clock = Math.ceil(Date.now() / 1000) * 1000 + 1000;
    const start = clock;
    expect((await post(server, ADMIN_URL, otherEnquiry())).statusCode).toBe(201);
    await server.notifications.drain();
    expect(await outbox(server)).toHaveLength(0);
    let [state] = await listNotifications(server.store);
    expect(state).toMatchObject({
      status: 'QUEUED',
      nextAttemptAt: new Date(start + 30_000).toISOString(),
      lastError: 'outbox unavailable',
      attempts: [{ attempt: 1, outcome: 'FAILED', error: 'outbox unavailable' }],
    });
    // Not due yet: nothing happens.
    clock += 29_000;
    await server.notifications.drain();
    expect(transport.calls).toBe(1);
    clock += 1_000;
    await server.notifications.drain();
    [state] = await listNotifications(server.store);
    expect(state).toMatchObject({ status: 'SENT', attempts: [{ outcome: 'FAILED' }, { attempt: 2, outcome: 'SENT' }] });
    expect(await outbox(server)).toHaveLength(1);
  });

  it('gives up after the last try, and at once on a permanent refusal', async () => {
    server = await startServer({ notifications: { transport: flakyOutbox(99), autoStart: false, worker: { ...NO_WAIT, maxAttempts: 3 } } });
    expect((await post(server, ADMIN_URL, otherEnquiry())).statusCode).toBe(201);
    await server.notifications.drain();
    expect((await listNotifications(server.store))[0]).toMatchObject({
      status: 'FAILED',
      attempts: [{ outcome: 'FAILED' }, { outcome: 'FAILED' }, { outcome: 'FAILED' }],
    });
    await server.cleanup();

    server = await startServer({
      notifications: { transport: flakyOutbox(99, new TransportError('template not found', false)), autoStart: false, worker: NO_WAIT },
    });
    expect((await post(server, ADMIN_URL, otherEnquiry())).statusCode).toBe(201);
    await server.notifications.drain();
    expect((await listNotifications(server.store))[0]).toMatchObject({ status: 'FAILED', lastError: 'template not found', attempts: [{ outcome: 'FAILED' }] });
  });

  it('resumes the queue after a restart and sends each message once', async () => {
    const first = await startServer({ notifications: { autoStart: false } });
    for (let i = 0; i < 5; i++) expect((await post(first, ADMIN_URL, otherEnquiry({ description: `Enquiry ${i}` }))).statusCode).toBe(201);
    // Stopped before the queue was looked at: five confirmations queued, none sent.
    await first.close();
    server = await startServer({ dataDir: first.dataDir, notifications: { worker: { batchSize: 2 } } });
    await server.notifications.drain();
    const messages = await outbox(server);
    expect(messages).toHaveLength(5);
    expect(new Set(messages.map((m) => m.notificationId)).size).toBe(5);
    expect((await listNotifications(server.store)).every((n) => n.status === 'SENT' && n.attempts.length === 1)).toBe(true);
    await server.close();
    server = await startServer({ dataDir: first.dataDir });
    await server.notifications.drain();
    expect(await outbox(server)).toHaveLength(5);
  });

  it('sends in the background without being asked', async () => {
    server = await startServer({ notifications: { worker: { pollMs: 20 } } });
    expect((await post(server, ADMIN_URL, otherEnquiry())).statusCode).toBe(201);
    await expect.poll(async () => (await outbox(server!)).length, { timeout: 5_000 }).toBe(1);
  });

  it('looks at the queue as soon as a request queued a message, and not after a call that queued none', async () => {
    // A poll too slow to be what sends it: the wake after the answer does.
    server = await startServer({ notifications: { worker: { pollMs: 600_000 } } });
    const wake = vi.spyOn(server.notifications, 'wake');
    const started = await post(server, '/api/v1/fhir/r4/Guideline/Triage.SoreThroat/$start', { patient: { dateOfBirth: '1985-04-12', sexAtBirth: 'female' } });
    expect(started.statusCode).toBe(201);
    expect(wake).not.toHaveBeenCalled();
    expect((await post(server, ADMIN_URL, otherEnquiry())).statusCode).toBe(201);
    expect(wake).toHaveBeenCalledTimes(1);
    await expect.poll(async () => (await outbox(server!)).length, { timeout: 5_000 }).toBe(1);
  });
});

describe('settings the messages read', () => {
  it('use the practice name and phone of the clinic settings', async () => {
    server = await startServer({ notifications: { worker: NO_WAIT } });
    await putSetting(server.store, 'clinic', { name: 'Meadow Surgery', telephone: '0113 000 0000' });
    expect((await post(server, ADMIN_URL, otherEnquiry())).statusCode).toBe(201);
    await server.notifications.drain();
    const [email] = await outbox(server);
    expect(email!.subject).toBe('Meadow Surgery: we have received your request');
    expect(email!.body).toContain('call the practice on 0113 000 0000');
  });
});
