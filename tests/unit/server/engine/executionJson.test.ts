// executionJson keeps the text of each section's form document and requiredData items once per
// loaded pathway: what it writes must stay exactly JSON.stringify of the execution (same keys, same
// order, keys without a value left out), for every section of every pathway served, in every state,
// on the first call and on the calls answered from the kept text, and for a pathway loaded again.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { executionJson } from '../../../../server/engine/executionJson';
import { executionView } from '../../../../server/engine/executionView';
import type { ExecutionRecord } from '../../../../server/engine/executionRows';
import { loadPathway, PathwayLibrary, type LoadedPathway } from '../../../../server/engine/library';
import type { Pathway } from '../../../../server/engine/pathway';

const library = new PathwayLibrary([path.resolve(import.meta.dirname, '../../../../schemas/questionnaires')]);

function record(p: LoadedPathway, status: ExecutionRecord['status'], shown: number): ExecutionRecord {
  const path = p.sections.slice(0, shown).map((s) => s.section.id);
  return {
    id: 'b7d3c1f0-0000-4000-8000-000000000001',
    guidelineId: p.doc.guidelineId,
    status,
    state: {
      version: p.doc.version,
      params: { patientAge: 30, sexAtBirth: 'female' },
      customData: [{ key: 'channel', type: 'STRING', value: 'web "quoted" \u2028' }],
      answers: Object.fromEntries(path.map((id) => [id, {}])),
      path,
      recommendations: [],
    },
  };
}

describe('executionJson', () => {
  it('writes what JSON.stringify writes, for every section of every pathway, again from the kept text', () => {
    const pathways = library.all();
    expect(pathways.length).toBeGreaterThan(10);
    let sections = 0;
    for (const p of pathways) {
      for (let shown = 1; shown <= p.sections.length; shown++) {
        const view = executionView(p, record(p, 'IN_PROGRESS', shown));
        expect(view.section?.document).toBe(p.sections[shown - 1]!.document);
        expect(executionJson(view), `${p.doc.guidelineId} section ${shown}`).toBe(JSON.stringify(view));
        expect(executionJson(view)).toBe(JSON.stringify(view));
        sections++;
      }
    }
    expect(sections).toBeGreaterThan(100);
  });

  it('writes an ended execution (no section, no items, feedback) and leaves out keys without a value, as JSON.stringify does', () => {
    const p = library.get('Triage.SoreThroat')!;
    const done = record(p, 'FINISHED', 2);
    done.state.feedback = { acceptedRecommendationIds: [] };
    const view = executionView(p, done);
    expect(view.section).toBeNull();
    expect(executionJson(view)).toBe(JSON.stringify(view));
    const sparse = { ...executionView(p, record(p, 'IN_PROGRESS', 1)), feedback: undefined };
    expect(executionJson(sparse)).toBe(JSON.stringify(sparse));
    expect(executionJson(sparse)).not.toContain('feedback');
  });

  it('draws a pathway loaded again (a published version) from its own objects, not the text kept for the old ones', () => {
    const p = library.get('Triage.SoreThroat')!;
    const before = executionView(p, record(p, 'IN_PROGRESS', 2));
    expect(executionJson(before)).toBe(JSON.stringify(before));
    const source = structuredClone(p.doc) as unknown as Pathway;
    const changed = source.sections[1]!;
    if (!('document' in changed)) throw new Error('the second section is a shared one');
    changed.document.title = `${changed.document.title} (new wording)`;
    const reloaded = loadPathway(source);
    const after = executionView(reloaded, record(reloaded, 'IN_PROGRESS', 2));
    expect(executionJson(after)).toBe(JSON.stringify(after));
    expect(executionJson(after)).toContain('(new wording)');
    expect(executionJson(before)).not.toContain('(new wording)');
  });
});
