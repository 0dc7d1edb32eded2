// The clinical hierarchy through the real engine (schemas/questionnaires/README.md, "Clinical
// hierarchy"): every triage pathway opens with the shared life-threatening section, an answer
// meeting an emergency-tier outcome completes the execution at once (no further section), the
// execution carries each recommendation's tier, and the shared section's examples hold in every
// triage pathway that uses it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toObservations, type FormData, type FormDocument } from '../../../../renderer/core/index';
import { TIER_ORDER, needsTiers, type SharedSection } from '../../../../server/engine/hierarchy';
import { contractAjv, expectValid, startServer, type Json, type TestServer } from '../../support/helpers';
import { ENGINE, LIBRARY_DIR, SHARED_DIR, post, readPathwaySources, start, topReferral, walk } from '../../support/walker';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ questionnairesDirs: [LIBRARY_DIR] });
});
afterAll(async () => server.cleanup());

const triage = readPathwaySources(LIBRARY_DIR).filter((p) => p.guidelineId.startsWith('Triage.') && !p.disabled);
const shared = JSON.parse(readFileSync(path.join(SHARED_DIR, 'LifeThreatening.json'), 'utf8')) as SharedSection;

async function answer(execution: Json, data: FormData): Promise<Json> {
  const section = execution.section as { id: string; document: FormDocument };
  const r = await post(server.app, `${ENGINE}/GuidelineExecution/${execution.identifier}/$continue`, {
    sectionId: section.id,
    responseData: toObservations({ id: section.id, document: section.document }, data),
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as Json;
}

/** The example's patient, moved inside the pathway's restrictions. */
function patientFor(p: (typeof triage)[number], patient: { age: number; sexAtBirth: 'female' | 'male' }) {
  const r = p.restrictions ?? {};
  const age = Math.min(Math.max(patient.age, r.minAge ?? 0), r.maxAge ?? 120);
  return { age, sexAtBirth: r.sexAtBirth ?? patient.sexAtBirth };
}

describe('library metadata', () => {
  it('GET /Guideline carries nhsUrl (and the other hierarchy metadata) within the contract', async () => {
    const list = (await server.app.inject({ method: 'GET', url: `${ENGINE}/Guideline` })).json() as Json[];
    expectValid(contractAjv(), 'engine-guidelines', list);
    for (const g of list.filter((x) => String(x.guidelineId).startsWith('Triage.'))) expect(g.nhsUrl, g.guidelineId).toMatch(/^https:\/\/www\.nhs\.uk\//);
  });
});

describe('the shared life-threatening section', () => {
  it('opens every triage pathway', async () => {
    expect(triage.length).toBeGreaterThanOrEqual(16);
    for (const p of triage) {
      const started = (await start(server.app, p.guidelineId, patientFor(p, { age: 40, sexAtBirth: 'female' }))).json() as Json;
      expect(started.section.id, p.guidelineId).toBe('lt');
      expect(started.section.document.id, p.guidelineId).toBe('SHARED_LIFE_THREATENING');
      expect(
        started.requiredData.map((i: Json) => i.identifier),
        p.guidelineId,
      ).toEqual(['ltSigns', 'ltNow', 'ltPregnancy']);
    }
  });

  it('an emergency answer completes at once with the emergency outcomes, each with its tier (contract shape)', async () => {
    const started = (await start(server.app, 'Triage.Headache', { age: 40, sexAtBirth: 'male' })).json() as Json;
    const done = await answer(started, { ltSigns: ['chestPain', 'blood'], ltNow: true });
    expect(done.status).toBe('COMPLETED');
    expect(done.section).toBeNull();
    expect(done.requiredData).toEqual([]);
    expect(done.recommendations.map((r: Json) => [r.id, r.tier])).toEqual([
      ['lt-999-now', 'CALL_999'],
      ['lt-ae', 'AE_NOW'],
    ]);
    expectValid(contractAjv(), 'engine-execution', done);
  });

  it('chest heaviness on exertion that has settled goes on to the pathway, and ends urgent today at least', async () => {
    const started = (await start(server.app, 'Triage.Headache', { age: 58, sexAtBirth: 'male' })).json() as Json;
    const next = await answer(started, { ltSigns: ['chestExertion'], ltNow: false });
    expect(next.status).toBe('IN_PROGRESS');
    expect(next.section.id).not.toBe('lt');
    const done = await walk(server.app, next);
    expect(done.recommendations[0]).toMatchObject({ id: 'lt-urgent-settled', tier: 'URGENT_TODAY' });
  });

  it("a pathway's own red flag stops before its later sections", async () => {
    // Sore throat has three sections after the shared one's: urgent, about, more.
    const started = (await start(server.app, 'Triage.SoreThroat', { age: 30, sexAtBirth: 'female' })).json() as Json;
    const own = await answer(started, { ltSigns: ['NONE_OF_THE_ABOVE'], ltPregnancy: false });
    expect(own.section.id).toBe('urgent');
    const field = Object.keys((own.section.document as FormDocument).schema.properties)[0]!;
    const flagged = await answer(own, { [field]: ['breathing'] });
    expect(flagged.status).toBe('COMPLETED');
    expect(flagged.recommendations.every((r: Json) => r.tier === 'CALL_999' || r.tier === 'AE_NOW')).toBe(true);
    expect(flagged.responseData.map((o: Json) => o.observationRecord)).not.toContain('about');
  });

  it('going back from an emergency outcome to the shared section and answering none goes on to the pathway', async () => {
    const started = (await start(server.app, 'Triage.Headache', { age: 40, sexAtBirth: 'male' })).json() as Json;
    const done = await answer(started, { ltSigns: ['fit'], ltNow: true });
    expect(done.status).toBe('COMPLETED');
    const again = await answer({ ...done, section: started.section }, { ltSigns: ['NONE_OF_THE_ABOVE'] });
    expect(again.status).toBe('IN_PROGRESS');
    expect(again.recommendations).toEqual([]);
  });
});

// The shared section's examples live in schemas/questionnaires/shared/LifeThreatening.json and are
// run here in every triage pathway (the patient moved inside its restrictions).
const sharedCases = triage.flatMap((p) =>
  (shared.examples ?? [])
    .filter((e) => !(p.restrictions?.sexAtBirth && p.restrictions.sexAtBirth !== e.patient.sexAtBirth && e.answers && 'ltPregnancy' in e.answers))
    .map((e) => [p.guidelineId, e.name, p, e] as const),
);

describe("the shared section's examples, in every triage pathway", () => {
  it('there are examples for every shared outcome', () => {
    const covered = new Set((shared.examples ?? []).flatMap((e) => e.expectRecommendationIds ?? []));
    for (const o of shared.outcomes) if (o.id !== 'lt-urgent-settled') expect(covered.has(o.id), o.id).toBe(true);
    expect((shared.examples ?? []).some((e) => e.expectTopReferral === 'ref-urgent-callback')).toBe(true);
  });

  it.each(sharedCases)('%s: %s', async (_id, _name, p, e) => {
    const started = await start(server.app, p.guidelineId, patientFor(p, e.patient));
    expect(started.statusCode, started.body).toBe(201);
    const done = await walk(server.app, started.json() as Json, e.answers ?? {});
    expect(done.status).toBe('COMPLETED');
    if (e.expectTopReferral) expect(topReferral(done), JSON.stringify(done.recommendations.map((r: Json) => r.id))).toBe(e.expectTopReferral);
    if (e.expectRecommendationIds) expect(done.recommendations.map((r: Json) => r.id)).toEqual(e.expectRecommendationIds);
  });
});

// Every tier a triage or child pathway declares (its own outcomes and, for triage, the shared
// section's) is reached as the top tier by at least one example run through the engine: its own
// examples and the shared section's. The table this builds is printed for the lead's report (pathway x tiers reached).
const tiered = readPathwaySources(LIBRARY_DIR).filter((p) => needsTiers(p) && !p.disabled);

describe('every tier a triage or child pathway declares is reached by an example', () => {
  const table: Record<string, string[]> = {};
  afterAll(() => {
    console.log(
      Object.entries(table)
        .map(([id, tiers]) => `${id}: ${tiers.join(', ')}`)
        .join('\n'),
    );
  });
  it.each(tiered.map((p) => [p.guidelineId, p] as const))('%s', async (_id, p) => {
    const usesShared = p.sections.some((s) => 'use' in s);
    const declared = new Set<string>([...(usesShared ? shared.outcomes : []), ...p.outcomes].map((o) => o.recommendation.tier!).filter(Boolean));
    const reached = new Set<string>();
    const examples = [...(p.examples ?? []).filter((e) => !e.expectRefusal), ...(usesShared ? (shared.examples ?? []) : [])];
    for (const e of examples) {
      const patient = patientFor(p, e.patient);
      if (e.answers && 'ltPregnancy' in e.answers && patient.sexAtBirth !== 'female') continue;
      const started = await start(server.app, p.guidelineId, patient);
      if (started.statusCode !== 201) continue;
      const done = await walk(server.app, started.json() as Json, e.answers ?? {});
      const top = (done.recommendations as Json[])[0]?.tier as string | undefined;
      if (top) reached.add(top);
    }
    table[p.guidelineId] = TIER_ORDER.filter((t) => reached.has(t));
    expect(
      TIER_ORDER.filter((t) => declared.has(t) && !reached.has(t)),
      `${p.guidelineId}: declared tiers no example reaches`,
    ).toEqual([]);
  });
});
