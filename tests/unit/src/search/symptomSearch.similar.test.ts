// "Similar matches" that make sense (src/search/symptomSearch.ts): a pathway is a similar match
// only when it shares a meaningful word with the search (not a stop word, not a word such as
// "hurts" that names no body part or symptom); a pathway for one sex at birth or a crisis pathway
// only for one of its own words (or a typo of a whole one), never for a typo of half a word; a
// short word the library uses is a whole word ("bum" is not "bump"); nonsense lists nothing.
import { describe, expect, it } from 'vitest';
import { DEMO_PATIENT_APP } from '../../../../server/seed';
import { markCrisisPathways } from '../../../../src/screening/phraseList';
import { SymptomSearch, type SearchEntry } from '../../../../src/search/symptomSearch';
import { triageLibrary } from '../../../../src/search/triageMapping';

const entry = (guidelineId: string, label: string, extra: Partial<SearchEntry> = {}): SearchEntry => ({ guidelineId, label, symptoms: [], ...extra });

function lists(entries: SearchEntry[], text: string): { matches: string[]; similar: string[] } {
  const outcome = new SymptomSearch(entries).search(text);
  if (outcome.kind !== 'results') return { matches: [], similar: [] };
  return { matches: outcome.matches.map((m) => m.entry.guidelineId), similar: outcome.similar.map((m) => m.entry.guidelineId) };
}

describe('similar matches share a meaningful word', () => {
  const library = [entry('ear', 'Ear hurts'), entry('knee', 'Knee pain')];
  it('never for a word that names no body part or symptom ("hurting", of "hurts")', () => {
    expect(lists(library, 'hurting')).toEqual({ matches: [], similar: [] });
    expect(lists(library, 'it keeps hurting')).toEqual({ matches: [], similar: [] });
  });
  it('but for the same search with a body part in it', () => {
    expect([...lists(library, 'ear hurting').matches, ...lists(library, 'ear hurting').similar]).toContain('ear');
  });
});

describe('a short word the library uses is a whole word', () => {
  it('"bum" finds a sore bum, not a bump', () => {
    const library = [entry('bump', 'Bump on the head'), entry('bum', 'Sore bum')];
    const found = lists(library, 'bum');
    expect([...found.matches, ...found.similar]).toEqual(['bum']);
  });
  it('"wee" finds weeing, not weeping', () => {
    const library = [entry('skin', 'Weeping sores'), entry('wee', 'Pain when weeing', { symptoms: ['wee'] })];
    const found = lists(library, 'wee');
    expect([...found.matches, ...found.similar]).toEqual(['wee']);
  });
  it('a longer word is still the start of a longer one ("head" finds "headache")', () => {
    const found = lists([entry('headache', 'Headache')], 'head');
    expect([...found.matches, ...found.similar]).toEqual(['headache']);
  });
});

describe('a pathway fitting half of what another fits, or less, is not listed', () => {
  const library = [
    entry('lice', 'Head lice'),
    entry('injury', 'Head injury'),
    entry('sob', 'Shortness of breath', { symptoms: ['out of breath'] }),
    entry('bad', 'Bad breath'),
    entry('eye', 'Eye problem', { symptoms: ['red sticky eye'] }),
    entry('conj', 'Sticky eye'),
    entry('knee', 'Knee pain'),
  ];
  const all = (text: string) => [...lists(library, text).matches, ...lists(library, text).similar].sort();
  it('"head lice" is not a head injury, though "head" alone is both', () => {
    expect(all('head lice')).toEqual(['lice']);
    expect(all('head')).toEqual(['injury', 'lice']);
  });
  it('stop words count where the pathway holds them between the same words ("out of breath")', () => {
    expect(all('out of breath')).toEqual(['sob']);
    expect(all('breath')).toEqual(['bad', 'sob']);
  });
  it('a pathway fitting most of the words stays beside one fitting all ("red sticky eye")', () => {
    expect(all('red sticky eye')).toEqual(['conj', 'eye']);
  });
  it('a describing word alone is no match when the text has a meaningful word ("bad knee")', () => {
    expect(all('bad knee')).toEqual(['knee']);
    expect(all('bad breath')).toEqual(['bad']);
  });
});

describe('a pathway for one sex, or a crisis pathway, is never a similar match by chance', () => {
  const library = [
    entry('plain', 'Lumpybumps skin'),
    entry('women', 'Lumpybumps', { sexAtBirth: 'female' }),
    entry('crisis', 'Lumpybumps thoughts', { crisis: true }),
  ];
  it('a typo of half a word lists only the ordinary pathway', () => {
    expect(lists(library, 'lumpzbu')).toEqual({ matches: [], similar: ['plain'] });
  });
  it('a typo of a whole word of theirs lists them', () => {
    expect([...lists(library, 'lumpybumsp').matches, ...lists(library, 'lumpybumsp').similar].sort()).toEqual(['crisis', 'plain', 'women']);
  });
  it('their own word lists them', () => {
    expect(lists(library, 'lumpybumps').matches.sort()).toEqual(['crisis', 'plain', 'women']);
  });
});

describe('over the real library', () => {
  const entries = markCrisisPathways(triageLibrary(DEMO_PATIENT_APP.triageMapping).entries);
  const search = new SymptomSearch(entries);
  const shown = (text: string, sexAtBirth?: string) => {
    const outcome = search.search(text, { sexAtBirth });
    return outcome.kind === 'results' ? [...outcome.matches, ...outcome.similar].map((m) => m.entry.guidelineId) : [];
  };
  it('marks the crisis pathway, and only it, from the emergency phrase list', () => {
    expect(entries.filter((e) => e.crisis).map((e) => e.guidelineId)).toEqual(['Triage.MentalHealthCrisis']);
  });
  it.each(['xyzzy blorp', 'qwertyuiop', 'blah blah blah', 'zzz'])('nonsense ("%s") lists nothing', (text) => {
    expect(shown(text)).toEqual([]);
  });
  it.each(['keeps hurting', 'it hurts', 'cut', 'thoughtful'])('"%s" never lists the crisis pathway by chance', (text) => {
    expect(shown(text)).not.toContain('Triage.MentalHealthCrisis');
  });
  it.each(['suicidal', 'want to die', 'self harm'])('"%s" still lists the crisis pathway', (text) => {
    expect(shown(text)).toContain('Triage.MentalHealthCrisis');
  });
  it.each([
    ['pregnat', 'female', 'Triage.PregnancyProblem'],
    ['menopausal', 'female', 'Triage.Menopause'],
  ])('"%s" (a typo or another ending of its word) still lists a pathway for one sex to that sex', (text, sex, id) => {
    expect(shown(text, sex)).toContain(id);
    expect(shown(text, sex === 'female' ? 'male' : 'female')).not.toContain(id);
  });
});
