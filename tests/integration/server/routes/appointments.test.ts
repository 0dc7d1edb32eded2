import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDiary } from '../../../../server/appointments/diary';
import { toLocal } from '../../../../server/appointments/time';
import { AMELIA, STAFF_AUTH, contractAjv, expectValid, startServer, type Json, type TestServer } from '../../support/helpers';
import {
  actionRequestUrl,
  addTestPatients,
  availability,
  AVAILABILITY,
  bookUrl,
  cancelUrl,
  ELIGIBILITY_BOOKING,
  linkProof,
  LINKS,
  rescheduleUrl,
  slotsOf,
  physioExecution,
  routineExecution,
  staffHeaders,
  SYMPTOM_BOOKING,
  triageRequest,
} from '../../support/appointments-helpers';

const ajv = contractAjv();
let server: TestServer;
let patients: ReturnType<typeof addTestPatients>;
/**
 * The finished routine execution of the bookings that are refused before their request is stored;
 * a booking that goes through claims its execution (one questionnaire backs one request), so each
 * of those comes from a fresh one (`fresh()`).
 */
let routine: Json;
const fresh = () => routineExecution(server.app);

beforeAll(async () => {
  server = await startServer({ controls: true });
  patients = addTestPatients(server.db, 60);
  routine = await routineExecution(server.app);
});
afterAll(async () => server.cleanup());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers });

const activeOnSlot = (slotId: string) =>
  (server.db.prepare("SELECT COUNT(*) AS n FROM appt_appointments WHERE slot_id = ? AND status IN ('BOOKED', 'RESCHEDULED')").get(slotId) as { n: number }).n;

/**
 * A free slot of the default referral, the nth of the first chunk that starts at least three
 * hours from now: changes close an hour before the start (RH-E008), so a slot later today
 * would make the change tests depend on the time of day they run.
 */
async function freeSlot(n = 0): Promise<{ session: Json; slot: Json }> {
  const later = Date.now() + 3 * 60 * 60 * 1000;
  const pairs = slotsOf(await availability(server, 'referralId=ref-routine')).filter((p) => (p.slot.dateTimeInMilliseconds as number) > later);
  const pair = pairs[n];
  if (!pair) throw new Error(`no free slot number ${n}`);
  return pair;
}

function symptomBooking(patient: Json, pair: { session: Json; slot: Json }, execution: Json = routine): Json {
  return {
    triageRequest: triageRequest(patient, execution),
    appointmentSlotId: pair.slot.id,
    availableAppointmentSession: pair.session,
    guidelineFinishedOn: new Date().toISOString(),
  };
}

describe('availability', () => {
  it('answers a week at a time with a next link while more exist, then the next tier', async () => {
    const now = Date.now();
    const today = toLocal(now).date;
    let answer = await availability(server, 'referralId=ref-routine');
    expectValid(ajv, 'appointment-availability', answer);
    const seenDates: string[] = [];
    let chunks = 0;
    for (;;) {
      chunks++;
      const dates = (answer.availableAppointmentSessions as Json[]).map((s) => s.date as string);
      expect(dates.length).toBeGreaterThan(0);
      // One chunk spans at most 7 days and starts after the previous one ended.
      const first = dates[0]!;
      const last = dates[dates.length - 1]!;
      expect((Date.parse(last) - Date.parse(first)) / 86_400_000).toBeLessThan(7);
      if (seenDates.length > 0) expect(first > seenDates[seenDates.length - 1]!).toBe(true);
      expect([...dates].sort()).toEqual(dates);
      seenDates.push(...new Set(dates));
      for (const { slot, session } of slotsOf(answer)) {
        expect(slot.dateTimeInMilliseconds).toBeGreaterThan(now);
        expect(['GP_F2F', 'GP_PHONE']).toContain(slot.slotTypeId);
        expect(session.siteIdentifier).not.toBe('central-hub');
        expect(slot.virtual).toBe(slot.slotTypeId === 'GP_PHONE' || session.virtual === true);
      }
      const next = answer.navigation.nextChunkLink as string | undefined;
      if (!next) break;
      expect(answer.navigation.nextTierLink).toBeUndefined();
      const response = await server.app.inject({ method: 'GET', url: next });
      expect(response.statusCode).toBe(200);
      answer = response.json() as Json;
    }
    // Six weeks of weekdays, a week per chunk.
    expect(chunks).toBeGreaterThanOrEqual(6);
    expect(seenDates[0]! >= today).toBe(true);
    expect(Date.parse(seenDates[seenDates.length - 1]!) - Date.parse(today)).toBeLessThan(42 * 86_400_000);
    // The last chunk of tier 1 points at the alternative sites.
    const tierLink = answer.navigation.nextTierLink as string;
    expect(tierLink).toContain('tier=2');
    const tier2 = (await server.app.inject({ method: 'GET', url: tierLink })).json() as Json;
    expectValid(ajv, 'appointment-availability', tier2);
    const sites = new Set(slotsOf(tier2).map((p) => p.session.siteIdentifier as string));
    expect([...sites]).toEqual(['central-hub']);
  });

  it('offers the slot types of the referral or guideline, and no next tier when it has none', async () => {
    const nurse = await availability(server, 'referralId=ref-nurse');
    expect(new Set(slotsOf(nurse).map((p) => p.slot.slotTypeId))).toEqual(new Set(['NURSE']));
    let answer = nurse;
    while (answer.navigation.nextChunkLink)
      answer = (await server.app.inject({ method: 'GET', url: answer.navigation.nextChunkLink as string })).json() as Json;
    expect(answer.navigation.nextTierLink).toBeUndefined();
    const physio = await availability(server, 'referralId=ref-routine&guidelineId=Eligibility.FirstContactPhysio');
    expect(new Set(slotsOf(physio).map((p) => p.slot.slotTypeId))).toEqual(new Set(['PHYSIO']));
    const telephone = slotsOf(await availability(server, 'referralId=ref-urgent-callback'));
    expect(telephone.every((p) => p.slot.virtual === true && p.session.siteName === 'Telephone clinic')).toBe(true);
  });

  it('refuses a call without referral, link or with unknown parameters (400 naming it)', async () => {
    const none = await server.app.inject({ method: 'GET', url: '/api/v1/triage/nhs/available/appointments' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ message: 'querystring/referralId is required' });
    const bad = await server.app.inject({ method: 'GET', url: '/api/v1/triage/nhs/available/appointments?referralId=x&dateOfBirth=1985-13-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('dateOfBirth');
  });

  it('answers the sessions calls with sites, slot types and clinicians', async () => {
    const sessions = (await server.app.inject({ method: 'GET', url: '/api/v1/triage/nhs/appointment/sessions?referralId=ref-nurse' })).json() as Json;
    expectValid(ajv, 'appointment-sessions', sessions);
    expect(sessions).toMatchObject({ hasAvailableAppointments: true, slotTypes: [{ id: 'NURSE' }], sessionHolders: [{ refID: 'HOLD-005' }] });
    expect((sessions.sites as Json[]).map((s) => s.identifier)).toEqual(['riverside-main', 'kirkgate']);
    const ai = (await server.app.inject({ method: 'GET', url: '/api/v1/triage/nhs/appointment/sessions/ai' })).json() as Json;
    expectValid(ajv, 'appointment-sessions', ai);
    expect((ai.sites as Json[]).some((s) => s.virtual === true)).toBe(true);
    const aiLed = (
      await server.app.inject({ method: 'GET', url: '/api/v1/triage/nhs/appointments/availability/ai-led?referralId=ref-routine&guidelineId=Triage.BackPain' })
    ).json() as Json;
    expectValid(ajv, 'appointment-availability', aiLed);
    expect(slotsOf(aiLed).length).toBeGreaterThan(0);
  });
});

describe('one slot, one patient', () => {
  it('50 concurrent bookings of one slot: exactly one succeeds, 49 get RH-E007, one request stored', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address() as { port: number };
    const pair = await freeSlot(3);
    const requestsBefore = (server.db.prepare('SELECT COUNT(*) AS n FROM requests').get() as { n: number }).n;
    const answers = await Promise.all(
      patients.slice(0, 50).map(async (patient) => {
        const response = await fetch(`http://127.0.0.1:${address.port}${SYMPTOM_BOOKING}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(symptomBooking(patient, pair)),
        });
        return { status: response.status, body: (await response.json()) as Json };
      }),
    );
    const ok = answers.filter((a) => a.status === 201);
    expect(ok).toHaveLength(1);
    expectValid(ajv, 'appointment-booking-response', ok[0]!.body);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(49);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({ code: 'RH-E007', message: 'Sorry, this time has now been taken' });
    }
    expect(activeOnSlot(pair.slot.id as string)).toBe(1);
    // A refused booking stores nothing: its request was rolled back with it.
    expect((server.db.prepare('SELECT COUNT(*) AS n FROM requests').get() as { n: number }).n).toBe(requestsBefore + 1);
    // The slot is no longer offered.
    const all = slotsOf(await availability(server, 'referralId=ref-routine')).map((p) => p.slot.id);
    expect(all).not.toContain(pair.slot.id);
  });

  it('a second patient booking a taken slot gets RH-E007; cancelling frees it for them', async () => {
    const pair = await freeSlot(5);
    const first = await post(SYMPTOM_BOOKING, symptomBooking(patients[50]!, pair, await fresh()));
    expect(first.statusCode).toBe(201);
    const booking = first.json() as Json;
    const later = await fresh();
    const second = await post(SYMPTOM_BOOKING, symptomBooking(patients[51]!, pair, later));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'RH-E007' });

    const cancel = await server.app.inject({
      method: 'POST',
      url: cancelUrl(booking.consultationId as string, booking.linkUUID as string),
      headers: await linkProof(server, booking.linkUUID as string),
    });
    expect(cancel.statusCode).toBe(200);
    expectValid(ajv, 'appointment-cancel-response', cancel.json());
    expect(activeOnSlot(pair.slot.id as string)).toBe(0);
    const again = await post(SYMPTOM_BOOKING, symptomBooking(patients[51]!, pair, later));
    expect(again.statusCode).toBe(201);
    expect(activeOnSlot(pair.slot.id as string)).toBe(1);
  });

  it('refuses a slot in the past (SLOT_IN_PAST), an unknown slot (RH-E007) and a slot not in the session sent (400)', async () => {
    const pair = await freeSlot(6);
    server.db
      .prepare(
        "INSERT INTO appt_slots SELECT 'test.past', site, holder, slot_type, date, start_time, end_time, ?, session_name, session_id FROM appt_slots WHERE id = ?",
      )
      .run(Date.now() - 60_000, pair.slot.id);
    const pastSession = { ...pair.session, slots: [{ ...pair.slot, id: 'test.past' }] };
    const past = await post(SYMPTOM_BOOKING, {
      ...symptomBooking(patients[52]!, pair),
      appointmentSlotId: 'test.past',
      availableAppointmentSession: pastSession,
    });
    expect(past.statusCode).toBe(409);
    expect(past.json()).toMatchObject({ reason: 'SLOT_IN_PAST', message: 'The selected slot is in the past' });
    const goneSession = { ...pair.session, slots: [{ ...pair.slot, id: 'no-such-slot' }] };
    const gone = await post(SYMPTOM_BOOKING, {
      ...symptomBooking(patients[52]!, pair),
      appointmentSlotId: 'no-such-slot',
      availableAppointmentSession: goneSession,
    });
    expect(gone.statusCode).toBe(409);
    expect(gone.json()).toMatchObject({ code: 'RH-E007' });
    const mismatch = await post(SYMPTOM_BOOKING, { ...symptomBooking(patients[52]!, pair), appointmentSlotId: 'other' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ reason: 'SLOT_NOT_IN_SESSION' });
    const invalid = await post(SYMPTOM_BOOKING, { ...symptomBooking(patients[52]!, pair), availableAppointmentSession: { date: 'x' } });
    expect(invalid.statusCode).toBe(400);
    expectValid(ajv, 'error', invalid.json());
  });

  it('refuses patients the record system cannot match or reach (RH-E012, RH-E002, RH-E024)', async () => {
    const pair = await freeSlot(7);
    const cases: Array<[Json, string]> = [
      [{ firstName: 'No', lastName: 'Body', dateOfBirth: '1990-01-01', postCode: 'LS1 1AA' }, 'RH-E012'],
      [{ firstName: 'Sam', lastName: 'Outage', dateOfBirth: '1995-12-05', postCode: 'LS5 3JR' }, 'RH-E002'],
      [{ firstName: 'Tara', lastName: 'Timeout', dateOfBirth: '2000-03-09', postCode: 'LS7 4DN' }, 'RH-E024'],
    ];
    for (const [patient, code] of cases) {
      const response = await post(SYMPTOM_BOOKING, symptomBooking(patient, pair));
      expect(response.json()).toMatchObject({ code });
    }
    expect(activeOnSlot(pair.slot.id as string)).toBe(0);
  });
});

describe('idempotent booking', () => {
  it('a retry with the same Idempotency-Key returns the same booking, never a second one', async () => {
    const pair = await freeSlot(8);
    const body = symptomBooking(patients[53]!, pair, await fresh());
    const headers = { 'idempotency-key': 'retry-after-lost-answer-1' };
    const first = await post(SYMPTOM_BOOKING, body, headers);
    const retry = await post(SYMPTOM_BOOKING, body, headers);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    const n = server.db.prepare('SELECT COUNT(*) AS n FROM appt_appointments WHERE patient_key = ?').get('p-Loadtest-53') as { n: number };
    expect(n.n).toBe(1);
  });

  it('without a key, asking again for a held slot with the same details is RH-E007 and never carries that booking or its link', async () => {
    // Name, date of birth and postcode prove nothing: anyone may know them (appointment takeover).
    const pair = await freeSlot(9);
    const body = symptomBooking(patients[54]!, pair, await fresh());
    const first = await post(SYMPTOM_BOOKING, body);
    expect(first.statusCode).toBe(201);
    const retry = await post(SYMPTOM_BOOKING, body);
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toMatchObject({ code: 'RH-E007' });
    expect(retry.body).not.toContain((first.json() as Json).linkUUID as string);
    expect(retry.body).not.toContain((first.json() as Json).appointmentId as string);
    const requests = server.db.prepare('SELECT COUNT(*) AS n FROM requests WHERE body LIKE ?').get(`%${patients[54]!.lastName}%`) as { n: number };
    expect(requests.n).toBe(1);
  });

  it('eligibility booking stores an ELIGIBILITY_BOOKING request and books physiotherapy', async () => {
    const physio = slotsOf(await availability(server, 'guidelineId=Eligibility.FirstContactPhysio&referralId=ref-routine'))[0]!;
    const execution = await physioExecution(server.app);
    const wrongType = await post(ELIGIBILITY_BOOKING, {
      eligibilityBooking: triageRequest(AMELIA, execution),
      appointmentSlotId: physio.slot.id,
      availableAppointmentSession: physio.session,
    });
    expect(wrongType.statusCode).toBe(400);
    const response = await post(ELIGIBILITY_BOOKING, {
      eligibilityBooking: triageRequest(AMELIA, execution, 'ELIGIBILITY_BOOKING'),
      appointmentSlotId: physio.slot.id,
      availableAppointmentSession: physio.session,
    });
    expect(response.statusCode).toBe(201);
    const answer = response.json() as Json;
    expect(answer.appointmentBooking).toMatchObject({
      siteName: 'Kirkgate Branch Surgery',
      sessionHolders: ['Ravi Patel'],
      slot: { type: 'First contact physiotherapist' },
    });
    const requests = (await server.app.inject({ method: 'GET', url: '/api/v1/practice/requests', headers: staffHeaders() })).json() as Json[];
    expect(requests.find((r) => r.id === answer.consultationId)).toMatchObject({ kind: 'CONSULTATION', formType: 'ELIGIBILITY_BOOKING' });
  });

  it('a symptom-assessment booking is refused with 412 while the medical service is off', async () => {
    await post('/api/v1/practice/controls', { operationalState: { medical: { operationalStatus: 'SERVICE_OFF' } } }, STAFF_AUTH);
    const pair = await freeSlot(10);
    const response = await post(SYMPTOM_BOOKING, symptomBooking(patients[55]!, pair));
    expect(response.statusCode).toBe(412);
    await post('/api/v1/practice/controls', { operationalState: { medical: { operationalStatus: 'SERVICE_ON' } } }, STAFF_AUTH);
  });
});

describe('reschedule', () => {
  async function bookThroughSelfLink(pair: { session: Json; slot: Json }): Promise<Json> {
    const request = (await post(actionRequestUrl('SELF_BOOKING_REQUEST', LINKS.selfBook), { dateOfBirth: AMELIA.dateOfBirth })).json() as Json;
    const response = await post(
      bookUrl(LINKS.selfBook),
      {
        consultationId: request.consultationId,
        appointmentSlotId: pair.slot.id,
        availableAppointmentSession: pair.session,
      },
      await linkProof(server, LINKS.selfBook, 'SELF_BOOKING_REQUEST'),
    );
    expect(response.statusCode).toBe(201);
    return response.json() as Json;
  }

  it('a failed reschedule leaves the original booking; a good one moves it and frees the old slot', async () => {
    const original = await freeSlot(11);
    const taken = await freeSlot(12);
    const target = await freeSlot(13);
    const booking = await bookThroughSelfLink(original);
    expect(booking.appointmentStatus).toBe('BOOKED');
    const other = await post(SYMPTOM_BOOKING, symptomBooking(patients[56]!, taken, await fresh()));
    expect(other.statusCode).toBe(201);

    const lid = booking.linkUUID as string;
    const body = (pair: { session: Json; slot: Json }) => ({
      consultationId: booking.consultationId,
      appointmentSlotId: pair.slot.id,
      availableAppointmentSession: pair.session,
    });
    const proof = await linkProof(server, lid);
    const refused = await post(rescheduleUrl(lid), body(taken), proof);
    expect(refused.statusCode).toBe(409);
    expect(refused.json(), JSON.stringify(refused.json())).toMatchObject({ code: 'RH-E007' });
    const still = (await post(actionRequestUrl('APPOINTMENT_CONFIRMED', lid), {})).json() as Json;
    expectValid(ajv, 'patient-action-request', still);
    expect(still).toMatchObject({ appointmentStatus: 'BOOKED', linkState: 'VALID', appointmentBooking: { slot: { id: original.slot.id } } });
    expect(activeOnSlot(original.slot.id as string)).toBe(1);
    expect(activeOnSlot(taken.slot.id as string)).toBe(1);

    const moved = await post(rescheduleUrl(lid), body(target), proof);
    expect(moved.statusCode).toBe(201);
    expectValid(ajv, 'appointment-booking-response', moved.json());
    expect(moved.json()).toMatchObject({
      appointmentStatus: 'RESCHEDULED',
      appointmentId: booking.appointmentId,
      linkUUID: lid,
      appointmentBooking: { slot: { id: target.slot.id } },
    });
    expect(activeOnSlot(original.slot.id as string)).toBe(0);
    expect(activeOnSlot(target.slot.id as string)).toBe(1);
    // A retry of the same change after a lost answer gets the same answer.
    const retry = await post(rescheduleUrl(lid), body(target), proof);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(moved.json());
    // The self-booking link now reads BOOKED → the app reschedules through it too.
    const viaInvitation = (await post(actionRequestUrl('SELF_BOOKING_REQUEST', LINKS.selfBook), { dateOfBirth: AMELIA.dateOfBirth })).json() as Json;
    expect(viaInvitation.appointmentStatus).toBe('RESCHEDULED');

    const list = (await server.app.inject({ method: 'GET', url: '/api/v1/practice/appointments', headers: staffHeaders() })).json() as Json[];
    expectValid(ajv, 'practice-appointments', list);
    const entry = list.find((e) => e.appointmentId === booking.appointmentId)!;
    expect(entry.events.map((e: Json) => e.status)).toEqual(['RESCHEDULED', 'BOOKED']);
    expect(entry).toMatchObject({ appointmentStatus: 'RESCHEDULED', patientName: 'Amelia Testwell' });
    const inbox = await server.app.inject({ method: 'GET', url: '/practice/inbox', headers: staffHeaders() });
    expect(inbox.body).toContain('<h2 id="appointments-heading">Appointments</h2>');
    expect(inbox.body).toContain('PENDING_BOOKING');
  });
});

describe('the diary', () => {
  let laterServer: TestServer;
  beforeAll(async () => {
    laterServer = await startServer();
  });
  afterAll(async () => laterServer.cleanup());

  it('keeps six weeks ahead as days pass, dropping past free slots but keeping booked ones', async () => {
    const pair = slotsOf((await laterServer.app.inject({ method: 'GET', url: `${AVAILABILITY}?referralId=ref-routine` })).json() as Json)[0]!;
    const booked = await laterServer.app.inject({
      method: 'POST',
      url: SYMPTOM_BOOKING,
      payload: {
        triageRequest: triageRequest(AMELIA, await routineExecution(laterServer.app)),
        appointmentSlotId: pair.slot.id,
        availableAppointmentSession: pair.session,
      },
    });
    expect(booked.statusCode).toBe(201);
    const later = Date.now() + 10 * 86_400_000;
    await ensureDiary(laterServer.store, later);
    const range = laterServer.db.prepare('SELECT MIN(date) AS first, MAX(date) AS last FROM appt_slots WHERE session_id NOT LIKE ?').get('demo.%') as {
      first: string;
      last: string;
    };
    const laterToday = toLocal(later).date;
    expect(Date.parse(range.last) - Date.parse(laterToday)).toBeGreaterThanOrEqual(38 * 86_400_000);
    const pastFree = laterServer.db
      .prepare('SELECT COUNT(*) AS n FROM appt_slots WHERE start_ms <= ? AND id NOT IN (SELECT slot_id FROM appt_appointments)')
      .get(later) as { n: number };
    expect(pastFree.n).toBe(0);
    expect(laterServer.db.prepare('SELECT 1 FROM appt_slots WHERE id = ?').get(pair.slot.id)).toBeDefined();
  });
});

describe('reset (demo and test switches)', () => {
  it('puts every demo link back and frees every slot, keeping the diary', async () => {
    const link = (await post(actionRequestUrl('APPOINTMENT_CONFIRMED', LINKS.booked), {})).json() as Json;
    expect((await post(cancelUrl(link.consultationId as string, LINKS.booked), undefined, await linkProof(server, LINKS.booked))).statusCode).toBe(200);
    const slotsBefore = (server.db.prepare('SELECT COUNT(*) AS n FROM appt_slots').get() as { n: number }).n;
    expect((await post('/api/v1/practice/controls/reset', undefined, STAFF_AUTH)).statusCode).toBe(200);
    const again = (await post(actionRequestUrl('APPOINTMENT_CONFIRMED', LINKS.booked), {})).json() as Json;
    expect(again).toMatchObject({ appointmentStatus: 'BOOKED', linkState: 'VALID' });
    const patientBookings = server.db.prepare("SELECT COUNT(*) AS n FROM appt_appointments WHERE patient_key LIKE 'p-Loadtest-%'").get() as { n: number };
    expect(patientBookings.n).toBe(0);
    const slotsAfter = (server.db.prepare("SELECT COUNT(*) AS n FROM appt_slots WHERE session_id NOT LIKE 'demo.%'").get() as { n: number }).n;
    expect(slotsAfter).toBeGreaterThan(slotsBefore - 50);
  });
});
