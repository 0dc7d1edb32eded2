import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { testsIn } from './scripts/lib/test-isolation.mjs';

/**
 * The integration tests that also run on PostgreSQL (`integration-pg`), by their path under
 * tests/integration/server/ (each mirrors the module it mainly tests, tests/README.md).
 *
 * First the store's own tests and those written for several instances on one database (each
 * says "on the store of the run"): the store, the requests table, the appointment book, limits,
 * lockouts and claims counted across instances.
 *
 * Then the server's HTTP tests that read back only through the API (no `server.db`, the SQLite
 * connection). The engine's exhaustive walks (examples, child pathways, property walks) and the
 * fuzz test stay SQLite-only: they test the documents and the parser, not the store, and take
 * minutes; so does the hierarchy's table of 2,276 cases (engine/hierarchy: every pathway's tiers,
 * 100 s on PostgreSQL against 22 s on SQLite), whose store calls are the ones engine/engine and
 * executionRequests make on PostgreSQL.
 */
const PG_STORE_TESTS = [
  'store/index',
  'store/index.instances',
  'storedRequests',
  'storedRequests.bodies',
  'app.store',
  'appointments/book',
  'engine/ceiling',
  'documents/follow',
  'limits',
  'retention',
  'rate-limits.network',
  'staffLockout',
  'validation.phones',
  'routes/appointments.claims',
  'routes/photos',
  'routes/photos.consultation',
  'routes/photos.readback',
];
const PG_SERVER_TESTS = [
  'routes/requests',
  'notifications/index',
  'triageClassification',
  'selfHelpNotification',
  'appointments/links',
  'appointments/notify',
  'executionRequests',
  'routes/login',
  'routes/patients',
  'routes/practice',
  'routes/settings',
  'documents/liveDocuments.configurer',
  'screening',
  'routes/requests.change-of-personal-details',
  'dateOfBirth',
  'documents/params',
  'routes/settings.clinic-phone',
  'validation.none-of-the-above',
  'routes/documentPreview',
  'documents/liveDocuments.never-down',
  'routes/documentEditor',
  'engine/engine',
  'engine/settings',
  'staffAccounts',
];
const PG_TESTS = [...PG_STORE_TESTS, ...PG_SERVER_TESTS].map((name) => `tests/integration/server/${name}.test.ts`);

/**
 * Unit tests in three projects that differ only in isolation (scripts/lib/test-isolation.mjs finds
 * each file's from what it says, so a new test is put right). `unit`: files that stub globals,
 * the environment, timers or modules keep a module graph of their own (Vitest's default).
 * `unit-node`: the other Node files share one module graph per worker (`isolate: false`), where
 * importing the renderer, the server's modules and the documents once instead of once per file
 * was most of the unit step's time (the Node files' import time summed 246 s -> 86 s, their wall
 * time 325 s -> 169 s on a loaded 2-core machine). `unit-dom`: the jsdom files that stub nothing
 * share one jsdom window and module graph per worker too (Vitest reuses a worker's environment
 * across files when not isolated), emptied between files by tests/unit/support/domBetweenFiles.ts.
 */
const ISOLATED_UNIT_TESTS = testsIn(import.meta.dirname, 'tests/unit', 'isolated');
const DOM_UNIT_TESTS = testsIn(import.meta.dirname, 'tests/unit', 'dom');

/**
 * Integration tests share one module graph per worker too (`integration-node`, `isolate: false`):
 * most of a light file's time was importing the server and its documents (16 light files on a quiet
 * machine: 30.8 s -> 14.3 s wall, import summed 29 s -> 8 s). The server keeps its caches per
 * database (WeakMaps keyed by the connection) or per documents folder, so files do not see each
 * other's. Kept isolated in `integration`: the files that stub (found as for the unit tests), and
 * any named in KEEPS_MODULE_STATE with the state it changes; a whole run of both projects found
 * none that failed for sharing (its failures were spawned CLIs timing out on a machine at load 15).
 */
const KEEPS_MODULE_STATE: string[] = [];
const INTEGRATION = (project: 'isolated' | 'node') =>
  testsIn(import.meta.dirname, 'tests/integration', project, KEEPS_MODULE_STATE).filter((file) => !file.startsWith('tests/integration/scale/'));
const ISOLATED_INTEGRATION_TESTS = INTEGRATION('isolated');
const SHARED_INTEGRATION_TESTS = INTEGRATION('node');

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
    // Two kinds, two npm scripts: unit and component tests in memory (test:unit runs `unit`,
    // `unit-dom` and `unit-node`, which differ only in isolation); integration tests start real
    // servers, processes and crashes (test:integration runs `integration` and `integration-node`,
    // likewise). `vitest run` runs them all.
    projects: [
      { extends: true, test: { name: 'unit', include: ISOLATED_UNIT_TESTS } },
      { extends: true, test: { name: 'unit-dom', include: DOM_UNIT_TESTS, isolate: false, setupFiles: ['tests/unit/support/domBetweenFiles.ts'] } },
      {
        extends: true,
        test: { name: 'unit-node', include: ['tests/unit/**/*.test.{ts,tsx}'], exclude: [...ISOLATED_UNIT_TESTS, ...DOM_UNIT_TESTS], isolate: false },
      },
      { extends: true, test: { name: 'integration', include: ISOLATED_INTEGRATION_TESTS } },
      { extends: true, test: { name: 'integration-node', include: SHARED_INTEGRATION_TESTS, isolate: false } },
      // The store's tests again on a real PostgreSQL the run starts (Debian's postgresql,
      // scripts/lib/postgres.mjs), the tests of several instances on one database, and the HTTP
      // tests of the server that read back only through the API (PG_TESTS): there startServer
      // gives each server a database of its own (tests/integration/support/helpers.ts).
      {
        extends: true,
        test: {
          name: 'integration-pg',
          include: ['tests/integration/scale/**/*.test.ts', ...PG_TESTS],
          globalSetup: ['tests/integration/support/pg-global-setup.ts'],
          env: { STORE: 'postgres' },
        },
      },
    ],
  },
});
