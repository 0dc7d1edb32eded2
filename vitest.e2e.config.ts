import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// End-to-end and accessibility tests: real server, real Chromium. Files run in parallel on
// E2E_WORKERS workers (default: the machine's cores, at least 2), each worker with a server and database of
// its own (tests/e2e/global-setup.ts).
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    // Staff read-back in tests uses the bearer token (server/staff.ts); the rate limits are scaled
    // up because every test request comes from one address (tests of the limits pass their own).
    env: {
      PRACTICE_API_TOKEN: 'test-only-practice-api-token-0123456789abcdef',
      PRACTICE_RATE_LIMIT_SCALE: '1000',
      PRACTICE_STAFF_PASSWORD: 'test-only-staff-password',
      ENGINE_KEY_SECRET: 'test-only-engine-key-secret-0123456789abcdef',
      // Every test file starts servers on the same documents: their checks are kept between processes (server/documents/checkCache.ts).
      DOCUMENT_CHECK_CACHE_DIR: path.join(os.tmpdir(), 'gp-document-check-cache'),
    },
    globalSetup: ['tests/e2e/global-setup.ts'],
    setupFiles: ['tests/e2e/each-file.ts'],
    fileParallelism: true,
    maxWorkers: Math.max(1, Number(process.env.E2E_WORKERS ?? Math.max(2, os.availableParallelism()))),
    testTimeout: 60_000,
    // expect.poll waits on what the page shows; Vitest's default of 1 s failed a questionnaire test
    // on a loaded CI machine mid-navigation (the page got there, later). A poll that holds returns
    // at once, so only a real failure waits the 10 s.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
  },
});
