import { defineConfig } from 'vitest/config';

// End-to-end and accessibility tests: real server, real Chromium. One file at a time:
// the machine has two cores and each file drives a browser.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    // Staff read-back in tests uses the bearer token (server/staff.ts); the rate limits are scaled
    // up because every test request comes from one address (tests of the limits pass their own).
    env: { PRACTICE_API_TOKEN: 'test-only-practice-api-token-0123456789abcdef', PRACTICE_RATE_LIMIT_SCALE: '1000', PRACTICE_STAFF_PASSWORD: 'test-only-staff-password' },
    globalSetup: ['tests/e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
