import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * The server's HTTP tests that also run on PostgreSQL (`integration-pg`): those that read back
 * only through the API (no `server.db`, the SQLite connection). The engine's exhaustive walks
 * (examples, child pathways, property walks) and the fuzz test stay SQLite-only: they test the
 * documents and the parser, not the store, and take minutes; so does the hierarchy's table of
 * 2,276 cases (engine/hierarchy: every pathway's tiers, 100 s on PostgreSQL against 22 s on
 * SQLite), whose store calls are the ones engine/engine and engine-record make on PostgreSQL.
 */
const PG_SERVER_TESTS = [
  'submissions',
  'notifications',
  'safety-classification',
  'selfhelp-notification',
  'appointments-links',
  'appointments-notifications',
  'engine-record',
  'login',
  'patients',
  'practice',
  'settings',
  'configurer',
  'screening',
  'change-of-personal-details',
  'date-of-birth',
  'form-params',
  'clinic-phone',
  'none-of-the-above',
  'document-preview',
  'documents-never-down',
  'document-editor',
  'engine/engine',
  'engine/pathway-settings',
  'staff-accounts',
].map((name) => `tests/integration/server/${name}.test.ts`);

// Unit, component and integration tests. Component tests opt into jsdom per file
// with `// @vitest-environment jsdom`; the rest run in Node.
export default defineConfig({
  plugins: [react()],
  // The same flexsearch build the app ships (vite.config.ts).
  resolve: {
    alias: [{ find: /^flexsearch$/, replacement: path.resolve(import.meta.dirname, 'node_modules/flexsearch/dist/flexsearch.compact.module.min.js') }],
  },
  test: {
    environment: 'node',
    // Staff read-back in tests uses the bearer token (server/staff.ts); the rate limits are scaled
    // up because every test request comes from one address (tests of the limits pass their own).
    env: {
      PRACTICE_API_TOKEN: 'test-only-practice-api-token-0123456789abcdef',
      PRACTICE_RATE_LIMIT_SCALE: '1000',
      PRACTICE_STAFF_PASSWORD: 'test-only-staff-password',
      // Engine keys are issued under this secret (server/engineKeys.ts), so the tests' fixed browser key is one.
      ENGINE_KEY_SECRET: 'test-only-engine-key-secret-0123456789abcdef',
      // Every test file starts servers on the same documents: their checks are kept between processes (server/documents/checkCache.ts).
      DOCUMENT_CHECK_CACHE_DIR: path.join(os.tmpdir(), 'gp-document-check-cache'),
    },
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Vitest's default for `run` is one worker fewer than the cores: one worker on a two-core
    // machine, where the unit and integration steps then kept the CPU only 65 % busy (most of a
    // file's time is importing and starting servers, which a second file can overlap). Every test
    // file is independent (temporary folders, free ports, a fresh PostgreSQL database each).
    maxWorkers: Math.max(2, os.availableParallelism()),
    // Two projects, two npm scripts (test:unit, test:integration): unit and component tests in
    // memory; integration tests start real servers, processes and crashes. `vitest run` runs both.
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'] } },
      { extends: true, test: { name: 'integration', include: ['tests/integration/**/*.test.{ts,tsx}'], exclude: ['tests/integration/scale/**'] } },
      // The store's tests again on a real PostgreSQL the run starts (Debian's postgresql,
      // scripts/lib/postgres.mjs), the tests of several instances on one database, and the HTTP
      // tests of the server that read back only through the API (PG_SERVER_TESTS): there
      // startServer gives each server a database of its own (tests/integration/server/helpers.ts).
      {
        extends: true,
        test: {
          name: 'integration-pg',
          include: ['tests/integration/store/**/*.test.ts', 'tests/integration/scale/**/*.test.ts', ...PG_SERVER_TESTS],
          globalSetup: ['tests/integration/pg-global-setup.ts'],
          env: { STORE: 'postgres' },
        },
      },
    ],
  },
});
