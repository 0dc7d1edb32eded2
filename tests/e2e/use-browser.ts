// The per-file browser of an e2e test file, in one place instead of the same hooks in every file.
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchBrowser } from './harness';
import { resetPractice } from './practice-controls';

/**
 * Chromium for this file: launched before its first test and closed after its last; with
 * `resetAfterEach`, the demo practice is reset after every test (each file already starts on a
 * fresh one, tests/e2e/each-file.ts). Call it at the top of the file and use the answer as the
 * Browser: it stands for the one launched (using it outside a test is an error).
 */
export function useBrowser(options: { resetAfterEach?: boolean } = {}): Browser {
  let current: Browser | undefined;
  beforeAll(async () => {
    current = await launchBrowser();
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  if (options.resetAfterEach) {
    afterEach(async () => {
      await resetPractice();
    });
  }
  return new Proxy({} as Browser, {
    get(_target, property) {
      if (!current) throw new Error('useBrowser(): the browser is launched in beforeAll; use it inside tests and hooks');
      const value: unknown = Reflect.get(current, property, current);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(current) : value;
    },
  });
}
