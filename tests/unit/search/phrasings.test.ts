// The search regression set: lay phrasings (misspellings included) that must find their pathway
// in the top 3 of the app's real symptom search, over the real library. The library is the
// practice's `triageMapping` exactly as the seed builds it from schemas/questionnaires, searched
// with the seed's `triageMappingSearch` settings, as TriageSearchPage does (main matches, then
// similar matches). Every JSON file in tests/fixtures/search-phrasings is loaded; each gives
// `phrasings: [{ text, expect }]` and a `minHitRate`. Misses are printed with what was found.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_PATIENT_APP } from '../../../server/seed';
import { SymptomSearch, searchSettings } from '../../../src/search/symptomSearch';
import { triageLibrary } from '../../../src/search/triageMapping';

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

const DIR = path.resolve(import.meta.dirname, '../../fixtures/search-phrasings');
const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => [f, JSON.parse(readFileSync(path.join(DIR, f), 'utf8')) as PhrasingFile] as const);

const library = triageLibrary(DEMO_PATIENT_APP.triageMapping);
const engine = new SymptomSearch(library.entries, searchSettings(DEMO_PATIENT_APP.triageMappingSearch));
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
