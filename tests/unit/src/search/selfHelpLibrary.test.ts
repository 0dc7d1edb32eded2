import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { selfHelpEntries, selfHelpPathFor } from '../../../../src/search/selfHelpLibrary';
import { SymptomSearch } from '../../../../src/search/symptomSearch';

const dir = path.resolve(__dirname, '../../../../schemas/questionnaires');
/** The library as GET /Guideline lists it (the documents' metadata). */
const library = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Record<string, unknown>);

describe('the self-help search', () => {
  const entries = selfHelpEntries(library);
  const search = new SymptomSearch(entries);

  it('offers every library symptom that has self-help links, each with https NHS links', () => {
    expect(entries.length).toBeGreaterThan(10);
    for (const e of entries) {
      expect(e.links.length).toBeGreaterThan(0);
      for (const l of e.links) expect(l.url).toMatch(/^https:\/\/(www|111)\.nhs\.uk\//);
    }
  });

  it('finds a condition by a synonym and gives its links', () => {
    const outcome = search.search('physio');
    expect(outcome.kind).toBe('results');
    if (outcome.kind !== 'results') return;
    const labels = outcome.matches.map((m) => m.entry.label);
    expect(labels).toContain('Muscle, joint or back problem');
    const entry = entries.find((e) => e.label === 'Muscle, joint or back problem')!;
    expect(entry.links.map((l) => l.url)).toContain('https://www.nhs.uk/tests-and-treatments/physiotherapy/');
  });

  it('knows which pathways each condition comes from, for the page opened at one pathway (Get self-help)', () => {
    const physio = entries.filter((e) => e.pathways.includes('Eligibility.FirstContactPhysio'));
    expect(physio.map((e) => e.label)).toEqual(['Muscle, joint or back problem']);
    expect(selfHelpPathFor('Eligibility.FirstContactPhysio')).toBe('/self-help?guideline=Eligibility.FirstContactPhysio');
  });

  it('needs at least 3 characters', () => {
    expect(search.search('ba').kind).toBe('tooShort');
    expect(search.search('  ba ').kind).toBe('tooShort');
  });

  it('drops links that are not https and symptoms without links; merges a condition listed twice', () => {
    const list = selfHelpEntries([
      {
        symptoms: [
          {
            label: 'Rash',
            synonyms: ['spots'],
            selfHelp: {
              webLinks: [
                { label: 'A', url: 'https://www.nhs.uk/a' },
                { label: 'Bad', url: 'javascript:alert(1)' },
              ],
            },
          },
        ],
      },
      { symptoms: [{ label: 'rash', synonyms: ['hives'], selfHelp: { webLinks: [{ label: 'B', url: 'https://www.nhs.uk/b' }] } }, { label: 'No links' }] },
    ]);
    expect(list).toHaveLength(1);
    expect(list[0]!.links.map((l) => l.url)).toEqual(['https://www.nhs.uk/a', 'https://www.nhs.uk/b']);
    expect(list[0]!.symptoms).toEqual(['spots', 'hives']);
  });
});
