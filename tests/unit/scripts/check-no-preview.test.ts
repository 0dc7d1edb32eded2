// scripts/check-no-preview.mjs on small made-up builds: what counts as preview code.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM script, no type declarations
import { previewFindings } from '../../../scripts/check-no-preview.mjs';

const findings = previewFindings as (dir: string) => string[];
let dir: string | undefined;

function build(files: Record<string, string>): string {
  dir = mkdtempSync(path.join(os.tmpdir(), 'gp-preview-check-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('previewFindings', () => {
  it('reads the source maps the build moved beside it, into build-sourcemaps/<dir name>/', () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'gp-preview-maps-'));
    try {
      const out = path.join(parent, 'dist');
      const maps = path.join(parent, 'build-sourcemaps', 'dist', 'assets');
      mkdirSync(path.join(out, 'assets'), { recursive: true });
      mkdirSync(maps, { recursive: true });
      writeFileSync(path.join(out, 'assets', 'chunk.js'), 'export const a = 1;');
      writeFileSync(path.join(maps, 'chunk.js.map'), JSON.stringify({ version: 3, sources: ['../../src/preview/PreviewPage.tsx'], mappings: '' }));
      expect(findings(out)).toEqual(['build-sourcemaps/dist/assets/chunk.js.map: bundles ../../src/preview/PreviewPage.tsx']);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('passes a clean build, even when a source map quotes routes.tsx mentioning /_preview', () => {
    const map = { version: 3, sources: ['../../src/routes.tsx'], sourcesContent: ["path: '/_preview/:id?'"], mappings: '' };
    expect(
      findings(build({ 'index.html': '<div id="root"></div>', 'assets/index.js': 'export const a = 1;', 'assets/index.js.map': JSON.stringify(map) })),
    ).toEqual([]);
  });

  it('finds the preview route, its styles and fixture documents in chunks', () => {
    const found = findings(
      build({
        'assets/index.js': 'const r = [{ path: "/_preview/:id?" }];',
        'assets/PreviewPage.css': '.app-preview { display: grid }',
        'assets/FIXTURE_TEXT.form.js': 'export default { id: "FIXTURE_TEXT" };',
      }),
    );
    expect(found).toEqual([
      'assets/FIXTURE_TEXT.form.js: contains "FIXTURE_"',
      'assets/PreviewPage.css: contains "app-preview"',
      'assets/index.js: contains "/_preview"',
    ]);
  });

  it('finds a source map that bundles src/preview or schemas/fixtures', () => {
    const map = { version: 3, sources: ['../../src/preview/PreviewPage.tsx', '../../schemas/fixtures/forms/FIXTURE_TEXT.form.json'], mappings: '' };
    expect(findings(build({ 'assets/chunk.js.map': JSON.stringify(map) }))).toEqual([
      'assets/chunk.js.map: bundles ../../src/preview/PreviewPage.tsx',
      'assets/chunk.js.map: bundles ../../schemas/fixtures/forms/FIXTURE_TEXT.form.json',
    ]);
  });
});
