import { afterEach, describe, expect, it } from 'vitest';
import { listNotifications, listOutbox, shortReference, transportFromEnv } from '../../../../server/notifications/index';
import { FAKE_NOTIFY_API_KEY, startFakeNotify, type FakeNotify } from '../../../../scripts/fake-notify';
import { ADMIN_URL, AMELIA, otherEnquiry, startServer, type TestServer } from '../../support/helpers';

let server: TestServer | undefined;
let fake: FakeNotify | undefined;
afterEach(async () => {
  await server?.cleanup();
  await fake?.close();
  server = undefined;
  fake = undefined;
});

function notifyEnv(url: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    NOTIFY_API_KEY: FAKE_NOTIFY_API_KEY,
    NOTIFY_BASE_URL: url,
    NOTIFY_EMAIL_TEMPLATE_ID: 'generic-email-template',
    NOTIFY_SMS_TEMPLATE_ID: 'generic-sms-template',
    NOTIFY_TEMPLATE_REQUEST_RECEIVED_EMAIL: 'request-received-email-template',
    ...extra,
  };
}

const withMobile = () =>
  otherEnquiry({ patient: { ...AMELIA, contactDetails: { emailAddress: 'amelia.testwell@example.com', mobilePhoneNumber: '07400 123456' } } });

describe('GOV.UK Notify transport (notifications-node-client against a local fake Notify)', () => {
  it('sends the template id, recipient, personalisation and our reference, signed with the API key', async () => {
    fake = await startFakeNotify();
    server = await startServer({ notifications: { env: notifyEnv(fake.url), autoStart: false } });
    const sent = await server.app.inject({ method: 'POST', url: ADMIN_URL, payload: withMobile() });
    expect(sent.statusCode).toBe(201);
    const { id } = sent.json() as { id: string };
    await server.notifications.drain();

    expect(fake.calls).toHaveLength(2);
    const email = fake.calls.find((c) => c.type === 'email')!;
    expect(email.body).toMatchObject({
      template_id: 'request-received-email-template',
      email_address: 'amelia.testwell@example.com',
      reference: `${id}:received:EMAIL`,
      personalisation: {
        practice_name: 'Riverside Medical Practice',
        reference: shortReference(id),
        request_label: 'Other enquiry',
        reply_time: 'The practice aims to respond within two working days.',
        subject: 'Riverside Medical Practice: we have received your request',
      },
    });
    expect(email.body.personalisation!.body).toContain(`Your reference: ${shortReference(id)}`);
    expect(JSON.stringify(email.body)).not.toContain('Can I collect');
    const sms = fake.calls.find((c) => c.type === 'sms')!;
    expect(sms.body).toMatchObject({ template_id: 'generic-sms-template', phone_number: '+447400123456', reference: `${id}:received:SMS` });
    expect(sms.body.personalisation!.body!.length).toBeLessThan(160);
    // The client signs a JWT whose issuer is the service id of the key.
    const token = email.authorization!.replace(/^Bearer /, '');
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { iss: string };
    expect(claims.iss).toBe('11111111-2222-3333-4444-555555555555');

    expect(await listOutbox(server.store)).toEqual([]);
    const states = await listNotifications(server.store);
    expect(states.every((s) => s.status === 'SENT' && s.attempts[0]!.transport === 'notify')).toBe(true);
    const providerIds = server.db.prepare('SELECT provider_id FROM notifications ORDER BY id').all() as Array<{ provider_id: string }>;
    expect(providerIds.map((r) => r.provider_id)).toEqual([fake.accepted.get(`${id}:received:EMAIL`)!.id, fake.accepted.get(`${id}:received:SMS`)!.id]);
  });

  it('uses the outbox, with a warning, when the key is set but template ids are missing', () => {
    const choice = transportFromEnv({ NOTIFY_API_KEY: FAKE_NOTIFY_API_KEY, NOTIFY_EMAIL_TEMPLATE_ID: 'only-email' });
    expect(choice.transport.name).toBe('outbox');
    expect(choice.warnings[0]).toContain('NOTIFY_TEMPLATE_REQUEST_RECEIVED_SMS');
    expect(transportFromEnv({}).transport.name).toBe('outbox');
    expect(transportFromEnv({}).warnings).toEqual([]);
  });

  it('retries when Notify answers 500 and gives up at once on a 400', async () => {
    fake = await startFakeNotify();
    server = await startServer({ notifications: { env: notifyEnv(fake.url), autoStart: false, worker: { backoffMs: () => 0 } } });
    fake.failNext(1, 500);
    expect((await server.app.inject({ method: 'POST', url: ADMIN_URL, payload: otherEnquiry() })).statusCode).toBe(201);
    await server.notifications.drain();
    expect((await listNotifications(server.store))[0]).toMatchObject({
      status: 'SENT',
      attempts: [{ outcome: 'FAILED', error: 'Notify answered 500: Exception refused by the fake' }, { outcome: 'SENT' }],
    });

    fake.failNext(1, 400);
    expect((await server.app.inject({ method: 'POST', url: ADMIN_URL, payload: otherEnquiry({ description: 'Second' }) })).statusCode).toBe(201);
    await server.notifications.drain();
    expect((await listNotifications(server.store))[0]).toMatchObject({
      status: 'FAILED',
      attempts: [{ outcome: 'FAILED', error: 'Notify answered 400: BadRequestError refused by the fake' }],
    });
    expect(fake.calls).toHaveLength(3);
  });

  it('after a worker died mid-send, asks Notify by reference: never sends twice, resends what never arrived', async () => {
    fake = await startFakeNotify();
    let clock = Date.now();
    server = await startServer({ notifications: { env: notifyEnv(fake.url), autoStart: false, worker: { now: () => clock, inflightGraceMs: 60_000 } } });
    for (const description of ['Arrived', 'Lost']) {
      expect((await server.app.inject({ method: 'POST', url: ADMIN_URL, payload: otherEnquiry({ description }) })).statusCode).toBe(201);
    }
    const [lost, arrived] = await listNotifications(server.store);
    // As a killed worker leaves them: claimed (SENDING, attempt 1 open); Notify got only the first.
    server.db.prepare(`UPDATE notifications SET status = 'SENDING', attempts = 1, claimed_by = 'dead-run', claimed_at = ?`).run(clock);
    for (const n of [lost!, arrived!]) {
      server.db
        .prepare(`INSERT INTO notification_attempts (notification_id, attempt, transport, started_at, outcome) VALUES (?, 1, 'notify', ?, 'SENDING')`)
        .run(n.id, new Date(clock).toISOString());
    }
    fake.accepted.set(arrived!.id, { id: 'notify-id-1', call: { type: 'email', authorization: undefined, body: { template_id: 'x' } } });

    // Within the grace period a call of the dead worker could still land: leave them alone.
    await server.notifications.drain();
    expect(fake.calls).toHaveLength(0);
    expect((await listNotifications(server.store)).map((n) => n.status)).toEqual(['SENDING', 'SENDING']);

    clock += 60_000;
    await server.notifications.drain();
    const byId = new Map((await listNotifications(server.store)).map((n) => [n.id, n]));
    expect(byId.get(arrived!.id)).toMatchObject({ status: 'SENT', attempts: [{ attempt: 1, outcome: 'SENT' }] });
    expect(byId.get(lost!.id)).toMatchObject({
      status: 'SENT',
      attempts: [
        { attempt: 1, outcome: 'NOT_SENT' },
        { attempt: 2, outcome: 'SENT' },
      ],
    });
    expect(fake.calls.map((c) => c.body.reference)).toEqual([lost!.id]);
  });

  it('a call that times out is not resent until Notify says it never arrived', async () => {
    fake = await startFakeNotify({ sendDelayMs: 300 });
    let clock = Date.now();
    server = await startServer({
      notifications: { env: notifyEnv(fake.url, { NOTIFY_TIMEOUT_MS: '50' }), autoStart: false, worker: { now: () => clock, inflightGraceMs: 10_000 } },
    });
    expect((await server.app.inject({ method: 'POST', url: ADMIN_URL, payload: otherEnquiry() })).statusCode).toBe(201);
    clock = Date.now() + 1_000;
    await server.notifications.drain();
    expect((await listNotifications(server.store))[0]).toMatchObject({
      status: 'SENDING',
      attempts: [{ outcome: 'UNKNOWN', error: 'Notify did not answer within 50 ms' }],
    });
    // The slow answer lands at Notify's side meanwhile.
    await expect.poll(() => fake!.accepted.size, { timeout: 5_000 }).toBe(1);
    clock += 10_000;
    await server.notifications.drain();
    expect((await listNotifications(server.store))[0]).toMatchObject({ status: 'SENT', attempts: [{ attempt: 1, outcome: 'SENT' }] });
    expect(fake.calls).toHaveLength(1);
  });
});
