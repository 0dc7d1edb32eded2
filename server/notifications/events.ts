// Notification events and enqueueNotifications(): the one call every flow makes, inside the
// same SQLite transaction that stores what it acknowledges (server/notifications/README.md).
import { randomUUID } from 'node:crypto';
import type { Clinic as ClinicSettings } from '../../generated/types/api/clinic';
import type { Db } from '../db.js';
import { readSetting } from '../db.js';
import type { Channel, Personalisation, TemplateName } from './content.js';
import { sql } from '../sql.js';
import { practiceLimits } from '../limits.js';
import type { UrgencyTier } from '../tiers.js';
import { CHILD_REPLY, formReplyTime as formReplyTimeOf, medicalReplyTime, type ReplyTime } from './replyTimes.js';

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
}

export interface ChildRequestReceivedEvent extends EventBase {
  type: 'CHILD_REQUEST_RECEIVED';
  /** Overrides the child confirmation's reply time (src/replyTimes.ts CHILD_REPLY). */
  replyTime?: ReplyTime;
}

export interface SelfHelpEvent extends EventBase {
  type: 'SELF_HELP';
  /** The pathway's label as the patient saw it. */
  pathwayLabel: string;
  /** The pathway's self-help links (at least one). */
  links: Array<{ text: string; url: string }>;
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
  return medicalReplyTime(requestType, tier);
}

/** A short reference the patient can quote: the first 8 characters of the request id, e.g. "4F2A9C1B". */
export function shortReference(id: string): string {
  return id.replace(/[^0-9a-zA-Z]/g, '').slice(0, 8).toUpperCase();
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

function adminLabel(db: Db, formType: string): string {
  const settings = readSetting<{ forms?: Array<{ type: string; label: string }> }>(db, 'admin-forms');
  return settings?.forms?.find((f) => f.type === formType)?.label ?? 'Admin request';
}

/** The reply time of an admin form: its document's menu.reply, as synced into the admin-forms settings; else the default. */
function formReplyTime(db: Db, formType: string): ReplyTime {
  const settings = readSetting<{ forms?: Array<{ type: string; reply?: { timeFrame?: unknown; sentence?: unknown } }> }>(db, 'admin-forms');
  return formReplyTimeOf(settings?.forms?.find((f) => f.type === formType)?.reply);
}

function personalisationFor(db: Db, event: NotificationEvent, clinic: Clinic): Personalisation {
  const base = { practice_name: clinic.name, practice_phone: clinic.telephone };
  switch (event.type) {
    case 'REQUEST_RECEIVED': {
      const reply = event.service === 'admin' ? formReplyTime(db, event.requestType) : replyTime(event.requestType, event.tier);
      const label = event.service === 'admin' ? adminLabel(db, event.requestType) : (Object.hasOwn(MEDICAL_LABELS, event.requestType) ? MEDICAL_LABELS[event.requestType]! : 'Medical advice');
      return { ...base, reference: shortReference(event.sourceId), request_label: label, reply_time: reply.long, reply_time_short: reply.short };
    }
    case 'CHILD_REQUEST_RECEIVED':
      return {
        ...base,
        reference: shortReference(event.sourceId),
        reply_time: (event.replyTime ?? CHILD_REPLY).long,
        reply_time_short: (event.replyTime ?? CHILD_REPLY).short,
      };
    case 'SELF_HELP': {
      if (event.links.length === 0) throw new Error('A self-help notification needs at least one link');
      return {
        ...base,
        pathway_label: event.pathwayLabel,
        links: event.links.map((l) => `* ${l.text}: ${l.url}`).join('\n'),
        first_link_url: event.links[0]!.url,
      };
    }
    case 'APPOINTMENT_BOOKED':
    case 'APPOINTMENT_RESCHEDULED':
    case 'APPOINTMENT_CANCELLED': {
      const a = event.appointment;
      const start = new Date(a.startTime);
      if (Number.isNaN(start.getTime())) throw new Error(`Appointment start time is not a date: ${a.startTime}`);
      if (event.type !== 'APPOINTMENT_CANCELLED' && !event.manageUrl) throw new Error(`${event.type} needs the change-or-cancel link (manageUrl)`);
      const virtualLabel = readSetting<{ virtualSlotTypeLabel?: string }>(db, 'patient-app')?.virtualSlotTypeLabel || 'Telephone call';
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

function smsEnabled(db: Db): boolean {
  return readSetting<{ sms?: { enabled?: boolean } }>(db, 'notification-config')?.sms?.enabled === true;
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
function heldBackReason(
  db: Db,
  m: { recipient: string; template: string; createdAt: string; now: number },
  limits: { maxMessagesPerRecipientPerHour: number; maxMessagesPerRecipientPerTypePerHour: number },
): string | undefined {
  const since = new Date(m.now - HOUR_MS).toISOString();
  const row = sql(
    db,
    `SELECT COUNT(*) AS total, COALESCE(SUM(template = ?), 0) AS sameType FROM notifications
     WHERE recipient = ? AND created_at > ? AND status <> 'HELD'`,
  ).get(m.template, m.recipient, since) as { total: number; sameType: number };
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
function supersedeQueuedChanges(db: Db, sourceId: string, channel: Channel, at: string): void {
  sql(
    db,
    `UPDATE notifications SET status = 'HELD', finished_at = ?, last_error = 'Held back: the appointment was changed again before this message was sent (the later message has the new time)'
     WHERE source_id = ? AND channel = ? AND template = 'APPOINTMENT_RESCHEDULED' AND status = 'QUEUED'`,
  ).run(at, sourceId, channel);
}

/** The index the per-recipient caps read (created on start; harmless when it exists). */
export function ensureNotificationIndexes(db: Db): void {
  db.exec('CREATE INDEX IF NOT EXISTS notifications_by_recipient ON notifications (recipient, created_at)');
}

/**
 * How many messages this process has queued so far (a savepoint rolled back afterwards still
 * counts). The server wakes its worker when this moved during a request, instead of after every
 * POST: a questionnaire answer queues nothing and should not make the worker read the queue.
 */
export const queuedSoFar = (): number => queuedCount;

export function enqueueNotifications(db: Db, events: readonly NotificationEvent[], now: number = Date.now()): QueuedNotification[] {
  if (events.length === 0) return [];
  const clinic = readSetting<Clinic>(db, 'clinic') ?? { name: 'Your GP practice', telephone: '' };
  const sms = smsEnabled(db);
  const insert = sql(
    db,
    `INSERT INTO notifications (id, event_id, source_id, template, channel, recipient, personalisation, status, attempts, next_attempt_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'QUEUED', 0, ?, ?) ON CONFLICT(id) DO NOTHING`,
  );
  const createdAt = new Date(now).toISOString();
  const queued: QueuedNotification[] = [];
  const limits = practiceLimits(db);
  const run = db.transaction(() => {
    for (const event of events) {
      const eventId = event.id ?? randomUUID();
      const personalisation = JSON.stringify(personalisationFor(db, event, clinic));
      const channels: Array<[Channel, string]> = [];
      const email = event.to.email?.trim();
      const mobile = event.to.mobile?.trim();
      if (email) channels.push(['EMAIL', email]);
      if (mobile && sms) channels.push(['SMS', mobile]);
      for (const [channel, recipient] of channels) {
        const id = `${eventId}:${channel}`;
        if (event.type === 'APPOINTMENT_RESCHEDULED') supersedeQueuedChanges(db, event.sourceId, channel, createdAt);
        const held = heldBackReason(db, { recipient, template: event.type, createdAt, now }, limits);
        if (held) {
          // Stored as HELD with the reason: the practice sees it in the queue and the outbox; it is never sent.
          sql(
            db,
            `INSERT INTO notifications (id, event_id, source_id, template, channel, recipient, personalisation, status, attempts, next_attempt_at, created_at, finished_at, last_error)
             VALUES (?, ?, ?, ?, ?, ?, ?, 'HELD', 0, ?, ?, ?, ?) ON CONFLICT(id) DO NOTHING`,
          ).run(id, eventId, event.sourceId, event.type, channel, recipient, personalisation, now, createdAt, createdAt, held);
          continue;
        }
        const result = insert.run(id, eventId, event.sourceId, event.type, channel, recipient, personalisation, now, createdAt);
        if (result.changes === 1) {
          queued.push({ id, eventId, template: event.type, channel });
          queuedCount++;
        }
      }
    }
  });
  // Nested in the caller's transaction this is a savepoint: it commits with the caller's work.
  run();
  return queued;
}
