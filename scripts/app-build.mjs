// Builds the browser app with Vite when its output directory is missing or older than its sources.
// The production build (`dist/`, what npm start serves) has no /_preview page; the e2e suite
// serves its own build (`dist-e2e/`, `vite build --mode e2e`) which has it (src/routes.tsx).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = ['src', 'renderer', 'generated', 'schemas', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** The e2e build: the production build plus the /_preview page and its fixture documents. */
export const E2E_BUILD = { mode: 'e2e', outDir: 'dist-e2e' };

export function appIsStale({ outDir = 'dist' } = {}) {
  const built = path.join(root, outDir, 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(root, s)) > builtAt);
}

export function buildAppIfNeeded({ force = false, mode = undefined, outDir = 'dist' } = {}) {
  if (!force && !appIsStale({ outDir })) return;
  console.log(`Building the app (vite build${mode ? ` --mode ${mode}` : ''}) into ${outDir}/…`);
  const args = ['build', '--logLevel', 'warn', '--outDir', outDir, ...(mode ? ['--mode', mode] : [])];
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), ...args], {
    cwd: root,
    stdio: 'inherit',
    // Always the production build: under vitest NODE_ENV is "test", which made Vite ship React's
    // development builds (jsx-dev-runtime, dev warnings) to the e2e tests.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('vite build failed');
}
