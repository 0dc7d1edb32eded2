// Rescheduling or cancelling through a link needs the patient's date of birth, checked as a
// self-booking invitation's is (five wrong answers lock the link for an hour): the link alone,
// forwarded or left open, shows the appointment but cannot move or cancel it
// (server/appointments/linkProof.ts, docs/patient-app.md "Experience, third round").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueLinkProof, isLinkProofValid, LINK_PROOF_MS } from '../../../../server/appointments/linkProof';
import { cachedEngineKeySecret } from '../../../../server/engineKeys';
import { actionRequestUrl, availability, bookUrl, cancelUrl, LINKS, linkProof, rescheduleUrl, slotsOf } from '../../support/appointments-helpers';
import { AMELIA, contractAjv, expectValid, startServer, type Json, type TestServer } from '../../support/helpers';

const ajv = contractAjv();
let server: TestServer;
beforeAll(async () => {
  // The real limits (the suites raise them): five wrong answers lock a link.
  server = await startServer({ limitScale: 1 });
});
afterAll(async () => server.cleanup());

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  server.app.inject({ method: 'POST', url, headers, remoteAddress, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

async function booked(lid: string) {
  const answer = await post(actionRequestUrl('APPOINTMENT_CONFIRMED', lid), {});
  expect(answer.statusCode).toBe(200);
  return answer.json() as Json;
}

const setCookies = (headers: Record<string, unknown>) => {
  const set = headers['set-cookie'];
  return (Array.isArray(set) ? set : set === undefined ? [] : [set]) as string[];
};

describe('a link alone cannot change or cancel the appointment', () => {
  it('without the check: 403 IDENTITY_CHECK_REQUIRED saying what to do, and the appointment is as it was', async () => {
    const before = await booked(LINKS.booked);
    const free = slotsOf(await availability(server, 'referralId=ref-routine'))[0]!;
    const cancel = await post(cancelUrl(before.consultationId as string, LINKS.booked));
    expect(cancel.statusCode).toBe(403);
    expectValid(ajv, 'error', cancel.json());
    expect(cancel.json()).toMatchObject({ reason: 'IDENTITY_CHECK_REQUIRED', message: expect.stringContaining('confirm your date of birth') });
    const move = await post(rescheduleUrl(LINKS.booked), {
      consultationId: before.consultationId,
      appointmentSlotId: free.slot.id,
      availableAppointmentSession: free.session,
    });
    expect(move.statusCode).toBe(403);
    expect(move.json()).toMatchObject({ reason: 'IDENTITY_CHECK_REQUIRED' });
    // A cookie of the right name but not ours, or for another link, is no proof.
    const forged = await post(cancelUrl(before.consultationId as string, LINKS.booked), undefined, { cookie: `gp_link_check=${'0'.repeat(76)}` });
    expect(forged.statusCode).toBe(403);
    const other = await linkProof(server, LINKS.practiceUpdated);
    expect((await post(cancelUrl(before.consultationId as string, LINKS.booked), undefined, other)).statusCode).toBe(403);
    expect(await booked(LINKS.booked)).toEqual(before);
  });

  it('seeing the appointment needs no date of birth and gives no proof', async () => {
    const answer = await post(actionRequestUrl('APPOINTMENT_CONFIRMED', LINKS.booked), {});
    expect(answer.statusCode).toBe(200);
    expect(setCookies(answer.headers)).toEqual([]);
  });

  it('the right date of birth: a proof for this link only, HttpOnly and SameSite=Strict, for an hour; then the cancel goes through', async () => {
    const answer = await post(actionRequestUrl('APPOINTMENT_CONFIRMED', LINKS.booked), { dateOfBirth: AMELIA.dateOfBirth });
    expect(answer.statusCode).toBe(200);
    expectValid(ajv, 'patient-action-request', answer.json());
    const [cookie] = setCookies(answer.headers).filter((c) => c.startsWith('gp_link_check='));
    expect(cookie).toMatch(/^gp_link_check=[0-9a-f]{76}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=3600$/);
    const before = await booked(LINKS.booked);
    const cancel = await post(cancelUrl(before.consultationId as string, LINKS.booked), undefined, { cookie: cookie!.split(';')[0]! });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ appointmentStatus: 'CANCELLED' });
  });

  it('a wrong date of birth is counted: the fifth locks the link for an hour, even for the right date, and no proof is given', async () => {
    const lid = LINKS.tooLate;
    const client = '198.51.100.7';
    for (let i = 0; i < 5; i++) {
      const wrong = await post(actionRequestUrl('APPOINTMENT_CONFIRMED', lid), { dateOfBirth: '1990-01-01' }, {}, client);
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toMatchObject({ reason: 'PATIENT_DETAILS_MISMATCH' });
      expect(setCookies(wrong.headers)).toEqual([]);
    }
    const row = await server.store.get<{ patient: string }>('SELECT patient FROM appt_links WHERE link_uuid = ?', [lid]);
    const right = (JSON.parse(row!.patient) as { dateOfBirth: string }).dateOfBirth;
    const locked = await post(actionRequestUrl('APPOINTMENT_CONFIRMED', lid), { dateOfBirth: right }, {}, '203.0.113.9');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ reason: 'IDENTITY_CHECK_LOCKED' });
    expect(setCookies(locked.headers)).toEqual([]);
  });

  it('booking through a self-booking invitation needs its date-of-birth check too', async () => {
    const request = (await post(actionRequestUrl('SELF_BOOKING_REQUEST', LINKS.selfBook), { dateOfBirth: AMELIA.dateOfBirth })).json() as Json;
    const pair = slotsOf(await availability(server, `linkUUID=${LINKS.selfBook}&dateOfBirth=${AMELIA.dateOfBirth}`))[0]!;
    const body = { consultationId: request.consultationId, appointmentSlotId: pair.slot.id, availableAppointmentSession: pair.session };
    const bare = await post(bookUrl(LINKS.selfBook), body);
    expect(bare.statusCode).toBe(403);
    expect(bare.json()).toMatchObject({ reason: 'IDENTITY_CHECK_REQUIRED', message: expect.stringContaining('before you book this appointment') });
    const booked = await post(bookUrl(LINKS.selfBook), body, await linkProof(server, LINKS.selfBook, 'SELF_BOOKING_REQUEST'));
    expect(booked.statusCode, booked.body).toBe(201);
  });

  it('a proof is for one link and expires after an hour', async () => {
    const secret = await cachedEngineKeySecret(server.store);
    const now = Date.now();
    const proof = issueLinkProof(secret, LINKS.booked, now);
    expect(isLinkProofValid(secret, proof, LINKS.booked, now + LINK_PROOF_MS - 1)).toBe(true);
    expect(isLinkProofValid(secret, proof, LINKS.booked, now + LINK_PROOF_MS)).toBe(false);
    expect(isLinkProofValid(secret, proof, LINKS.practiceUpdated, now)).toBe(false);
    expect(isLinkProofValid('another practice secret that is long enough', proof, LINKS.booked, now)).toBe(false);
    // A later expiry written into the proof breaks its HMAC.
    const later = `${proof.slice(0, 32)}${(now + 10 * LINK_PROOF_MS).toString(16).padStart(12, '0')}${proof.slice(44)}`;
    expect(isLinkProofValid(secret, later, LINKS.booked, now)).toBe(false);
  });
});
