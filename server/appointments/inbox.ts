import type { PracticeAppointment } from '../../generated/types/api/practice-appointments';
import type { Sql } from '../store/index.js';
import { escapeHtml } from '../html.js';
import { toPage, type Page, type PageOptions } from '../notifications/readback.js';
import {
  bookingJson,
  inJsonList,
  insertionOrder,
  type AppointmentRow,
  type AppointmentStatus,
  type ConsultationRow,
  type HolderRow,
  type ParType,
  type SiteRow,
  type SlotRow,
  type SlotTypeRow,
} from './rows.js';

interface EventRow {
  seq: number;
  consultation_id: string;
  appointment_id: string | null;
  status: AppointmentStatus;
  slot_id: string | null;
  actor: 'PATIENT' | 'PRACTICE';
  at: string;
}

/**
 * One entry of the list, found by its latest event (`seq`, the position a cursor stands for): an
 * appointment (its events carry its id), or a request the practice is booking with no appointment
 * yet (its events carry none, and no appointment names the request).
 */
interface EntryRow {
  seq: number;
  appointment_id: string | null;
  consultation_id: string;
}

/** An event that is the latest of its entry. Each look-up is an index probe (appt_events_by_appointment, appt_events_by_consultation). */
const LATEST_OF_ENTRY = `(
  (e.appointment_id IS NOT NULL
    AND EXISTS (SELECT 1 FROM appt_appointments a WHERE a.id = e.appointment_id)
    AND NOT EXISTS (SELECT 1 FROM appt_events l WHERE l.appointment_id = e.appointment_id AND l.seq > e.seq))
  OR (e.appointment_id IS NULL
    AND NOT EXISTS (SELECT 1 FROM appt_appointments a WHERE a.consultation_id = e.consultation_id)
    AND NOT EXISTS (SELECT 1 FROM appt_events l WHERE l.consultation_id = e.consultation_id AND l.appointment_id IS NULL AND l.seq > e.seq))
)`;

/** Walks the events newest first from the cursor and stops after one more entry than the page holds. */
const ENTRIES_SQL = `SELECT e.seq, e.appointment_id, e.consultation_id FROM appt_events e
  WHERE e.seq < ? AND ${LATEST_OF_ENTRY} ORDER BY e.seq DESC LIMIT ?`;

/** Entries in all: appointments with a status change, and requests being booked without one. */
const TOTAL_SQL = `SELECT
  (SELECT COUNT(*) FROM appt_appointments a WHERE EXISTS (SELECT 1 FROM appt_events e WHERE e.appointment_id = a.id))
  + (SELECT COUNT(DISTINCT e.consultation_id) FROM appt_events e
     WHERE e.appointment_id IS NULL AND NOT EXISTS (SELECT 1 FROM appt_appointments a WHERE a.consultation_id = e.consultation_id)) AS n`;

/** Rows of a table by key, in one query, as a map. */
async function rowsById<R>(db: Sql, table: string, key: string, ids: Iterable<string>, columns = '*'): Promise<Map<string, R>> {
  const list = [...new Set(ids)];
  if (list.length === 0) return new Map();
  const rows = await db.all<R & Record<string, string>>(`SELECT ${columns} FROM ${table} WHERE ${key} ${inJsonList(db.dialect)}`, [JSON.stringify(list)]);
  return new Map(rows.map((r) => [r[key]!, r]));
}

function groupBy<R>(rows: R[], key: (r: R) => string): Map<string, R[]> {
  const groups = new Map<string, R[]>();
  for (const r of rows) {
    const k = key(r);
    const group = groups.get(k);
    if (group) group.push(r);
    else groups.set(k, [r]);
  }
  return groups;
}

function patientName(json: string | null | undefined): string {
  const patient = JSON.parse(json ?? '{}') as { firstName?: string; lastName?: string };
  return [patient.firstName, patient.lastName].filter(Boolean).join(' ');
}

const eventJson = (e: EventRow) => ({ status: e.status, at: e.at, ...(e.slot_id ? { slotId: e.slot_id } : {}), by: e.actor });

/** The entries of one page with their requests, links, bookings and events: a fixed number of queries whatever the page size. */
async function hydrate(db: Sql, entries: EntryRow[]): Promise<PracticeAppointment[]> {
  const IN_LIST = inJsonList(db.dialect);
  if (entries.length === 0) return [];
  const appointmentIds = entries.flatMap((e) => (e.appointment_id !== null ? [e.appointment_id] : []));
  const pendingIds = entries.flatMap((e) => (e.appointment_id === null ? [e.consultation_id] : []));
  const consultationIds = JSON.stringify([...new Set(entries.map((e) => e.consultation_id))]);
  const appointments = await rowsById<AppointmentRow>(db, 'appt_appointments', 'id', appointmentIds);
  const consultations = await rowsById<ConsultationRow>(
    db,
    'appt_consultations',
    'id',
    entries.map((e) => e.consultation_id),
  );
  const kinds = await rowsById<{ id: string; kind: string }>(
    db,
    'requests',
    'id',
    [...consultations.values()].flatMap((c) => (c.request_id ? [c.request_id] : [])),
    'id, kind',
  );
  const links = groupBy(
    await db.all<{ consultation_id: string; link_uuid: string; par_type: ParType }>(
      `SELECT consultation_id, link_uuid, par_type FROM appt_links WHERE consultation_id ${IN_LIST} ORDER BY created_at, ${insertionOrder(db.dialect)}`,
      [consultationIds],
    ),
    (l) => l.consultation_id,
  );
  const appointmentEvents = groupBy(
    await db.all<EventRow>(`SELECT * FROM appt_events WHERE appointment_id ${IN_LIST} ORDER BY seq DESC`, [JSON.stringify(appointmentIds)]),
    (e) => e.appointment_id!,
  );
  const pendingEvents = groupBy(
    await db.all<EventRow>(`SELECT * FROM appt_events WHERE appointment_id IS NULL AND consultation_id ${IN_LIST} ORDER BY seq DESC`, [
      JSON.stringify(pendingIds),
    ]),
    (e) => e.consultation_id,
  );
  const slots = await rowsById<SlotRow>(
    db,
    'appt_slots',
    'id',
    [...appointments.values()].map((a) => a.slot_id),
  );
  const sites = await rowsById<SiteRow>(
    db,
    'appt_sites',
    'identifier',
    [...slots.values()].map((s) => s.site),
  );
  const types = await rowsById<SlotTypeRow>(
    db,
    'appt_slot_types',
    'id',
    [...slots.values()].map((s) => s.slot_type),
  );
  const holders = await rowsById<HolderRow>(
    db,
    'appt_session_holders',
    'ref_id',
    [...slots.values()].map((s) => s.holder),
  );

  const base = (consultationId: string) => {
    const c = consultations.get(consultationId);
    const kind = c?.request_id ? kinds.get(c.request_id)?.kind : undefined;
    return {
      consultationId,
      ...(kind ? { requestKind: kind } : {}),
      ...(c ? { requestType: c.request_type } : {}),
      links: (links.get(consultationId) ?? []).map((l) => ({ linkUUID: l.link_uuid, parType: l.par_type })),
    };
  };
  const booking = (a: AppointmentRow) => {
    const slot = slots.get(a.slot_id);
    const site = slot && sites.get(slot.site);
    const type = slot && types.get(slot.slot_type);
    const holder = slot && holders.get(slot.holder);
    return slot && site && type && holder ? { appointmentBooking: bookingJson(a, { slot, site, type, holder }) } : {};
  };
  return entries.map((entry): PracticeAppointment => {
    if (entry.appointment_id === null) {
      const mine = pendingEvents.get(entry.consultation_id) ?? [];
      return {
        ...base(entry.consultation_id),
        appointmentStatus: mine[0]!.status,
        patientName: patientName(consultations.get(entry.consultation_id)?.patient),
        events: mine.map(eventJson),
      };
    }
    const a = appointments.get(entry.appointment_id)!;
    return {
      appointmentId: a.id,
      ...base(a.consultation_id),
      appointmentStatus: a.status,
      patientName: patientName(a.patient),
      ...booking(a),
      events: (appointmentEvents.get(a.id) ?? []).map(eventJson),
    };
  });
}

/**
 * One page of what the practice sees of bookings (practice-appointments.schema.json): each
 * appointment with its request and its status changes, and requests the practice is booking
 * (PENDING_BOOKING) without an appointment yet; the most recently changed first. A cursor is the
 * latest event of the last entry shown (server/routes/practice.ts pages it like the requests).
 */
export async function practiceAppointmentsPage(db: Sql, page: PageOptions): Promise<Page<PracticeAppointment>> {
  return db.tx(async (tx) => {
    const total = (await tx.get<{ n: number }>(TOTAL_SQL))!.n;
    const rows = await tx.all<EntryRow>(ENTRIES_SQL, [page.before ?? Number.MAX_SAFE_INTEGER, page.limit + 1]);
    const shown = await hydrate(tx, rows.slice(0, page.limit));
    return toPage(rows, page, total, () => shown);
  });
}

/**
 * The "Appointments" section of the practice inbox page: one page of the list, with links to the
 * newest page (`newest`, on an older page) and the next older one (`older`, while one remains).
 */
export function practiceAppointmentsHtml(page: Page<PracticeAppointment>, nav: { newest?: string; older?: string }): string {
  const items = page.items.map((a) => {
    const b = a.appointmentBooking;
    const when = b ? `${b.slot.type}, ${b.date} ${b.slot.startTime}, ${b.siteName}, ${(b.sessionHolders ?? []).join(', ')}` : 'No appointment yet';
    const history = a.events
      .map(
        (e) => `<li>${escapeHtml(e.status)} <time datetime="${escapeHtml(e.at)}">${escapeHtml(e.at)}</time> (${escapeHtml((e.by ?? '').toLowerCase())})</li>`,
      )
      .join('');
    return `<article>
<h3>${escapeHtml(a.appointmentStatus)} · ${escapeHtml(a.patientName ?? '')}</h3>
<p>${escapeHtml(when)}</p>
<p>Request ${escapeHtml(a.consultationId)}${a.requestType ? ` (${escapeHtml([a.requestKind, a.requestType].filter(Boolean).join(' · '))})` : ''}</p>
<ul>${history}</ul>
</article>`;
  });
  const paging = [
    nav.newest !== undefined ? `<a href="${escapeHtml(nav.newest)}">Newest appointments</a>` : '',
    nav.older !== undefined ? `<a href="${escapeHtml(nav.older)}" rel="next">Older appointments</a>` : '',
  ].filter(Boolean);
  const links = paging.length > 0 ? `<nav aria-label="Appointment pages"><ul>${paging.map((a) => `<li>${a}</li>`).join('')}</ul></nav>` : '';
  const n = page.total;
  return `<section aria-labelledby="appointments-heading">
<h2 id="appointments-heading">Appointments</h2>
<p>${n} booking${n === 1 ? '' : 's'} and booking request${n === 1 ? '' : 's'}${nav.newest !== undefined ? ' (older page)' : ''}, most recently changed first; ${page.items.length} shown on this page.</p>
${items.join('\n')}
${links}
</section>`;
}
