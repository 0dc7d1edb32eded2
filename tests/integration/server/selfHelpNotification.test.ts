// The self-help email of an eligibility pathway (server/selfHelpNotification.ts): queued with the
// request in the same transaction, from the engine's stored recommendations, never from the
// client's copy.
import { afterEach, describe, expect, it } from 'vitest';
import { AMELIA, startServer, type Json, type TestServer } from '../support/helpers';
import { finishedExample, start, walk } from '../support/walker';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.cleanup();
  server = undefined;
});

const STAFF = process.env.PRACTICE_API_TOKEN ? { authorization: `Bearer ${process.env.PRACTICE_API_TOKEN}` } : {};
const NO_WAIT = { backoffMs: () => 0 };
const SELF_HELP_ANSWERS = {
  fcpUrgent: ['NONE_OF_THE_ABOVE'],
  fcpArea: 'back',
  fcpWeeks: 1,
  fcpTriedSelfHelp: false,
  fcpScore: 3,
  fcpGp: ['NONE_OF_THE_ABOVE'],
};
const APPOINTMENT_ANSWERS = { ...SELF_HELP_ANSWERS, fcpWeeks: 4, fcpTriedSelfHelp: true, fcpScore: 5 };

async function finishedPhysio(s: TestServer, answers: Json): Promise<Json> {
  const started = await start(s.app, 'Eligibility.FirstContactPhysio', { age: 40, sexAtBirth: 'female' });
  expect(started.statusCode, started.body).toBe(201);
  return walk(s.app, started.json() as Json, answers);
}

function consultation(execution: Json, clientRecommendations: unknown[] = execution.recommendations as unknown[]) {
  return {
    triageRequest: {
      patient: { ...AMELIA, contactDetails: { emailAddress: 'amelia.testwell@example.com' } },
      triageRequestType: 'ELIGIBILITY_BOOKING',
      consultation: { guidelineId: 'Eligibility.FirstContactPhysio', executionId: execution.identifier, guidelineName: 'First contact physiotherapy' },
      guidelineExecution: { identifier: execution.identifier, status: execution.status, recommendations: clientRecommendations },
      notificationEvents: [{ channel: 'EMAIL', event: 'SELF_HELP' }],
    },
  };
}

async function notifications(s: TestServer): Promise<Json[]> {
  const response = await s.app.inject({ url: '/api/v1/practice/notifications', headers: STAFF });
  expect(response.statusCode).toBe(200);
  return response.json() as Json[];
}

describe('the self-help email of an eligibility request', () => {
  it('is queued with the request and sent with the self-help links of the outcome', async () => {
    server = await startServer({ notifications: { worker: NO_WAIT } });
    const execution = await finishedPhysio(server, SELF_HELP_ANSWERS);
    const sent = await server.app.inject({ method: 'POST', url: '/api/v1/triage/patient/consultation', payload: consultation(execution) });
    expect(sent.statusCode, sent.body).toBe(201);
    const { id } = sent.json() as { id: string };
    const queued = await notifications(server);
    expect(queued.filter((n) => n.template === 'SELF_HELP').map((n) => [n.sourceId, n.channel])).toEqual([[id, 'EMAIL']]);
    // The self-help email is the acknowledgement: no "we will reply within 48 hours" as well.
    expect(queued.filter((n) => n.sourceId === id && n.template !== 'SELF_HELP')).toEqual([]);
    await server.notifications.drain();
    const outbox = (await server.app.inject({ url: '/api/v1/practice/outbox', headers: STAFF })).json() as Json[];
    const email = outbox.find((m) => String(m.body).includes('https://www.nhs.uk/live-well/exercise/exercise-guidelines/back-pain-exercises/'));
    expect(email, JSON.stringify(outbox)).toBeDefined();
    expect(email!.to).toBe('amelia.testwell@example.com');
    expect(String(email!.body)).toContain('First contact physiotherapy');
  });

  it('is not queued when the stored outcome has no self-help, whatever the client claims', async () => {
    server = await startServer({ notifications: { worker: NO_WAIT } });
    const execution = await finishedPhysio(server, APPOINTMENT_ANSWERS);
    const claimed = [
      {
        id: 'x',
        type: 'Consideration',
        title: 'x',
        evidence: [],
        actions: [{ type: 'Management', managementType: 'Self help content', text: 'x', links: [{ label: 'Fake', url: 'https://example.com/' }] }],
      },
    ];
    const sent = await server.app.inject({ method: 'POST', url: '/api/v1/triage/patient/consultation', payload: consultation(execution, claimed) });
    expect(sent.statusCode, sent.body).toBe(201);
    const queued = await notifications(server);
    expect(queued.filter((n) => n.template === 'SELF_HELP')).toEqual([]);
    // An ordinary eligibility request is confirmed as received.
    expect(queued.filter((n) => n.template === 'REQUEST_RECEIVED')).toHaveLength(1);
  });

  it('is not queued twice when the same request is retried with its Idempotency-Key', async () => {
    server = await startServer({ notifications: { worker: NO_WAIT } });
    const execution = await finishedPhysio(server, SELF_HELP_ANSWERS);
    for (let i = 0; i < 2; i++) {
      const sent = await server.app.inject({
        method: 'POST',
        url: '/api/v1/triage/patient/consultation',
        payload: consultation(execution),
        headers: { 'idempotency-key': 'self-help-1' },
      });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    expect((await notifications(server)).filter((n) => n.template === 'SELF_HELP')).toHaveLength(1);
  });

  it('a child request email promises contact within 1 working day, as the confirmation screen does', async () => {
    server = await startServer({ notifications: { worker: NO_WAIT } });
    const patient = { ...AMELIA, dateOfBirth: '2018-06-01', firstName: 'Charlie', contactDetails: { emailAddress: 'amelia.testwell@example.com' } };
    const execution = await finishedExample(server.app, 'Form.U16.Fever', 'Routine fever aged 4');
    const consultation = { guidelineId: 'Form.U16.Fever', executionId: execution.identifier };
    const body = {
      primaryRequest: { patient, triageRequestType: 'CHILD_REQUEST', consultation },
      associatedRequest: { triageRequestType: 'UNAUTHENTICATED_CHILD_REQUEST' },
    };
    const sent = await server.app.inject({ method: 'POST', url: '/api/v1/triage/patient/unverified/requests', payload: body });
    expect(sent.statusCode, sent.body).toBe(201);
    await server.notifications.drain();
    const outbox = (await server.app.inject({ url: '/api/v1/practice/outbox', headers: STAFF })).json() as Json[];
    expect(outbox).toHaveLength(1);
    expect(String(outbox[0]!.body)).toContain('The practice will contact you within 1 working day.');
    expect(String(outbox[0]!.body)).not.toContain('48 hours');
  });
});
