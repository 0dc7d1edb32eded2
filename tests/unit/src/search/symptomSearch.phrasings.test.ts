// The search regression set: lay phrasings (misspellings included) that must find their pathway
// in the top 3 of the app's real symptom search, over the real library. The library is the
// practice's `triageMapping` exactly as the seed builds it from schemas/questionnaires, searched
// with the seed's `triageMappingSearch` settings, as TriageSearchPage does (main matches, then
// similar matches). Every JSON file in tests/fixtures/search-phrasings is loaded; each gives
// `phrasings: [{ text, expect }]` and a `minHitRate`. Misses are printed with what was found.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_PATIENT_APP } from '../../../../server/seed';
import { markCrisisPathways } from '../../../../src/screening/phraseList';
import { SymptomSearch, searchSettings } from '../../../../src/search/symptomSearch';
import { triageLibrary } from '../../../../src/search/triageMapping';

interface Phrasing {
  text: string;
  /** The guidelineId that must be among the first 3 results. */
  expect: string;
}
interface PhrasingFile {
  description?: string;
  minHitRate: number;
  phrasings: Phrasing[];
}

const DIR = path.resolve(import.meta.dirname, '../../../fixtures/search-phrasings');
const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => [f, JSON.parse(readFileSync(path.join(DIR, f), 'utf8')) as PhrasingFile] as const);

const library = triageLibrary(DEMO_PATIENT_APP.triageMapping);
// The crisis pathway marked from the emergency phrase list, as the page marks it.
const engine = new SymptomSearch(markCrisisPathways(library.entries), searchSettings(DEMO_PATIENT_APP.triageMappingSearch));
const known = new Set(library.entries.map((e) => e.guidelineId));

/** The guidelineIds the page lists for a text, in order (main matches, then similar matches). */
export function shown(text: string): string[] {
  const outcome = engine.search(text);
  if (outcome.kind !== 'results') return [];
  return [...outcome.matches, ...outcome.similar].map((m) => m.entry.guidelineId);
}

const top3 = (text: string, id: string) => shown(text).slice(0, 3).includes(id);

describe('symptom search regression phrasings', () => {
  it('has phrasing files, at least 120 phrasings in each', () => {
    expect(files.length).toBeGreaterThan(0);
    for (const [name, file] of files) expect(file.phrasings.length, name).toBeGreaterThanOrEqual(120);
  });

  // The words of the pathway-library issue that found nothing or the wrong thing before.
  it.each([
    ['chest pain', 'Triage.ChestPain'],
    ['tight chest', 'Triage.ChestPain'],
    ['short of breath', 'Triage.Breathlessness'],
    ['breathless', 'Triage.Breathlessness'],
    ['want to die', 'Triage.MentalHealthCrisis'],
    ['fever', 'Triage.Fever'],
    ['high temperature', 'Triage.Fever'],
    ['throwing up blood', 'Triage.VomitingBlood'],
    ['blood pressure', 'Triage.HighBloodPressure'],
    // Lay words for time-critical or same-day problems that found the wrong pathway first, or
    // nothing: each must now show the pathway whose first questions catch the emergency.
    ['my testicle hurts', 'Triage.SexualHealth'],
    ['sudden pain in my scrotum', 'Triage.SexualHealth'],
    ['coughing up blood', 'Triage.CoughCold'],
    ['hearing loss', 'Triage.Earache'],
    ['sudden deafness', 'Triage.Earache'],
    ['jaw pain and sweating', 'Triage.ChestPain'],
    ['my eyes have gone yellow', 'Triage.StomachPain'],
    ['im really thirsty all the time', 'Triage.Tiredness'],
    ['lump in my neck', 'Triage.MoleSkinLump'],
    ['feeling down', 'Triage.LowMoodAnxiety'],
    ['reaction to bee sting', 'Triage.AllergicReaction'],
    ['im pregnant and have a headache', 'Triage.PregnancyProblem'],
    ['pregnant swollen face', 'Triage.PregnancyProblem'],
    ['alcohol problem', 'Triage.LowMoodAnxiety'],
    ['eating disorder', 'Triage.LowMoodAnxiety'],
    ['my knee hurts', 'Triage.JointMusclePain'],
    ['tennis elbow', 'Triage.JointMusclePain'],
    ['blood in semen', 'Triage.UrinaryMen'],
    // Everyday problems that found nothing, or something unrelated: "cant get it up" is all stop
    // words, so only a symptom that is exactly the text can find it.
    ['cant get it up', 'Triage.ErectileDysfunction'],
    ["can't get it up", 'Triage.ErectileDysfunction'],
    ['painful big toe', 'Triage.Gout'],
    ['very thirsty and weeing a lot', 'Triage.Tiredness'],
    ['nits', 'Triage.HeadLice'],
    ['worms in my poo', 'Triage.Threadworms'],
    ['verruca', 'Triage.WartsVerrucas'],
  ])('"%s" shows %s first', (text, id) => {
    expect(shown(text)[0], JSON.stringify(shown(text))).toBe(id);
  });

  for (const [name, file] of files) {
    it(`${name}: every expected pathway exists, and at least ${Math.round(file.minHitRate * 100)}% find it in the top 3`, () => {
      const unknown = file.phrasings.filter((p) => !known.has(p.expect)).map((p) => `${p.text} -> ${p.expect}`);
      expect(unknown, 'phrasings naming a pathway the library does not have').toEqual([]);
      const misses = file.phrasings.filter((p) => !top3(p.text, p.expect));
      const rate = (file.phrasings.length - misses.length) / file.phrasings.length;
      console.log(
        `${name}: ${file.phrasings.length - misses.length}/${file.phrasings.length} phrasings in the top 3 (${(rate * 100).toFixed(1)}%)` +
          misses.map((m) => `\n  miss: "${m.text}" -> ${m.expect}; shown ${JSON.stringify(shown(m.text).slice(0, 3))}`).join(''),
      );
      expect(rate).toBeGreaterThanOrEqual(file.minHitRate);
    });
  }
});

// Pathways that were listed by chance for a search (a look-alike word) and must never be again.
interface MustNotShow {
  text: string;
  mustNotShow: string;
  /** "child": a pair of the child menu's search (tests/unit/src/flows/child/childSearch.phrasings.test.ts). */
  search?: 'child';
}
// search-must-not-show.json, and search-must-not-show-<round>.json files beside it (the adult library's rounds).
const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures');
const mustNot = readdirSync(FIXTURES)
  .filter((f) => /^search-must-not-show(-[a-z0-9-]+)?\.json$/.test(f))
  .sort()
  .flatMap((f) => (JSON.parse(readFileSync(path.join(FIXTURES, f), 'utf8')) as { pairs: MustNotShow[] }).pairs)
  .filter((p) => p.search !== 'child');

describe('searches that must not list a pathway', () => {
  it('has at least 50 pairs, each naming a pathway of the library', () => {
    expect(mustNot.length).toBeGreaterThanOrEqual(50);
    expect(mustNot.filter((p) => !known.has(p.mustNotShow)).map((p) => p.mustNotShow)).toEqual([]);
  });
  it.each(mustNot.map((p) => [p.text, p.mustNotShow]))('"%s" never lists %s', (text, id) => {
    expect(shown(text)).not.toContain(id);
  });
});

describe("a patient's sex at birth over the real library", () => {
  const offered = (text: string, sexAtBirth: string) => {
    const outcome = engine.search(text, { sexAtBirth });
    return outcome.kind === 'results' ? [...outcome.matches, ...outcome.similar].map((m) => m.entry.guidelineId) : [];
  };
  const female = library.entries.filter((e) => e.sexAtBirth === 'female').map((e) => e.guidelineId);
  const male = library.entries.filter((e) => e.sexAtBirth === 'male').map((e) => e.guidelineId);
  it('knows which pathways are for one sex', () => {
    expect(female).toEqual(expect.arrayContaining(['Triage.Periods', 'Triage.VaginalDischarge', 'Triage.PregnancyProblem']));
    expect(male).toEqual(expect.arrayContaining(['Triage.ErectileDysfunction', 'Triage.UrinaryMen']));
  });
  it.each(['heavy periods', 'painful heel', 'pain', 'discharge', 'thrush', 'itchy down there', 'pregnant', 'hot flushes', 'cystitis'])(
    'a man searching "%s" is never offered a pathway for women',
    (text) => {
      for (const id of offered(text, 'male')) expect(female, `${text}: ${id}`).not.toContain(id);
    },
  );
  it.each(['erection problems', 'cant get it up', 'weak stream', 'red eye', 'pain'])('a woman searching "%s" is never offered a pathway for men', (text) => {
    for (const id of offered(text, 'female')) expect(male, `${text}: ${id}`).not.toContain(id);
  });
  it('a pathway held back for the other sex still says what the words mean: "period pain" from a man is not heel pain', () => {
    expect(offered('period pain', 'male')).toEqual([]);
    expect(offered('heavy periods', 'male')).toEqual([]);
    // Words other pathways fit too still find them.
    expect(offered('heavy bleeding', 'male')).toContain('Triage.Bleeding');
  });
  it('says which pathway it held back when that was the only match', () => {
    const outcome = engine.search('heavy periods', { sexAtBirth: 'male' });
    expect(outcome.kind === 'results' && outcome.otherSex?.map((m) => m.entry.guidelineId)).toContain('Triage.Periods');
  });
});
