// Notification events and enqueueNotifications(): the one call every flow makes, inside the
// same store transaction that stores what it acknowledges (server/notifications/README.md).
import { randomUUID } from 'node:crypto';
import type { Channel } from './content.js';
import type { NotificationEvent, QueuedNotification } from './eventTypes.js';
import { personalisationFor, type Clinic, type MessageSettings } from './personalisation.js';
import { canonicalEmail, canonicalPhone, lockNames, recipientLockNames } from '../identity.js';
import { practiceLimits } from '../limits.js';
import { getSetting } from '../settingsStore.js';
import type { Sql } from '../store/index.js';

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
/**
 * Queues the email and text of each event. Call it INSIDE the transaction that stores what the
 * messages acknowledge (a request, a booking…): both commit together or neither does, so an
 * acknowledged action always has its confirmation queued. Does no I/O beyond this database; the
 * worker sends later. An event with no email and no usable mobile queues nothing. A text is
 * queued only when the event has a mobile and the practice has SMS on (notification-config).
 * Events whose id is already queued are skipped (idempotent against the event id).
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
