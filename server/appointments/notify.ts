// The appointment messages (server/notifications/README.md): booked, rescheduled and cancelled,
// queued by book.ts inside the transaction that makes the change, so a change the patient was
// told about always has its message queued and a refused one has none.
import { enqueueNotifications, recipientForPatient, type AppointmentDetails, type AppointmentEvent } from '../notifications/index.js';
import type { Sql } from '../store/index.js';
import { getHolder, getSite, getSlot, getSlotType, type AppointmentRow } from './rows.js';

/** The change-or-cancel page of an appointment: its APPOINTMENT_CONFIRMED link on the public origin. */
function manageUrl(origin: string, linkUUID: string): string {
  return `${origin.replace(/\/+$/, '')}/appointment/details?lid=${encodeURIComponent(linkUUID)}`;
}

/** Date, time and place of an appointment as the message shows them (clinician only when the patient chose one). */
async function appointmentDetails(db: Sql, a: AppointmentRow): Promise<AppointmentDetails> {
  const slot = (await getSlot(db, a.slot_id))!;
  const site = await getSite(db, slot.site);
  const type = await getSlotType(db, slot.slot_type);
  const address = site.address ? (JSON.parse(site.address) as { street?: string; city?: string; postcode?: string }) : undefined;
  const siteAddress = address ? [address.street, [address.city, address.postcode].filter(Boolean).join(' ')].filter(Boolean).join(', ') : '';
  const chosen = (JSON.parse(a.selected_holders) as string[]).length > 0;
  return {
    startTime: new Date(slot.start_ms).toISOString(),
    virtual: type.virtual === 1 || site.virtual === 1,
    siteName: site.label,
    ...(siteAddress ? { siteAddress } : {}),
    ...(chosen ? { clinician: (await getHolder(db, slot.holder)).name } : {}),
  };
}

const SUFFIX: Record<AppointmentEvent['type'], string> = {
  APPOINTMENT_BOOKED: 'booked',
  APPOINTMENT_RESCHEDULED: 'rescheduled',
  APPOINTMENT_CANCELLED: 'cancelled',
};

/**
 * Queues the message of one change to an appointment, to the patient it is for (the email given,
 * else the one on the practice record; a text to a mobile given). `at` keeps the event id stable
 * for one change and new for the next (a second reschedule is a second message). `db` is the
 * transaction making the change.
 */
export async function notifyAppointment(
  db: Sql,
  type: AppointmentEvent['type'],
  a: AppointmentRow,
  link: { origin: string; linkUUID: string | undefined },
  at: string,
): Promise<void> {
  const patient = JSON.parse(a.patient) as Parameters<typeof recipientForPatient>[1];
  const appointment = await appointmentDetails(db, a);
  await enqueueNotifications(db, [
    {
      type,
      id: `${a.id}:${SUFFIX[type]}:${at}`,
      sourceId: a.id,
      to: await recipientForPatient(db, patient),
      appointment,
      ...(link.linkUUID ? { manageUrl: manageUrl(link.origin, link.linkUUID) } : {}),
    },
  ]);
}
