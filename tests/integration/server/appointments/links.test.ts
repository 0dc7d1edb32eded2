import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMELIA, contractAjv, expectValid, startServer, type Json, type TestServer } from '../../support/helpers';
import {
  actionRequestUrl,
  availability,
  AVAILABILITY,
  bookUrl,
  cancelUrl,
  DIRECT_BOOKING,
  linkProof,
  LINKS,
  OMAR,
  rescheduleUrl,
  slotsOf,
  staffHeaders,
} from '../../support/appointments-helpers';

const ajv = contractAjv();
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server.cleanup());

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

async function fetchLink(type: string, lid: string, body: unknown = {}): Promise<{ status: number; body: Json }> {
  const response = await post(actionRequestUrl(type, lid), body);
  return { status: response.statusCode, body: response.json() as Json };
}

async function confirmed(lid: string): Promise<Json> {
  const answer = await fetchLink('APPOINTMENT_CONFIRMED', lid);
  expect(answer.status).toBe(200);
  expectValid(ajv, 'patient-action-request', answer.body);
  return answer.body;
}

function expectError(answer: { status: number; body: Json }, status: number, code: string, message: string): void {
  expectValid(ajv, 'error', answer.body);
  expect(answer).toMatchObject({ status, body: { code, message } });
}

describe('APPOINTMENT_CONFIRMED link states (appointment details)', () => {
  it('valid: the booked appointment in words, changeable until an hour before', async () => {
    const link = await confirmed(LINKS.booked);
    expect(link).toMatchObject({ parType: 'APPOINTMENT_CONFIRMED', appointmentStatus: 'BOOKED', linkState: 'VALID', expired: false, patientCanChange: true });
    expect(link.patient).toBeUndefined();
    expect(link.appointmentBooking).toMatchObject({ siteName: 'Riverside Medical Practice', slot: { type: 'GP appointment', virtual: false } });
    expect(Date.parse(link.changeDeadline as string)).toBe((link.appointmentBooking.slot.dateTimeInMilliseconds as number) - 3_600_000);
  });

  it.each([
    ['cancelled', LINKS.cancelled, { appointmentStatus: 'CANCELLED', linkState: 'CANCELLED' }],
    ['past start', LINKS.pastStart, { appointmentStatus: 'BOOKED', linkState: 'PAST_START' }],
    ['request expired', LINKS.requestExpired, { expired: true, linkState: 'EXPIRED' }],
  ])('%s', async (_name, lid, state) => {
    expect(await confirmed(lid)).toMatchObject(state);
  });

  it('cancel and reschedule are refused with the code of each state', async () => {
    const cases: Array<[string, number, string, string]> = [
      [LINKS.cancelled, 409, 'RH-E1522', 'Unable to update this appointment'],
      [LINKS.pastStart, 409, 'RH-E008', 'The time window for updating this appointment has expired'],
      [LINKS.requestExpired, 410, 'RH-E3741C', 'This link has expired'],
      [LINKS.practiceOnly, 403, 'RH-E109', 'This appointment type can only be changed by the practice.'],
      [LINKS.tooLate, 409, 'RH-E008', 'The time window for updating this appointment has expired'],
      [LINKS.practiceUpdated, 409, 'RH-E1522', 'Unable to update this appointment'],
      [LINKS.recordChanged, 409, 'RH-E012', 'Unable to find matched patient'],
    ];
    const free = slotsOf(await availability(server, 'referralId=ref-routine'))[0]!;
    for (const [lid, status, code, message] of cases) {
      const link = await confirmed(lid);
      const proof = await linkProof(server, lid);
      const cancel = await post(cancelUrl(link.consultationId as string, lid), undefined, proof);
      expectError({ status: cancel.statusCode, body: cancel.json() as Json }, status, code, message);
      const move = await post(
        rescheduleUrl(lid),
        {
          consultationId: link.consultationId,
          appointmentSlotId: free.slot.id,
          availableAppointmentSession: free.session,
        },
        proof,
      );
      expectError({ status: move.statusCode, body: move.json() as Json }, status, code, message);
      // Refused changes change nothing.
      expect(await confirmed(lid)).toEqual(link);
    }
  });

  it('cancel through the link: the slot is free again, the link then reads "cancelled", a second cancel is RH-E1522', async () => {
    const before = await confirmed(LINKS.booked);
    const slotId = before.appointmentBooking.slot.id as string;
    const proof = await linkProof(server, LINKS.booked);
    const cancel = await post(cancelUrl(before.consultationId as string, LINKS.booked), undefined, proof);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ appointmentStatus: 'CANCELLED', consultationId: before.consultationId });
    expect(await confirmed(LINKS.booked)).toMatchObject({ appointmentStatus: 'CANCELLED', linkState: 'CANCELLED' });
    const again = await post(cancelUrl(before.consultationId as string, LINKS.booked), undefined, proof);
    expect(again.json()).toMatchObject({ code: 'RH-E1522' });
    const nextChunk = await availability(server, `referralId=ref-routine&from=${before.appointmentBooking.date as string}`);
    expect(slotsOf(nextChunk).map((p) => p.slot.id)).toContain(slotId);
    const list = (await server.app.inject({ method: 'GET', url: '/api/v1/practice/appointments', headers: staffHeaders() })).json() as Json[];
    const entry = list.find((e) => e.consultationId === before.consultationId)!;
    expect(entry.events.map((e: Json) => e.status)).toEqual(['CANCELLED', 'BOOKED']);
  });
});

describe('a link reveals only its own appointment', () => {
  it('unknown, malformed and mismatched links are RH-E3741D / RH-E3741E', async () => {
    expectError(await fetchLink('APPOINTMENT_CONFIRMED', '5f2b0e0e-1111-4222-8333-944455556666'), 404, 'RH-E3741D', 'This link is invalid');
    expectError(await fetchLink('APPOINTMENT_CONFIRMED', 'not-a-uuid'), 404, 'RH-E3741D', 'This link is invalid');
    expectError(await fetchLink('SELF_BOOKING_REQUEST', LINKS.direct, { dateOfBirth: OMAR.dateOfBirth }), 400, 'RH-E3741E', 'This link is invalid');
    expectError(await fetchLink('DIRECT_BOOKING', LINKS.booked, { patient: AMELIA }), 400, 'RH-E3741E', 'This link is invalid');
    const type = await post(actionRequestUrl('SOMETHING_ELSE', LINKS.booked), {});
    expect(type.statusCode).toBe(400);
  });

  it("another request's id with this link cannot cancel or move that request's appointment", async () => {
    const mine = await confirmed(LINKS.practiceUpdated);
    const theirs = await confirmed(LINKS.requestExpired);
    const proof = await linkProof(server, LINKS.practiceUpdated);
    const cancel = await post(cancelUrl(theirs.consultationId as string, LINKS.practiceUpdated), undefined, proof);
    expect(cancel.json()).toMatchObject({ code: 'RH-E3741D' });
    const free = slotsOf(await availability(server, 'referralId=ref-routine'))[1]!;
    const move = await post(
      rescheduleUrl(LINKS.practiceUpdated),
      {
        consultationId: theirs.consultationId,
        appointmentSlotId: free.slot.id,
        availableAppointmentSession: free.session,
      },
      proof,
    );
    expect(move.json()).toMatchObject({ code: 'RH-E3741D' });
    expect(await confirmed(LINKS.requestExpired)).toEqual(theirs);
    expect(mine.consultationId).not.toBe(theirs.consultationId);
  });

  it('cancelling without a link needs the signed-in owner (401 otherwise)', async () => {
    const link = await confirmed(LINKS.practiceOnly);
    const response = await post(`/api/v1/triage/nhs/cancel/appointment/${link.consultationId as string}`);
    expect(response.statusCode).toBe(401);
  });
});

describe('DIRECT_BOOKING invitations', () => {
  it('valid for its recipient only; other details "don\'t correspond"', async () => {
    const ok = await fetchLink('DIRECT_BOOKING', LINKS.direct, { patient: OMAR });
    expect(ok.status).toBe(200);
    expectValid(ajv, 'patient-action-request', ok.body);
    expect(ok.body).toMatchObject({ parType: 'DIRECT_BOOKING', appointmentStatus: 'NONE', linkState: 'VALID', patient: { lastName: "O'Sample" } });
    const caseAndSpaces = await fetchLink('DIRECT_BOOKING', LINKS.direct, { patient: { ...OMAR, lastName: "o'sample", postCode: 'ls62qt' } });
    expect(caseAndSpaces.status).toBe(200);
    const other = await fetchLink('DIRECT_BOOKING', LINKS.direct, { patient: AMELIA });
    expect(other).toMatchObject({
      status: 403,
      body: { reason: 'PATIENT_DETAILS_MISMATCH', message: "The details you have provided don't correspond with those on the consultation" },
    });
    const none = await fetchLink('DIRECT_BOOKING', LINKS.direct, {});
    expect(none.status).toBe(400);
  });

  it('expired (RH-E3741C), used up (RH-E3741B), and full (RH-E3741A for a new patient, RH-E3741B for one who used it)', async () => {
    expectError(await fetchLink('DIRECT_BOOKING', LINKS.directExpired, { patient: OMAR }), 410, 'RH-E3741C', 'This link has expired');
    expectError(await fetchLink('DIRECT_BOOKING', LINKS.directUsedUp, { patient: AMELIA }), 403, 'RH-E3741B', 'This link can no longer be used');
    expectError(await fetchLink('DIRECT_BOOKING', LINKS.directFull, { patient: AMELIA }), 403, 'RH-E3741A', 'This link has reached its limit');
    expectError(await fetchLink('DIRECT_BOOKING', LINKS.directFull, { patient: OMAR }), 403, 'RH-E3741B', 'This link can no longer be used');
    const q = new URLSearchParams({ linkUUID: LINKS.directExpired, lastName: OMAR.lastName, dateOfBirth: OMAR.dateOfBirth, postcode: OMAR.postCode });
    const listing = await server.app.inject({ method: 'GET', url: `${AVAILABILITY}?${q.toString()}` });
    expect(listing.json()).toMatchObject({ code: 'RH-E3741C' });
  });

  it('books through direct-booking, then the link reads BOOKED and the confirmation link works', async () => {
    const q = new URLSearchParams({
      linkUUID: LINKS.direct,
      firstName: OMAR.firstName,
      lastName: OMAR.lastName,
      dateOfBirth: OMAR.dateOfBirth,
      postcode: OMAR.postCode,
    });
    const missing = await server.app.inject({ method: 'GET', url: `${AVAILABILITY}?linkUUID=${LINKS.direct}` });
    expect(missing.statusCode).toBe(400);
    const listing = (await server.app.inject({ method: 'GET', url: `${AVAILABILITY}?${q.toString()}` })).json() as Json;
    expectValid(ajv, 'appointment-availability', listing);
    expect(listing.navigation.nextChunkLink).toContain(`linkUUID=${LINKS.direct}`);
    const pair = slotsOf(listing)[2]!;
    const wrong = await post(DIRECT_BOOKING, {
      appointmentSlotId: pair.slot.id,
      availableAppointmentSession: pair.session,
      linkUUID: LINKS.direct,
      patient: AMELIA,
    });
    expect(wrong.json()).toMatchObject({ reason: 'PATIENT_DETAILS_MISMATCH' });
    const booked = await post(DIRECT_BOOKING, {
      appointmentSlotId: pair.slot.id,
      availableAppointmentSession: pair.session,
      linkUUID: LINKS.direct,
      patient: OMAR,
    });
    expect(booked.statusCode).toBe(201);
    const answer = booked.json() as Json;
    expect(answer.linkUUID).not.toBe(LINKS.direct);
    expect((await fetchLink('DIRECT_BOOKING', LINKS.direct, { patient: OMAR })).body).toMatchObject({ appointmentStatus: 'BOOKED' });
    expect(await confirmed(answer.linkUUID as string)).toMatchObject({ appointmentStatus: 'BOOKED', appointmentBooking: { slot: { id: pair.slot.id } } });
    // Booking again through the invitation is a retry of the same slot, or a reschedule.
    const retry = await post(DIRECT_BOOKING, {
      appointmentSlotId: pair.slot.id,
      availableAppointmentSession: pair.session,
      linkUUID: LINKS.direct,
      patient: OMAR,
    });
    expect(retry.json()).toEqual(answer);
  });
});

describe('SELF_BOOKING_REQUEST invitations', () => {
  it('date-of-birth check', async () => {
    expect((await fetchLink('SELF_BOOKING_REQUEST', LINKS.selfBookPhysio, { dateOfBirth: OMAR.dateOfBirth })).status).toBe(200);
    expect(await fetchLink('SELF_BOOKING_REQUEST', LINKS.selfBookPhysio, { dateOfBirth: '1972-11-04' })).toMatchObject({
      status: 403,
      body: { reason: 'PATIENT_DETAILS_MISMATCH' },
    });
    expect((await fetchLink('SELF_BOOKING_REQUEST', LINKS.selfBookPhysio, {})).status).toBe(400);
  });

  it('offers the slot types of the invitation and books through book/appointment', async () => {
    const request = (await fetchLink('SELF_BOOKING_REQUEST', LINKS.selfBookPhysio, { dateOfBirth: OMAR.dateOfBirth })).body;
    const listing = (
      await server.app.inject({ method: 'GET', url: `${AVAILABILITY}?linkUUID=${LINKS.selfBookPhysio}&dateOfBirth=${OMAR.dateOfBirth}` })
    ).json() as Json;
    const pairs = slotsOf(listing);
    expect(new Set(pairs.map((p) => p.slot.slotTypeId))).toEqual(new Set(['PHYSIO']));
    const pair = pairs[0]!;
    const proof = await linkProof(server, LINKS.selfBookPhysio, 'SELF_BOOKING_REQUEST');
    const wrongConsultation = await post(
      bookUrl(LINKS.selfBookPhysio),
      {
        consultationId: 'someone-else',
        appointmentSlotId: pair.slot.id,
        availableAppointmentSession: pair.session,
      },
      proof,
    );
    expect(wrongConsultation.json()).toMatchObject({ code: 'RH-E3741D' });
    const booked = await post(
      bookUrl(LINKS.selfBookPhysio),
      {
        consultationId: request.consultationId,
        appointmentSlotId: pair.slot.id,
        availableAppointmentSession: pair.session,
      },
      proof,
    );
    expect(booked.statusCode).toBe(201);
    expectValid(ajv, 'appointment-booking-response', booked.json());
  });

  it('a booking the practice is already making is RH-E005; record system down RH-E002, temporary RH-E024', async () => {
    const pending = (await fetchLink('SELF_BOOKING_REQUEST', LINKS.selfBookPending, { dateOfBirth: AMELIA.dateOfBirth })).body;
    expect(pending).toMatchObject({ appointmentStatus: 'PENDING_BOOKING' });
    const pair = slotsOf(await availability(server, `linkUUID=${LINKS.selfBookPending}&dateOfBirth=${AMELIA.dateOfBirth}`))[0]!;
    const book = await post(
      bookUrl(LINKS.selfBookPending),
      {
        consultationId: pending.consultationId,
        appointmentSlotId: pair.slot.id,
        availableAppointmentSession: pair.session,
      },
      await linkProof(server, LINKS.selfBookPending, 'SELF_BOOKING_REQUEST'),
    );
    expectError({ status: book.statusCode, body: book.json() as Json }, 409, 'RH-E005', 'This appointment is no longer available');
    const outage = await server.app.inject({ method: 'GET', url: `${AVAILABILITY}?linkUUID=${LINKS.selfBookOutage}&dateOfBirth=1995-12-05` });
    expectError({ status: outage.statusCode, body: outage.json() as Json }, 503, 'RH-E002', 'The appointment system is not available');
    const timeout = await server.app.inject({ method: 'GET', url: `${AVAILABILITY}?linkUUID=${LINKS.selfBookTimeout}&dateOfBirth=2000-03-09` });
    expectError({ status: timeout.statusCode, body: timeout.json() as Json }, 503, 'RH-E024', 'There is a temporary problem');
  });
});
