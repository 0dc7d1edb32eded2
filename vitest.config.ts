import path from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Unit, component and integration tests. Component tests opt into jsdom per file
// with `// @vitest-environment jsdom`; the rest run in Node.
export default defineConfig({
  plugins: [react()],
  // The same flexsearch build the app ships (vite.config.ts).
  resolve: { alias: [{ find: /^flexsearch$/, replacement: path.resolve(import.meta.dirname, 'node_modules/flexsearch/dist/flexsearch.compact.module.min.js') }] },
  test: {
    environment: 'node',
    // Staff read-back in tests uses the bearer token (server/staff.ts); the rate limits are scaled
    // up because every test request comes from one address (tests of the limits pass their own).
    env: { PRACTICE_API_TOKEN: 'test-only-practice-api-token-0123456789abcdef', PRACTICE_RATE_LIMIT_SCALE: '1000', PRACTICE_STAFF_PASSWORD: 'test-only-staff-password' },
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Two projects, two npm scripts (test:unit, test:integration): unit and component tests in
    // memory; integration tests start real servers, processes and crashes. `vitest run` runs both.
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'] } },
      { extends: true, test: { name: 'integration', include: ['tests/integration/**/*.test.{ts,tsx}'], exclude: ['tests/integration/scale/**'] } },
      // The store's tests again on a real PostgreSQL the run starts (Debian's postgresql,
      // scripts/lib/postgres.mjs), plus the tests of several instances on one database.
      {
        extends: true,
        test: {
          name: 'integration-pg',
          include: ['tests/integration/store/**/*.test.ts', 'tests/integration/scale/**/*.test.ts'],
          globalSetup: ['tests/integration/pg-global-setup.ts'],
          env: { STORE: 'postgres' },
        },
      },
    ],
  },
});
