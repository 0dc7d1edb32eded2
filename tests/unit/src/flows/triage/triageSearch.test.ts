// The symptom search page builds its search once per version of the library
// (src/flows/triage/TriageSearchPage.tsx triageSearch): the server's render of the page reads the
// settings afresh for each patient, as new objects with the same content, and must not index
// every pathway again; a changed library or changed search settings get a search of their own.
import { describe, expect, it } from 'vitest';
import { triageSearch } from '../../../../../src/flows/triage/triageSearch';

const mapping = () => ({
  'Triage.SoreThroat': { label: 'Sore throat', symptoms: ['pain when swallowing', 'hoarse voice'] },
  'Triage.BackPain': { label: 'Back pain', symptoms: ['pain in the lower back'] },
  'Triage.Non_specific': { label: "Can't find what you're looking for?", symptoms: [] },
});

describe('the triage search, built once per library version', () => {
  it('is the same search for the same content read again as new objects', () => {
    const first = triageSearch(mapping(), { maximumNumberOfPathways: 5 });
    const again = triageSearch(JSON.parse(JSON.stringify(mapping())), { maximumNumberOfPathways: 5 });
    expect(again.engine).toBe(first.engine);
    expect(again.library).toBe(first.library);
    // And it searches: the page's answer comes from it.
    const outcome = first.engine.search('sore throat', {});
    expect(outcome.kind).toBe('results');
    if (outcome.kind === 'results') expect(outcome.matches.map((m) => m.entry.guidelineId)).toEqual(['Triage.SoreThroat']);
    expect(first.library.nonSpecific?.guidelineId).toBe('Triage.Non_specific');
  });

  it('is a new search when the library or the search settings change', () => {
    const first = triageSearch(mapping(), undefined);
    const changed = { ...mapping(), 'Triage.Earache': { label: 'Earache', symptoms: ['pain in the ear'] } };
    const other = triageSearch(changed, undefined);
    expect(other.engine).not.toBe(first.engine);
    const outcome = other.engine.search('earache', {});
    expect(outcome.kind === 'results' && outcome.matches.map((m) => m.entry.guidelineId)).toEqual(['Triage.Earache']);
    expect(triageSearch(mapping(), { maximumNumberOfPathways: 2 }).engine).not.toBe(first.engine);
    expect(triageSearch(mapping(), { maximumNumberOfPathways: 2 }).engine.settings.maximumNumberOfPathways).toBe(2);
  });
});
