// Which Vitest project a unit test file runs in, found from what the file says so that a new test
// is put right without anyone editing vitest.config.ts. Isolation (a module graph and environment
// of its own per file) is kept for the files that change something another file would see; the
// rest share one module graph, and in jsdom one window, per worker, because importing React, the
// renderer and the documents and building a jsdom window once per file was most of the time.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Stubs globals, the environment, timers or modules, sets `process.env`, or writes or deletes a
 * global by hand (`(globalThis as …).sessionStorage = fake`, `delete window.x`): needs its own
 * module graph and window, or the next file in the worker would see what it changed.
 */
const STUBS =
  /vi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers|spyOn|resetModules)\(|process\.env\.\w+ =|\(?\b(globalThis|window)\b( as [^)]*\))?\.\w+ = |\bdelete \(?(globalThis|window)\b/;
/** Runs in a DOM. */
const JSDOM = /@vitest-environment jsdom/;

/**
 * `isolated`: a file that stubs (its own module graph and window); `dom`: a jsdom file that does
 * not (one window per worker, emptied between files by tests/unit/support/domBetweenFiles.ts);
 * `node`: the rest (one module graph per worker).
 */
export function unitProject(source) {
  if (STUBS.test(source)) return 'isolated';
  return JSDOM.test(source) ? 'dom' : 'node';
}

/** Every `*.test.ts(x)` under `dir`, as absolute paths. */
export function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(file);
    return /\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/**
 * The tests under `root`/`folder` (e.g. `tests/unit`) that run in `project`, relative to `root`
 * (Vitest's `include`); `isolate` names files kept isolated whatever they say.
 */
export function testsIn(root, folder, project, isolate = []) {
  return testFiles(path.join(root, folder))
    .map((file) => path.relative(root, file))
    .filter((file) => (isolate.includes(file) ? 'isolated' : unitProject(readFileSync(path.join(root, file), 'utf8'))) === project);
}
