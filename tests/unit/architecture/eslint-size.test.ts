// The repository's ESLint configuration keeps modules small: a file of src/, server/, renderer/ or
// common/ over 300 lines, or a function over 100, fails `npm run lint`; tests are not held to it.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../../..');
const eslint = new ESLint({ cwd: root });

/** A function of `lines` lines in all (its first and last line included). */
const functionOf = (lines: number) =>
  ['export function long(): number {', '  let n = 0;', ...Array.from({ length: lines - 4 }, () => '  n += 1;'), '  return n;', '}', ''].join('\n');
/** A file of `lines` lines of small exports. */
const fileOf = (lines: number) => Array.from({ length: lines }, (_, i) => `export const value${i} = ${i};`).join('\n') + '\n';

async function rulesBroken(text: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

describe('module size limits (eslint.config.js)', () => {
  it.each(['src/flows/example.ts', 'renderer/ui/example.tsx', 'common/example.ts'])('%s: a 101-line function fails, a 100-line one passes', async (file) => {
    expect(await rulesBroken(functionOf(101), file)).toContain('max-lines-per-function');
    expect(await rulesBroken(functionOf(100), file)).not.toContain('max-lines-per-function');
  });

  it('a 301-line file fails, a 300-line one passes', async () => {
    expect(await rulesBroken(fileOf(301), 'common/example.ts')).toContain('max-lines');
    expect(await rulesBroken(fileOf(300), 'common/example.ts')).not.toContain('max-lines');
  });

  it('tests are not held to it', async () => {
    expect(await rulesBroken(functionOf(150), 'tests/unit/example.test.ts')).not.toContain('max-lines-per-function');
  });
});
