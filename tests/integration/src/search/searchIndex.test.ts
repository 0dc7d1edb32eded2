// The search's index (src/search/searchIndex.ts) and word look-ups (src/search/wordWeights.ts) over
// the real library: each look-up, made from postings, a sorted vocabulary and letter-count bounds
// so that a keystroke does not scan the library, gives exactly what scanning every pathway's words
// and phrases gives, for every keystroke of every phrasing (adult and child). Slow on purpose
// (brute force over the whole vocabulary), so each test has its own time limit.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_PATIENT_APP } from '../../../../server/seed';
import { markCrisisPathways } from '../../../../src/screening/phraseList';
import { SearchIndex } from '../../../../src/search/searchIndex';
import { searchSettings } from '../../../../src/search/searchTypes';
import { wordCloseness } from '../../../../src/search/similarity';
import { triageLibrary } from '../../../../src/search/triageMapping';
import { WordWeights } from '../../../../src/search/wordWeights';
import { asPhrase, isWordOrEnding, queryTokens, words } from '../../../../src/search/words';

const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures');
const texts = ['search-phrasings', 'search-phrasings-child'].flatMap((dir) =>
  readdirSync(path.join(FIXTURES, dir)).flatMap((f) =>
    (JSON.parse(readFileSync(path.join(FIXTURES, dir, f), 'utf8')) as { phrasings: Array<{ text: string }> }).phrasings.map((p) => p.text),
  ),
);
const settings = searchSettings(DEMO_PATIENT_APP.triageMappingSearch);
const index = new SearchIndex(markCrisisPathways(triageLibrary(DEMO_PATIENT_APP.triageMapping).entries));
const weights = () => new WordWeights(index, settings);
/** Every searched word of every phrasing, and each of its keystrokes from the third letter. */
const tokens = [
  ...new Set(texts.flatMap((t) => queryTokens(t)).flatMap((w) => [w.slice(0, 2), ...Array.from({ length: w.length - 2 }, (_, i) => w.slice(0, i + 3))])),
];
const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

describe('the search index gives what scanning the library gives', () => {
  it('has the phrasings to check with', () => {
    expect(texts.length).toBeGreaterThan(2000);
    expect(tokens.length).toBeGreaterThan(3000);
  });

  it('a word: each pathway holding it, or a longer word starting with it (whole words only when short), at its best field weight', { timeout: 90_000 }, () => {
    const look = weights();
    const boosts = { label: 1, symptoms: 0.6, suitableFor: 0.2 } as const;
    for (const token of tokens) {
      const shortIndexed = token.length < 4 && index.vocabulary.has(token);
      const expected = new Map<number, number>();
      index.fieldWords.forEach((fields, id) => {
        for (const field of ['label', 'symptoms', 'suitableFor'] as const) {
          const hit = fields[field].some((w) => (token.length < 3 ? w === token : shortIndexed ? isWordOrEnding(token, w) : w.startsWith(token)));
          if (hit) expected.set(id, Math.max(expected.get(id) ?? 0, boosts[field]));
        }
      });
      const got = look.main(token);
      expect(sorted(got.keys()), token).toEqual(sorted(expected.keys()));
      for (const [id, w] of expected) expect(got.get(id), `${token} ${id}`).toBeCloseTo(w, 10);
    }
  });

  it('similar-match weights: the letter-count bound and the stem look-up drop no word the edit distance would keep', { timeout: 120_000 }, () => {
    const look = weights();
    for (const token of tokens.filter((t) => t.length >= 3)) {
      const expected = new Map<number, number>();
      const indexed = index.vocabulary.has(token);
      for (const [word, byEntry] of index.vocabulary) {
        const sim = wordCloseness(token, word, indexed, settings.fuzzyMinThreshold);
        if (sim === 0) continue;
        for (const [id, w] of byEntry) expected.set(id, Math.max(expected.get(id) ?? 0, sim * w));
      }
      const got = look.fuzzy(token);
      expect(sorted(got.keys()), token).toEqual(sorted(expected.keys()));
      for (const [id, w] of expected) expect(got.get(id), `${token} ${id}`).toBeCloseTo(w, 10);
    }
  });

  it('close words: each pathway with a label or symptom word the searched word is a typo, start or other ending of', { timeout: 120_000 }, () => {
    const look = weights();
    for (const token of tokens) {
      const expected = index.fieldWords.flatMap((fields, id) =>
        [...fields.label, ...fields.symptoms].some((w) => wordCloseness(token, w, false) > 0) ? [id] : [],
      );
      expect(sorted(look.close(token)), token).toEqual(expected);
    }
  });

  it('phrases: the pathways whose label or a symptom holds the words in order, from word-pair postings', { timeout: 90_000 }, () => {
    const look = weights();
    const phrases = new Set<string>();
    for (const text of texts) {
      const all = words(text);
      phrases.add(asPhrase(all));
      for (let i = 0; i + 1 < all.length; i++) phrases.add(asPhrase(all.slice(i, i + 2))).add(asPhrase(all.slice(i, i + 3)));
      for (const w of all) phrases.add(asPhrase([w]));
    }
    const own = index.entries.map((entry) => [entry.label, ...(entry.symptoms ?? [])].map((t) => asPhrase(words(t))));
    let held = 0;
    for (const phrase of phrases) {
      const expected = own.flatMap((list, id) => (phrase.trim() !== '' && list.some((p) => p.includes(phrase)) ? [id] : []));
      if (expected.length > 0) held++;
      expect(sorted(look.holding(phrase)), phrase).toEqual(expected);
    }
    // Not a vacuous check: many of the phrasings' phrases are held by some pathway.
    expect(held).toBeGreaterThan(500);
  });
});
