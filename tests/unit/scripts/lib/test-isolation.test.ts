// The unit tests run in three projects told apart by what each file says (vitest.config.ts): a
// file that changes something the next file in its worker would see must keep a module graph and
// window of its own. These check that such a file is caught, and that every test lands in one
// project exactly.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testFiles, testsIn, unitProject } from '../../../../scripts/lib/test-isolation.mjs';

const root = path.resolve(import.meta.dirname, '../../../..');

describe('which unit project a test file runs in', () => {
  it('isolates a file that stubs modules, globals, the environment or timers, or spies', () => {
    for (const line of [
      "vi.mock('../../src/api/client');",
      "vi.doMock('node:fs', () => ({}));",
      "vi.stubGlobal('fetch', fake);",
      "vi.stubEnv('STORE', 'postgres');",
      'vi.useFakeTimers();',
      "vi.spyOn(console, 'error');",
      'vi.resetModules();',
      "process.env.PRACTICE_NAME = 'x';",
    ]) {
      expect(unitProject(`// @vitest-environment jsdom\n${line}`), line).toBe('isolated');
      expect(unitProject(line), line).toBe('isolated');
    }
  });

  it('isolates a file that writes or deletes a global by hand', () => {
    expect(unitProject('(globalThis as { sessionStorage?: unknown }).sessionStorage = fake;')).toBe('isolated');
    expect(unitProject('delete (globalThis as { sessionStorage?: unknown }).sessionStorage;')).toBe('isolated');
    expect(unitProject('window.scrollTo = () => {};')).toBe('isolated');
    expect(unitProject('delete window.onbeforeunload;')).toBe('isolated');
  });

  it('shares the window between jsdom files that stub nothing, and the module graph between Node files', () => {
    expect(unitProject("// @vitest-environment jsdom\nrender(<Modal />);\nexpect(window.location.pathname).toBe('/');")).toBe('dom');
    expect(unitProject("import { describe } from 'vitest';\nconst fn = vi.fn();\nexpect(globalThis.fetch).toBeDefined();")).toBe('node');
  });

  it('puts every unit test in exactly one project', () => {
    const all = testFiles(path.join(root, 'tests/unit')).map((file) => path.relative(root, file));
    const projects = (['isolated', 'dom', 'node'] as const).map((project) => testsIn(root, 'tests/unit', project));
    expect(all.length).toBeGreaterThan(100);
    expect(projects.flat().sort()).toEqual([...all].sort());
    // This file says vi.mock( in its examples, so it is itself isolated.
    expect(projects[0]).toContain('tests/unit/scripts/lib/test-isolation.test.ts');
  });

  it('keeps a file named as isolated there whatever it says', () => {
    const named = 'tests/unit/architecture/test-layout.test.ts';
    expect(testsIn(root, 'tests/unit', 'node')).toContain(named);
    expect(testsIn(root, 'tests/unit', 'node', [named])).not.toContain(named);
    expect(testsIn(root, 'tests/unit', 'isolated', [named])).toContain(named);
  });
});
