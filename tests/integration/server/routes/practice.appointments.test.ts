// The practice's appointments list pages like the requests and the outbox (schemas/api/README.md):
// newest change first, `limit` (default 50, at most 200), an opaque `cursor`, `Link: <…>; rel="next"`
// and `X-Total-Count`; the inbox page draws one page of it (20) with a link to the next.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertEvent } from '../../../../server/appointments/rows';
import { contractAjv, expectValid, startServer, STAFF_AUTH, type Json, type TestServer } from '../../support/helpers';

const ajv = contractAjv();
let server: TestServer;
/** Appointments this file books, oldest first. */
const booked: string[] = [];
const BOOKINGS = 55;

/** An appointment booked on a free slot, written as the booking call writes it (appointment row, then its BOOKED event). */
async function bookDirectly(i: number, slotId: string): Promise<string> {
  const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
  const consultationId = `paging-consultation-${i}`;
  const at = new Date().toISOString();
  const patient = JSON.stringify({ firstName: 'Paging', lastName: `Patient${i}` });
  server.db
    .prepare(
      "INSERT INTO appt_consultations (id, request_type, request_id, patient, pending_booking, created_at) VALUES (?, 'CONSULTATION_REQUEST', NULL, ?, 0, ?)",
    )
    .run(consultationId, patient, at);
  server.db
    .prepare(
      `INSERT INTO appt_appointments (id, consultation_id, patient_key, patient, slot_id, status, selected_holders, practice_locked, booked_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 'BOOKED', '[]', 0, ?, ?)`,
    )
    .run(id, consultationId, `paging-patient-${i}`, patient, slotId, at, at);
  await insertEvent(server.store, { consultationId, appointmentId: id, status: 'BOOKED', slotId, actor: 'PATIENT', at });
  return id;
}

/** Each entry's key (appointment id, or the request's id while it has no appointment) from the whole table, most recently changed first. */
function expectedOrder(): string[] {
  const rows = server.db
    .prepare(
      `SELECT COALESCE(e.appointment_id, e.consultation_id) AS k, MAX(e.seq) AS latest FROM appt_events e
       WHERE e.appointment_id IN (SELECT id FROM appt_appointments)
          OR (e.appointment_id IS NULL AND e.consultation_id NOT IN (SELECT consultation_id FROM appt_appointments))
       GROUP BY k ORDER BY latest DESC`,
    )
    .all() as Array<{ k: string }>;
  return rows.map((r) => r.k);
}

const keyOf = (entry: Json) => String(entry.appointmentId ?? entry.consultationId);
const get = (url: string) => server.app.inject({ url, headers: STAFF_AUTH });
const nextLink = (link: unknown) => /<([^>]+)>; rel="next"/.exec(String(link ?? ''))?.[1];

/** Every page from `first`, checking the paging headers of each. */
async function walk(first: string, limit: number): Promise<{ keys: string[]; pages: number; entries: Json[] }> {
  const entries: Json[] = [];
  let pages = 0;
  let total: string | undefined;
  for (let url: string | undefined = first; url; pages++) {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as Json[];
    expectValid(ajv, 'practice-appointments', page);
    expect(page.length).toBeLessThanOrEqual(limit);
    total ??= String(response.headers['x-total-count']);
    expect(response.headers['x-total-count']).toBe(total);
    url = nextLink(response.headers.link);
    if (url) {
      expect(url).toMatch(new RegExp(`^/api/v1/practice/appointments\\?limit=${limit}&cursor=[A-Za-z0-9_-]+$`));
      expect(response.headers['x-next-cursor']).toBe(new URLSearchParams(url.split('?')[1]).get('cursor'));
      expect(page).toHaveLength(limit);
    }
    entries.push(...page);
  }
  expect(Number(total)).toBe(entries.length);
  return { keys: entries.map(keyOf), pages, entries };
}

beforeAll(async () => {
  // The diary at start: free slots are read from the database before any appointment call.
  server = await startServer({ diary: true });
  const slots = server.db
    .prepare('SELECT id FROM appt_slots WHERE start_ms > ? AND id NOT IN (SELECT slot_id FROM appt_appointments) ORDER BY start_ms LIMIT ?')
    .all(Date.now() + 86_400_000, BOOKINGS) as Array<{ id: string }>;
  expect(slots).toHaveLength(BOOKINGS);
  for (const [i, s] of slots.entries()) booked.push(await bookDirectly(i + 1, s.id));
});
afterAll(async () => server.cleanup());

describe('GET /api/v1/practice/appointments pages', () => {
  it('walks every entry once, most recently changed first, over several pages with limit and cursor', async () => {
    const { keys, pages, entries } = await walk('/api/v1/practice/appointments?limit=10', 10);
    expect(keys.length).toBeGreaterThan(BOOKINGS);
    expect(pages).toBe(Math.ceil(keys.length / 10));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual(expectedOrder());
    // This file's bookings are the latest changes: newest first, then the demo's entries (a PENDING_BOOKING among them).
    expect(keys.slice(0, BOOKINGS)).toEqual([...booked].reverse());
    expect(entries.some((e) => e.appointmentStatus === 'PENDING_BOOKING' && e.appointmentId === undefined)).toBe(true);
    expect(entries[0]).toMatchObject({
      appointmentId: booked[BOOKINGS - 1],
      appointmentStatus: 'BOOKED',
      patientName: `Paging Patient${BOOKINGS}`,
      events: [{ status: 'BOOKED', by: 'PATIENT' }],
    });
    expect((entries[0]!.appointmentBooking as Json).slot.id).toBeDefined();
  });

  it('moves an entry that changes to the front, still once', async () => {
    const first = booked[0]!;
    const row = server.db.prepare('SELECT consultation_id, slot_id FROM appt_appointments WHERE id = ?').get(first) as {
      consultation_id: string;
      slot_id: string;
    };
    server.db.prepare("UPDATE appt_appointments SET status = 'CANCELLED' WHERE id = ?").run(first);
    await insertEvent(server.store, {
      consultationId: row.consultation_id,
      appointmentId: first,
      status: 'CANCELLED',
      slotId: row.slot_id,
      actor: 'PATIENT',
      at: new Date().toISOString(),
    });
    const { keys, entries } = await walk('/api/v1/practice/appointments?limit=7', 7);
    expect(keys[0]).toBe(first);
    expect(keys.filter((k) => k === first)).toHaveLength(1);
    expect(entries[0]!.events.map((e: Json) => e.status)).toEqual(['CANCELLED', 'BOOKED']);
    expect(keys).toEqual(expectedOrder());
  });

  it('gives 50 by default and at most 200 a page', async () => {
    const total = expectedOrder().length;
    expect(total).toBeGreaterThan(50);
    const byDefault = await get('/api/v1/practice/appointments');
    expect(byDefault.json()).toHaveLength(50);
    expect(byDefault.headers['x-total-count']).toBe(String(total));
    expect(nextLink(byDefault.headers.link)).toMatch(/^\/api\/v1\/practice\/appointments\?limit=50&cursor=/);
    const all = await get('/api/v1/practice/appointments?limit=200');
    expect(all.json()).toHaveLength(total);
    expect(all.headers.link).toBeUndefined();
    expect(all.headers['x-next-cursor']).toBeUndefined();
    for (const limit of ['201', '0', '-1', 'abc', '1.5']) {
      const response = await get(`/api/v1/practice/appointments?limit=${limit}`);
      expect(response.statusCode, limit).toBe(400);
      expect(response.json().details).toEqual([{ path: '/limit', message: 'must be a whole number from 1 to 200' }]);
    }
  });

  it('refuses a cursor it did not give out', async () => {
    for (const cursor of ['abc', '%ZZ', 'czA', '!!!', 'x'.repeat(100)]) {
      const response = await get(`/api/v1/practice/appointments?cursor=${cursor}`);
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json().details).toEqual([{ path: '/cursor', message: 'is not a cursor this call gave out' }]);
    }
  });

  it('reads a page in a fixed number of queries, whatever its size (no query per entry)', async () => {
    const statement = Object.getPrototypeOf(server.db.prepare('SELECT 1')) as Record<'all' | 'get' | 'run' | 'iterate', (...args: unknown[]) => unknown>;
    const spies = (['all', 'get', 'run', 'iterate'] as const).map((method) => vi.spyOn(statement, method));
    const queries = async (url: string) => {
      spies.forEach((s) => s.mockClear());
      expect((await get(url)).statusCode).toBe(200);
      return spies.reduce((n, s) => n + s.mock.calls.length, 0);
    };
    try {
      const small = await queries('/api/v1/practice/appointments?limit=5');
      const large = await queries('/api/v1/practice/appointments?limit=200');
      expect(large).toBeLessThanOrEqual(20);
      expect(large).toBe(small);
    } finally {
      spies.forEach((s) => s.mockRestore());
    }
  });
});

describe('the inbox page draws one page of appointments', () => {
  const section = (html: string) => html.slice(html.indexOf('<section aria-labelledby="appointments-heading">'));
  const articles = (html: string) => section(html).split('<article>').length - 1;
  const older = (html: string) =>
    /href="(\/practice\/inbox\?appointmentsCursor=[A-Za-z0-9_-]+)#appointments-heading" rel="next">Older appointments/.exec(section(html))?.[1];

  it('shows the 20 most recently changed with a link to the next page, and every entry once page by page', async () => {
    const expected = expectedOrder();
    const first = await get('/practice/inbox');
    expect(first.statusCode).toBe(200);
    expect(articles(first.body)).toBe(20);
    expect(section(first.body)).toContain(`${expected.length} bookings and booking requests, most recently changed first; 20 shown on this page.`);
    expect(section(first.body)).not.toContain('Newest appointments');
    const patientsShown: string[] = [];
    let pages = 0;
    for (let url: string | undefined = '/practice/inbox'; url; pages++) {
      const page = await get(url);
      expect(page.statusCode).toBe(200);
      expect(articles(page.body)).toBeLessThanOrEqual(20);
      if (pages > 0) expect(section(page.body)).toContain('<a href="/practice/inbox#appointments-heading">Newest appointments</a>');
      patientsShown.push(...[...section(page.body).matchAll(/<h3>[A-Z_]+ · ([^<]*)<\/h3>/g)].map((m) => m[1]!));
      url = older(page.body);
    }
    expect(pages).toBe(Math.ceil(expected.length / 20));
    expect(patientsShown).toHaveLength(expected.length);
    const ours = patientsShown.filter((p) => p.startsWith('Paging Patient'));
    expect(new Set(ours).size).toBe(BOOKINGS);
  });

  it('refuses an appointments cursor it did not give out', async () => {
    const response = await get('/practice/inbox?appointmentsCursor=abc');
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ path: '/appointmentsCursor', message: 'is not a cursor this call gave out' }]);
  });
});
