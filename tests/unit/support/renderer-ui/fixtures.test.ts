import { describe, expect, it } from 'vitest';
import { checkDocument, compileDocument, WIDGETS } from '../../../../renderer/index';
import { loadFixtures } from './fixtures';

const fixtures = loadFixtures();

describe('fixture documents', () => {
  it.each(Object.keys(fixtures))('%s passes checkDocument', (name) => {
    expect(checkDocument(fixtures[name]!)).toEqual([]);
  });

  it('cover every widget at least once', () => {
    const used = new Set<string>();
    for (const doc of Object.values(fixtures)) {
      const compiled = compileDocument(doc);
      for (const f of compiled.fields) used.add(compiled.widgetOf(f));
    }
    // "list" is the renderer's own "add another" drawing (renderer/ui/Structure.tsx), not a widget of the registry.
    expect(used.delete('list')).toBe(true);
    expect([...used].sort()).toEqual([...WIDGETS].sort());
  });

  it('have unique ids', () => {
    const ids = Object.values(fixtures).map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
