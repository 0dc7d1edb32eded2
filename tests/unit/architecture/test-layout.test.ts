// Tests mirror the source tree (tests/README.md, docs/architecture.md "Tests"): a unit or
// integration test sits at the path of the module it mainly tests, so a reader finds a module's
// tests by its path and a test's subject by its own. What no one module owns sits in a named
// folder. A unit test never spawns a process: those are integration tests.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/** Where source modules live, from the repository root. */
const SOURCE_ROOTS = ['src', 'server', 'renderer', 'common', 'scripts', 'bench'];
/** The named folders of each project, for what no one module owns. */
const NAMED: Record<string, string[]> = {
  unit: ['architecture', 'documents', 'support'],
  integration: ['scale', 'support'],
};
const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.mjs', '.js'];

/**
 * The problems with one file's place, `file` relative to the repository root
 * (`tests/<project>/…`); `exists` answers for a path relative to the root.
 */
function layoutProblems(file: string, exists: (p: string) => boolean): string[] {
  const [, project = '', ...rest] = file.split('/');
  const named = NAMED[project];
  const top = rest[0];
  if (!named || top === undefined) return [`${file}: not in tests/unit or tests/integration`];
  const isTest = /\.test\.tsx?$/.test(file);
  if (named.includes(top)) return [];
  if (!isTest) return [`${file}: a helper or fixture goes in tests/${project}/support/`];
  if (!SOURCE_ROOTS.includes(top)) {
    return [`${file}: tests/${project}/${top}/ mirrors no source folder (${SOURCE_ROOTS.join(', ')}) and is not one of ${named.join(', ')}`];
  }
  // Foo.test.tsx and Foo.<aspect>.test.tsx both test Foo: the module is the name up to the first dot.
  const module = [...rest.slice(0, -1), rest.at(-1)!.split('.')[0]].join('/');
  if (SOURCE_EXTENSIONS.some((ext) => exists(module + ext))) return [];
  return [`${file}: no source module ${module}.{ts,tsx,mts,mjs,js}`];
}

function walk(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(`${dir}/${entry.name}`) : [`${dir}/${entry.name}`],
  );
}

const onDisk = (p: string) => existsSync(path.join(root, p));
const files = [...walk('tests/unit'), ...walk('tests/integration')];

describe('tests mirror the source tree', () => {
  it('every unit and integration test sits at the path of a source module or in a named folder', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((f) => layoutProblems(f, onDisk))).toEqual([]);
  });

  it('refuses a test named for no module, in an unnamed folder, or a helper outside support/', () => {
    expect(layoutProblems('tests/unit/renderer/ui/SchemaForm.test.tsx', onDisk)).toEqual([]);
    expect(layoutProblems('tests/unit/renderer/ui/SchemaForm.long-page.test.tsx', onDisk)).toEqual([]);
    expect(layoutProblems('tests/integration/server/routes/requests.test.ts', onDisk)).toEqual([]);
    expect(layoutProblems('tests/unit/renderer/core/index.properties.test.ts', onDisk)).toEqual([]);
    expect(layoutProblems('tests/unit/architecture/anything.test.ts', onDisk)).toEqual([]);
    expect(layoutProblems('tests/unit/renderer/ui/NoSuchModule.test.tsx', onDisk)).toEqual([
      'tests/unit/renderer/ui/NoSuchModule.test.tsx: no source module renderer/ui/NoSuchModule.{ts,tsx,mts,mjs,js}',
    ]);
    expect(layoutProblems('tests/unit/app/gating.test.ts', onDisk)[0]).toMatch(/tests\/unit\/app\/ mirrors no source folder/);
    // documents/ is a named folder of the unit project only
    expect(layoutProblems('tests/integration/documents/x.test.ts', onDisk)[0]).toMatch(/mirrors no source folder/);
    expect(layoutProblems('tests/unit/src/flows/helpers.ts', onDisk)).toEqual([
      'tests/unit/src/flows/helpers.ts: a helper or fixture goes in tests/unit/support/',
    ]);
    expect(layoutProblems('tests/e2e/home.e2e.test.ts', onDisk)[0]).toMatch(/not in tests\/unit or tests\/integration/);
  });

  it('no unit test spawns a process (one that does is an integration test)', () => {
    const spawning = files
      .filter((f) => f.startsWith('tests/unit/') && /\.tsx?$/.test(f))
      .filter((f) => /from ['"](node:)?child_process['"]/.test(readFileSync(path.join(root, f), 'utf8')));
    expect(spawning).toEqual([]);
  });
});
