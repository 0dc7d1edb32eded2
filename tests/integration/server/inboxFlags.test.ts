// Outcomes that meet an age-dependent suspected-cancer criterion (NICE NG12) carry the inbox flag
// SUSPECTED_CANCER_NG12: the engine copies it into the execution's recommendations, and the
// practice inbox tags a request whose STORED recommendations carry it (server/inboxFlags.ts).
// Real HTTP: the request is sent with fetch to a listening server and the inbox page is fetched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboxFlagsHtml, inboxFlagsOf, storedRecommendations } from '../../../server/inboxFlags';
import { AMELIA, startServer, type Json, type TestServer } from '../support/helpers';
import { BROWSER, finishedExample } from '../support/walker';

const TOKEN = process.env.PRACTICE_API_TOKEN ?? 'inbox-flags-test-practice-token-0123456789';
const STAFF = { authorization: `Bearer ${TOKEN}` };
const TAG = 'Suspected cancer criteria (NG12)';

let server: TestServer;
let base: string;
beforeAll(async () => {
  server = await startServer({ apiToken: TOKEN });
  base = await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => server.cleanup());

/** A consultation for the execution, with whatever recommendations the browser claims. */
function consultation(guidelineId: string, executionId: string, claimed: Json[] = []): Json {
  return {
    triageRequest: {
      patient: { ...AMELIA, contactDetails: { emailAddress: 'amelia.testwell@example.com' } },
      triageRequestType: 'CONSULTATION_REQUEST',
      consultation: { guidelineId, executionId, type: 'CONSULTATION_REQUEST', channel: 'PAGE' },
      guidelineExecution: { identifier: executionId, recommendations: claimed },
      responseData: [],
    },
  };
}

async function send(body: Json): Promise<void> {
  const res = await fetch(`${base}/api/v1/triage/patient/consultation`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...BROWSER },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.text()).toBe(201);
}

/** The inbox entry (its <article>) of the request stored for the execution. */
async function inboxArticleOf(executionId: string): Promise<string> {
  const stored = (await (await fetch(`${base}/api/v1/practice/requests?limit=200`, { headers: STAFF })).json()) as Array<{ id: string; body: Json }>;
  const request = stored.find((r) => ((r.body.triageRequest as Json | undefined)?.consultation as Json | undefined)?.executionId === executionId);
  expect(request, `no stored request for ${executionId}`).toBeDefined();
  const html = await (await fetch(`${base}/practice/inbox?limit=100`, { headers: STAFF })).text();
  const article = html.split('<article').find((a) => a.includes(`id ${request!.id}`));
  expect(article, `no inbox entry for ${request!.id}`).toBeDefined();
  return article!;
}

describe('the engine carries the suspected-cancer flag', () => {
  it('on the outcome that meets the criterion, and not on the others', async () => {
    const at50 = await finishedExample(server.app, 'Triage.BowelChange', 'ROUTINE by tomorrow, suspected cancer criteria: blood in poo at 50');
    const recs = at50.recommendations as Json[];
    expect(recs.map((r) => r.id)).toEqual(['soon-blood-50', 'routine']);
    expect(recs[0]).toMatchObject({ tier: 'ROUTINE', inboxFlags: ['SUSPECTED_CANCER_NG12'] });
    expect(recs[1]).not.toHaveProperty('inboxFlags');

    const at49 = await finishedExample(server.app, 'Triage.BowelChange', 'ROUTINE: blood in poo at 49');
    expect((at49.recommendations as Json[]).some((r) => 'inboxFlags' in r)).toBe(false);
  });

  it.each([
    ['Triage.CoughCold', 'Cough for 3 weeks in an ex-smoker at 40', true],
    ['Triage.CoughCold', 'Cough for 3 weeks in an ex-smoker at 39', false],
    ['Triage.SoreThroat', 'Hoarse voice for 3 weeks at 45', true],
    ['Triage.SoreThroat', 'Hoarse voice for 3 weeks at 44', false],
    ['Triage.BloodInUrine', 'ROUTINE (soon), suspected cancer criteria: visible blood at 45', true],
    ['Triage.BloodInUrine', 'ROUTINE: visible blood at 44', false],
    ['Triage.BreastLump', 'ROUTINE (soon), suspected cancer criteria: a lump at 30', true],
    ['Triage.BreastLump', 'ROUTINE (soon): a lump at 29', false],
  ])('%s: %s → flagged %s', async (guidelineId, example, flagged) => {
    const done = await finishedExample(server.app, guidelineId, example);
    expect(inboxFlagsOf(done.recommendations)).toEqual(flagged ? ['SUSPECTED_CANCER_NG12'] : []);
  });
});

describe('the practice inbox shows the tag from the stored execution', () => {
  it('tags a request whose execution met a suspected-cancer criterion', async () => {
    const done = await finishedExample(server.app, 'Triage.WeightLoss', 'ROUTINE within days, suspected cancer criteria: a little weight loss at 50');
    const id = String(done.identifier);
    await send(consultation('Triage.WeightLoss', id));
    const article = await inboxArticleOf(id);
    expect(article).toContain(TAG);
    expect(article).toContain('data-flag="SUSPECTED_CANCER_NG12"');
  });

  it('does not tag a request below the age threshold, even when the browser claims the flag', async () => {
    const done = await finishedExample(server.app, 'Triage.WeightLoss', 'ROUTINE: a little weight loss at 49');
    const id = String(done.identifier);
    const forged = [
      { id: 'routine-weight-50', type: 'Recommendation', tier: 'ROUTINE', title: 'x', evidence: [], actions: [], inboxFlags: ['SUSPECTED_CANCER_NG12'] },
    ];
    await send(consultation('Triage.WeightLoss', id, forged));
    const article = await inboxArticleOf(id);
    expect(article).not.toContain(TAG);
    expect(article).not.toContain('data-flag=');
  });
});

describe('inboxFlagsHtml', () => {
  it('shows each known flag once and ignores unknown values', () => {
    const recs = [{ inboxFlags: ['SUSPECTED_CANCER_NG12', '<script>'] }, { inboxFlags: ['SUSPECTED_CANCER_NG12'] }, { inboxFlags: 'SUSPECTED_CANCER_NG12' }];
    const html = inboxFlagsHtml(recs);
    expect(html.match(/Suspected cancer criteria \(NG12\)/g)).toHaveLength(1);
    expect(html).not.toContain('<script>');
    expect(inboxFlagsHtml([])).toBe('');
    expect(inboxFlagsHtml(undefined)).toBe('');
  });

  it('reads the recommendations of a consultation, an eligibility booking and an unverified pair', () => {
    const recs = [{ id: 'a', inboxFlags: ['SUSPECTED_CANCER_NG12'] }];
    expect(storedRecommendations({ triageRequest: { guidelineExecution: { recommendations: recs } } })).toEqual(recs);
    expect(storedRecommendations({ eligibilityBooking: { guidelineExecution: { recommendations: recs } } })).toEqual(recs);
    expect(storedRecommendations({ primaryRequest: { guidelineExecution: { recommendations: recs } } })).toEqual(recs);
    expect(storedRecommendations({ formType: 'OTHER_ENQUIRY' })).toEqual([]);
  });
});
