// The child pathways (schemas/questionnaires/README.md, "Child pathways") through the real engine:
// at least 12 of them, every tier each declares reached as the top tier by one of its examples,
// and the NICE NG143 amber signs asked in every one of them: a 4-month-old feeding much less with
// fewer wet nappies ends urgent today (never routine) whichever child pathway the parent chose.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormData } from '../../../../renderer/core/index';
import { TIER_ORDER } from '../../../../server/engine/hierarchy';
import { startServer, type Json, type TestServer } from '../../support/helpers';
import { LIBRARY_DIR, readPathwaySources, start, walk } from '../../support/walker';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ questionnairesDirs: [LIBRARY_DIR] });
});
afterAll(async () => server.cleanup());

const child = readPathwaySources(LIBRARY_DIR).filter((p) => p.guidelineId.startsWith('Form.U16') && !p.disabled);

type Field = { 'x-observationType'?: string; items?: { oneOf?: Array<{ const: string }> } };
/** The pathway's amber question and its options for "feeding much less" and "fewer wet nappies". */
function amberAnswers(p: (typeof child)[number]): FormData {
  for (const section of p.sections) {
    if (!('document' in section)) continue;
    for (const [name, raw] of Object.entries(section.document.schema.properties)) {
      const field = raw as Field;
      const options = (field.items?.oneOf ?? []).map((o) => o.const);
      if (field['x-observationType'] !== 'MULTI_CHOICE') continue;
      if (options.includes('feedLess') && options.includes('fewerWees')) return { [name]: ['feedLess', 'fewerWees'] };
      if (name === 'feverAmber') return { [name]: ['drinkingLess', 'fewerWees'] };
    }
  }
  return {};
}
/** A baby's months question, if the pathway has one, answered 4. */
function babyMonths(p: (typeof child)[number]): FormData {
  const baby = p.sections.find((s) => 'id' in s && s.id === 'baby');
  if (!baby || !('document' in baby)) return {};
  return { [baby.document.pages[0]!.fields[0]!]: 4 };
}

describe('child pathways', () => {
  it('are at least 12, besides "something else", each with an NHS page and at least 8 synonyms', () => {
    expect(child.filter((p) => p.guidelineId !== 'Form.U16.SomethingElse').length).toBeGreaterThanOrEqual(12);
    expect(child.some((p) => p.guidelineId === 'Form.U16.SomethingElse')).toBe(true);
    for (const p of child) {
      expect(p.nhsUrl, p.guidelineId).toMatch(/^https:\/\/www\.nhs\.uk\//);
      expect(p.symptoms.flatMap((s) => s.synonyms ?? []).length, p.guidelineId).toBeGreaterThanOrEqual(8);
    }
  });

  const table: Record<string, string[]> = {};
  afterAll(() => {
    console.log(
      Object.entries(table)
        .map(([id, tiers]) => `${id}: ${tiers.join(', ')}`)
        .join('\n'),
    );
  });
  it.each(child.map((p) => [p.guidelineId, p] as const))('%s: every tier it declares is reached as the top tier by an example', async (_id, p) => {
    const declared = new Set(p.outcomes.map((o) => o.recommendation.tier!));
    const reached = new Set<string>();
    for (const e of (p.examples ?? []).filter((x) => !x.expectRefusal)) {
      const started = await start(server.app, p.guidelineId, e.patient);
      expect(started.statusCode, e.name).toBe(201);
      const done = await walk(server.app, started.json() as Json, e.answers ?? {});
      const top = (done.recommendations as Json[])[0]?.tier as string | undefined;
      if (top) reached.add(top);
    }
    table[p.guidelineId] = TIER_ORDER.filter((t) => reached.has(t));
    expect(TIER_ORDER.filter((t) => declared.has(t) && !reached.has(t))).toEqual([]);
    // Every child pathway reaches an emergency tier, urgent today and a reply from the practice.
    expect([...reached]).toEqual(expect.arrayContaining(['URGENT_TODAY', 'ROUTINE']));
    expect(reached.has('CALL_999') || reached.has('AE_NOW')).toBe(true);
  });

  it.each(child.filter((p) => (p.restrictions?.minAge ?? 0) === 0).map((p) => [p.guidelineId, p] as const))(
    '%s: a 4-month-old feeding much less with fewer wet nappies is urgent today, not routine',
    async (_id, p) => {
      const answers = { ...amberAnswers(p), ...babyMonths(p) };
      expect(Object.keys(answers).length, 'the pathway asks the amber signs').toBeGreaterThan(0);
      const started = await start(server.app, p.guidelineId, { age: 0, sexAtBirth: 'female' });
      expect(started.statusCode).toBe(201);
      const done = await walk(server.app, started.json() as Json, answers);
      const tiers = (done.recommendations as Json[]).map((r) => r.tier as string);
      // The most urgent tier of the execution is urgent today or more urgent.
      expect(TIER_ORDER.indexOf(tiers[0] as (typeof TIER_ORDER)[number])).toBeLessThanOrEqual(TIER_ORDER.indexOf('URGENT_TODAY'));
    },
  );
});
