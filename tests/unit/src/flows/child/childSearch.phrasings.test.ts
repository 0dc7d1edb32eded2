// The child menu's symptom search (src/flows/child/childSearch.ts) over the real child library, as
// the seed builds it from schemas/questionnaires (shared.childGuidelines), with the seed's search
// settings: parents' phrasings that must find their pathway in the top 3 (every JSON file of
// tests/fixtures/search-phrasings-child), the child pairs of tests/fixtures/search-must-not-show.json
// that must never be listed, and the child's sex at birth hiding a pathway for the other sex.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_PATIENT_APP } from '../../../../../server/seed';
import { pathwaySettings, readPathwayDocuments } from '../../../../../server/engine/settings';
import { CHILD_SOMETHING_ELSE_ID, childGuidelines, childSearch, type ChildGuideline } from '../../../../../src/flows/child/childSearch';
import { otherSexPrompt } from '../../../../../src/search/searchPrompts';

interface PhrasingFile {
  description?: string;
  minHitRate: number;
  phrasings: Array<{ text: string; expect: string }>;
}
const DIR = path.resolve(import.meta.dirname, '../../../../fixtures/search-phrasings-child');
const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => [f, JSON.parse(readFileSync(path.join(DIR, f), 'utf8')) as PhrasingFile] as const);

const options = childGuidelines(
  pathwaySettings(readPathwayDocuments(path.resolve(import.meta.dirname, '../../../../../schemas/questionnaires'))).childGuidelines,
);
const engine = childSearch(options, DEMO_PATIENT_APP.triageMappingSearch);
const known = new Set(options.map((o) => o.guidelineId));

/** What the child menu lists for a text, in order (main matches, then similar matches). */
function shown(text: string): string[] {
  const outcome = engine.search(text);
  return outcome.kind === 'results' ? [...outcome.matches, ...outcome.similar].map((m) => m.entry.guidelineId) : [];
}

describe('child search regression phrasings', () => {
  it("has at least 250 parents' phrasings, and at least 28 child pathways to find", () => {
    expect(files.reduce((n, [, f]) => n + f.phrasings.length, 0)).toBeGreaterThanOrEqual(250);
    expect([...known].filter((id) => id !== CHILD_SOMETHING_ELSE_ID).length).toBeGreaterThanOrEqual(28);
  });

  for (const [name, file] of files) {
    it(`${name}: every expected pathway exists, and at least ${Math.round(file.minHitRate * 100)}% find it in the top 3`, () => {
      expect(file.phrasings.filter((p) => !known.has(p.expect)).map((p) => p.expect)).toEqual([]);
      const misses = file.phrasings.filter((p) => !shown(p.text).slice(0, 3).includes(p.expect));
      const rate = (file.phrasings.length - misses.length) / file.phrasings.length;
      console.log(
        `${name}: ${file.phrasings.length - misses.length}/${file.phrasings.length} phrasings in the top 3 (${(rate * 100).toFixed(1)}%)` +
          misses.map((m) => `\n  miss: "${m.text}" -> ${m.expect}; shown ${JSON.stringify(shown(m.text).slice(0, 3))}`).join(''),
      );
      expect(rate).toBeGreaterThanOrEqual(file.minHitRate);
    });
  }

  // Each new pathway first for its own name, in parents' spelling.
  it.each([
    ['nits', 'Form.U16.HeadLice'],
    ['nappy rash', 'Form.U16.NappyRash'],
    ['chickenpocks', 'Form.U16.Chickenpox'],
    ['hand foot and mouth', 'Form.U16.HandFootMouth'],
    ['croup', 'Form.U16.Croup'],
    ['bronchiolitis', 'Form.U16.Bronchiolitis'],
    ['slapped cheek', 'Form.U16.SlappedCheek'],
    ['impetigo', 'Form.U16.Impetigo'],
    ['scarlet fever', 'Form.U16.ScarletFever'],
    ['cradle cap', 'Form.U16.CradleCap'],
    ['baby wont stop crying', 'Form.U16.CryingBaby'],
    ['wets the bed', 'Form.U16.Bedwetting'],
  ])('"%s" shows %s first', (text, id) => {
    expect(shown(text)[0], JSON.stringify(shown(text))).toBe(id);
  });
});

interface MustNotShow {
  text: string;
  mustNotShow: string;
  search?: 'child';
}
const pairs = (
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../../fixtures/search-must-not-show.json'), 'utf8')) as { pairs: MustNotShow[] }
).pairs.filter((p) => p.search === 'child');

describe('child searches that must not list a pathway', () => {
  it('has at least 50 child pairs, each naming a child pathway', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(50);
    expect(pairs.filter((p) => !known.has(p.mustNotShow)).map((p) => p.mustNotShow)).toEqual([]);
  });
  it.each(pairs.map((p) => [p.text, p.mustNotShow]))('"%s" never lists %s', (text, id) => {
    expect(shown(text)).not.toContain(id);
  });
  it.each(['xyzzy blorp', 'qwertyuiop', 'zzz zzz', 'blah blah blah'])('nonsense ("%s") lists nothing, not even a similar match', (text) => {
    expect(shown(text)).toEqual([]);
  });
});

describe("the child's sex at birth", () => {
  // No child pathway of the library is for one sex yet: a practice's own one is, as its settings entry says.
  const boys: ChildGuideline = {
    guidelineId: 'Form.U16.PracticeFores',
    kind: 'child',
    label: 'Foreskin problems (boys)',
    symptoms: ['foreskin', 'tight foreskin', 'sore willy'],
    sexAtBirth: 'male',
  };
  const listed = childGuidelines([...options, boys]);
  const search = childSearch(listed, DEMO_PATIENT_APP.triageMappingSearch);
  const ids = (text: string, sexAtBirth?: string) => {
    const outcome = search.search(text, { sexAtBirth });
    return outcome.kind === 'results' ? [...outcome.matches, ...outcome.similar].map((m) => m.entry.guidelineId) : [];
  };

  it('keeps the sex of a settings entry (and drops a value that is not one)', () => {
    expect(listed.find((o) => o.guidelineId === boys.guidelineId)?.sexAtBirth).toBe('male');
    expect(childGuidelines([{ ...boys, sexAtBirth: 'other' }])[0]).not.toHaveProperty('sexAtBirth');
  });
  it('offers it to a boy, and to a child whose sex is not known yet', () => {
    expect(ids('tight foreskin', 'male')).toContain(boys.guidelineId);
    expect(ids('tight foreskin')).toContain(boys.guidelineId);
  });
  it('never offers it to a girl, and says why when it was the only match', () => {
    expect(ids('foreskin', 'female')).toEqual([]);
    const outcome = search.search('foreskin', { sexAtBirth: 'female' });
    expect(outcome.kind === 'results' && outcome.otherSex?.map((m) => m.entry.label)).toEqual(['Foreskin problems (boys)']);
    expect(otherSexPrompt(['Foreskin problems (boys)'], 'female', 'children')).toBe(
      'Foreskin problems (boys) is only for children whose sex at birth is male, so it is not offered here. Please see any similar matches below or try a different search.',
    );
  });
  it('lists it for a typo of its words to a boy, never to a girl', () => {
    expect(ids('forskin', 'male')).toContain(boys.guidelineId);
    expect(ids('forskin', 'female')).not.toContain(boys.guidelineId);
  });
});
