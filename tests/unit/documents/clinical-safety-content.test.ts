// Clinical content rules that the standardized-patient stories showed were missing, checked on the
// pathway documents themselves (the examples test runs each example through the engine):
// - every triage pathway that asks whether the patient is pregnant also asks the danger signs of
//   pregnancy (early bleeding or one-sided pain; pre-eclampsia signs; a baby moving less), and
//   each sends the patient to A&E or the maternity unit now;
// - every outcome marked SUSPECTED_CANCER_NG12 is ROUTINE or more urgent, has a Referral, and
//   each age threshold it reads has examples on both sides (age n reaches it, n - 1 does not);
// - cuts and burns tells sunburn and small burns (self-care) from serious burns.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = path.resolve(__dirname, '../../../schemas/questionnaires');

type Json = Record<string, unknown>;
interface Condition {
  question?: string;
  parameter?: string;
  operator: string;
  answer?: unknown;
}
interface Outcome {
  id: string;
  when?: Condition[];
  whenBehavior?: 'all' | 'any';
  recommendation: { tier?: string; inboxFlags?: string[]; actions: Array<{ type: string; referralId?: string }>; title: string };
}
interface Example {
  name: string;
  patient: { age: number; sexAtBirth: string };
  answers?: Json;
  expectRecommendationIds?: string[];
  expectTopReferral?: string;
}
interface Doc {
  guidelineId: string;
  sections: Array<{
    use?: string;
    id?: string;
    document?: { schema: { properties: Record<string, Json> }; rules?: Record<string, { enableWhen?: Condition[] }> };
  }>;
  outcomes: Outcome[];
  examples?: Example[];
}

const docs: Doc[] = readdirSync(DIR)
  .filter((f) => /^(Triage|Form\.U16)\..*\.json$/.test(f))
  .map((f) => JSON.parse(readFileSync(path.join(DIR, f), 'utf8')) as Doc);
const doc = (id: string) => docs.find((d) => d.guidelineId === id)!;
const fields = (d: Doc) => Object.assign({}, ...d.sections.map((s) => s.document?.schema.properties ?? {})) as Record<string, Json>;
const rules = (d: Doc) => Object.assign({}, ...d.sections.map((s) => s.document?.rules ?? {})) as Record<string, { enableWhen?: Condition[] }>;

/** The pathways' own "are you pregnant?" questions (a yes/no or a pick whose answer names pregnancy). */
const PREGNANCY_QUESTIONS: Record<string, string> = {
  'Triage.Breathlessness': 'brPregnant',
  'Triage.ColdSores': 'csPregnant',
  'Triage.Fainting': 'faPregnant',
  'Triage.Fever': 'fvPregnant',
  'Triage.HayFever': 'hayPregnant',
  'Triage.Headache': 'headPregnant',
  'Triage.HighBloodPressure': 'bpPregnant',
  'Triage.LegSwelling': 'legPregnant',
  'Triage.StomachPain': 'tummyPregnant',
  'Triage.Threadworms': 'twPregnant',
  'Triage.UrinaryWomen': 'utiPregnant',
  'Triage.VaginalDischarge': 'vdPregnant',
  'Triage.Periods': 'perPregnant',
  'Triage.RestlessLegs': 'rlPregnant',
  'Triage.DiarrhoeaVomiting': 'dvRisk',
};

describe('pregnancy danger signs', () => {
  it('every pathway with its own pregnancy question is listed here', () => {
    const asking = docs
      .filter((d) => Object.entries(fields(d)).some(([name, p]) => /Pregnant$/.test(name) && p['x-observationType'] !== 'MULTI_CHOICE'))
      .map((d) => d.guidelineId);
    // Something else lists the signs in its own follow-up (nsPregnancyProblem); Skin rash asks only
    // about pregnancy together with a chickenpox, shingles or measles contact.
    const ownWay = new Set(['Triage.Non_specific', 'Triage.SkinRash']);
    expect(asking.filter((id) => !ownWay.has(id)).sort()).toEqual(
      Object.keys(PREGNANCY_QUESTIONS)
        .filter((id) => id !== 'Triage.DiarrhoeaVomiting')
        .sort(),
    );
  });

  it.each(Object.entries(PREGNANCY_QUESTIONS))('%s asks the signs after %s, and each sends the patient for help now', (id, pregnant) => {
    const d = doc(id);
    const [signs, field] = Object.entries(fields(d)).find(([name]) => name.endsWith('PregnancySigns'))!;
    const options = ((field.items as Json).oneOf as Array<{ const: string }>).map((o) => o.const);
    expect(options).toEqual(['early', 'preEclampsia', 'movements']);
    expect(rules(d)[signs]?.enableWhen?.[0]?.question).toBe(pregnant);
    for (const option of options) {
      const reached = d.outcomes.filter((o) => o.when?.some((c) => c.question === signs && Array.isArray(c.answer) && c.answer.includes(option)));
      expect(reached.map((o) => o.recommendation.tier)).toEqual(['AE_NOW']);
      const example = d.examples?.find((e) => (e.answers?.[signs] as string[] | undefined)?.includes(option));
      expect(example?.expectTopReferral, `${id}: an example for ${option}`).toBe('ref-ae');
    }
    const early = d.outcomes.find((o) => o.id === 'red-flag-pregnancy-early')!;
    const maternity = d.outcomes.find((o) => o.id === 'red-flag-pregnancy-maternity')!;
    expect(JSON.stringify(early.recommendation)).toMatch(/Go to A&E now/);
    expect(JSON.stringify(maternity.recommendation)).toMatch(/Call your maternity unit/);
  });

  it('Something else sends pre-eclampsia signs and a baby moving less to the maternity unit now, not urgent today', () => {
    const d = doc('Triage.Non_specific');
    const outcome = d.outcomes.find((o) => o.when?.some((c) => c.question === 'nsPregnancyProblem' && (c.answer as string[]).includes('babyMoving')))!;
    expect(outcome.recommendation.tier).toBe('AE_NOW');
    expect(d.outcomes.find((o) => o.id === 'pregnancy-urgent')?.when?.[0]?.answer).toEqual(['vomiting']);
  });

  it('Pregnancy problem sends early-pregnancy bleeding to A&E and later bleeding to the maternity unit now', () => {
    const d = doc('Triage.PregnancyProblem');
    const bleeding = d.outcomes.filter((o) => o.when?.some((c) => c.question === 'pgBleeding'));
    expect(bleeding.map((o) => [o.id, o.recommendation.tier])).toEqual([
      ['red-flag-bleeding-early', 'AE_NOW'],
      ['red-flag-bleeding-later', 'AE_NOW'],
    ]);
  });
});

describe('suspected-cancer criteria (NG12)', () => {
  const flagged = docs.flatMap((d) =>
    d.outcomes.filter((o) => o.recommendation.inboxFlags?.includes('SUSPECTED_CANCER_NG12')).map((o) => [d.guidelineId, o.id, d, o] as const),
  );

  it('are marked in the pathways the stories exposed', () => {
    const ids = new Set(flagged.map(([id]) => id));
    for (const id of [
      'Triage.BowelChange',
      'Triage.WeightLoss',
      'Triage.CoughCold',
      'Triage.SoreThroat',
      'Triage.BreastLump',
      'Triage.MoleSkinLump',
      'Triage.BloodInUrine',
      'Triage.Periods',
    ]) {
      expect(ids.has(id), id).toBe(true);
    }
  });

  it.each(flagged)('%s %s: a GP within days (or sooner), with examples on both sides of each age threshold', (_id, outcomeId, d, o) => {
    expect(['CALL_999', 'AE_NOW', 'URGENT_TODAY', 'ROUTINE']).toContain(o.recommendation.tier);
    const referral = o.recommendation.actions.find((a) => a.type === 'Referral')?.referralId;
    expect(['ref-emergency', 'ref-ae', 'ref-urgent-callback', 'ref-same-day', 'ref-end-tomorrow', 'ref-5-days']).toContain(referral);
    const reaches = (e: Example) => e.expectRecommendationIds?.includes(outcomeId) ?? false;
    for (const c of o.when ?? []) {
      if (c.parameter !== 'patientAge' || c.operator !== 'GTE') continue;
      const n = c.answer as number;
      const at = d.examples?.find((e) => e.patient.age === n && reaches(e));
      expect(at, `an example at ${n} reaching ${outcomeId}`).toBeDefined();
      // The same story one year younger does not reach it.
      const below = d.examples?.find(
        (e) => e.patient.age === n - 1 && e.expectRecommendationIds && !reaches(e) && JSON.stringify(e.answers) === JSON.stringify(at!.answers),
      );
      expect(below, `an example at ${n - 1} with the same answers not reaching ${outcomeId}`).toBeDefined();
    }
  });
});

describe('cuts and burns: sunburn and small burns are told from serious burns', () => {
  const d = doc('Triage.CutsBurns');
  const tierOf = (id: string) => d.outcomes.find((o) => o.id === id)?.recommendation.tier;

  it('has a tier for each kind of burn', () => {
    expect(tierOf('red-flag-heatstroke')).toBe('CALL_999');
    expect(tierOf('red-flag-burn-risk')).toBe('AE_NOW');
    expect(tierOf('red-flag-burn-60')).toBe('AE_NOW');
    expect(tierOf('urgent-sunburn')).toBe('URGENT_TODAY');
    expect(tierOf('self-care-sunburn')).toBe('SELF_CARE');
    expect(tierOf('self-care-burn')).toBe('SELF_CARE');
  });

  it('self-care for a burn says how to cool it, cover it and when to get help', () => {
    const text = JSON.stringify(d.outcomes.find((o) => o.id === 'self-care-burn'));
    expect(text).toMatch(/20 minutes/);
    expect(text).toMatch(/cling film/);
    expect(text).toMatch(/paracetamol or ibuprofen/);
    expect(text).toMatch(/Go to A&E if/);
    expect(text).toContain('https://www.nhs.uk/conditions/burns-and-scalds/');
    expect(JSON.stringify(d.outcomes.find((o) => o.id === 'self-care-sunburn'))).toContain('https://www.nhs.uk/conditions/sunburn/');
  });
});
