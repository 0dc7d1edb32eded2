// POST /api/v1/triage/patient/advice-message: a pharmacy or self-care ending's advice, emailed to
// the patient who took it. Nothing goes to the practice; the words come from the engine's own
// execution; only the browser that ran it may ask; one message per execution.
import { afterEach, describe, expect, it } from 'vitest';
import { BROWSER, finishedExample } from '../support/walker';
import { startServer, type TestServer } from '../support/helpers';

const URL = '/api/v1/triage/patient/advice-message';
const STAFF = process.env.PRACTICE_API_TOKEN ? { authorization: `Bearer ${process.env.PRACTICE_API_TOKEN}` } : {};
let server: TestServer;
afterEach(async () => server?.cleanup());

const ask = (body: unknown, headers: Record<string, string> = BROWSER) =>
  server.app.inject({ method: 'POST', url: URL, payload: body as Record<string, unknown>, headers });
const outbox = async () => (await server.app.inject({ url: '/api/v1/practice/outbox', headers: STAFF })).json() as Array<{ to: string; body: string }>;
const requests = async () => (await server.app.inject({ url: '/api/v1/practice/requests', headers: STAFF })).json() as unknown[];

describe('the advice message of a self-care or pharmacy ending', () => {
  it("emails the outcome's own words once, to the browser that ran the questionnaire, and sends nothing to the practice", async () => {
    server = await startServer({ notifications: { worker: { backoffMs: () => 0 } } });
    const done = await finishedExample(server.app, 'Triage.ColdSores', 'New cold sore');
    const first = await ask({ executionId: done.identifier, emailAddress: 'amelia.testwell@example.com' });
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json()).toEqual({ queued: 1 });
    // Asked again (a double click, a retry): no second message.
    expect((await ask({ executionId: done.identifier, emailAddress: 'amelia.testwell@example.com' })).json()).toEqual({ queued: 0 });
    await server.notifications.drain();
    const mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('amelia.testwell@example.com');
    expect(mails[0]!.body).toContain('What you were advised');
    expect(mails[0]!.body).toContain('antiviral cream');
    expect(await requests()).toEqual([]);
  });

  it('another browser gets the 404 of an unknown execution, and no message goes', async () => {
    server = await startServer({ notifications: { worker: { backoffMs: () => 0 } } });
    const done = await finishedExample(server.app, 'Triage.ColdSores', 'New cold sore');
    const other = { cookie: `gp_engine_key=${'ab'.repeat(32)}` };
    expect((await ask({ executionId: done.identifier, emailAddress: 'someone@example.com' }, other)).statusCode).toBe(404);
    expect((await ask({ executionId: done.identifier, emailAddress: 'someone@example.com' }, {})).statusCode).toBe(404);
    await server.notifications.drain();
    expect(await outbox()).toEqual([]);
  });

  it('refuses an ending that is not pharmacy or self-care (409), and a body outside the contract (400)', async () => {
    server = await startServer({ notifications: { worker: { backoffMs: () => 0 } } });
    const urgent = await finishedExample(server.app, 'Triage.SoreThroat', 'Temperature 39.8');
    const refused = await ask({ executionId: urgent.identifier, emailAddress: 'amelia.testwell@example.com' });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('only pharmacy or self-care advice');
    expect((await ask({ executionId: urgent.identifier, emailAddress: 'not an email' })).statusCode).toBe(400);
    expect((await ask({ executionId: urgent.identifier, emailAddress: 'a@example.com', advice: 'Take 20 of these' })).statusCode).toBe(400);
    await server.notifications.drain();
    expect(await outbox()).toEqual([]);
  });
});
