// Notification events and enqueueNotifications(): the one call every flow makes, inside the
// same store transaction that stores what it acknowledges (server/notifications/README.md).
import { randomUUID } from 'node:crypto';
import type { Clinic as ClinicSettings } from '../../generated/types/api/clinic';
import type { Channel, Personalisation, TemplateName } from './content.js';
import { canonicalEmail, canonicalPhone, lockNames, recipientLockNames } from '../identity.js';
import { practiceLimits } from '../limits.js';
import { getSetting } from '../settingsStore.js';
import type { Sql } from '../store/index.js';
import { CHILD_REPLY, formReplyTime as formReplyTimeOf, medicalReplyTime, type ReplyTime, type UrgencyTier } from '../../common/index.js';

/** Where a message goes. Only the addresses: no name, no date of birth. */
export interface Recipient {
  email?: string;
  /** Texts go only to a mobile the patient gave, and only when the practice has SMS on. */
  mobile?: string;
}

interface EventBase {
  /**
   * Makes enqueueing idempotent: a second event with the same id is ignored. Give a stable one when
   * the same action could be enqueued twice (e.g. `${appointmentId}:booked:${version}`);
   * default: a new random id.
   */
  id?: string;
  /** What the event is about (request id, appointment id…), for the practice's read-back. */
  sourceId: string;
  to: Recipient;
}

export interface RequestReceivedEvent extends EventBase {
  type: 'REQUEST_RECEIVED';
  /** Admin form type (REPEAT_PRESCRIPTION…) or triage request type (CONSULTATION_REQUEST…): picks the label and reply time. */
  requestType: string;
  service: 'admin' | 'medical';
  /**
   * Why a consultation went to the inbox (context.reasonInInbox of the consultation call), kept
   * with the event. It does not pick the reply time: every request sent without an appointment
   * carries NO_APPOINTMENTS, whichever screen sent it (./replyTimes.ts).
   */
  reasonInInbox?: string;
  /** A medical request's urgency tier (its consultation.tier): the urgent tiers' messages say not to wait for a reply. */
  tier?: UrgencyTier;
  /** Every word of the outcome the patient was shown (common/advice.ts), as plain text. */
  advice?: string;
}

export interface ChildRequestReceivedEvent extends EventBase {
  type: 'CHILD_REQUEST_RECEIVED';
  /** Overrides the child confirmation's reply time (common/replyTimes.ts CHILD_REPLY). */
  replyTime?: ReplyTime;
  /** Every word of the outcome the parent was shown (common/advice.ts), as plain text. */
  advice?: string;
}

export interface SelfHelpEvent extends EventBase {
  type: 'SELF_HELP';
  /** The pathway's label as the patient saw it. */
  pathwayLabel: string;
  /** The pathway's self-help links (at least one). */
  links: Array<{ text: string; url: string }>;
  /** A pharmacy or self-care ending's own words (common/advice.ts), when the patient asked for them. */
  advice?: string;
}

export interface AppointmentDetails {
  /** Start, ISO 8601 with offset or Z; shown in UK time. */
  startTime: string;
  /** A virtual slot: the place reads "Telephone call" (or the practice's virtual slot label). */
  virtual: boolean;
  siteName?: string;
  /** One line, e.g. "1 River Street, Leeds LS1 4AP". */
  siteAddress?: string;
  /** Only when the booking screen showed who the appointment is with. */
  clinician?: string;
}

export interface AppointmentEvent extends EventBase {
  type: 'APPOINTMENT_BOOKED' | 'APPOINTMENT_RESCHEDULED' | 'APPOINTMENT_CANCELLED';
  appointment: AppointmentDetails;
  /** The change-or-cancel link (booked, rescheduled; required) or a book-again link (cancelled; optional). */
  manageUrl?: string;
}

export type NotificationEvent = RequestReceivedEvent | ChildRequestReceivedEvent | SelfHelpEvent | AppointmentEvent;

export interface QueuedNotification {
  id: string;
  eventId: string;
  template: TemplateName;
  channel: Channel;
}

/** What a notification reads of the practice's clinic settings (the contract's Clinic). */
type Clinic = Pick<ClinicSettings, 'name' | 'telephone'>;

/** Labels of the request types that are not admin forms. */
const MEDICAL_LABELS: Record<string, string> = {
  CONSULTATION_REQUEST: 'Medical advice',
  EMERGENCY_INDICATION: 'Medical advice',
  DIRECT_BOOKING: 'Medical advice',
  ELIGIBILITY_BOOKING: 'Appointment request',
  CHILD_REQUEST: 'Request for a child',
};

/**
 * A medical request's reply time (./replyTimes.ts, from schemas/reply-times.json, the one source
 * the thank-you page reads too): by its tier (the urgent tiers say "do not wait"), else 48 hours.
 */
export function replyTime(requestType: string, tier?: UrgencyTier): ReplyTime {
  return medicalReplyTime({ requestType, tier });
}

/** A short reference the patient can quote: the first 8 characters of the request id, e.g. "4F2A9C1B". */
export function shortReference(id: string): string {
  return id
    .replace(/[^0-9a-zA-Z]/g, '')
    .slice(0, 8)
    .toUpperCase();
}

const UK_DATE = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const UK_DATE_SHORT = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'short', day: 'numeric', month: 'short' });
const UK_TIME = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: 'numeric', minute: '2-digit', hour12: true });

/** "Tuesday 1 December 2026" / "Tue 1 Dec" (GOV.UK style, no comma whatever the ICU version). */
function ukDate(format: Intl.DateTimeFormat, date: Date): string {
  return format
    .formatToParts(date)
    .filter((p) => p.type !== 'literal')
    .map((p) => p.value)
    .join(' ');
}

/** "9:30am", "2:05pm" (GOV.UK style). */
function ukTime(date: Date): string {
  return UK_TIME.format(date).replace(/\s/g, '').toLowerCase();
}

/** The settings the messages' wording reads, read once per enqueue (on the caller's transaction). */
interface MessageSettings {
  adminForms?: { forms?: Array<{ type: string; label?: string; reply?: { timeFrame?: unknown; sentence?: unknown } }> };
  virtualSlotTypeLabel?: string;
}

function adminLabel(settings: MessageSettings, formType: string): string {
  return settings.adminForms?.forms?.find((f) => f.type === formType)?.label ?? 'Admin request';
}

/** The reply time of an admin form: its document's menu.reply, as synced into the admin-forms settings; else the default. */
function formReplyTime(settings: MessageSettings, formType: string): ReplyTime {
  return formReplyTimeOf(settings.adminForms?.forms?.find((f) => f.type === formType)?.reply);
}

function personalisationFor(settings: MessageSettings, event: NotificationEvent, clinic: Clinic): Personalisation {
  const base = { practice_name: clinic.name, practice_phone: clinic.telephone };
  switch (event.type) {
    case 'REQUEST_RECEIVED': {
      const reply = event.service === 'admin' ? formReplyTime(settings, event.requestType) : replyTime(event.requestType, event.tier);
      const label =
        event.service === 'admin'
          ? adminLabel(settings, event.requestType)
          : Object.hasOwn(MEDICAL_LABELS, event.requestType)
            ? MEDICAL_LABELS[event.requestType]!
            : 'Medical advice';
      return {
        ...base,
        reference: shortReference(event.sourceId),
        request_label: label,
        reply_time: reply.long,
        reply_time_short: reply.short,
        advice: event.advice ?? '',
      };
    }
    case 'CHILD_REQUEST_RECEIVED':
      return {
        ...base,
        reference: shortReference(event.sourceId),
        reply_time: (event.replyTime ?? CHILD_REPLY).long,
        reply_time_short: (event.replyTime ?? CHILD_REPLY).short,
        advice: event.advice ?? '',
      };
    case 'SELF_HELP': {
      if (event.links.length === 0) throw new Error('A self-help notification needs at least one link');
      return {
        ...base,
        pathway_label: event.pathwayLabel,
        links: event.links.map((l) => `* ${l.text}: ${l.url}`).join('\n'),
        first_link_url: event.links[0]!.url,
        advice: event.advice ?? '',
      };
    }
    case 'APPOINTMENT_BOOKED':
    case 'APPOINTMENT_RESCHEDULED':
    case 'APPOINTMENT_CANCELLED': {
      const a = event.appointment;
      const start = new Date(a.startTime);
      if (Number.isNaN(start.getTime())) throw new Error(`Appointment start time is not a date: ${a.startTime}`);
      if (event.type !== 'APPOINTMENT_CANCELLED' && !event.manageUrl) throw new Error(`${event.type} needs the change-or-cancel link (manageUrl)`);
      const virtualLabel = settings.virtualSlotTypeLabel || 'Telephone call';
      const place = a.virtual ? virtualLabel : [a.siteName, a.siteAddress].filter(Boolean).join(', ') || clinic.name;
      return {
        ...base,
        date: ukDate(UK_DATE, start),
        date_short: ukDate(UK_DATE_SHORT, start),
        time: ukTime(start),
        place,
        place_short: a.virtual ? virtualLabel : (a.siteName ?? clinic.name),
        clinician: a.clinician ?? '',
        manage_url: event.manageUrl ?? '',
      };
    }
  }
}

/**
 * Queues the email and text of each event. Call it INSIDE the transaction that stores what the
 * messages acknowledge (a request, a booking…): both commit together or neither does, so an
 * acknowledged action always has its confirmation queued. Does no I/O beyond this database; the
 * worker sends later. An event with no email and no usable mobile queues nothing. A text is
 * queued only when the event has a mobile and the practice has SMS on (notification-config).
 * Events whose id is already queued are skipped (idempotent against the event id).
 */
let queuedCount = 0;

const HOUR_MS = 60 * 60_000;

/**
 * Why a message to this address or number is held back, or undefined to send it: the practice's
 * caps (server/limits.ts) on messages to one recipient in the last hour, in all and of this kind.
 * Held-back messages do not count, so a flood cannot keep a recipient's own messages out for ever
 * past the hour.
 */
async function heldBackReason(
  db: Sql,
  m: { recipient: string; template: string; createdAt: string; now: number },
  limits: { maxMessagesPerRecipientPerHour: number; maxMessagesPerRecipientPerTypePerHour: number },
): Promise<string | undefined> {
  const since = new Date(m.now - HOUR_MS).toISOString();
  const counted = await db.get<{ total: number; same_type: number }>(
    `SELECT COUNT(*) AS total, COALESCE(SUM(CASE WHEN template = ? THEN 1 ELSE 0 END), 0) AS same_type FROM notifications
     WHERE recipient = ? AND created_at > ? AND status <> 'HELD'`,
    [m.template, m.recipient, since],
  );
  const row = { total: Number(counted?.total ?? 0), sameType: Number(counted?.same_type ?? 0) };
  if (row.total >= limits.maxMessagesPerRecipientPerHour) {
    return `Held back: ${row.total} messages to this address or number in the last hour (the practice's limit is ${limits.maxMessagesPerRecipientPerHour} an hour)`;
  }
  if (row.sameType >= limits.maxMessagesPerRecipientPerTypePerHour) {
    return `Held back: ${row.sameType} messages of this kind to this address or number in the last hour (the practice's limit is ${limits.maxMessagesPerRecipientPerTypePerHour} an hour)`;
  }
  return undefined;
}

/**
 * One "changed" message per change the patient can still read: a reschedule's message not yet
 * sent when the appointment is changed again is held back (the later one carries the new time),
 * so changing back and forth through one link cannot queue a message per click.
 */
async function supersedeQueuedChanges(db: Sql, sourceId: string, channel: Channel, at: string): Promise<void> {
  await db.run(
    `UPDATE notifications SET status = 'HELD', finished_at = ?, last_error = 'Held back: the appointment was changed again before this message was sent (the later message has the new time)'
     WHERE source_id = ? AND channel = ? AND template = 'APPOINTMENT_RESCHEDULED' AND status = 'QUEUED'`,
    [at, sourceId, channel],
  );
}

/**
 * How many messages this process has queued so far (a savepoint rolled back afterwards still
 * counts). The server wakes its worker when this moved during a request, instead of after every
 * POST: a questionnaire answer queues nothing and should not make the worker read the queue.
 */
export const queuedSoFar = (): number => queuedCount;

const INSERT_QUEUED = `INSERT INTO notifications (id, event_id, source_id, template, channel, recipient, personalisation, status, attempts, next_attempt_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'QUEUED', 0, ?, ?) ON CONFLICT (id) DO NOTHING`;
const INSERT_HELD = `INSERT INTO notifications (id, event_id, source_id, template, channel, recipient, personalisation, status, attempts, next_attempt_at, created_at, finished_at, last_error)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'HELD', 0, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`;

/**
 * `db` is the transaction storing what the messages acknowledge (or the store: then the messages
 * are queued in a transaction of their own).
 */
export async function enqueueNotifications(db: Sql, events: readonly NotificationEvent[], now: number = Date.now()): Promise<QueuedNotification[]> {
  if (events.length === 0) return [];
  // Joins the caller's transaction when there is one: it commits with the caller's work.
  return db.tx(async (tx) => {
    const clinic = (await getSetting<Clinic>(tx, 'clinic')) ?? { name: 'Your GP practice', telephone: '' };
    const sms = (await getSetting<{ sms?: { enabled?: boolean } }>(tx, 'notification-config'))?.sms?.enabled === true;
    const settings: MessageSettings = {
      adminForms: await getSetting<MessageSettings['adminForms']>(tx, 'admin-forms'),
      virtualSlotTypeLabel: (await getSetting<{ virtualSlotTypeLabel?: string }>(tx, 'patient-app'))?.virtualSlotTypeLabel,
    };
    const createdAt = new Date(now).toISOString();
    const queued: QueuedNotification[] = [];
    const limits = await practiceLimits(tx);
    // The caps count then insert: under a lock per recipient, requests on any instance count exactly.
    await lockNames(tx, recipientLockNames(events.map((e) => e.to)));
    for (const event of events) {
      const eventId = event.id ?? randomUUID();
      const personalisation = JSON.stringify(personalisationFor(settings, event, clinic));
      const channels: Array<[Channel, string]> = [];
      // Stored, counted and sent in one spelling each (trimmed lower case; E.164), so a cap cannot be escaped by writing them differently.
      const email = canonicalEmail(event.to.email);
      const mobile = canonicalPhone(event.to.mobile);
      if (email) channels.push(['EMAIL', email]);
      if (mobile && sms) channels.push(['SMS', mobile]);
      for (const [channel, recipient] of channels) {
        const id = `${eventId}:${channel}`;
        if (event.type === 'APPOINTMENT_RESCHEDULED') await supersedeQueuedChanges(tx, event.sourceId, channel, createdAt);
        const held = await heldBackReason(tx, { recipient, template: event.type, createdAt, now }, limits);
        if (held) {
          // Stored as HELD with the reason: the practice sees it in the queue and the outbox; it is never sent.
          await tx.run(INSERT_HELD, [id, eventId, event.sourceId, event.type, channel, recipient, personalisation, now, createdAt, createdAt, held]);
          continue;
        }
        const result = await tx.run(INSERT_QUEUED, [id, eventId, event.sourceId, event.type, channel, recipient, personalisation, now, createdAt]);
        if (result.changes === 1) {
          queued.push({ id, eventId, template: event.type, channel });
          queuedCount++;
        }
      }
    }
    return queued;
  });
}
