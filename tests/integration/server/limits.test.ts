// The per-recipient message caps and a link's identity lock, attacked as a prober would: one
// address written many ways, and bursts of concurrent requests. On PostgreSQL (integration-pg)
// over two server instances on one database, each listening on its own port; on SQLite over the
// one instance that owns the data folder. Real HTTP throughout; read back with the staff token.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IDENTITY_CHECK } from '../../../server/limits.js';
import { DEFAULT_RATE_LIMITS } from '../../../server/rate-limits.js';
import { actionRequestUrl, LINKS } from '../support/appointments-helpers.js';
import { ADMIN_URL, AMELIA, otherEnquiry, STAFF_AUTH, type Json } from '../support/helpers.js';
import { STORE } from '../support/postgres.js';
import { useLimitInstances } from '../support/limitInstances.js';

const instances = useLimitInstances();

/** A different client address for each request, so the per-client rate limits are not what stops them. */
const client = (i: number) => ({ 'x-forwarded-for': `198.51.100.${(i % 250) + 1}` });

async function queuedFor(ids: string[]): Promise<Json[]> {
  const answer = await instances[0]!.call('GET', '/api/v1/practice/notifications?limit=100', undefined, STAFF_AUTH);
  expect(answer.status).toBe(200);
  return (answer.json as unknown as Json[]).filter((n) => ids.includes(n.sourceId as string));
}

describe(`the per-recipient message cap (${STORE}, ${STORE === 'postgres' ? 'two instances' : 'one instance'})`, () => {
  it('one mailbox in different letter case and one mobile written six ways get 3 emails and 3 texts, not 30', async () => {
    const emails = ['Victim@Example.com', 'VICTIM@EXAMPLE.COM', 'victim@example.com', 'vIcTiM@eXaMpLe.CoM'];
    const mobiles = ['07700 900999', '+447700900999', '0044 7700 900999', '(07700) 900999', '+44 (0)7700 900999', '07700900999'];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        instances[i % 2]!.call(
          'POST',
          ADMIN_URL,
          otherEnquiry({
            description: `Spelling ${i}`,
            patient: { ...AMELIA, contactDetails: { emailAddress: emails[i % emails.length], mobilePhoneNumber: mobiles[i % mobiles.length] } },
          }),
          client(i),
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array<number>(30).fill(201));
    const mine = await queuedFor(answers.map((a) => a.json.id as string));
    const sent = (channel: string) => mine.filter((n) => n.channel === channel && n.status !== 'HELD');
    expect(sent('EMAIL')).toHaveLength(3);
    expect(sent('SMS')).toHaveLength(3);
    expect(mine.filter((n) => n.status === 'HELD')).toHaveLength(54);
    // Sent to one spelling of each.
    for (const s of new Set(instances)) await s.server.notifications.drain();
    const outbox = (await instances[1]!.call('GET', '/api/v1/practice/outbox?limit=100', undefined, STAFF_AUTH)).json as unknown as Json[];
    const to = new Set(outbox.filter((m) => mine.some((n) => n.id === m.notificationId)).map((m) => m.to as string));
    expect([...to].sort()).toEqual(['+447700900999', 'victim@example.com']);
  });

  it('60 concurrent requests to one address send 3 emails, however many instances they reach', async () => {
    const target = `burst-${randomUUID().slice(0, 8)}@example.com`;
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        instances[i % 2]!.call(
          'POST',
          ADMIN_URL,
          otherEnquiry({ description: `Burst ${i}`, patient: { ...AMELIA, contactDetails: { emailAddress: target } } }),
          client(i + 60),
        ),
      ),
    );
    expect(answers.every((a) => a.status === 201)).toBe(true);
    const mine = await queuedFor(answers.map((a) => a.json.id as string));
    expect(mine.filter((n) => n.status !== 'HELD')).toHaveLength(3);
    expect(mine.filter((n) => n.status === 'HELD')).toHaveLength(57);
  });
});

describe(`a self-booking link's date-of-birth lock (${STORE})`, () => {
  it(`a concurrent burst of wrong dates of birth is counted exactly: ${IDENTITY_CHECK.perLink} tried, the rest and then the right one refused`, async () => {
    const lid = LINKS.selfBook;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const day = new Date(Date.UTC(1990, 0, 1 + i)).toISOString().slice(0, 10);
        // A client each: the per-client count (10 on any links) is not what stops them.
        return instances[i % 2]!.call('POST', actionRequestUrl('SELF_BOOKING_REQUEST', lid), { dateOfBirth: day }, client(i + 120));
      }),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 403)).toHaveLength(IDENTITY_CHECK.perLink);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - IDENTITY_CHECK.perLink);
    const right = await instances[1]!.call('POST', actionRequestUrl('SELF_BOOKING_REQUEST', lid), { dateOfBirth: '1985-04-12' }, client(200));
    expect(right.status).toBe(429);
    expect(right.json).toMatchObject({ reason: 'IDENTITY_CHECK_LOCKED' });
  });
});

describe(`rate limits per network (${STORE})`, () => {
  it('every address of one IPv6 /64 shares one allowance; the next /64 has its own', async () => {
    const check = (i: number, net = '2001:db8:1:2') =>
      instances[i % 2]!.call(
        'POST',
        '/api/v1/triage/nhs/next/validate/patient',
        { patient: { ...AMELIA, contactDetails: { emailAddress: 'amelia.testwell@example.com' } } },
        { 'x-forwarded-for': `${net}:${(i + 1).toString(16)}:${((i * 7919) & 0xffff).toString(16)}::${(i + 3).toString(16)}` },
      );
    const statuses: number[] = [];
    // One after the other: the count is what is tested here, not the race.
    for (let i = 0; i < 25; i++) statuses.push((await check(i)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(DEFAULT_RATE_LIMITS.patientCheck);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25 - DEFAULT_RATE_LIMITS.patientCheck);
    expect((await check(0, '2001:db8:1:3')).status).toBe(200);
  });
});
