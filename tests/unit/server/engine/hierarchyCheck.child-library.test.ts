// The library rules hold for child pathways too (server/engine/hierarchy.ts): an NHS page, at
// least 8 synonyms in parents' words, and a synonym belongs to one child pathway (the child
// search's own index), while a child and an adult pathway may share one (two searches).
import { describe, expect, it } from 'vitest';
import { checkSynonyms } from '../../../../server/engine/hierarchy';
import { checkHierarchy } from '../../../../server/engine/hierarchyCheck';

const doc = (guidelineId: string, kind: 'triage' | 'child', synonyms: string[], extra: Record<string, unknown> = {}) => ({
  guidelineId,
  kind,
  symptoms: [{ label: guidelineId, synonyms }],
  sections: kind === 'triage' ? [{ use: 'LifeThreatening' }] : [],
  outcomes: [],
  nhsUrl: 'https://www.nhs.uk/conditions/head-lice-and-nits/',
  ...extra,
});
const EIGHT = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8'];

describe('library rules for child pathways', () => {
  const options = { shared: new Map([['LifeThreatening', { id: 'LifeThreatening', sections: [], outcomes: [] }]]) } as unknown as Parameters<
    typeof checkHierarchy
  >[1];
  it('asks a child pathway for its NHS page and 8 synonyms', () => {
    const problems = checkHierarchy(doc('Form.U16.X', 'child', ['nits'], { nhsUrl: undefined }), options).map((p) => p.path);
    expect(problems).toEqual(expect.arrayContaining(['/nhsUrl', '/symptoms']));
    expect(checkHierarchy(doc('Form.U16.X', 'child', EIGHT), options).filter((p) => ['/nhsUrl', '/symptoms'].includes(p.path))).toEqual([]);
  });
  it('a synonym belongs to one child pathway; a child and an adult pathway may both list it', () => {
    const problems = checkSynonyms([
      { file: 'a.json', doc: doc('Form.U16.HeadLice', 'child', ['nits', 'lice']) },
      { file: 'b.json', doc: doc('Form.U16.SkinProblems', 'child', ['Nits ']) },
      { file: 'c.json', doc: doc('Triage.HeadLice', 'triage', ['nits', 'lice']) },
    ]);
    expect([...problems.keys()].sort()).toEqual(['a.json', 'b.json']);
    expect(problems.get('b.json')![0]!.message).toBe(
      '"nits" is also a synonym of Form.U16.HeadLice: a synonym belongs to one pathway, unless both list it in sharedSynonyms',
    );
  });
});
