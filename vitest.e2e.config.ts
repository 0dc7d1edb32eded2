import { defineConfig } from 'vitest/config';

// End-to-end and accessibility tests: real server, real Chromium. One file at a time:
// the machine has two cores and each file drives a browser.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
