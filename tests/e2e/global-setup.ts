import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../server/app';
// @ts-expect-error -- plain ESM helper shared with npm start, no type declarations
import { buildAppIfNeeded, root } from '../../scripts/app-build.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/** Starts the real server, on a free port, with a fresh temporary database, for the whole e2e run. */
export default async function setup(project: TestProject) {
  (buildAppIfNeeded as () => void)();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gp-e2e-data-'));
  const { app } = await buildServer({ dataDir, distDir: path.join(root as string, 'dist'), controls: true });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  project.provide('baseURL', address);
  return async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
