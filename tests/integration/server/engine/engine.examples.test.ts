// Every example of every pathway document (the library and the engine's fixtures) through the
// real engine: red flags give their urgent referral, restricted pathways refuse, outcomes match.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Json, type TestServer } from '../../support/helpers';
import { FIXTURES_DIR, LIBRARY_DIR, readPathways, start, topReferral, walk } from '../../support/walker';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ questionnairesDirs: [LIBRARY_DIR, FIXTURES_DIR] });
});
afterAll(async () => server.cleanup());

const pathways = [...readPathways(LIBRARY_DIR), ...readPathways(FIXTURES_DIR)];
const cases = pathways.flatMap((p) => (p.examples ?? []).map((e) => [p.guidelineId, e.name, p, e] as const));

describe('pathway examples run through the engine', () => {
  it('there are examples to run, among them one per fixture red flag', () => {
    expect(cases.filter(([id]) => id === 'Triage.FixtureHeadache').length).toBeGreaterThanOrEqual(4);
  });

  it.each(cases)('%s: %s', async (guidelineId, _name, _pathway, example) => {
    const response = await start(server.app, guidelineId, example.patient);
    if (example.expectRefusal) {
      expect(response.statusCode, response.body).toBe(422);
      expect((response.json() as Json).code).toBe(example.expectRefusal);
      return;
    }
    expect(response.statusCode, response.body).toBe(201);
    const done = await walk(server.app, response.json() as Json, example.answers ?? {});
    expect(done.status).toBe('COMPLETED');
    if (example.expectTopReferral) expect(topReferral(done), JSON.stringify(done.recommendations.map((r: Json) => r.id))).toBe(example.expectTopReferral);
    if (example.expectRecommendationIds) expect(done.recommendations.map((r: Json) => r.id)).toEqual(example.expectRecommendationIds);
  });
});
