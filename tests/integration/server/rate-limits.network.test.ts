// Limits per client, attacked with concurrent bursts from many addresses of one network: an IPv6
// client is its /64, and the count of each limit is exact however many instances the burst
// reaches. Over real HTTP: on PostgreSQL (integration-pg) over two server instances on one
// database, each on its own port; on SQLite over the one instance that owns the data folder.
import { describe, expect, it } from 'vitest';
import { IDENTITY_CHECK } from '../../../server/limits.js';
import { DEFAULT_RATE_LIMITS } from '../../../server/rate-limits.js';
import { actionRequestUrl, LINKS } from '../support/appointments-helpers.js';
import { BROWSER } from '../support/walker.js';
import { AMELIA } from '../support/helpers.js';
import { STORE } from '../support/postgres.js';
import { useLimitInstances } from '../support/limitInstances.js';

const instances = useLimitInstances();

/** Address number `i` of the IPv6 network `net` (a /64): every bit after the prefix differs. */
const inNetwork = (net: string, i: number) => ({
  'x-forwarded-for': `${net}:${(i + 1).toString(16)}:${((i * 7919) & 0xffff).toString(16)}:${((i * 104729) & 0xffff).toString(16)}:${(i + 3).toString(16)}`,
});

const executionsLastHour = async () => {
  const ready = await instances[1]!.call('GET', '/readyz');
  expect(ready.status).toBe(200);
  return (ready.json.details as { executions: { lastHour: number } }).executions.lastHour;
};

describe(`limits per network, under concurrent bursts (${STORE}, ${STORE === 'postgres' ? 'two instances' : 'one instance'})`, () => {
  it(`60 $starts at once from 60 addresses of one IPv6 /64, split over the instances: exactly ${DEFAULT_RATE_LIMITS.engineStart} stored`, async () => {
    const before = await executionsLastHour();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        instances[i % 2]!.call(
          'POST',
          '/api/v1/fhir/r4/Guideline/Triage.SoreThroat/$start',
          { patient: { dateOfBirth: '1985-04-12', sexAtBirth: 'female' } },
          {
            ...BROWSER,
            ...inNetwork('2001:db8:5:6', i),
          },
        ),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(DEFAULT_RATE_LIMITS.engineStart);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - DEFAULT_RATE_LIMITS.engineStart);
    // What the store holds, read on the other instance: no more than the allowance.
    expect((await executionsLastHour()) - before).toBe(DEFAULT_RATE_LIMITS.engineStart);
    // The next network is another client.
    const other = await instances[0]!.call(
      'POST',
      '/api/v1/fhir/r4/Guideline/Triage.SoreThroat/$start',
      { patient: { dateOfBirth: '1985-04-12', sexAtBirth: 'female' } },
      {
        ...BROWSER,
        ...inNetwork('2001:db8:5:7', 0),
      },
    );
    expect(other.status).toBe(201);
  });

  it(`40 record checks at once from one /64 over the instances: exactly ${DEFAULT_RATE_LIMITS.patientCheck} answered`, async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        instances[i % 2]!.call(
          'POST',
          '/api/v1/triage/nhs/next/validate/patient',
          { patient: { ...AMELIA, contactDetails: { emailAddress: 'amelia.testwell@example.com' } } },
          inNetwork('2001:db8:9:a', i),
        ),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(DEFAULT_RATE_LIMITS.patientCheck);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - DEFAULT_RATE_LIMITS.patientCheck);
  });

  it(`wrong dates of birth at once on three self-booking links from one /64: exactly ${IDENTITY_CHECK.perClient} tried (the per-client count), the rest refused`, async () => {
    const links = [LINKS.selfBook, LINKS.selfBookPhysio, LINKS.selfBookPending];
    // 6 a link: the per-link lock (5) alone would let 15 through; the client's 10 must hold.
    const answers = await Promise.all(
      Array.from({ length: 18 }, (_, i) => {
        const day = new Date(Date.UTC(1991, 0, 1 + i)).toISOString().slice(0, 10);
        return instances[i % 2]!.call('POST', actionRequestUrl('SELF_BOOKING_REQUEST', links[i % 3]!), { dateOfBirth: day }, inNetwork('2001:db8:c:d', i));
      }),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 403)).toHaveLength(IDENTITY_CHECK.perClient);
    expect(statuses.filter((s) => s === 429)).toHaveLength(18 - IDENTITY_CHECK.perClient);
    for (const a of answers.filter((x) => x.status === 429)) expect(a.json).toMatchObject({ reason: 'IDENTITY_CHECK_LOCKED' });
  });
});
