// Retention (server/retention.ts): requests, their answers and the messages about them are deleted
// after the documented period; recent ones stay. On the store of the run (SQLite in `integration`,
// PostgreSQL in `integration-pg`), directly and through a server's start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RETENTION_DAYS, retentionFrom, sweepRetention } from '../../../server/retention.js';
import type { Sql } from '../../../server/store/index.js';
import { STAFF_AUTH, startServer } from '../support/helpers.js';
import { STORE, testStore } from '../support/stores.js';

const DAY = 24 * 60 * 60_000;
const NOW = Date.parse('2026-11-28T12:00:00Z');
const ago = (days: number) => new Date(NOW - days * DAY).toISOString();

/** One request with everything kept about it, `days` old: its execution claim, Idempotency-Key answer, message, attempt and outbox copy. */
async function requestAged(store: Sql, name: string, days: number): Promise<void> {
  const at = ago(days);
  const body = JSON.stringify({ triageRequest: { patient: { firstName: name }, responseData: [{ identifier: 'q', answer: [{ value: 'private' }] }] } });
  await store.run('INSERT INTO requests (id, kind, form_type, status, received_at, body, tier, tier_rank) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', [
    `req-${name}`,
    'CONSULTATION',
    'CONSULTATION_REQUEST',
    'NEW',
    at,
    body,
    'ROUTINE',
    3,
  ]);
  await store.run('INSERT INTO execution_requests (execution_id, request_id, created_at) VALUES (?, ?, ?)', [`exec-${name}`, `req-${name}`, at]);
  await store.run('INSERT INTO idempotency_keys (key, body_hash, status_code, response, created_at) VALUES (?, ?, ?, ?, ?)', [
    `key-${name}`,
    'h',
    201,
    '{}',
    at,
  ]);
  await store.run(
    `INSERT INTO notifications (id, event_id, source_id, template, channel, recipient, personalisation, status, attempts, next_attempt_at, created_at)
     VALUES (?, ?, ?, 'REQUEST_RECEIVED', 'EMAIL', ?, ?, 'SENT', 1, 0, ?)`,
    [`n-${name}`, `e-${name}`, `req-${name}`, `${name}@example.com`, JSON.stringify({ name }), at],
  );
  await store.run(
    "INSERT INTO notification_attempts (notification_id, attempt, transport, started_at, finished_at, outcome, error) VALUES (?, 1, 'outbox', ?, ?, 'SENT', NULL)",
    [`n-${name}`, at, at],
  );
  await store.run("INSERT INTO outbox (notification_id, channel, recipient, subject, body, sent_at) VALUES (?, 'EMAIL', ?, 's', ?, ?)", [
    `n-${name}`,
    `${name}@example.com`,
    `Dear ${name}`,
    at,
  ]);
}

/** Which of the named requests' rows are left, table by table. */
async function left(store: Sql): Promise<Record<string, string[]>> {
  const ids = async (sql: string) => (await store.all<{ id: string }>(sql)).map((r) => r.id).sort();
  return {
    requests: await ids('SELECT id FROM requests'),
    executionRequests: await ids('SELECT execution_id AS id FROM execution_requests'),
    idempotencyKeys: await ids('SELECT key AS id FROM idempotency_keys'),
    notifications: await ids('SELECT id FROM notifications'),
    attempts: await ids('SELECT notification_id AS id FROM notification_attempts'),
    outbox: await ids('SELECT notification_id AS id FROM outbox'),
  };
}

describe(`retention (${STORE})`, () => {
  let t: Awaited<ReturnType<typeof testStore>>;
  beforeAll(async () => {
    t = await testStore();
  });
  afterAll(async () => t?.cleanup());

  it(`deletes a request older than the period (default ${DEFAULT_RETENTION_DAYS} days) with its answers and messages; keeps recent ones`, async () => {
    await requestAged(t.store, 'old', DEFAULT_RETENTION_DAYS + 1);
    await requestAged(t.store, 'edge', DEFAULT_RETENTION_DAYS - 1);
    await requestAged(t.store, 'new', 0.01);
    await t.store.run('INSERT INTO appt_identity_failures (link_uuid, client, at) VALUES (?, ?, ?), (?, ?, ?)', [
      'link',
      '192.0.2.1',
      NOW - 2 * DAY,
      'link',
      '192.0.2.1',
      NOW - 60_000,
    ]);
    const swept = await sweepRetention(t.store, NOW, retentionFrom(undefined));
    expect(swept).toMatchObject({
      requests: 1,
      executionRequests: 1,
      idempotencyKeys: 1,
      notifications: 1,
      notificationAttempts: 1,
      outbox: 1,
      identityFailures: 1,
    });
    expect(await left(t.store)).toEqual({
      requests: ['req-edge', 'req-new'],
      executionRequests: ['exec-edge', 'exec-new'],
      idempotencyKeys: ['key-edge', 'key-new'],
      notifications: ['n-edge', 'n-new'],
      attempts: ['n-edge', 'n-new'],
      outbox: ['n-edge', 'n-new'],
    });
    expect(await t.store.all('SELECT at FROM appt_identity_failures')).toHaveLength(1);
    // A second sweep finds nothing more.
    expect(Object.values(await sweepRetention(t.store, NOW, retentionFrom(undefined))).every((n) => n === 0)).toBe(true);
  });

  it('a shorter configured period deletes sooner', async () => {
    const swept = await sweepRetention(t.store, NOW, retentionFrom('30'));
    expect(swept.requests).toBe(1);
    expect((await left(t.store)).requests).toEqual(['req-new']);
  });

  it('RETENTION_DAYS must be a whole number of days from 1 to 3650', () => {
    for (const bad of ['0', '-5', '1.5', 'ninety', '3651'])
      expect(() => retentionFrom(bad)).toThrow(/RETENTION_DAYS must be a whole number of days from 1 to 3650/);
    expect(retentionFrom(' 7 ').requestDays).toBe(7);
  });
});

describe(`retention at a server's start (${STORE})`, () => {
  it('a request past the period is gone when the server starts; the practice no longer reads it', async () => {
    const first = await startServer({ notifications: { autoStart: false } });
    try {
      const real = Date.now();
      await first.store.run('INSERT INTO requests (id, kind, form_type, status, received_at, body, tier, tier_rank) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', [
        'req-stale',
        'ADMIN_REQUEST',
        'OTHER_ENQUIRY',
        'NEW',
        new Date(real - 40 * DAY).toISOString(),
        JSON.stringify({ formType: 'OTHER_ENQUIRY', description: 'stale' }),
        null,
        3,
      ]);
      await first.store.run('INSERT INTO requests (id, kind, form_type, status, received_at, body, tier, tier_rank) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', [
        'req-fresh',
        'ADMIN_REQUEST',
        'OTHER_ENQUIRY',
        'NEW',
        new Date(real - 20 * DAY).toISOString(),
        JSON.stringify({ formType: 'OTHER_ENQUIRY', description: 'fresh' }),
        null,
        3,
      ]);
      await first.close();
      const second = await startServer({ dataDir: first.dataDir, retentionDays: 30, notifications: { autoStart: false } });
      try {
        const list = (await second.app.inject({ url: '/api/v1/practice/requests', headers: STAFF_AUTH })).json() as Array<{ id: string }>;
        expect(list.map((r) => r.id)).toEqual(['req-fresh']);
      } finally {
        await second.close();
      }
    } finally {
      await first.cleanup();
    }
  }, 90_000);
});
