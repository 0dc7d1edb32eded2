// globalSetup of the `integration-pg` project: one real PostgreSQL (Debian's, scripts/lib/postgres.mjs)
// for the run; each test file makes its own database in it (tests/integration/support/stores.ts).
import type { TestProject } from 'vitest/node';
// @ts-expect-error -- a plain .mjs module shared with the scripts
import { startPostgres } from '../../../scripts/lib/postgres.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const pg = (await startPostgres()) as { url: string; stop(): Promise<void> };
  project.provide('pgUrl', pg.url);
  return () => pg.stop();
}
