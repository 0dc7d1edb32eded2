// Each attack of the probe, replayed with real HTTP against the real server (listening
// on a port, requests through fetch or a raw socket). Every test here failed before the fix.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LINKS } from '../../../../server/appointments/demoLinks';
import { EXECUTION_LIMITS } from '../../../../server/engine/expiry';
import { IDENTITY_CHECK } from '../../../../server/limits';
import { DEFAULT_RATE_LIMITS } from '../../../../server/rate-limits';
import { SECURITY_HEADERS } from '../../../../server/security';
import {
  AVAILABILITY,
  LINKS,
  SYMPTOM_BOOKING,
  actionRequestUrl,
  addTestPatients,
  bookUrl,
  linkProof,
  rescheduleUrl,
  slotsOf,
  triageRequest,
} from '../../support/appointments-helpers';
import { finishedExample, overHttp } from '../../support/walker';
import { ADMIN_URL, AMELIA, otherEnquiry, STAFF_AUTH, startServer, type Json } from '../../support/helpers';

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: Json;
}

/** A server listening on a port, and fetch against it. */
async function listening(options: Parameters<typeof startServer>[0] = {}) {
  const server = await startServer(options);
  const base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  const call = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      redirect: 'manual',
    });
    const text = await response.text();
    let json: Json = {};
    try {
      json = JSON.parse(text) as Json;
    } catch {
      // not JSON (a page, a redirect)
    }
    return { status: response.status, headers: response.headers, text, json };
  };
  return { server, base, call, app: overHttp(base) };
}

type Listening = Awaited<ReturnType<typeof listening>>;

async function freeSlots(s: Listening, query = 'referralId=ref-routine'): Promise<Array<{ session: Json; slot: Json }>> {
  const later = Date.now() + 3 * 60 * 60_000;
  const answer = await s.call('GET', `${AVAILABILITY}?${query}`);
  expect(answer.status, answer.text).toBe(200);
  return slotsOf(answer.json).filter((p) => (p.slot.dateTimeInMilliseconds as number) > later);
}

/** A slot of a type no referral offers (practice-only long-term-condition review), as a session the client could make up. */
function reviewSlot(s: Listening): { session: Json; slot: Json } {
  const row = s.server.db
    .prepare(
      `SELECT s.* FROM appt_slots s WHERE s.slot_type = 'LTC_REVIEW' AND s.start_ms > ?
       AND NOT EXISTS (SELECT 1 FROM appt_appointments a WHERE a.slot_id = s.id AND a.status IN ('BOOKED', 'RESCHEDULED')) ORDER BY s.start_ms LIMIT 1`,
    )
    .get(Date.now() + 3 * 60 * 60_000) as { id: string; date: string; start_time: string };
  const slot = { id: row.id, startTime: row.start_time, type: 'Long-term condition review' };
  return { slot, session: { date: row.date, siteName: 'Riverside Medical Practice', sessionHolders: [], slots: [slot] } };
}

describe('appointment takeover (finding 1)', () => {
  let s: Listening;
  let routine: Json;
  beforeAll(async () => {
    s = await listening();
    routine = await finishedExample(s.app, 'Triage.SoreThroat', 'Routine sore throat');
  });
  afterAll(async () => s.server.cleanup());

  it("booking a patient's held slot with their name, date of birth and postcode is RH-E007 and carries nothing of theirs", async () => {
    const [pair] = await freeSlots(s);
    const victim = { ...AMELIA };
    const mine = await s.call(
      'POST',
      SYMPTOM_BOOKING,
      { triageRequest: triageRequest(victim, routine), appointmentSlotId: pair!.slot.id, availableAppointmentSession: pair!.session },
      { 'idempotency-key': 'victim-1' },
    );
    expect(mine.status, mine.text).toBe(201);
    // The attacker knows the details and the slot id (from the probe), not the link.
    const attack = await s.call('POST', SYMPTOM_BOOKING, {
      triageRequest: triageRequest(victim, routine),
      appointmentSlotId: pair!.slot.id,
      availableAppointmentSession: pair!.session,
    });
    expect(attack.status).toBe(409);
    expect(attack.json).toMatchObject({ code: 'RH-E007' });
    expect(attack.text).not.toContain(mine.json.linkUUID as string);
    expect(attack.text).not.toContain(mine.json.appointmentId as string);
    // The victim's appointment is as it was: readable and cancellable by its link only.
    const theirs = await s.call('POST', actionRequestUrl('APPOINTMENT_CONFIRMED', mine.json.linkUUID as string));
    expect(theirs.json).toMatchObject({ appointmentStatus: 'BOOKED' });
  });

  it('slot ids are 128 random bits, not the site, clinician, date and time', async () => {
    const pairs = await freeSlots(s);
    expect(pairs.length).toBeGreaterThan(10);
    for (const { slot } of pairs) expect(slot.id).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(pairs.map((p) => p.slot.id)).size).toBe(pairs.length);
    expect(JSON.stringify(pairs.map((p) => p.slot.id))).not.toMatch(/HOLD|riverside|\d{4}-\d{2}-\d{2}/);
  });
});

describe("a link's identity check (finding 5)", () => {
  let s: Listening;
  beforeAll(async () => {
    // Client addresses from X-Forwarded-For, so one test can be several clients.
    s = await listening({ trustProxy: true, limitScale: 1 });
  });
  afterAll(async () => s.server.cleanup());
  const dobOf = (lid: string) => DEMO_LINKS.find((l) => l.linkUUID === lid)!.patient!.dateOfBirth;
  const check = (lid: string, dateOfBirth: string, client: string) =>
    s.call('POST', actionRequestUrl('SELF_BOOKING_REQUEST', lid), { dateOfBirth }, { 'x-forwarded-for': client });

  it(`locks a self-booking link after ${IDENTITY_CHECK.perLink} wrong dates of birth, even for the right one and from another client`, async () => {
    const lid = LINKS.selfBook;
    for (let i = 0; i < IDENTITY_CHECK.perLink; i++) {
      const wrong = await check(lid, `1990-01-${String(i + 1).padStart(2, '0')}`, `198.51.100.${i + 1}`);
      expect(wrong.status).toBe(403);
      expect(wrong.json).toMatchObject({ reason: 'PATIENT_DETAILS_MISMATCH' });
    }
    const locked = await check(lid, dobOf(lid), '198.51.100.99');
    expect(locked.status).toBe(429);
    expect(locked.json).toMatchObject({
      reason: 'IDENTITY_CHECK_LOCKED',
      message: 'Too many attempts. For your security this link is locked for 1 hour. Please try again later or call the practice.',
    });
    // Never the patient's name or postcode while locked.
    expect(locked.text).not.toContain('Testwell');
    // The availability call with the same check is locked too.
    const listing = await s.call('GET', `${AVAILABILITY}?linkUUID=${lid}&dateOfBirth=${dobOf(lid)}`, undefined, { 'x-forwarded-for': '198.51.100.98' });
    expect(listing.status).toBe(429);
  });

  it(`refuses a client after ${IDENTITY_CHECK.perClient} wrong answers on any links`, async () => {
    const links = [LINKS.selfBookPhysio, LINKS.selfBookPending, LINKS.selfBookOutage, LINKS.selfBookTimeout];
    let sent = 0;
    for (const lid of links) {
      for (let i = 0; i < IDENTITY_CHECK.perLink - 1 && sent < IDENTITY_CHECK.perClient; i++, sent++) {
        expect((await check(lid, `1990-02-${String(i + 1).padStart(2, '0')}`, '203.0.113.7')).status).toBe(403);
      }
    }
    expect(sent).toBe(IDENTITY_CHECK.perClient);
    const refused = await check(LINKS.selfBookPhysio, dobOf(LINKS.selfBookPhysio), '203.0.113.7');
    expect(refused.status).toBe(429);
    // Another client with the right answer is served (that link is not locked).
    expect((await check(LINKS.selfBookPhysio, dobOf(LINKS.selfBookPhysio), '203.0.113.8')).status).toBe(200);
  });
});

describe('slot types and the per-patient cap (finding 4)', () => {
  let s: Listening;
  let routine: Json;
  let patients: Json[];
  beforeAll(async () => {
    // The diary at start: reviewSlot() reads a slot from the database before any appointment call.
    s = await listening({ limitScale: 1, diary: true });
    routine = await finishedExample(s.app, 'Triage.SoreThroat', 'Routine sore throat');
    patients = addTestPatients(s.server.db, 3, 'Capcheck') as unknown as Json[];
  });
  afterAll(async () => s.server.cleanup());

  it('a sore-throat booking cannot take a practice-only review slot; a GP invitation cannot book physiotherapy', async () => {
    const review = reviewSlot(s);
    const taken = await s.call('POST', SYMPTOM_BOOKING, {
      triageRequest: triageRequest(patients[0]!, routine),
      appointmentSlotId: review.slot.id,
      availableAppointmentSession: review.session,
    });
    expect(taken.status).toBe(403);
    expect(taken.json).toMatchObject({ reason: 'SLOT_TYPE_NOT_ALLOWED' });
    const [physio] = await freeSlots(s, 'guidelineId=Eligibility.FirstContactPhysio');
    const consultation = (await s.call('POST', actionRequestUrl('SELF_BOOKING_REQUEST', LINKS.selfBook), { dateOfBirth: AMELIA.dateOfBirth })).json
      .consultationId as string;
    const viaInvitation = await s.call(
      'POST',
      bookUrl(LINKS.selfBook),
      {
        consultationId: consultation,
        appointmentSlotId: physio!.slot.id,
        availableAppointmentSession: physio!.session,
      },
      await linkProof(s.server, LINKS.selfBook, 'SELF_BOOKING_REQUEST'),
    );
    expect(viaInvitation.status).toBe(403);
    expect(viaInvitation.json).toMatchObject({ reason: 'SLOT_TYPE_NOT_ALLOWED' });
    const held = s.server.db
      .prepare("SELECT COUNT(*) AS n FROM appt_appointments WHERE slot_id IN (?, ?) AND status = 'BOOKED'")
      .get(review.slot.id, physio!.slot.id) as { n: number };
    expect(held.n).toBe(0);
  });

  it('one patient holds at most 2 future online bookings (a practice setting)', async () => {
    const pairs = await freeSlots(s);
    // A questionnaire each: one backs one booking, and the cap is what is tested here.
    const book = async (i: number) =>
      s.call('POST', SYMPTOM_BOOKING, {
        triageRequest: triageRequest(patients[1]!, await finishedExample(s.app, 'Triage.SoreThroat', 'Routine sore throat')),
        appointmentSlotId: pairs[i]!.slot.id,
        availableAppointmentSession: pairs[i]!.session,
      });
    expect((await book(0)).status).toBe(201);
    expect((await book(1)).status).toBe(201);
    const third = await book(2);
    expect(third.status).toBe(409);
    expect(third.json).toMatchObject({
      reason: 'ONLINE_BOOKING_LIMIT',
      message: 'You already have 2 upcoming appointments booked online. To book another, please cancel one or call the practice.',
    });
    const set = await s.call('POST', '/api/v1/practice/controls', { limits: { maxOnlineBookingsPerPatient: 3 } }, STAFF_AUTH);
    // Controls are off on this server: the setting is written as the practice would.
    expect(set.status).toBe(404);
    s.server.db
      .prepare("INSERT INTO settings (key, value) VALUES ('practice-limits', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value")
      .run(JSON.stringify({ maxOnlineBookingsPerPatient: 3 }));
    expect((await book(3)).status).toBe(201);
    expect((await book(4)).status).toBe(409);
  });
});

describe('rate limits per client across routes, on the engine, the proxy and availability (findings 2, 7)', () => {
  let s: Listening;
  beforeAll(async () => {
    s = await listening({ rateLimits: { ...DEFAULT_RATE_LIMITS }, trustProxy: true });
  });
  afterAll(async () => s.server.cleanup());
  const from = (client: string) => ({ 'x-forwarded-for': client });
  const startBody = { patient: { dateOfBirth: '1985-04-12', sexAtBirth: 'female' } };

  it('submissions are counted together: spreading them over several routes does not multiply the limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < DEFAULT_RATE_LIMITS.submission + 1; i++) {
      const url = i % 2 === 0 ? ADMIN_URL : '/api/v1/triage/patient/consultation';
      statuses.push((await s.call('POST', url, i % 2 === 0 ? otherEnquiry() : { triageRequest: {} }, from('192.0.2.10'))).status);
    }
    expect(statuses.slice(0, -1)).not.toContain(429);
    const last = statuses.at(-1);
    expect(last).toBe(429);
  });

  it(`$start: at most ${DEFAULT_RATE_LIMITS.engineStart} a minute per client, directly and through the proxy together`, async () => {
    const half = Math.floor(DEFAULT_RATE_LIMITS.engineStart / 2);
    for (let i = 0; i < half; i++)
      expect((await s.call('POST', '/api/v1/fhir/r4/Guideline/Triage.SoreThroat/$start', startBody, from('192.0.2.11'))).status).toBe(201);
    for (let i = half; i < DEFAULT_RATE_LIMITS.engineStart; i++) {
      expect(
        (await s.call('POST', `/api/v1/engine-proxy?path=${encodeURIComponent('/Guideline/Triage.SoreThroat/$start')}`, startBody, from('192.0.2.11'))).status,
      ).toBe(201);
    }
    const refused = await s.call(
      'POST',
      `/api/v1/engine-proxy?path=${encodeURIComponent('/Guideline/Triage.SoreThroat/$start')}`,
      startBody,
      from('192.0.2.11'),
    );
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await s.call('POST', '/api/v1/fhir/r4/Guideline/Triage.SoreThroat/$start', startBody, from('192.0.2.11'))).status).toBe(429);
    expect((await s.call('POST', '/api/v1/fhir/r4/Guideline/Triage.SoreThroat/$start', startBody, from('192.0.2.12'))).status).toBe(201);
  });

  it(`availability: at most ${DEFAULT_RATE_LIMITS.availability} a minute per client over its routes`, async () => {
    for (let i = 0; i < DEFAULT_RATE_LIMITS.availability; i++) {
      const url = i % 2 === 0 ? `${AVAILABILITY}?referralId=ref-routine` : '/api/v1/triage/nhs/appointment/sessions?referralId=ref-routine';
      expect((await s.call('GET', url, undefined, from('192.0.2.13'))).status).toBe(200);
    }
    expect((await s.call('GET', `${AVAILABILITY}?referralId=ref-routine`, undefined, from('192.0.2.13'))).status).toBe(429);
  });
});

describe('guideline executions expire and have size caps (finding 2)', () => {
  let s: Listening;
  beforeAll(async () => {
    s = await listening();
  });
  afterAll(async () => s.server.cleanup());

  async function started(): Promise<{ id: string; cookie: string }> {
    const answer = await fetch(`${s.base}/api/v1/fhir/r4/Guideline/Triage.SoreThroat/$start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ patient: { dateOfBirth: '1985-04-12', sexAtBirth: 'female' } }),
    });
    expect(answer.status).toBe(201);
    return { id: ((await answer.json()) as Json).identifier as string, cookie: String(answer.headers.get('set-cookie')).split(';')[0]! };
  }

  it('custom data stops growing: 413 naming customData', async () => {
    const { id, cookie } = await started();
    const url = `/api/v1/fhir/r4/GuidelineExecution/${id}/$putCustomData`;
    const entries = (from: number) => Array.from({ length: 10 }, (_, i) => ({ key: `k${from + i}`, type: 'STRING', value: 'x'.repeat(2000) }));
    let answer: Answer | undefined;
    for (let round = 0; round < 20; round++) {
      answer = await s.call('POST', url, { customData: entries(round * 10) }, { cookie });
      if (answer.status !== 200) break;
    }
    expect(answer!.status).toBe(413);
    expect(answer!.json).toMatchObject({ reason: 'EXECUTION_TOO_LARGE', details: [{ path: '/customData' }] });
    expect(answer!.json.message).toContain('customData');
    const row = s.server.db.prepare('SELECT length(state) AS n FROM guideline_executions WHERE id = ?').get(id) as { n: number };
    expect(row.n).toBeLessThan(EXECUTION_LIMITS.maxCustomDataBytes + EXECUTION_LIMITS.maxAnswersBytes);
  });

  it('an unfinished execution untouched for 24 hours answers 410; the sweep deletes executions past the retention', async () => {
    const { id, cookie } = await started();
    const aged = (ms: number) =>
      s.server.db.prepare('UPDATE guideline_executions SET updated_at = ? WHERE id = ?').run(new Date(Date.now() - ms).toISOString(), id);
    aged(EXECUTION_LIMITS.abandonAfterMs + 60_000);
    const answer = await s.call('GET', `/api/v1/fhir/r4/GuidelineExecution/${id}`, undefined, { cookie });
    expect(answer.status).toBe(410);
    expect(answer.json).toMatchObject({ reason: 'EXECUTION_ABANDONED' });
    aged(EXECUTION_LIMITS.retentionMs + 60_000);
    const fresh = await started();
    expect(await s.server.sweepExecutions()).toBe(1);
    expect(s.server.db.prepare('SELECT COUNT(*) AS n FROM guideline_executions WHERE id = ?').get(id)).toEqual({ n: 0 });
    expect(s.server.db.prepare('SELECT COUNT(*) AS n FROM guideline_executions WHERE id = ?').get(fresh.id)).toEqual({ n: 1 });
  });
});

describe('messages to one address (finding 3)', () => {
  let s: Listening;
  beforeAll(async () => {
    s = await listening({ limitScale: 1, notifications: { autoStart: false } });
  });
  afterAll(async () => s.server.cleanup());

  it('beyond the cap the request is stored and the message held back, with why, in the queue and the outbox', async () => {
    const target = 'victim@example.com';
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const answer = await s.call(
        'POST',
        ADMIN_URL,
        otherEnquiry({ description: `Flood ${i}`, patient: { ...AMELIA, contactDetails: { emailAddress: target } } }),
      );
      expect(answer.status).toBe(201);
      ids.push(answer.json.id as string);
    }
    await s.server.notifications.drain();
    const queue = (await s.call('GET', '/api/v1/practice/notifications?limit=100', undefined, STAFF_AUTH)).json as unknown as Json[];
    const mine = queue.filter((n) => ids.includes(n.sourceId as string));
    expect(mine.filter((n) => n.status === 'SENT')).toHaveLength(3);
    const held = mine.filter((n) => n.status === 'HELD');
    expect(held).toHaveLength(5);
    expect(held[0]!.lastError).toMatch(/^Held back: 3 messages of this kind to this address or number in the last hour/);
    const outbox = (await s.call('GET', '/api/v1/practice/outbox?limit=100', undefined, STAFF_AUTH)).json as unknown as Json[];
    expect(outbox.filter((m) => m.to === target)).toHaveLength(3);
    // Every request is stored and listed for the practice.
    const requests = (await s.call('GET', '/api/v1/practice/requests?limit=100', undefined, STAFF_AUTH)).json as unknown as Json[];
    for (const id of ids) expect(requests.some((r) => r.id === id)).toBe(true);
    const page = await s.call('GET', '/practice/outbox', undefined, STAFF_AUTH);
    expect(page.text).toContain('Held back, not sent');
    expect(page.text).toContain('messages of this kind to this address or number');
  });

  it('at most 5 messages an hour to one address whatever they are about (practice setting)', async () => {
    s.server.db
      .prepare("INSERT INTO settings (key, value) VALUES ('practice-limits', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value")
      .run(JSON.stringify({ maxMessagesPerRecipientPerTypePerHour: 50 }));
    const target = 'second@example.com';
    for (let i = 0; i < 7; i++) {
      expect(
        (await s.call('POST', ADMIN_URL, otherEnquiry({ description: `Flood ${i}`, patient: { ...AMELIA, contactDetails: { emailAddress: target } } }))).status,
      ).toBe(201);
    }
    const rows = s.server.db.prepare('SELECT status, last_error FROM notifications WHERE recipient = ? ORDER BY seq').all(target) as Array<{
      status: string;
      last_error: string | null;
    }>;
    expect(rows.filter((r) => r.status !== 'HELD')).toHaveLength(5);
    expect(rows.at(-1)!.last_error).toMatch(/^Held back: 5 messages to this address or number in the last hour \(the practice's limit is 5 an hour\)/);
  });

  it('a patient\'s link changing an appointment back and forth queues one "changed" message for the latest change', async () => {
    s.server.db.prepare("DELETE FROM settings WHERE key = 'practice-limits'").run();
    const pairs = await freeSlots(s);
    const link = (await s.call('POST', actionRequestUrl('APPOINTMENT_CONFIRMED', LINKS.booked))).json;
    const proof = await linkProof(s.server, LINKS.booked);
    for (let i = 0; i < 6; i++) {
      const pair = pairs[i % 2]!;
      const moved = await s.call(
        'POST',
        rescheduleUrl(LINKS.booked),
        {
          consultationId: link.consultationId,
          appointmentSlotId: pair.slot.id,
          availableAppointmentSession: pair.session,
        },
        proof,
      );
      expect(moved.status, moved.text).toBe(201);
    }
    const rows = s.server.db
      .prepare(
        "SELECT id, status, last_error FROM notifications WHERE template = 'APPOINTMENT_RESCHEDULED' AND source_id = (SELECT id FROM appt_appointments WHERE consultation_id = ?) ORDER BY seq",
      )
      .all(link.consultationId) as Array<{ id: string; status: string; last_error: string | null }>;
    expect(rows).toHaveLength(6);
    expect(rows.filter((r) => r.status === 'QUEUED')).toHaveLength(1);
    expect(rows.at(-1)!.status).toBe('QUEUED');
    expect(rows[0]!.last_error).toBe('Held back: the appointment was changed again before this message was sent (the later message has the new time)');
    await s.server.notifications.drain();
    const outbox = (await s.call('GET', '/api/v1/practice/outbox?limit=100', undefined, STAFF_AUTH)).json as unknown as Json[];
    const ids = new Set(rows.map((r) => r.id));
    expect(outbox.filter((m) => ids.has(m.notificationId as string))).toHaveLength(1);
  });
});

describe("the framework's own refusals, crafted 500s and object lookups (findings 6, 7)", () => {
  let s: Listening;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'gp-abuse-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>x</title>');
    const script = 'console.log("hello");'.repeat(200);
    writeFileSync(path.join(dist, 'assets', 'app.js'), script);
    writeFileSync(path.join(dist, 'assets', 'app.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(dist, 'assets', 'app.js.gz'), gzipSync(script));
    s = await listening({ distDir: dist });
  });
  afterAll(async () => {
    await s.server.cleanup();
    rmSync(dist, { recursive: true, force: true });
  });

  /** A request written to the socket as is (fetch would refuse to send it). */
  function raw(text: string): Promise<string> {
    const { port } = new URL(s.base);
    return new Promise((resolve, reject) => {
      let out = '';
      const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(text));
      socket.on('data', (d) => (out += String(d)));
      socket.on('close', () => resolve(out));
      socket.on('error', reject);
    });
  }
  const expectSecurityHeaders = (head: string) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(head.toLowerCase()).toContain(`${name}: ${value}`.toLowerCase());
  };

  it('a malformed URL: 400 in our shape with the security headers, not echoing it; a foreign Host is 421 first', async () => {
    const bad = await raw('GET /%zz/%E0%A4%A HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(bad).toMatch(/^HTTP\/1.1 400/);
    expectSecurityHeaders(bad);
    expect(bad).toContain('"message":"The address is not a valid URL"');
    expect(bad).not.toContain('%zz');
    const foreign = await raw('GET /%zz HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n');
    expect(foreign).toMatch(/^HTTP\/1.1 421/);
    expectSecurityHeaders(foreign);
  });

  it('a request too malformed to parse: 400 with the security headers', async () => {
    const bad = await raw('GET / HTTP/1.1\r\nHost: localhost\r\nBad Header Line\r\n\r\n');
    expect(bad).toMatch(/^HTTP\/1.1 400/);
    expectSecurityHeaders(bad);
  });

  it('bad JSON: 400 with the security headers and no file path', async () => {
    const answer = await s.call('POST', ADMIN_URL, undefined, { 'content-type': 'application/json' });
    const broken = await fetch(`${s.base}${ADMIN_URL}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"formType": ' });
    expect(broken.status).toBe(400);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(broken.headers.get(name)).toBe(value);
    expect(await broken.text()).not.toMatch(/\/(work|node_modules|usr)\//);
    expect(answer.status).toBeLessThan(500);
  });

  it('a triage type as formType in unverified/requests is 400 naming the field, never a 500 with a file path', async () => {
    const primary = { ...otherEnquiry(), formType: 'CONSULTATION_REQUEST', triageRequestType: 'CONSULTATION_REQUEST' };
    const answer = await s.call('POST', '/api/v1/triage/patient/unverified/requests', {
      primaryRequest: primary,
      associatedRequest: { triageRequestType: 'CHANGE_OF_CONTACT_DETAILS' },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ details: [{ path: '/primaryRequest/formType', message: 'is not an admin form type' }] });
    expect(answer.text).not.toMatch(/schemas\/forms|\.json/);
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])(
    'referralId=%s on appointment/sessions is an unknown referral, not a 500',
    async (name) => {
      const answer = await s.call('GET', `/api/v1/triage/nhs/appointment/sessions?referralId=${name}`);
      expect(answer.status).toBe(200);
      expect((answer.json.slotTypes as Json[]).map((t) => t.id)).toEqual(['GP_F2F', 'GP_PHONE']);
      const listing = await s.call('GET', `${AVAILABILITY}?referralId=${name}&guidelineId=${name}`);
      expect(listing.status).toBe(200);
    },
  );

  it('compressed assets say Vary: Accept-Encoding', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const answer = await fetch(`${s.base}/assets/app.js`, { headers: { 'accept-encoding': encoding } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('vary')).toMatch(/accept-encoding/i);
    }
  });
});

describe('sign-out is a same-site POST (finding 7)', () => {
  let s: Listening;
  beforeAll(async () => {
    s = await listening();
    s.server.db.prepare("UPDATE settings SET value = json_set(value, '$.nhsLogin.enabled', json('true')) WHERE key = 'shared'").run();
  });
  afterAll(async () => s.server.cleanup());

  async function signedIn(): Promise<string> {
    const answer = await fetch(`${s.base}/nhs-login/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'redirect=%2F',
      redirect: 'manual',
    });
    expect(answer.status).toBe(303);
    return String(answer.headers.get('set-cookie')).split(';')[0]!;
  }
  const loggedIn = async (cookie: string) => (await s.call('GET', '/nhs-login/is-logged-in', undefined, { cookie })).json as unknown;

  it('a cross-site GET /signout (a link or image on another site) does not sign out', async () => {
    const cookie = await signedIn();
    const answer = await s.call('GET', '/signout?targetPath=%2F', undefined, { cookie, 'sec-fetch-site': 'cross-site' });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('<form method="post" action="/signout?targetPath=%2F"');
    expect(await loggedIn(cookie)).toBe(true);
  });

  it('a cross-site POST is refused; a same-site POST signs out and goes to targetPath', async () => {
    const cookie = await signedIn();
    const cross = await s.call('POST', '/signout?targetPath=%2F', undefined, { cookie, 'sec-fetch-site': 'cross-site' });
    expect(cross.status).toBe(403);
    expect(await loggedIn(cookie)).toBe(true);
    const same = await s.call('POST', '/signout?targetPath=%2Flogged-out', undefined, { cookie, 'sec-fetch-site': 'same-origin' });
    expect(same.status).toBe(303);
    expect(same.headers.get('location')).toBe('/logged-out');
    expect(await loggedIn(cookie)).toBe(false);
  });
});
