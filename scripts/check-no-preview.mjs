// Proves that the production build carries no preview: no chunk holds the /_preview page, its
// styles or a fixture document, and no source map lists src/preview/ or schemas/fixtures/ among
// its sources. `node scripts/check-no-preview.mjs [dir]` (default dist/) exits 1 on a finding;
// tests/e2e/production-bundle.e2e.test.ts runs the same check after the build.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Strings only the preview page, its stylesheet and the fixture documents contain. */
export const PREVIEW_MARKERS = ['/_preview', 'app-preview', 'FIXTURE_'];
/** Source paths that must not be bundled. */
export const PREVIEW_SOURCES = ['src/preview/', 'schemas/fixtures/'];

function filesUnder(dir) {
  const out = [];
  for (const entry of readdirSync(dir).sort()) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...filesUnder(full));
    else out.push(full);
  }
  return out;
}

/**
 * Every finding in a built app directory, as "file: what"; empty when the build is clean. The
 * build moves its source maps out of the served directory into build-sourcemaps/<dir name>/
 * beside it (vite.config.ts), so those are read too.
 */
export function previewFindings(dir) {
  const findings = [];
  const maps = path.join(path.dirname(dir), 'build-sourcemaps', path.basename(dir));
  const files = [...filesUnder(dir), ...(existsSync(maps) ? filesUnder(maps) : [])];
  for (const file of files) {
    const under = file.startsWith(maps + path.sep) ? maps : dir;
    const rel = (under === maps ? `build-sourcemaps/${path.basename(dir)}/` : '') + path.relative(under, file).split(path.sep).join('/');
    const text = readFileSync(file, 'utf8');
    if (file.endsWith('.map')) {
      // A map's sourcesContent quotes whole source files (routes.tsx names /_preview in its
      // dev-only branch), so only the list of bundled sources counts.
      let sources = [];
      try {
        sources = JSON.parse(text).sources ?? [];
      } catch {
        findings.push(`${rel}: not a JSON source map`);
        continue;
      }
      for (const source of sources) {
        const hit = PREVIEW_SOURCES.find((p) => String(source).includes(p));
        if (hit) findings.push(`${rel}: bundles ${source}`);
      }
      continue;
    }
    for (const marker of PREVIEW_MARKERS) if (text.includes(marker)) findings.push(`${rel}: contains "${marker}"`);
  }
  return findings;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const dir = path.resolve(root, process.argv[2] ?? 'dist');
  const findings = previewFindings(dir);
  if (findings.length > 0) {
    console.error(`Preview code in the build at ${dir}:\n  ${findings.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`No preview code in ${dir}.`);
}
