// scripts/check-floors.mjs on small made-up trees: which arrows and cycles it refuses.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM script, no type declarations
import { checkFloors, zoneOf } from '../../../scripts/check-floors.mjs';

const check = checkFloors as (root: string) => string[];
const zone = zoneOf as (relPath: string) => { zone: string } | undefined;
let dir: string | undefined;

function tree(files: Record<string, string>): string {
  dir = mkdtempSync(path.join(os.tmpdir(), 'gp-floors-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

// A tree whose arrows all run down: routes → services → server modules → store → common → generated → renderer/core.
const CLEAN = {
  'renderer/core/types.ts': 'export type FormDocument = { id: string };\n',
  'renderer/core/index.ts': "export * from './types';\n",
  'renderer/ui/Form.tsx': "import type { FormDocument } from '../core/index';\nexport const Form = (d: FormDocument) => d.id;\n",
  'generated/forms/A.ts': "import type { FormDocument } from '../../renderer/core/types';\nexport const A: FormDocument = { id: 'a' };\n",
  'common/tiers.ts': "import { A } from '../generated/forms/A';\nexport const tier = A.id;\n",
  'server/store/index.ts': "import { tier } from '../../common/tiers';\nexport const store = tier;\n",
  'server/errors.ts': "import { store } from './store/index.js';\nexport const fail = store;\n",
  'server/services/paging.ts': "import { fail } from '../errors.js';\nexport const page = fail;\n",
  'server/routes/requests.ts': "import { page } from '../services/paging.js';\nexport const route = page;\n",
  'server/app.ts': "import { route } from './routes/requests.js';\nexport const app = route;\n",
  'src/main.tsx': "import { Form } from '../renderer/ui/Form';\nimport { tier } from '../common/tiers';\nexport const main = [Form, tier];\n",
  'scripts/tool.mjs': "import { app } from '../server/app.js';\nexport const tool = app;\n",
  'tests/unit/a.test.ts': "import { main } from '../../src/main';\nimport { tool } from '../../scripts/tool.mjs';\nexport const t = [main, tool];\n",
};

describe('check-floors', () => {
  it('passes a tree whose imports all run down a floor', () => {
    expect(check(tree(CLEAN))).toEqual([]);
  });

  it('places files on their floors: the longest folder wins, server/app.ts is its own floor', () => {
    expect(zone('server/store/sqlite.ts')?.zone).toBe('server/store');
    expect(zone('server/storedRequests.ts')?.zone).toBe('server');
    expect(zone('server/app.ts')?.zone).toBe('server/app');
    expect(zone('renderer/core/index.ts')?.zone).toBe('renderer/core');
    expect(zone('renderer/index.ts')?.zone).toBe('renderer');
    expect(zone('vite.config.ts')).toBeUndefined();
  });

  it('refuses an arrow back up a floor, naming the file, the line and the import', () => {
    const problems = check(tree({ ...CLEAN, 'server/store/index.ts': "import { fail } from '../errors.js';\nexport const store = fail;\n" }));
    expect(problems).toContain('server/store/index.ts:1: server/store must not import server ("../errors.js")');
  });

  it('refuses a type-only back-arrow too', () => {
    const problems = check(tree({ ...CLEAN, 'server/services/paging.ts': "import type { route } from '../routes/requests.js';\nexport const page = 1;\n" }));
    expect(problems).toContain('server/services/paging.ts:1: server/services must not import server/routes ("../routes/requests.js", type-only)');
  });

  it.each([
    ['src/x.ts', "import { app } from '../server/app.js';", 'src/x.ts:1: src must not import server/app'],
    ['server/x.ts', "import { main } from '../src/main';", 'server/x.ts:1: server must not import src'],
    ['server/x.ts', "export { tool } from '../scripts/tool.mjs';", 'server/x.ts:1: server must not import scripts'],
    ['server/x.ts', "const m = () => import('../scripts/tool.mjs');", 'server/x.ts:1: server must not import scripts'],
    ['common/x.ts', "import { Form } from '../renderer/ui/Form';", 'common/x.ts:1: common must not import renderer'],
    ['renderer/core/x.ts', "import { tier } from '../../common/tiers';", 'renderer/core/x.ts:1: renderer/core must not import common'],
    ['renderer/ui/x.ts', "import { A } from '../../generated/forms/A';", 'renderer/ui/x.ts:1: renderer must not import generated'],
  ])('refuses %s importing %s', (file, code, message) => {
    const problems = check(tree({ ...CLEAN, [file]: `${code}\nexport const x = 1;\n` }));
    expect(problems.some((p) => p.startsWith(message))).toBe(true);
  });

  it('refuses a cycle made only of type-only imports, showing each step', () => {
    const problems = check(
      tree({
        ...CLEAN,
        'src/one.ts': "import type { Two } from './two';\nexport type One = { two?: Two };\n",
        'src/two.ts': "export type { One as Two } from './three';\n",
        'src/three.ts': "import type { One } from './one';\nexport type { One };\n",
      }),
    );
    expect(problems).toEqual([
      'import cycle through 3 files: src/one.ts:1 imports "./two" (type-only) → src/two.ts:1 imports "./three" (type-only) → src/three.ts:1 imports "./one" (type-only)',
    ]);
  });

  it('refuses a runtime cycle between two server modules', () => {
    const problems = check(
      tree({
        ...CLEAN,
        'server/a.ts': "import { b } from './b.js';\nexport const a = 1;\n",
        'server/b.ts': "import { a } from './a.js';\nexport const b = a;\n",
      }),
    );
    expect(problems).toEqual(['import cycle through 2 files: server/a.ts:1 imports "./b.js" → server/b.ts:1 imports "./a.js"']);
  });

  it('reads no import inside a comment or a string', () => {
    const problems = check(tree({ ...CLEAN, 'common/x.ts': "// import { main } from '../src/main';\nexport const s = \"import('../src/main')\";\n" }));
    expect(problems).toEqual([]);
  });
});
