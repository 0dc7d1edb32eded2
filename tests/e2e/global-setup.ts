import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../server/app';
import { DEFAULT_RATE_LIMITS, scaledRateLimits } from '../../server/rate-limits';
import { scaledRenderBudget } from '../../server/renderBudget';
// @ts-expect-error -- plain ESM helper shared with npm start, no type declarations
import { buildAppIfNeeded, E2E_BUILD, root } from '../../scripts/app-build.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per e2e worker (tests/e2e/harness.ts `baseURL()` picks the worker's own). */
    baseURLs: string[];
    /** The e2e server's PRACTICE_API_TOKEN: read-back and controls send it as a bearer token. */
    practiceApiToken: string;
    /** Each worker's server's DATA_DIR (same order as baseURLs): tests put practice documents in its practice/ folder. */
    dataDirs: string[];
  }
}

/**
 * Starts the real server (one per e2e worker), on a free port, with a fresh temporary database, for the whole e2e run:
 * demo controls on (PRACTICE_CONTROLS) and bearer read-back on (PRACTICE_API_TOKEN, from
 * vitest.e2e.config.ts), so tests read back as staff (tests/e2e/practice-controls.ts). Every test
 * request comes from 127.0.0.1, so the per-client rate limits are scaled up here.
 */
export default async function setup(project: TestProject) {
  const build = buildAppIfNeeded as (options?: { mode?: string; outDir?: string }) => void;
  // The production build (dist/): the bundle checks read it. The e2e build (dist-e2e/) is what
  // the browser tests are served: the same app plus the /_preview page they drive.
  build();
  build(E2E_BUILD as { mode: string; outDir: string });
  const apiToken = process.env.PRACTICE_API_TOKEN ?? project.config.env.PRACTICE_API_TOKEN;
  if (!apiToken) throw new Error('PRACTICE_API_TOKEN must be set for e2e runs (vitest.e2e.config.ts sets it)');
  // The staff password the browser tests sign in with (tests/e2e/configurer.e2e.test.ts).
  const staffPassword = process.env.PRACTICE_STAFF_PASSWORD ?? project.config.env.PRACTICE_STAFF_PASSWORD;
  // Files run in parallel, one per worker; each worker gets a server and a database of its own,
  // so one file's practice reset or switches never reach another file's pages.
  // Engine keys are issued under this secret (server/engineKeys.ts): the tests' own browser key
  // (tests/integration/support/walker.ts) is issued under the same one in each worker.
  process.env.ENGINE_KEY_SECRET ??= project.config.env.ENGINE_KEY_SECRET;
  // The document checks at each server start are kept between processes (server/documents/checkCache.ts).
  process.env.DOCUMENT_CHECK_CACHE_DIR ??= project.config.env.DOCUMENT_CHECK_CACHE_DIR;
  const workers = Math.max(1, project.config.maxWorkers || 1);
  const servers: { app: Awaited<ReturnType<typeof buildServer>>['app']; dataDir: string; address: string }[] = [];
  for (let i = 0; i < workers; i++) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gp-e2e-data-'));
    const { app } = await buildServer({
      dataDir,
      distDir: path.join(root as string, (E2E_BUILD as { outDir: string }).outDir),
      controls: true,
      apiToken,
      ...(staffPassword ? { staffPassword } : {}),
      rateLimits: scaledRateLimits(DEFAULT_RATE_LIMITS, '1000'),
      // Every page of every test comes from one address: the per-client allowance of pages drawn
      // on the server is scaled as the rate limits are (pages past it are served client-only).
      renderBudget: scaledRenderBudget('1000'),
    });
    servers.push({ app, dataDir, address: await app.listen({ port: 0, host: '127.0.0.1' }) });
  }
  project.provide(
    'baseURLs',
    servers.map((s) => s.address),
  );
  project.provide('practiceApiToken', apiToken);
  project.provide(
    'dataDirs',
    servers.map((s) => s.dataDir),
  );
  return async () => {
    for (const { app, dataDir } of servers) {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
}
