// Two checks of `npm run schemas:check` (and so of the server's start, Reload and editor): a
// pathway's examples are walked by the engine and must end as they say; a `{name}` in a form's
// content must be a declared parameter (else patients would read "{fee}").
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkFiles } from '../../../server/documents/check';

const root = path.resolve(__dirname, '../../..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'gp-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('pathway examples are run by the checker', () => {
  const source = JSON.parse(readFileSync(path.join(root, 'schemas/questionnaires/Triage.Headache.json'), 'utf8')) as {
    examples: Array<{ name: string; expectTopReferral?: string; expectRecommendationIds?: string[] }>;
    outcomes: Array<{ id: string }>;
  };
  const file = path.join(dir, 'Triage.Headache.json');

  it('passes the library pathway as it is', () => {
    writeFileSync(file, JSON.stringify(source, null, 2));
    expect(checkFiles([file], root).problems).toEqual([]);
  });

  it('names an example whose top referral no longer holds, with its JSON path', () => {
    const doc = structuredClone(source);
    const i = doc.examples.findIndex((e) => e.expectTopReferral === 'ref-ae' || e.expectTopReferral === 'ref-emergency');
    doc.examples[i]!.expectTopReferral = 'ref-routine';
    writeFileSync(file, JSON.stringify(doc, null, 2));
    const problems = checkFiles([file], root).problems;
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      new RegExp(`Triage\\.Headache\\.json: /examples/${i}: the example ".+" expects the top referral ref-routine but the engine gives ref-`),
    );
  });

  it('names an example whose recommendations are not the ones listed', () => {
    const doc = structuredClone(source);
    const i = doc.examples.findIndex((e) => Array.isArray(e.expectRecommendationIds));
    expect(i).toBeGreaterThanOrEqual(0);
    // An outcome of the pathway, but not what this example reaches.
    const other = doc.outcomes.map((o) => o.id).find((id) => !doc.examples[i]!.expectRecommendationIds!.includes(id))!;
    doc.examples[i]!.expectRecommendationIds = [other];
    writeFileSync(file, JSON.stringify(doc, null, 2));
    expect(checkFiles([file], root).problems.join('\n')).toMatch(
      new RegExp(`/examples/${i}: the example ".+" expects the recommendations ${other} but the engine gives`),
    );
  });
});

describe('placeholders in the content of a form', () => {
  const form = JSON.parse(readFileSync(path.join(root, 'schemas/forms/OTHER_ENQUIRY.form.json'), 'utf8')) as {
    $schema?: string;
    pages: Array<{ content?: Array<Record<string, unknown>> }>;
    parameters?: Record<string, unknown>;
  };
  const file = path.join(dir, 'OTHER_ENQUIRY.form.json');
  delete form.$schema;

  it('refuses an undeclared {placeholder}, naming its path and the parameters there are', () => {
    const doc = structuredClone(form);
    doc.pages[0]!.content = [{ kind: 'inset', text: ['The fee is {fee}.'] }];
    writeFileSync(file, JSON.stringify(doc));
    expect(checkFiles([file], root).problems).toContainEqual(
      expect.stringMatching(/OTHER_ENQUIRY\.form\.json: \/pages\/0\/content\/0\/text\/0: "\{fee\}" is not a parameter of this form/),
    );
  });

  it('accepts it once declared', () => {
    const doc = structuredClone(form);
    doc.pages[0]!.content = [{ kind: 'inset', text: ['The fee is {fee}.'] }];
    doc.parameters = { ...(doc.parameters ?? {}), fee: { type: 'string', description: 'The fee.', default: '£10' } };
    writeFileSync(file, JSON.stringify(doc));
    expect(checkFiles([file], root).problems.filter((p) => p.includes('{fee}'))).toEqual([]);
  });
});
