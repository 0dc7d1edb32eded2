// The settings that name pathways come from the pathway documents: triageMapping (the symptom
// search index), eligibilityGuidelines, childGuidelines and the AI-led calls, all naming real
// pathways the engine serves; an older database is brought in line on start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSetting, putSetting } from '../../../../server/settingsStore';
import { contractAjv, expectValid, startServer, type Json, type TestServer } from '../../support/helpers';
import { ENGINE, LIBRARY_DIR, readPathways } from '../../support/walker';

const ajv = contractAjv();
const library = readPathways(LIBRARY_DIR).filter((p) => !p.disabled);
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server.cleanup());

const get = async (url: string) => {
  const r = await server.app.inject({ method: 'GET', url });
  expect(r.statusCode, url).toBe(200);
  return r.json() as Json;
};

describe('settings generated from the pathway documents', () => {
  it('triageMapping has one search entry per triage pathway, with every symptom and synonym', async () => {
    const app = await get('/api/v1/settings/patient-app');
    expectValid(ajv, 'patient-app-settings', app);
    const triage = library.filter((p) => p.kind === 'triage');
    expect(Object.keys(app.triageMapping).sort()).toEqual(triage.map((p) => p.guidelineId).sort());
    for (const p of triage) {
      const entry = app.triageMapping[p.guidelineId];
      expect(entry).toMatchObject({ guidelineId: p.guidelineId, kind: 'triage', label: p.label, suitableFor: p.suitableFor, notSuitableFor: p.notSuitableFor });
      for (const s of p.symptoms) expect(entry.symptoms).toEqual(expect.arrayContaining([s.label, ...(s.synonyms ?? [])]));
      // The search hides a pathway for one sex at birth from patients of the other.
      expect(entry.sexAtBirth, p.guidelineId).toBe(p.restrictions?.sexAtBirth);
      expect((await server.app.inject({ method: 'GET', url: `${ENGINE}/Guideline/${p.guidelineId}` })).statusCode).toBe(200);
    }
  });

  it('eligibilityGuidelines and childGuidelines list the pathways of the eligibility and child kinds the engine serves', async () => {
    const shared = await get('/api/v1/settings/shared');
    expectValid(ajv, 'shared-settings', shared);
    const ids = (kind: string) => library.filter((p) => p.kind === kind).map((p) => p.guidelineId);
    expect(shared.eligibilityGuidelines.map((g: Json) => g.guidelineId)).toEqual(ids('eligibility'));
    expect(shared.childGuidelines.map((g: Json) => g.guidelineId)).toEqual(ids('child'));
    expect(ids('eligibility').length).toBeGreaterThan(0);
    expect(ids('child').length).toBeGreaterThan(0);
    const served = new Set((await get(`${ENGINE}/Guideline`)).map((g: Json) => g.guidelineId));
    for (const g of shared.eligibilityGuidelines) {
      expect(served.has(g.guidelineId), g.guidelineId).toBe(true);
      expect(Object.keys(g).sort()).toEqual(['guidelineId', 'kind', 'label', 'notSuitableFor', 'shortDescription', 'suitableFor']);
      expect(g.kind).toBe('eligibility');
    }
    // Child pathways also carry their symptom words: the child symptom search's index.
    for (const g of shared.childGuidelines) {
      expect(served.has(g.guidelineId), g.guidelineId).toBe(true);
      const doc = library.find((p) => p.guidelineId === g.guidelineId)!;
      expect(Object.keys(g).sort()).toEqual(
        [
          'guidelineId',
          'kind',
          'label',
          'notSuitableFor',
          'shortDescription',
          'suitableFor',
          'symptoms',
          ...(doc.restrictions?.maxAge !== undefined ? ['maxAge'] : []),
          ...(doc.restrictions?.minAge !== undefined ? ['minAge'] : []),
        ].sort(),
      );
      expect(g.maxAge).toBe(doc.restrictions?.maxAge);
      const words = doc.symptoms.flatMap((s) => [s.label, ...(s.synonyms ?? [])]);
      expect(new Set(g.symptoms)).toEqual(new Set(words));
    }
  });

  it('ai-led and ai-led-pathways answer from isAiLedGuideline', async () => {
    const all = library.map((p) => p.guidelineId);
    const answer = await get(`/api/v1/settings/ai-led-pathways?guidelineIds=${all.join(',')}`);
    expect(answer).toEqual(Object.fromEntries(library.map((p) => [p.guidelineId, p.isAiLedGuideline])));
    for (const p of library) expect((await get(`/api/v1/settings/ai-led?guidelineId=${p.guidelineId}`)).aiLed).toBe(p.isAiLedGuideline);
  });

  it("a database seeded before the library gets the documents' view on the next start", async () => {
    const old = await startServer();
    const app = (await getSetting<Json>(old.store, 'patient-app'))!;
    await putSetting(old.store, 'patient-app', { ...app, triageMapping: {} });
    await putSetting(old.store, 'ai-led', { guidelineIds: ['back-pain'] });
    await old.close();
    const again = await startServer({ dataDir: old.dataDir });
    try {
      expect(Object.keys((await getSetting<Json>(again.store, 'patient-app'))!.triageMapping).length).toBe(
        library.filter((p) => p.guidelineId.startsWith('Triage.')).length,
      );
      expect((await getSetting<Json>(again.store, 'ai-led'))!.guidelineIds).toEqual(library.filter((p) => p.isAiLedGuideline).map((p) => p.guidelineId));
    } finally {
      await again.cleanup();
    }
  });
});
