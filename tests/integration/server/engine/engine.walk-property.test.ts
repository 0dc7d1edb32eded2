// Property test: every pathway of the library (and the engine's fixtures), walked through every
// reachable section with generated answers for every field — hidden ones included. $continue
// never answers 5xx, the execution always ends, and responseData never holds the answer of a
// question the renderer hides. Garbage answers are a 4xx, never a 5xx.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NONE_OF_THE_ABOVE,
  documentFields,
  observationTypeOf,
  schemaOptions,
  visibleFields,
  type FieldSchema,
  type FormData,
  type FormDocument,
  type UiField,
} from '../../../../renderer/core/index';
import { safeCandidates } from '../../../../server/engine/exampleAnswers';
import type { ExpandedPathway as Pathway } from '../../../../server/engine/hierarchy';
import { EMERGENCY_TIERS, isTier, needsTiers, type UrgencyTier } from '../../../../server/engine/hierarchy';
import { conditionDocument, evaluatePathway } from '../../../../server/engine/conditions';
import { startServer, type Json, type TestServer } from '../../support/helpers';
import { ENGINE, FIXTURES_DIR, LIBRARY_DIR, answerSection, post, readPathways, start } from '../../support/walker';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ questionnairesDirs: [LIBRARY_DIR, FIXTURES_DIR] });
});
afterAll(async () => server.cleanup());

const pathways = [...readPathways(LIBRARY_DIR), ...readPathways(FIXTURES_DIR)].filter((p) => !p.disabled);
const iso = (d: Date) => d.toISOString().slice(0, 10);
const pad = (n: number) => String(n).padStart(2, '0');

/** Answers of every type, mostly valid; the walker falls back to safe ones for refused fields. */
function arbitraryFor(schema: FieldSchema, ui: UiField | undefined, today: Date): fc.Arbitrary<unknown> | undefined {
  const options = schemaOptions(schema, ui).map((o) => o.value);
  const date = fc.integer({ min: -400, max: 400 }).map((n) => iso(new Date(today.getTime() + n * 86_400_000)));
  const hour12 = ui?.['ui:options']?.hour12 === true;
  const time = hour12
    ? fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 59 }), fc.constantFrom('am', 'pm')).map(([h, m, p]) => `${h}:${pad(m)} ${p}`)
    : fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${pad(h)}:${pad(m)}`);
  switch (observationTypeOf(schema)) {
    case 'MULTI_CHOICE':
      return fc.oneof(fc.constant([NONE_OF_THE_ABOVE]), fc.subarray(options, { minLength: 1, maxLength: schema.maxItems ?? options.length }));
    case 'BINARY':
    case 'BOOLEAN':
      return fc.boolean();
    case 'DROPDOWN':
      return fc.constantFrom(...options);
    case 'NUMERIC': {
      const min = schema.minimum ?? 0;
      const max = schema.maximum ?? min + 1000;
      return schema.type === 'integer' ? fc.integer({ min, max }) : fc.integer({ min: min * 10, max: max * 10 }).map((n) => n / 10);
    }
    case 'TEXT':
      return fc.string({ minLength: 0, maxLength: 30 }).map((s) => `Answer ${s}`.slice(0, schema.maxLength ?? 2000));
    case 'DATE':
      return date;
    case 'TIME':
      return time;
    case 'DATE_TIME':
      return fc.tuple(date, fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([d, h, m]) => `${d}T${pad(h)}:${pad(m)}`);
    default:
      return undefined;
  }
}

function patientArb(p: Pathway): fc.Arbitrary<{ age: number; sexAtBirth: 'female' | 'male' }> {
  const r = p.restrictions ?? {};
  return fc.record({
    age: fc.integer({ min: r.minAge ?? 0, max: r.maxAge ?? 100 }),
    sexAtBirth: r.sexAtBirth ? fc.constant(r.sexAtBirth) : fc.constantFrom('female' as const, 'male' as const),
  });
}

/** responseData holds only answers the renderer shows, of sections the execution went through. */
function expectOnlyVisibleAnswers(p: Pathway, execution: Json, sentBySection: Map<string, { sent: FormData; params: Record<string, unknown> }>) {
  const bySection = new Map<string, FormData>();
  for (const o of execution.responseData as Array<{ observationRecord: string; identifier: string; answer: Array<{ value: unknown }> }>) {
    const data = bySection.get(o.observationRecord) ?? {};
    data[o.identifier] =
      o.answer.length === 1 &&
      observationTypeOf(p.sections.find((s) => s.id === o.observationRecord)!.document.schema.properties[o.identifier]) !== 'MULTI_CHOICE'
        ? o.answer[0]!.value
        : o.answer.map((a) => a.value);
    bySection.set(o.observationRecord, data);
  }
  for (const [sectionId, stored] of bySection) {
    const record = sentBySection.get(sectionId);
    expect(record, `answers of section ${sectionId} that was never answered`).toBeDefined();
    const doc = p.sections.find((s) => s.id === sectionId)!.document;
    const shownForSent = new Set(visibleFields(doc, record!.sent, record!.params));
    for (const field of Object.keys(stored)) {
      expect(shownForSent.has(field), `${p.guidelineId}: hidden question ${sectionId}/${field} came back in responseData`).toBe(true);
    }
  }
}

/** Answers of the execution so far (responseData), by field. */
function answersOf(p: Pathway, execution: Json): FormData {
  const out: FormData = {};
  for (const o of execution.responseData as Array<{ observationRecord: string; identifier: string; answer: Array<{ value: unknown }> }>) {
    const schema = p.sections.find((s) => s.id === o.observationRecord)!.document.schema.properties[o.identifier];
    out[o.identifier] = observationTypeOf(schema) === 'MULTI_CHOICE' ? o.answer.map((a) => a.value) : o.answer[0]?.value;
  }
  return out;
}

/** Ids of the emergency-tier outcomes that hold on the execution's answers so far. */
function emergencyOutcomesHeld(p: Pathway, execution: Json, params: Record<string, unknown>, today: Date): string[] {
  const ev = evaluatePathway(conditionDocument(p), answersOf(p, execution), params as never, today);
  return p.outcomes.flatMap((o, i) => (o.recommendation.tier && EMERGENCY_TIERS.has(o.recommendation.tier) && ev.outcome(i) ? [o.id] : []));
}

describe('the clinical hierarchy holds in every pathway', () => {
  it("(a) every triage pathway's first section is the shared life-threatening one", async () => {
    const triage = pathways.filter((p) => p.guidelineId.startsWith('Triage.') && !p.guidelineId.startsWith('Triage.Fixture'));
    expect(triage.length).toBeGreaterThanOrEqual(16);
    for (const p of triage) {
      expect(p.sections[0]!.id, p.guidelineId).toBe('lt');
      const r = p.restrictions ?? {};
      const started = (await start(server.app, p.guidelineId, { age: Math.max(r.minAge ?? 0, 30), sexAtBirth: r.sexAtBirth ?? 'female' })).json() as Json;
      expect(started.section.id, p.guidelineId).toBe('lt');
    }
  });
});

describe('every pathway, walked with generated answers', () => {
  it.each(pathways.map((p) => [p.guidelineId, p] as const))('%s', async (_id, p) => {
    await fc.assert(
      fc.asyncProperty(patientArb(p), fc.gen(), async (patient, g) => {
        const today = new Date();
        const started = await start(server.app, p.guidelineId, patient);
        expect(started.statusCode, started.body).toBe(201);
        let execution = started.json() as Json;
        const sentBySection = new Map<string, { sent: FormData; params: Record<string, unknown> }>();
        let steps = 0;
        while (execution.status === 'IN_PROGRESS') {
          steps++;
          expect(steps, 'the execution never ends').toBeLessThanOrEqual(p.sections.length);
          const section = execution.section as { id: string; document: FormDocument; parameters: Record<string, unknown> };
          const generated: FormData = {};
          for (const field of documentFields(section.document)) {
            const arb = arbitraryFor(section.document.schema.properties[field]!, section.document.uiSchema?.[field], today);
            if (arb) generated[field] = g(() => arb);
          }
          const choose = (doc: FormDocument, attempt: Record<string, number>) => {
            const out: FormData = { ...generated };
            for (const [f, n] of Object.entries(attempt)) {
              const candidates = safeCandidates(doc.schema.properties[f]!, doc.uiSchema?.[f], today);
              out[f] = candidates[Math.min(n - 1, candidates.length - 1)];
            }
            return out;
          };
          const answered = await answerSection(server.app, execution, choose);
          sentBySection.set(section.id, { sent: answered.sent, params: section.parameters });
          execution = answered.execution;
          expectOnlyVisibleAnswers(p, execution, sentBySection);
          // (b) Stop at the first red flag: no section is served once the answers so far meet an emergency-tier outcome.
          const held = emergencyOutcomesHeld(p, execution, section.parameters, today);
          if (execution.status === 'IN_PROGRESS')
            expect(held, `${p.guidelineId}: section ${execution.section.id} served after an emergency answer`).toEqual([]);
          else expect(execution.recommendations.map((r: Json) => r.id).filter((id: string) => held.includes(id))).toEqual(held);
        }
        expect(execution.status).toBe('COMPLETED');
        expect(execution.section).toBeNull();
        if (!p.guidelineId.startsWith('Eligibility.')) expect(execution.recommendations.length).toBeGreaterThan(0);
        // (c) Every recommendation of a triage or child pathway names its tier, and an emergency one comes only with emergency ones.
        if (needsTiers(p) && !p.guidelineId.startsWith('Triage.Fixture')) {
          for (const r of execution.recommendations as Json[]) expect(isTier(r.tier), `${p.guidelineId}: ${String(r.id)} has no tier`).toBe(true);
          const tiers = (execution.recommendations as Json[]).map((r) => r.tier as UrgencyTier);
          if (tiers.some((t) => EMERGENCY_TIERS.has(t)))
            expect(
              tiers.every((t) => EMERGENCY_TIERS.has(t)),
              `${p.guidelineId}: ${tiers.join(', ')}`,
            ).toBe(true);
        }
      }),
      { numRuns: 15 },
    );
  });

  it('garbage answers are a 4xx naming the field, never a 5xx', async () => {
    const p = pathways.find((x) => x.guidelineId === 'Triage.FixtureHeadache')!;
    const started = (await start(server.app, p.guidelineId, { age: 30, sexAtBirth: 'female' })).json() as Json;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            observationType: fc.constantFrom('MULTI_CHOICE', 'TEXT', 'NUMERIC', 'BOGUS'),
            observationRecord: fc.constantFrom('urgent', 'details', 'x'),
            identifier: fc.constantFrom('urgentSigns', 'intro', 'days', '__proto__', 'constructor'),
            answer: fc.array(fc.record({ value: fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)) }), { maxLength: 3 }),
          }),
          { maxLength: 4 },
        ),
        async (responseData) => {
          const r = await post(server.app, `${ENGINE}/GuidelineExecution/${started.identifier}/$continue`, { sectionId: 'urgent', responseData });
          expect(r.statusCode, r.body).toBeLessThan(500);
          if (r.statusCode === 400) expect((r.json() as Json).message).not.toBe('');
        },
      ),
      { numRuns: 150 },
    );
  });
});
