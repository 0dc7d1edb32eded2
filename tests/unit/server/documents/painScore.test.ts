// A pain score is one question everywhere: the 0 to 10 scale widget, the same end labels and the
// same way of asking. The checker (schemas:check, start, Reload, a configurer's draft) refuses a
// pain score drawn another way; every pathway of the library asks it that one way.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { allFiles, checkFiles } from '../../../../server/documents/check';
import { PAIN_SCORE_ENDS, PAIN_SCORE_WIDGET, isPainScore, painScoreProblems } from '../../../../server/documents/painScore';

const root = path.resolve(__dirname, '../../../..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'gp-pain-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Section {
  id: string;
  document: { schema: { properties: Record<string, Record<string, unknown>> }; uiSchema?: Record<string, Record<string, unknown>> };
}
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as { sections: Array<Section | { use: string }> };

/** Every pain score of the library: file, section, field, its schema and its ui. */
function libraryPainScores() {
  const found: Array<{ file: string; field: string; title: unknown; ui: Record<string, unknown> | undefined }> = [];
  for (const file of allFiles(root).filter((f) => f.includes(`${path.sep}questionnaires${path.sep}`))) {
    const doc = read(file);
    for (const s of doc.sections ?? []) {
      if (!('document' in s)) continue;
      for (const [field, schema] of Object.entries(s.document.schema.properties)) {
        const ui = s.document.uiSchema?.[field];
        if (isPainScore(schema, ui)) found.push({ file: path.basename(file), field, title: schema.title, ui });
      }
    }
  }
  return found;
}

describe('one pain score', () => {
  it('every pain score of the library is the 0 to 10 scale with the same ends and words', () => {
    const scores = libraryPainScores();
    // Back pain, stomach pain and first contact physiotherapy ask one each (stomach pain's was a number box).
    expect(scores.map((s) => `${s.file}#${s.field}`).sort()).toEqual([
      'Eligibility.FirstContactPhysio.json#fcpScore',
      'Triage.BackPain.json#backScore',
      'Triage.StomachPain.json#tummyScore',
    ]);
    for (const s of scores) {
      expect(s.ui, s.file).toEqual({ 'ui:widget': PAIN_SCORE_WIDGET, 'ui:options': { ...PAIN_SCORE_ENDS } });
      expect(s.title, s.file).toMatch(/^How bad is the pain (at its worst|on an average day), from 0 \(no pain\) to 10 \(the worst pain you can imagine\)\?$/);
    }
  });

  const file = path.join(dir, 'Triage.StomachPain.json');
  const source = readFileSync(path.join(root, 'schemas/questionnaires/Triage.StomachPain.json'), 'utf8');
  const withScore = (change: (s: Section) => void) => {
    const doc = JSON.parse(source) as { sections: Array<Section | { use: string }> };
    const section = doc.sections.find((s): s is Section => 'document' in s && 'tummyScore' in s.document.schema.properties)!;
    change(section);
    writeFileSync(file, JSON.stringify(doc, null, 2));
    return doc.sections.indexOf(section);
  };

  it('the checker passes the pathway as it is', () => {
    withScore(() => undefined);
    expect(checkFiles([file], root).problems).toEqual([]);
  });

  it('refuses a pain score drawn as a number box, naming the field and the widget to use', () => {
    const i = withScore((s) => {
      s.document.uiSchema!.tummyScore = { 'ui:widget': 'number', 'ui:options': { unit: 'out of 10', width: 4, inputmode: 'numeric' } };
    });
    const problems = checkFiles([file], root).problems;
    expect(problems.some((p) => p.includes(`/sections/${i}/document/uiSchema/tummyScore/ui:widget`) && p.includes('"scale-0-10"'))).toBe(true);
    expect(problems.some((p) => p.includes(`/sections/${i}/document/uiSchema/tummyScore/ui:options`) && p.includes('"No pain"'))).toBe(true);
  });

  it('refuses a pain score with no widget named (the renderer would draw a number box)', () => {
    withScore((s) => {
      delete s.document.uiSchema!.tummyScore;
    });
    expect(checkFiles([file], root).problems.some((p) => p.includes('tummyScore/ui:widget'))).toBe(true);
  });

  it('refuses other end labels and other words for the question', () => {
    withScore((s) => {
      s.document.uiSchema!.tummyScore = { 'ui:widget': 'scale-0-10', 'ui:options': { minLabel: 'None', maxLabel: 'Agony' } };
      s.document.schema.properties.tummyScore!.title = 'Rate your pain out of 10';
    });
    const problems = checkFiles([file], root).problems;
    expect(problems.some((p) => p.includes('tummyScore/ui:options'))).toBe(true);
    expect(problems.some((p) => p.includes('tummyScore/title') && p.includes('How bad is the pain at its worst'))).toBe(true);
  });

  it('finds pain scores by what they ask, not by their names, and leaves other numbers alone', () => {
    expect(isPainScore({ type: 'integer', title: 'How bad is your ear pain, 0 to 10?', minimum: 0, maximum: 10 }, undefined)).toBe(true);
    expect(isPainScore({ type: 'number', title: 'Score your knee pain out of 10' }, undefined)).toBe(true);
    expect(isPainScore({ type: 'integer', title: 'How many days has your child had ear pain?', minimum: 0, maximum: 60 }, undefined)).toBe(false);
    expect(isPainScore({ type: 'integer', title: 'How many times have you been sick today?', minimum: 0, maximum: 10 }, undefined)).toBe(false);
    // A form, not only a pathway.
    const form = {
      schema: { properties: { hurt: { type: 'integer', title: 'How much pain are you in (0 to 10)?', minimum: 0, maximum: 10 } } },
      uiSchema: { hurt: { 'ui:widget': 'number' } },
    };
    expect(painScoreProblems(form).map((p) => p.path)).toEqual(['/schema/properties/hurt/title', '/uiSchema/hurt/ui:widget', '/uiSchema/hurt/ui:options']);
  });
});
