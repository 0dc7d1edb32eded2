// What the practice can read back: the outbox (messages as the patient receives them) and the
// queue with every attempt. Staff-only paths (/practice/*, /api/v1/practice/*).
import type { Db } from '../db.js';
import type { Channel, TemplateName } from './content.js';
import type { NotificationStatus } from './worker.js';

export interface OutboxMessage {
  notificationId: string;
  channel: Channel;
  to: string;
  subject?: string;
  body: string;
  sentAt: string;
}

export function listOutbox(db: Db): OutboxMessage[] {
  const rows = db.prepare('SELECT notification_id, channel, recipient, subject, body, sent_at FROM outbox ORDER BY seq DESC').all() as Array<{
    notification_id: string;
    channel: Channel;
    recipient: string;
    subject: string | null;
    body: string;
    sent_at: string;
  }>;
  return rows.map((r) => ({
    notificationId: r.notification_id,
    channel: r.channel,
    to: r.recipient,
    ...(r.subject !== null ? { subject: r.subject } : {}),
    body: r.body,
    sentAt: r.sent_at,
  }));
}

export interface NotificationAttempt {
  attempt: number;
  transport: string;
  startedAt: string;
  finishedAt?: string;
  outcome: string;
  error?: string;
}

export interface NotificationState {
  id: string;
  eventId: string;
  sourceId: string;
  template: TemplateName;
  channel: Channel;
  status: NotificationStatus;
  attempts: NotificationAttempt[];
  createdAt: string;
  finishedAt?: string;
  nextAttemptAt?: string;
  lastError?: string;
}

export function listNotifications(db: Db): NotificationState[] {
  const rows = db
    .prepare('SELECT id, event_id, source_id, template, channel, status, next_attempt_at, created_at, finished_at, last_error FROM notifications ORDER BY seq DESC')
    .all() as Array<{
    id: string;
    event_id: string;
    source_id: string;
    template: TemplateName;
    channel: Channel;
    status: NotificationStatus;
    next_attempt_at: number;
    created_at: string;
    finished_at: string | null;
    last_error: string | null;
  }>;
  const attempts = db.prepare('SELECT notification_id, attempt, transport, started_at, finished_at, outcome, error FROM notification_attempts ORDER BY attempt').all() as Array<{
    notification_id: string;
    attempt: number;
    transport: string;
    started_at: string;
    finished_at: string | null;
    outcome: string;
    error: string | null;
  }>;
  const byId = new Map<string, NotificationAttempt[]>();
  for (const a of attempts) {
    const list = byId.get(a.notification_id) ?? [];
    list.push({
      attempt: a.attempt,
      transport: a.transport,
      startedAt: a.started_at,
      ...(a.finished_at ? { finishedAt: a.finished_at } : {}),
      outcome: a.outcome,
      ...(a.error ? { error: a.error } : {}),
    });
    byId.set(a.notification_id, list);
  }
  return rows.map((r) => ({
    id: r.id,
    eventId: r.event_id,
    sourceId: r.source_id,
    template: r.template,
    channel: r.channel,
    status: r.status,
    attempts: byId.get(r.id) ?? [],
    createdAt: r.created_at,
    ...(r.finished_at ? { finishedAt: r.finished_at } : {}),
    ...(r.status === 'QUEUED' ? { nextAttemptAt: new Date(r.next_attempt_at).toISOString() } : {}),
    ...(r.last_error ? { lastError: r.last_error } : {}),
  }));
}
