// What the practice can read back: the outbox (messages as the patient receives them) and the
// queue with every attempt. Staff-only paths (/practice/*, /api/v1/practice/*).
import type { Sql } from '../store/index.js';
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

/** One page of a staff list, newest first (server/routes/practice.ts sends it with its paging headers). */
export interface Page<T> {
  items: T[];
  /** Position (seq) of the last item shown when older ones remain. */
  lastSeq?: number;
  total: number;
}

/** Paging of a list call: at most `limit` items older than position `before` (all when omitted). */
export interface PageOptions {
  limit: number;
  before?: number;
}

/** `WHERE seq < ?` + `LIMIT ?` for a page (one more than asked, to know whether more remain). */
function pageSql(page: PageOptions | undefined): { where: string; limit: string; params: number[] } {
  if (!page) return { where: '', limit: '', params: [] };
  return {
    where: page.before !== undefined ? 'WHERE seq < ?' : '',
    limit: 'LIMIT ?',
    params: [...(page.before !== undefined ? [page.before] : []), page.limit + 1],
  };
}

/** A page of rows read with one more than `limit` (to know whether more remain), `lastSeq` set while they do. */
export function toPage<R extends { seq: number }, T>(rows: R[], page: PageOptions, total: number, map: (rows: R[]) => T[]): Page<T> {
  const shown = rows.slice(0, page.limit);
  const last = shown[shown.length - 1];
  return { items: map(shown), total, ...(rows.length > page.limit && last ? { lastSeq: last.seq } : {}) };
}

export async function listOutbox(db: Sql): Promise<OutboxMessage[]> {
  return (await outboxRows(db, undefined)).map(outboxMessage);
}

/** One page of the outbox, newest first. */
export async function outboxPage(db: Sql, page: PageOptions): Promise<Page<OutboxMessage>> {
  const total = Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM outbox'))?.n ?? 0);
  return toPage(await outboxRows(db, page), page, total, (rows) => rows.map(outboxMessage));
}

interface OutboxRow {
  seq: number;
  notification_id: string;
  channel: Channel;
  recipient: string;
  subject: string | null;
  body: string;
  sent_at: string;
}

async function outboxRows(db: Sql, page: PageOptions | undefined): Promise<OutboxRow[]> {
  const sql = pageSql(page);
  return db.all<OutboxRow>(
    `SELECT seq, notification_id, channel, recipient, subject, body, sent_at FROM outbox ${sql.where} ORDER BY seq DESC ${sql.limit}`,
    sql.params,
  );
}

function outboxMessage(r: OutboxRow): OutboxMessage {
  return {
    notificationId: r.notification_id,
    channel: r.channel,
    to: r.recipient,
    ...(r.subject !== null ? { subject: r.subject } : {}),
    body: r.body,
    sentAt: r.sent_at,
  };
}

interface NotificationAttempt {
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

export async function listNotifications(db: Sql): Promise<NotificationState[]> {
  return notificationStates(db, await notificationRows(db, undefined));
}

/** One page of the queue, newest first, each with its attempts. */
export async function notificationsPage(db: Sql, page: PageOptions): Promise<Page<NotificationState>> {
  const total = Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM notifications'))?.n ?? 0);
  const rows = await notificationRows(db, page);
  const shown = rows.slice(0, page.limit);
  const states = await notificationStates(db, shown);
  return toPage(rows, page, total, () => states);
}

async function notificationRows(db: Sql, page: PageOptions | undefined): Promise<NotificationRow[]> {
  const sql = pageSql(page);
  return db.all<NotificationRow>(
    `SELECT seq, id, event_id, source_id, template, channel, status, next_attempt_at, created_at, finished_at, last_error FROM notifications ${sql.where} ORDER BY seq DESC ${sql.limit}`,
    sql.params,
  );
}

interface NotificationRow {
  seq: number;
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
}

async function notificationStates(db: Sql, rows: NotificationRow[]): Promise<NotificationState[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  // A page asks for its own rows' attempts; the whole list (tests, tools) reads them all at once.
  const filter = ids.length <= 500 ? `WHERE notification_id IN (${ids.map(() => '?').join(',')})` : '';
  const attempts = await db.all<{
    notification_id: string;
    attempt: number;
    transport: string;
    started_at: string;
    finished_at: string | null;
    outcome: string;
    error: string | null;
  }>(
    `SELECT notification_id, attempt, transport, started_at, finished_at, outcome, error FROM notification_attempts ${filter} ORDER BY attempt`,
    filter ? ids : [],
  );
  const byId = new Map<string, NotificationAttempt[]>();
  for (const a of attempts) {
    const list = byId.get(a.notification_id) ?? [];
    list.push({
      attempt: Number(a.attempt),
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
