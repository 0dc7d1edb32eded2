// scripts/eslint-import-boundaries.mjs, called directly: server/ never imports scripts/ (a dev
// script in production code ships whatever the script pulls in, and breaks when it moves).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM script, no type declarations
import { boundaryViolation } from '../../../scripts/eslint-import-boundaries.mjs';

const violation = boundaryViolation as (fromFile: string, specifier: string) => string | undefined;
const root = path.resolve(__dirname, '../../..');
const at = (file: string) => path.join(root, file);

describe('boundaries/import-boundaries: server/ never imports scripts/', () => {
  it.each([
    ['server/documents/check.ts', '../../scripts/emergency-phrases-check'],
    ['server/app.ts', '../scripts/lib/postgres.mjs'],
    ['server/store/index.ts', '../../scripts/codegen.ts'],
    ['server/routes/requests.ts', '../../scripts/json-parse.js'],
  ])('%s may not import %s', (file, specifier) => {
    expect(violation(at(file), specifier)).toBe(`server/ must not import from scripts/ ("${specifier}"): what both need belongs in server/ or common/.`);
  });

  it('lets scripts/ import server/ and server/ import a file merely named like a script', () => {
    expect(violation(at('scripts/bench-api.mjs'), '../server/app.js')).toBeUndefined();
    expect(violation(at('server/app.ts'), './scripts.js')).toBeUndefined();
    expect(violation(at('server/documents/check.ts'), '../../common/phrases.js')).toBeUndefined();
  });
});
