import type { Db } from '../db.js';
import { escapeHtml } from '../html.js';
import { appointmentBookingJson, getConsultation, type AppointmentRow, type AppointmentStatus, type ParType } from './rows.js';

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
 * What the practice sees of bookings (practice-appointments.schema.json): each appointment with
 * its request and its status changes, and requests the practice is booking (PENDING_BOOKING)
 * without an appointment yet; the most recently changed first.
 */
export function practiceAppointments(db: Db) {
  const events = db.prepare('SELECT * FROM appt_events ORDER BY seq DESC').all() as EventRow[];
  const appointments = db.prepare('SELECT * FROM appt_appointments').all() as AppointmentRow[];
  const requestKind = db.prepare('SELECT kind FROM requests WHERE id = ?');
  const linksOf = db.prepare('SELECT link_uuid, par_type FROM appt_links WHERE consultation_id = ? ORDER BY created_at');
  const entries: Array<{ latest: number; entry: Record<string, unknown> }> = [];
  const base = (consultationId: string) => {
    const c = getConsultation(db, consultationId);
    const kind = c?.request_id ? (requestKind.get(c.request_id) as { kind: string } | undefined)?.kind : undefined;
    const links = (linksOf.all(consultationId) as Array<{ link_uuid: string; par_type: ParType }>).map((l) => ({ linkUUID: l.link_uuid, parType: l.par_type }));
    return { consultationId, ...(kind ? { requestKind: kind } : {}), ...(c ? { requestType: c.request_type } : {}), links };
  };
  const eventJson = (e: EventRow) => ({ status: e.status, at: e.at, ...(e.slot_id ? { slotId: e.slot_id } : {}), by: e.actor });
  for (const a of appointments) {
    const mine = events.filter((e) => e.appointment_id === a.id);
    const patient = JSON.parse(a.patient) as { firstName?: string; lastName?: string };
    entries.push({
      latest: mine[0]?.seq ?? 0,
      entry: {
        appointmentId: a.id,
        ...base(a.consultation_id),
        appointmentStatus: a.status,
        patientName: [patient.firstName, patient.lastName].filter(Boolean).join(' '),
        appointmentBooking: appointmentBookingJson(db, a),
        events: mine.map(eventJson),
      },
    });
  }
  const booked = new Set(appointments.map((a) => a.consultation_id));
  const pending = events.filter((e) => e.appointment_id === null && !booked.has(e.consultation_id));
  for (const consultationId of new Set(pending.map((e) => e.consultation_id))) {
    const mine = pending.filter((e) => e.consultation_id === consultationId);
    const c = getConsultation(db, consultationId);
    const patient = JSON.parse(c?.patient ?? '{}') as { firstName?: string; lastName?: string };
    entries.push({
      latest: mine[0]!.seq,
      entry: {
        ...base(consultationId),
        appointmentStatus: mine[0]!.status,
        patientName: [patient.firstName, patient.lastName].filter(Boolean).join(' '),
        events: mine.map(eventJson),
      },
    });
  }
  return entries.sort((x, y) => y.latest - x.latest).map((e) => e.entry);
}

/** The "Appointments" section of the practice inbox page. */
export function practiceAppointmentsHtml(db: Db): string {
  const list = practiceAppointments(db);
  const items = list.map((raw) => {
    const a = raw as {
      appointmentStatus: string;
      patientName?: string;
      consultationId: string;
      requestKind?: string;
      requestType?: string;
      appointmentBooking?: { date: string; slot: { startTime: string; type: string }; siteName: string; sessionHolders: string[] };
      events: Array<{ status: string; at: string; by: string }>;
    };
    const b = a.appointmentBooking;
    const when = b ? `${b.slot.type}, ${b.date} ${b.slot.startTime}, ${b.siteName}, ${b.sessionHolders.join(', ')}` : 'No appointment yet';
    const history = a.events
      .map((e) => `<li>${escapeHtml(e.status)} <time datetime="${escapeHtml(e.at)}">${escapeHtml(e.at)}</time> (${escapeHtml(e.by.toLowerCase())})</li>`)
      .join('');
    return `<article>
<h3>${escapeHtml(a.appointmentStatus)} · ${escapeHtml(a.patientName ?? '')}</h3>
<p>${escapeHtml(when)}</p>
<p>Request ${escapeHtml(a.consultationId)}${a.requestType ? ` (${escapeHtml([a.requestKind, a.requestType].filter(Boolean).join(' · '))})` : ''}</p>
<ul>${history}</ul>
</article>`;
  });
  return `<section aria-labelledby="appointments-heading">
<h2 id="appointments-heading">Appointments</h2>
<p>${list.length} booking${list.length === 1 ? '' : 's'} and booking request${list.length === 1 ? '' : 's'}, most recently changed first.</p>
${items.join('\n')}
</section>`;
}
