// A date of birth must be before today. The server re-checks it for
// every patient it is sent (record check, admin request, consultation, engine $start): today is
// refused with 400 naming the field, yesterday is accepted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDate } from '../../../renderer/core/index';
import { ADMIN_URL, AMELIA, otherEnquiry, startServer, STAFF_AUTH, type Json, type TestServer } from '../support/helpers';
import { ENGINE, FIXTURES_DIR, post } from '../support/walker';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ questionnairesDirs: [FIXTURES_DIR], controls: true });
});
afterAll(async () => server.cleanup());

const today = () => calendarDate(new Date(), 'Europe/London');
const yesterday = () => {
  const d = new Date(`${today()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};
const stored = async () => (await server.app.inject({ method: 'GET', url: '/api/v1/practice/requests', headers: STAFF_AUTH })).json() as Json[];

describe('date of birth before today (server re-check)', () => {
  it('the record check refuses a date of birth of today', async () => {
    const url = '/api/v1/triage/nhs/next/validate/patient';
    const r = await server.app.inject({ method: 'POST', url, payload: { patient: { ...AMELIA, dateOfBirth: today() } } });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ details: [{ path: '/patient/dateOfBirth', message: 'must be a real date before today' }] });
    const ok = await server.app.inject({ method: 'POST', url, payload: { patient: { ...AMELIA, dateOfBirth: yesterday() } } });
    expect(ok.statusCode).toBe(200);
  });

  it('an admin request for a patient born today is refused and not stored', async () => {
    const before = (await stored()).length;
    const r = await server.app.inject({ method: 'POST', url: ADMIN_URL, payload: otherEnquiry({ patient: { ...AMELIA, dateOfBirth: today() } }) });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toContain('body/patient/dateOfBirth must be a real date before today');
    expect(await stored()).toHaveLength(before);
  });

  it('the engine does not start a questionnaire for a patient born today (child flow minimum age 0)', async () => {
    const start = (dateOfBirth: string) =>
      post(server.app, `${ENGINE}/Guideline/Triage.FixtureHeadache/$start`, { patient: { dateOfBirth, sexAtBirth: 'female' } });
    const r = await start(today());
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ details: [{ path: '/patient/dateOfBirth' }] });
  });
});
