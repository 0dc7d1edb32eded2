import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../server/app';
// @ts-expect-error -- plain ESM helper shared with npm start, no type declarations
import { buildAppIfNeeded, E2E_BUILD, root } from '../../scripts/app-build.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/** Starts the real server, on a free port, with a fresh temporary database, for the whole e2e run. */
export default async function setup(project: TestProject) {
  const build = buildAppIfNeeded as (options?: { mode?: string; outDir?: string }) => void;
  // The production build (dist/): the bundle checks read it. The e2e build (dist-e2e/) is what
  // the browser tests are served: the same app plus the /_preview page they drive.
  build();
  build(E2E_BUILD as { mode: string; outDir: string });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gp-e2e-data-'));
  const { app } = await buildServer({ dataDir, distDir: path.join(root as string, (E2E_BUILD as { outDir: string }).outDir), controls: true });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  project.provide('baseURL', address);
  return async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
