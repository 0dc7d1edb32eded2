// A document's size and depth are bounded before it is parsed, and a link may not lead to another
// site by starting with // (or /\): each refused with the file and the JSON path.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSources } from '../../../../server/documents/check';
import { MAX_DOCUMENT_DEPTH, documentLimitProblem } from '../../../../server/documents/limits';

const root = path.resolve(import.meta.dirname, '../../../..');
const FILE = 'schemas/forms/CHILD_EMERGENCY_0_12_WEEKS.form.json';
const text = readFileSync(path.join(root, FILE), 'utf8');
const check = (t: string) =>
  checkSources([{ abs: path.join(root, 'practice/forms/CHILD_EMERGENCY_0_12_WEEKS.form.json'), shown: 'practice/forms/X.form.json', text: t }], root);

describe('document limits', () => {
  it('the form as it is passes', () => {
    expect(check(text)).toEqual([]);
  });

  it('a link starting // or /\\ is refused at its path; a path on this site is not', () => {
    for (const href of ['//evil.example/phish', '/\\evil.example']) {
      const problems = check(text.replace('"https://www.nhs.uk/baby/health/"', JSON.stringify(href)));
      expect(
        problems.some((p) => p.file === 'practice/forms/X.form.json' && p.path.endsWith('/href')),
        href,
      ).toBe(true);
    }
    expect(check(text.replace('"https://www.nhs.uk/baby/health/"', '"/help"'))).toEqual([]);
  });

  it('a document over 1 MB is refused before it is parsed', () => {
    const big = text.replace(/}\s*$/, `, "padding": "${'x'.repeat(1_100_000)}" }`);
    expect(check(big)).toEqual([expect.objectContaining({ file: 'practice/forms/X.form.json', path: '', message: expect.stringContaining('at most 1 MB') })]);
  });

  it('a 200,000-deep document is refused with the JSON path where it goes too deep, without overflowing the stack', () => {
    const deep = `{"id": "X", "schema": {"properties": {"a": ${'['.repeat(200_000)}${']'.repeat(200_000)}}}}`;
    const problems = check(deep);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toContain(`more than ${MAX_DOCUMENT_DEPTH} levels deep`);
    expect(problems[0]!.path.startsWith('/schema/properties/a/0/0/')).toBe(true);
    expect(documentLimitProblem('{"a": "[[[[{{{{", "b": [1, {"c": 2}]}')).toBeUndefined();
  });
});
