// The appointment messages (server/appointments/notify.ts): a booking, a reschedule and a cancel
// each queue their message in the same transaction (read back through the staff outbox), with the
// change-or-cancel link on the public origin; bookings that store a request also confirm it.
import { afterEach, describe, expect, it } from 'vitest';
import { shortReference } from '../../../../server/notifications/index';
import {
  availability,
  cancelUrl,
  ELIGIBILITY_BOOKING,
  linkProof,
  rescheduleUrl,
  routineExecution,
  slotsOf,
  SYMPTOM_BOOKING,
  triageRequest,
} from '../../support/appointments-helpers';
import { AMELIA, contractAjv, expectValid, STAFF_AUTH, startServer, type Json, type TestServer } from '../../support/helpers';
import { start, walk } from '../../support/walker';

const ajv = contractAjv();
const NO_WAIT = { backoffMs: () => 0 };
const ORIGIN = 'https://gp.example.org';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.cleanup();
  server = undefined;
});

async function outbox(s: TestServer): Promise<Json[]> {
  await s.notifications.drain();
  const response = await s.app.inject({ url: '/api/v1/practice/outbox', headers: STAFF_AUTH });
  expect(response.statusCode).toBe(200);
  expectValid(ajv, 'practice-outbox', response.json());
  return response.json() as Json[];
}

const post = (s: TestServer, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  s.app.inject({ method: 'POST', url, headers, ...(payload ? { payload: payload as Json } : {}) });

/** Free slots at least three hours ahead (changes close an hour before the start). */
async function freeSlots(s: TestServer, query: string): Promise<Array<{ session: Json; slot: Json }>> {
  const later = Date.now() + 3 * 60 * 60 * 1000;
  return slotsOf(await availability(s, query)).filter((p) => (p.slot.dateTimeInMilliseconds as number) > later);
}

const withSubject = (messages: Json[], subject: string) => messages.filter((m) => m.channel === 'EMAIL' && String(m.subject).endsWith(subject));

describe('appointment messages through the outbox', () => {
  it('a booking, a reschedule and a cancel each put their message in the outbox, with the appointment page link', async () => {
    server = await startServer({ publicUrl: ORIGIN, notifications: { worker: NO_WAIT } });
    const [first] = await freeSlots(server, 'referralId=ref-routine');
    const booked = await post(server, SYMPTOM_BOOKING, {
      triageRequest: triageRequest(AMELIA, await routineExecution(server.app)),
      appointmentSlotId: first!.slot.id,
      availableAppointmentSession: first!.session,
      guidelineFinishedOn: new Date().toISOString(),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const booking = booked.json() as Json;
    const link = `${ORIGIN}/appointment/details?lid=${booking.linkUUID as string}`;

    let messages = await outbox(server);
    const bookedEmail = withSubject(messages, ': your appointment is booked');
    expect(bookedEmail).toHaveLength(1);
    expect(bookedEmail[0]!.to).toBe('test@example.com');
    expect(String(bookedEmail[0]!.body)).toContain(link);
    // The symptom-assessment booking stores the request: it is confirmed as received too.
    const received = withSubject(messages, ': we have received your request');
    expect(received).toHaveLength(1);
    expect(String(received[0]!.body)).toContain(`Your reference: ${shortReference(booking.consultationId as string)}`);

    const [other] = (await freeSlots(server, `linkUUID=${booking.linkUUID as string}`)).filter((p) => p.slot.id !== first!.slot.id);
    // The patient confirms their date of birth on the link before changing or cancelling through it.
    const proof = await linkProof(server, booking.linkUUID as string);
    const moved = await post(
      server,
      rescheduleUrl(booking.linkUUID as string),
      {
        consultationId: booking.consultationId,
        appointmentSlotId: other!.slot.id,
        availableAppointmentSession: other!.session,
      },
      proof,
    );
    expect(moved.statusCode, moved.body).toBe(201);
    messages = await outbox(server);
    const changed = withSubject(messages, ': your appointment has changed');
    expect(changed).toHaveLength(1);
    expect(String(changed[0]!.body)).toContain(link);

    const cancelled = await post(server, cancelUrl(booking.consultationId as string, booking.linkUUID as string), undefined, proof);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    messages = await outbox(server);
    expect(withSubject(messages, ': your appointment is cancelled')).toHaveLength(1);
    // One message per change, nothing more: booked, received, changed, cancelled.
    expect(messages.filter((m) => m.channel === 'EMAIL')).toHaveLength(4);
  }, 60_000);

  it('a refused booking queues nothing, and a retried one queues its messages once', async () => {
    server = await startServer({ notifications: { worker: NO_WAIT } });
    const [pair] = await freeSlots(server, 'referralId=ref-routine');
    const execution = await routineExecution(server.app);
    const body = { triageRequest: triageRequest(AMELIA, execution), appointmentSlotId: pair!.slot.id, availableAppointmentSession: pair!.session };
    for (let i = 0; i < 2; i++) {
      const sent = await server.app.inject({ method: 'POST', url: SYMPTOM_BOOKING, payload: body, headers: { 'idempotency-key': 'book-once' } });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    const taken = await post(server, SYMPTOM_BOOKING, { ...body, triageRequest: triageRequest({ ...AMELIA, lastName: 'Someone' }, execution) });
    expect(taken.statusCode).toBe(409);
    const messages = await outbox(server);
    expect(withSubject(messages, ': your appointment is booked')).toHaveLength(1);
    expect(withSubject(messages, ': we have received your request')).toHaveLength(1);
    // Without PUBLIC_URL the link is on the address the patient used.
    expect(String(withSubject(messages, ': your appointment is booked')[0]!.body)).toMatch(
      /http:\/\/localhost(:\d+)?\/appointment\/details\?lid=[0-9a-f-]{36}/,
    );
  });

  it('an eligibility booking with a self-help outcome sends the self-help email as its acknowledgement', async () => {
    server = await startServer({ notifications: { worker: NO_WAIT } });
    const started = await start(server.app, 'Eligibility.FirstContactPhysio', { age: 40, sexAtBirth: 'female' });
    expect(started.statusCode, started.body).toBe(201);
    const answers = { fcpUrgent: ['NONE_OF_THE_ABOVE'], fcpArea: 'back', fcpWeeks: 1, fcpTriedSelfHelp: false, fcpScore: 3, fcpGp: ['NONE_OF_THE_ABOVE'] };
    const execution = await walk(server.app, started.json() as Json, answers);
    const [pair] = await freeSlots(server, 'referralId=ref-routine&guidelineId=Eligibility.FirstContactPhysio');
    const sent = await post(server, ELIGIBILITY_BOOKING, {
      eligibilityBooking: {
        patient: { ...AMELIA, contactDetails: { emailAddress: 'amelia.testwell@example.com' } },
        triageRequestType: 'ELIGIBILITY_BOOKING',
        consultation: { guidelineId: 'Eligibility.FirstContactPhysio', executionId: execution.identifier, guidelineName: 'First contact physiotherapy' },
        guidelineExecution: { identifier: execution.identifier, status: execution.status, recommendations: execution.recommendations },
      },
      appointmentSlotId: pair!.slot.id,
      availableAppointmentSession: pair!.session,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const messages = (await outbox(server)).filter((m) => m.to === 'amelia.testwell@example.com');
    expect(withSubject(messages, ': your appointment is booked')).toHaveLength(1);
    expect(withSubject(messages, ': the self-help information you asked for')).toHaveLength(1);
    expect(withSubject(messages, ': we have received your request')).toHaveLength(0);
  });
});
