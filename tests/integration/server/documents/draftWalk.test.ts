// "Preview draft" of a pathway walks the unsaved draft with the engine: its document as the engine
// runs it (shared sections expanded) and, for a patient and answers — an example's, say — what the
// engine gives for the draft, while patients and the live preview keep the published version.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, startServer, type Json, type TestServer } from '../../support/helpers';

const TOKEN = 'draft-walk-token-0123456789abcdef';
const AUTH = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
const ID = 'Triage.StrokeSymptoms';
const WALK = `/api/v1/practice/documents/pathway/${ID}/walk`;
const LIVE = readFileSync(path.join(repoRoot, 'schemas/questionnaires', `${ID}.json`), 'utf8');
const live = JSON.parse(LIVE) as Json;
const stroke = live.examples[0] as Json;
// The draft rewords the stroke red flag's title, and its stroke example wrongly expects a routine referral.
const NEW_TITLE = 'Call 999 straight away';
const draftDoc = structuredClone(live);
(draftDoc.outcomes as Json[]).find((o) => o.id === 'red-flag-stroke')!.recommendation.title = NEW_TITLE;
(draftDoc.examples as Json[])[0]!.expectTopReferral = 'ref-routine';
const DRAFT = JSON.stringify(draftDoc, null, 2);

let server: TestServer;
const walk = (payload: unknown, headers: Record<string, string> = AUTH) =>
  server.app.inject({ method: 'POST', url: WALK, payload: payload as object, headers });

beforeAll(async () => {
  server = await startServer({ apiToken: TOKEN, notifications: { autoStart: false } });
}, 120_000);
afterAll(async () => server?.cleanup());

describe('walking a pathway draft', () => {
  it('answers the draft as the engine runs it, shared sections expanded', async () => {
    const answer = await walk({ text: DRAFT });
    expect(answer.statusCode, answer.body).toBe(200);
    const doc = (answer.json() as Json).document as Json;
    const ids = (doc.sections as Json[]).map((s) => s.id as string);
    // The draft's own sections, after the shared life-threatening section's (which the file names only by `use`).
    expect(ids.slice(-2)).toEqual(['urgent', 'about']);
    expect(ids.length).toBeGreaterThan(2);
    expect((live.sections as Json[]).some((s) => s.use === 'LifeThreatening')).toBe(true);
    expect((answer.json() as Json).answer).toBeUndefined();
  });

  it("walks an example on the draft: the draft's outcome (its failing example shows why), while the live pathway keeps its own", async () => {
    const answer = await walk({ text: DRAFT, answers: stroke.answers, patient: stroke.patient });
    expect(answer.statusCode, answer.body).toBe(200);
    expect((answer.json() as Json).answer).toMatchObject({
      topReferral: 'ref-emergency',
      recommendations: [expect.objectContaining({ id: 'red-flag-stroke', title: NEW_TITLE })],
    });
    // The same example on the live pathway still ends at 999, and the checker names the draft's failing example.
    const livePreview = await server.app.inject({
      method: 'POST',
      url: `/api/v1/practice/documents/pathways/${ID}/preview`,
      payload: { answers: stroke.answers, patient: stroke.patient },
      headers: AUTH,
    });
    expect((livePreview.json() as Json).recommendations[0]).toMatchObject({ id: 'red-flag-stroke', title: 'Call 999 now' });
    const check = (
      await server.app.inject({ method: 'POST', url: `/api/v1/practice/documents/pathway/${ID}/check`, payload: { text: DRAFT }, headers: AUTH })
    ).json() as Json;
    expect(check.problems).toContainEqual(
      expect.objectContaining({
        path: '/examples/0',
        message: expect.stringContaining('expects the top referral ref-routine but the engine gives ref-emergency'),
      }),
    );
    const served = (await server.app.inject({ url: `/api/v1/documents/pathways/${ID}` })).json() as Json;
    expect(served.version).toBe(1);
  });

  it('says why a draft cannot be walked yet (422), and what is wrong with a bad body (400)', async () => {
    const notJson = await walk({ text: '{\n  "guidelineId": “x”\n}' });
    expect(notJson.statusCode).toBe(422);
    expect((notJson.json() as Json).message).toMatch(/^The draft is not JSON yet \(line 2, column 18/);
    const noSections = await walk({ text: '{"guidelineId": "x"}' });
    expect(noSections.statusCode).toBe(422);
    expect((noSections.json() as Json).message).toBe('The draft is not a pathway yet: it needs a "sections" list.');
    const unknownUse = structuredClone(live);
    (unknownUse.sections as Json[])[0] = { use: 'NoSuchSharedSection' };
    const refused = await walk({ text: JSON.stringify(unknownUse) });
    expect(refused.statusCode).toBe(422);
    expect((refused.json() as Json).message).toMatch(/^The draft cannot be walked yet: .*NoSuchSharedSection/);

    expect((await walk({ text: DRAFT, answers: {}, patient: { age: 200, sexAtBirth: 'female' } })).json()).toMatchObject({
      statusCode: 400,
      message: 'body/patient/age: must be a whole number of years from 0 to 130',
    });
    expect((await walk({ text: DRAFT, answers: [], patient: stroke.patient })).statusCode).toBe(400);
    expect((await walk({ answers: {} })).json()).toMatchObject({ statusCode: 400, message: 'body/text: must be the document as a string of JSON' });
  });

  it('only for staff, only for a pathway the service knows', async () => {
    expect((await walk({ text: DRAFT }, { 'content-type': 'application/json' })).statusCode).toBe(401);
    const form = await server.app.inject({ method: 'POST', url: '/api/v1/practice/documents/form/OTHER_ENQUIRY/walk', payload: { text: '{}' }, headers: AUTH });
    expect(form.statusCode).toBe(404);
    const unknown = await server.app.inject({
      method: 'POST',
      url: '/api/v1/practice/documents/pathway/Triage.NoSuchThing/walk',
      payload: { text: DRAFT },
      headers: AUTH,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
