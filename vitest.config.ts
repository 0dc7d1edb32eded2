import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Unit, component and integration tests. Component tests opt into jsdom per file
// with `// @vitest-environment jsdom`; the rest run in Node.
export default defineConfig({
  plugins: [react()],
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
