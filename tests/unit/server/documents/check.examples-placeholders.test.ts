// Two checks of `npm run schemas:check` (and so of the server's start, Reload and editor): a
// pathway's examples are walked by the engine and must end as they say; a `{name}` in a form's
// content must be a declared parameter (else patients would read "{fee}").
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkFiles } from '../../../../server/documents/check';

const root = path.resolve(__dirname, '../../../..');
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

describe("a library pathway's examples cover its red flags and tiers", () => {
  type Doc = {
    examples: Array<{ name: string; answers?: Record<string, unknown>; expectTopReferral?: string; expectRecommendationIds?: string[] }>;
    outcomes: Array<{ id: string; recommendation?: { tier?: string } }>;
  };
  const source = JSON.parse(readFileSync(path.join(root, 'schemas/questionnaires/Triage.Headache.json'), 'utf8')) as Doc;
  const file = path.join(dir, 'Triage.Headache.json');
  const tierOf = (doc: Doc, id: string) => doc.outcomes.find((o) => o.id === id)?.recommendation?.tier;

  it('refuses a pathway when the only example reaching a red flag is removed, naming the outcome', () => {
    writeFileSync(file, JSON.stringify(source, null, 2));
    expect(checkFiles([file], root).problems).toEqual([]);
    const doc = structuredClone(source);
    // Giant cell arteritis with loss of vision (AE_NOW) is raised by one example only.
    const flag = doc.outcomes.findIndex((o) => o.id === 'urgent-gca-vision');
    expect(tierOf(doc, 'urgent-gca-vision')).toBe('AE_NOW');
    doc.examples = doc.examples.filter((e) => e.name !== 'GCA with vision loss');
    writeFileSync(file, JSON.stringify(doc, null, 2));
    const problems = checkFiles([file], root).problems;
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      new RegExp(
        `Triage\\.Headache\\.json: /outcomes/${flag}: no example reaches the red flag "urgent-gca-vision" \\(AE_NOW\\): add an example whose answers raise it$`,
      ),
    );
  });

  it('refuses a pathway with no examples at all', () => {
    const doc = structuredClone(source);
    doc.examples = [];
    writeFileSync(file, JSON.stringify(doc, null, 2));
    expect(checkFiles([file], root).problems.join('\n')).toMatch(
      /Triage\.Headache\.json: \/examples: a triage or child pathway has examples: one for every red flag and every tier its outcomes name/,
    );
  });

  it('names a tier no example ends on', () => {
    const doc = structuredClone(source);
    // The two examples ending on a ROUTINE outcome (medication overuse, a routine headache).
    doc.examples = doc.examples.filter((e) => e.expectTopReferral !== 'ref-5-days' && e.expectTopReferral !== 'ref-routine');
    writeFileSync(file, JSON.stringify(doc, null, 2));
    expect(checkFiles([file], root).problems.join('\n')).toMatch(
      /: no example ends on the tier ROUTINE: add an example whose top recommendation is "medication-overuse"/,
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
