// The lint rule that keeps tracker numbers out of comments: it flags them (the cases below) in
// line, block and JSX comments, and leaves the same words alone in strings and in comments that
// give a reason without a number.
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import comments from '../../../scripts/eslint-comments.mjs';

function problems(code: string): string[] {
  const linter = new Linter({ configType: 'flat' });
  const messages = linter.verify(code, [
    {
      plugins: { comments },
      languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
      rules: { 'comments/no-tracker-references': 'error' },
    },
  ]);
  return messages.map((m) => m.message);
}

describe('comments/no-tracker-references', () => {
  it.each([
    ['// The booking list (issue 27).', 'issue 27'],
    ['/* Issue #43: the way out */', 'Issue #43'],
    ['/** as the spec row 13 says */', 'spec row 13'],
    ['// fixed in #123', '#123'],
    ['// see issues 26 and 27', 'issues 26'],
  ])('flags %s', (code, found) => {
    const found_ = problems(code);
    expect(found_).toHaveLength(1);
    expect(found_[0]).toContain(`"${found}"`);
  });

  it('flags a reference in a JSX comment', () => {
    expect(problems('const a = <div>{/* the heading (issue 30) */}</div>;')).toHaveLength(1);
  });

  it("flags a tracker number in a test's name, wherever the name is written", () => {
    expect(problems("it('keeps the answers (issue 27)', () => {});")).toEqual([
      'Test name cites a tracker number ("issue 27"): say what is tested instead (tracker numbers go in commit messages and docs/).',
    ]);
    expect(problems('describe.skip(`spec row 13: the own words`, () => {});')).toHaveLength(1);
    expect(problems("it.each([[1]])('case %s (see #123)', () => {});")).toHaveLength(1);
    // The table of it.each is not a name: only the call that takes the name is checked.
    expect(problems("it.each([['issue 27']])('flags %s', () => {});")).toEqual([]);
    expect(problems("test('a name with a reason, no number', () => {});")).toEqual([]);
  });

  it('leaves strings and reasons alone', () => {
    expect(problems("const title = 'issue 15: page changes'; // the patient is never left stuck")).toEqual([]);
    expect(problems('// an issue with the page: the reason, no number. Row 5 of the table, point 3.')).toEqual([]);
  });
});
