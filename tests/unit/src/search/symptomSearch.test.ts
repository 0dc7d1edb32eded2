import { describe, expect, it } from 'vitest';
import { DEFAULT_SEARCH_SETTINGS, SymptomSearch, queryTokens, searchSettings, similarity, type SearchEntry } from '../../../../src/search/symptomSearch';

// A small fixed library: each entry is shaped to test one rule.
const LIBRARY: SearchEntry[] = [
  {
    guidelineId: 'Triage.SoreThroat',
    label: 'Sore throat',
    symptoms: ['tonsillitis', 'painful swallowing'],
    suitableFor: 'Adults with a sore or scratchy throat',
  },
  { guidelineId: 'Triage.Cough', label: 'Cough', symptoms: ['chesty cough', 'sore throat with cough'], suitableFor: 'A cough for less than 3 weeks' },
  { guidelineId: 'Triage.Headache', label: 'Headache', symptoms: ['migraine', 'head pain'], suitableFor: 'Headaches without injury' },
  { guidelineId: 'Triage.BackPain', label: 'Back pain', symptoms: ['lower back pain', 'sciatica'], suitableFor: 'Back pain after lifting' },
  { guidelineId: 'Triage.Rash', label: 'Skin rash', symptoms: ['itchy skin', 'hives'], suitableFor: 'Rashes in adults, including swallowing tablets for itch' },
  { guidelineId: 'Triage.Eye', label: 'Eye problem', symptoms: ['red eye', 'eyelid swelling'], suitableFor: 'Sore eyes' },
];

const ids = (list: { entry: SearchEntry }[]) => list.map((m) => m.entry.guidelineId);
const search = new SymptomSearch(LIBRARY);

function results(text: string, s = search) {
  const outcome = s.search(text);
  if (outcome.kind !== 'results') throw new Error(`expected results for "${text}", got ${outcome.kind}`);
  return outcome;
}

describe('symptom search', () => {
  it('ranks a word found in the label above the same word found only among symptoms (boosts 25 > 15 > 5)', () => {
    const outcome = results('swallowing');
    // "swallowing" is a symptom of Sore throat (0.6) and only in the suitable-for text of Skin rash (0.2).
    expect(ids(outcome.matches)).toEqual(['Triage.SoreThroat']);
    expect(outcome.matches[0]!.score).toBe(0.6);
    expect(ids(outcome.similar)).not.toContain('Triage.Rash');

    const throat = results('throat');
    expect(throat.matches[0]!.entry.guidelineId).toBe('Triage.SoreThroat');
    expect(throat.matches[0]!.score).toBe(1);
    // Cough has "throat" among its symptoms only: 0.6, more than mainSearchFuzzyDifference below 1, so a similar match.
    expect(ids(throat.matches)).not.toContain('Triage.Cough');
    expect(ids(throat.similar)).toContain('Triage.Cough');
  });

  it('removes stop words before searching and ignores words no pathway knows', () => {
    expect(queryTokens('I have had a really bad cough since Monday')).toEqual(['bad', 'cough', 'monday']);
    const outcome = results('I have had a really bad cough since Monday');
    expect(ids(outcome.matches)).toEqual(['Triage.Cough']);
    expect(outcome.matches[0]!.score).toBe(1);
  });

  it('needs the trimmed text and at least one word after stop words to reach the minimum length', () => {
    expect(search.search('  ey  ').kind).toBe('tooShort');
    expect(search.search('I am the').kind).toBe('tooShort');
    expect(search.search('my eye').kind).toBe('results');
    const stricter = new SymptomSearch(LIBRARY, { ...DEFAULT_SEARCH_SETTINGS, minSearchTermLength: 5 });
    expect(stricter.search('eye').kind).toBe('tooShort');
    expect(stricter.search('headache').kind).toBe('results');
  });

  it('never offers a pathway for the other sex at birth, and says which ones it held back', () => {
    const library: SearchEntry[] = [
      ...LIBRARY,
      { guidelineId: 'Triage.Periods', label: 'Heavy or painful periods', symptoms: ['period pain'], sexAtBirth: 'female' },
      { guidelineId: 'Triage.Prostate', label: 'Prostate problems', symptoms: ['weak stream'], sexAtBirth: 'male' },
    ];
    const withSex = new SymptomSearch(library);
    const man = withSex.search('painful periods', { sexAtBirth: 'male' });
    expect(man.kind).toBe('results');
    if (man.kind === 'results') {
      expect(ids([...man.matches, ...man.similar])).not.toContain('Triage.Periods');
      expect(ids(man.otherSex ?? [])).toEqual(['Triage.Periods']);
    }
    const woman = withSex.search('painful periods', { sexAtBirth: 'female' });
    expect(woman.kind === 'results' && ids(woman.matches)).toEqual(['Triage.Periods']);
    expect(woman.kind === 'results' && woman.otherSex).toBeUndefined();
    // Unknown sex: everything is offered, as before.
    const anyone = withSex.search('prostate');
    expect(anyone.kind === 'results' && ids(anyone.matches)).toEqual(['Triage.Prostate']);
  });

  it('finds a text made only of stop words when a label or symptom is exactly that text, and nothing else', () => {
    const library = [...LIBRARY, { guidelineId: 'Triage.Erection', label: 'Erection problems', symptoms: ['cant get it up'] }];
    const withPhrase = new SymptomSearch(library);
    const outcome = withPhrase.search("Can't get it up");
    expect(outcome.kind).toBe('results');
    if (outcome.kind === 'results') {
      expect(ids(outcome.matches)).toEqual(['Triage.Erection']);
      expect(outcome.similar).toEqual([]);
    }
    // Part of the phrase is not enough: every word is a stop word and no symptom is exactly it.
    expect(withPhrase.search('get it up').kind).toBe('tooShort');
    expect(withPhrase.search('I am the').kind).toBe('tooShort');
  });

  it('matches words of three or more characters partially, shorter ones only as whole words', () => {
    expect(ids(results('thro').matches)).toEqual(['Triage.SoreThroat']);
    expect(ids(results('head').matches)).toEqual(['Triage.Headache']);
    // "ey" + "red": "ey" is too short to match "eye" partially; "red" matches "red eye" as a whole word.
    const eye = results('ey red');
    expect(eye.matches.map((m) => m.entry.guidelineId)).toEqual(['Triage.Eye']);
    expect(eye.matches[0]!.score).toBe(0.6);
  });

  it('keeps main matches above mainSearchMinThreshold: a word only in the suitable-for text is not a main match', () => {
    const outcome = results('lifting');
    expect(outcome.matches).toEqual([]);
    const lenient = new SymptomSearch(LIBRARY, { ...DEFAULT_SEARCH_SETTINGS, mainSearchMinThreshold: 0.1 });
    expect(ids(results('lifting', lenient).matches)).toEqual(['Triage.BackPain']);
  });

  it('offers similar matches for a near miss, within fuzzyMinThreshold and fuzzyDifference', () => {
    const outcome = results('hedache');
    expect(outcome.matches).toEqual([]);
    expect(ids(outcome.similar)).toEqual(['Triage.Headache']);
    expect(outcome.similar[0]!.score).toBeCloseTo(0.875, 3);
    const strict = new SymptomSearch(LIBRARY, { ...DEFAULT_SEARCH_SETTINGS, fuzzyMinThreshold: 0.9 });
    expect(results('hedache', strict).similar).toEqual([]);
  });

  it('offers the diluted main scores as similar matches when nothing reaches a threshold', () => {
    // Each word names a different pathway among its symptoms: 0.6 / 2 words = 0.3 each, under 0.5.
    const outcome = results('tonsillitis and sciatica');
    expect(outcome.matches).toEqual([]);
    expect(ids(outcome.similar)).toEqual(['Triage.BackPain', 'Triage.SoreThroat']);
    expect(outcome.similar[0]!.score).toBe(0.3);
    // A suitable-for word alone (0.2) stays under half the threshold.
    expect(results('lifting').similar).toEqual([]);
  });

  it('orders equal scores by how specific the matching words are, not by label', () => {
    // "sore" names three pathways, "testicle" one: every pathway scores 0.3, and the one naming
    // the testicle comes first although "Chest pain" sorts before "Sexual health".
    const library: SearchEntry[] = [
      { guidelineId: 'Triage.ChestPain', label: 'Chest pain', symptoms: ['chest sore'] },
      { guidelineId: 'Triage.Earache', label: 'Earache', symptoms: ['ear sore'] },
      { guidelineId: 'Triage.Headache', label: 'Headache', symptoms: ['head sore'] },
      { guidelineId: 'Triage.SexualHealth', label: 'Sexual health', symptoms: ['testicle pain'] },
    ];
    const outcome = results('my testicle is sore', new SymptomSearch(library));
    const shown = [...outcome.matches, ...outcome.similar];
    expect(shown.map((m) => m.score)).toEqual([0.3, 0.3, 0.3, 0.3]);
    expect(ids(shown)).toEqual(['Triage.SexualHealth', 'Triage.ChestPain', 'Triage.Earache', 'Triage.Headache']);
    // "hurts" names no body part: sharing only it, the other three are not similar matches.
    const hurts: SearchEntry[] = library.map((e) => ({ ...e, symptoms: e.symptoms.map((s) => s.replace('sore', 'hurts')) }));
    const found = results('my testicle hurts', new SymptomSearch(hurts));
    expect(ids([...found.matches, ...found.similar])).toEqual(['Triage.SexualHealth']);
  });

  it('among equal scores, puts first the pathway holding the whole text as a phrase', () => {
    // "feeling" is a stop word, so both pathways score 0.6 on "down"; only Low mood holds "feeling down".
    const library: SearchEntry[] = [
      { guidelineId: 'Triage.BackPain', label: 'Back pain', symptoms: ['pain down my leg'] },
      { guidelineId: 'Triage.LowMood', label: 'Low mood', symptoms: ['feeling down'] },
    ];
    const outcome = results('feeling down', new SymptomSearch(library));
    const shown = [...outcome.matches, ...outcome.similar];
    expect(shown.map((m) => m.score)).toEqual([0.6, 0.6]);
    expect(ids(shown)).toEqual(['Triage.LowMood', 'Triage.BackPain']);
  });

  it('finds nothing for nonsense', () => {
    expect(results('qwxzvbk')).toEqual({ kind: 'results', matches: [], similar: [] });
  });

  it('shows at most maximumNumberOfPathways, main matches first, similar ones filling the rest', () => {
    const two = new SymptomSearch(LIBRARY, { ...DEFAULT_SEARCH_SETTINGS, maximumNumberOfPathways: 2, fuzzyDifference: 1 });
    const outcome = results('sore throat', two);
    expect(outcome.matches.length + outcome.similar.length).toBeLessThanOrEqual(2);
    expect(outcome.matches[0]!.entry.guidelineId).toBe('Triage.SoreThroat');
  });

  it('reads thresholds from the settings, keeping defaults for missing or invalid values', () => {
    expect(searchSettings({ mainSearchMinThreshold: 0.7, maximumNumberOfPathways: 'x' })).toEqual({ ...DEFAULT_SEARCH_SETTINGS, mainSearchMinThreshold: 0.7 });
  });

  it('scores similarity by edit distance against the start of longer words', () => {
    expect(similarity('throat', 'throat')).toBe(1);
    expect(similarity('throt', 'throat')).toBeCloseTo(1 - 1 / 6, 5);
    expect(similarity('diarh', 'diarrhoea')).toBeCloseTo(0.9 * (1 - 1 / 5), 5);
    expect(similarity('diarhea', 'diarrhoea')).toBeGreaterThan(0.5);
    expect(similarity('cold', 'cough')).toBeLessThan(0.5);
  });
});

/** The full optimal-string-alignment table, no band and no cut-off: the reference for `similarity`. */
function referenceSimilarity(query: string, word: string): number {
  const m = query.length;
  const n = word.length;
  const longest = Math.max(m, n);
  if (longest === 0) return 1;
  const d = Array.from({ length: m + 1 }, (_, i) => Array.from({ length: n + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= m; i++) {
    for (let j = 1; j <= n; j++) {
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (query[i - 1] === word[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && query[i - 1] === word[j - 2] && query[i - 2] === word[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  const whole = 1 - d[m]![n]! / longest;
  return n > m ? Math.max(whole, 0.9 * (1 - d[m]![m]! / m)) : whole;
}

describe('similarity with a floor (banded table)', () => {
  it('gives the exact similarity whenever it reaches the floor, and something under the floor otherwise', () => {
    // A fixed pseudo-random set of word pairs over a small alphabet, so that near misses are common.
    let seed = 42;
    const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const wordOf = () => Array.from({ length: 1 + Math.floor(rand() * 12) }, () => 'abcde'[Math.floor(rand() * 5)]).join('');
    for (let k = 0; k < 5000; k++) {
      const q = wordOf();
      const w = rand() < 0.5 ? wordOf() : q.slice(0, Math.floor(rand() * q.length)) + wordOf().slice(0, 3) + q.slice(Math.floor(rand() * q.length));
      for (const floor of [0, 0.5, 0.7]) {
        const ref = referenceSimilarity(q, w);
        // Leave small numbers all over the shared table first: the band must not read them.
        similarity('aaaaaaaaaaaa', 'a'.repeat(1 + (k % 30)));
        const got = similarity(q, w, floor);
        if (ref >= floor) expect(got, `${q} ~ ${w} at ${floor}`).toBeCloseTo(ref, 10);
        else expect(got, `${q} ~ ${w} at ${floor}`).toBeLessThan(floor);
      }
    }
  });
});
