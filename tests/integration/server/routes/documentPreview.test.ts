// The staff pathway preview (POST /api/v1/practice/documents/pathways/:id/preview) gives what the
// engine gives: every example of every pathway, run through the preview, lands where the engine's
// own walk lands (tests/integration/server/engine/engine.examples.test.ts). Staff only; bad input is 4xx.
// The preview pages (/practice/forms/preview/…) are the app's, behind the staff sign-in.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_AUTH, startServer, type Json, type TestServer } from '../../support/helpers';
import { FIXTURES_DIR, LIBRARY_DIR, readPathways } from '../../support/walker';

let server: TestServer;
let distDir: string;
beforeAll(async () => {
  distDir = mkdtempSync(path.join(os.tmpdir(), 'gp-preview-dist-'));
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
  server = await startServer({ questionnairesDirs: [LIBRARY_DIR, FIXTURES_DIR], distDir, precompressed: false });
});
afterAll(async () => {
  await server.cleanup();
  rmSync(distDir, { recursive: true, force: true });
});

const url = (id: string) => `/api/v1/practice/documents/pathways/${id}/preview`;
const preview = (id: string, payload: unknown, headers: Record<string, string> = STAFF_AUTH) =>
  server.app.inject({ method: 'POST', url: url(id), headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

const pathways = [...readPathways(LIBRARY_DIR), ...readPathways(FIXTURES_DIR)];
const cases = pathways.flatMap((p) => (p.examples ?? []).filter((e) => e.expectRefusal !== 'NOT_AVAILABLE').map((e) => [p.guidelineId, e.name, e] as const));

describe('the pathway preview gives what the engine gives', () => {
  it('has examples to run, the fixture red flags among them', () => {
    expect(cases.filter(([id]) => id === 'Triage.FixtureHeadache').length).toBeGreaterThanOrEqual(4);
  });

  it.each(cases)('%s: %s', async (guidelineId, _name, example) => {
    const response = await preview(guidelineId, { answers: example.answers ?? {}, patient: example.patient });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as Json;
    if (example.expectRefusal) {
      expect(answer.refusal).toBe(example.expectRefusal);
      return;
    }
    if (example.expectTopReferral) expect(answer.topReferral, JSON.stringify(answer.recommendations.map((r: Json) => r.id))).toBe(example.expectTopReferral);
    if (example.expectRecommendationIds) expect(answer.recommendations.map((r: Json) => r.id)).toEqual(example.expectRecommendationIds);
  });

  it('a red flag stops the walk and names the tier; a calm answer walks every section to a routine outcome', async () => {
    const urgent = (
      await preview('Form.U16.BreathingDifficulty', { answers: { breathUrgent: ['reliever'] }, patient: { age: 8, sexAtBirth: 'female' } })
    ).json() as Json;
    expect(urgent.topReferral).toBe('ref-emergency');
    expect(urgent.path).toEqual(['urgent']);
    expect(urgent.stoppedAtRedFlag).toBe(true);
    expect(urgent.tier).toBe('CALL_999');
    // A pathway without tiers of its own: the tier is its referral's.
    const ae = (await preview('Triage.FixtureHeadache', { answers: { urgentSigns: ['worstEver'] }, patient: { age: 40, sexAtBirth: 'male' } })).json() as Json;
    expect(ae.topReferral).toBe('ref-ae');
    expect(ae.tier).toBe('AE_NOW');
    const calm = (
      await preview('Triage.FixtureHeadache', { answers: { severity: 'mild', vomiting: false }, patient: { age: 70, sexAtBirth: 'female' } })
    ).json() as Json;
    expect(calm.topReferral).toBe('ref-routine');
    expect(calm.stoppedAtRedFlag).toBe(false);
    expect(calm.path.length).toBeGreaterThan(1);
  });
});

describe('the preview is for staff, and refuses bad input', () => {
  it('needs the staff sign-in or the bearer token', async () => {
    const response = await preview('Triage.FixtureHeadache', { answers: {}, patient: { age: 40, sexAtBirth: 'male' } }, {});
    expect(response.statusCode).toBe(401);
  });

  it('answers 404 for an unknown pathway and 400 for a bad patient or answers', async () => {
    expect((await preview('Triage.Nope', { answers: {}, patient: { age: 40, sexAtBirth: 'male' } })).statusCode).toBe(404);
    const badAge = await preview('Triage.FixtureHeadache', { answers: {}, patient: { age: -1, sexAtBirth: 'male' } });
    expect(badAge.statusCode).toBe(400);
    expect((badAge.json() as Json).message).toMatch(/patient\/age/);
    expect((await preview('Triage.FixtureHeadache', { answers: {}, patient: { age: 40, sexAtBirth: 'x' } })).statusCode).toBe(400);
    expect((await preview('Triage.FixtureHeadache', { answers: [1], patient: { age: 40, sexAtBirth: 'male' } })).statusCode).toBe(400);
  });

  it('the preview pages are the app behind the staff sign-in; other unknown /practice paths stay JSON 404s', async () => {
    const anonymous = await server.app.inject({ method: 'GET', url: '/practice/forms/preview/form/OTHER_ENQUIRY' });
    expect(anonymous.statusCode).toBe(303);
    expect(anonymous.headers.location).toBe(`/practice/sign-in?next=${encodeURIComponent('/practice/forms/preview/form/OTHER_ENQUIRY')}`);
    for (const page of ['/practice/forms/preview/form/OTHER_ENQUIRY', '/practice/forms/preview/pathway/Triage.FixtureHeadache']) {
      const staff = await server.app.inject({ method: 'GET', url: page, headers: STAFF_AUTH });
      expect(staff.statusCode, page).toBe(200);
      expect(staff.headers['content-type']).toMatch(/text\/html/);
      expect(staff.body).toContain('<div id="root">');
    }
    const other = await server.app.inject({ method: 'GET', url: '/practice/nothing-here', headers: STAFF_AUTH });
    expect(other.statusCode).toBe(404);
    expect(other.headers['content-type']).toMatch(/application\/json/);
  });
});
