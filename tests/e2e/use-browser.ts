// The per-file browser of an e2e test file, in one place instead of the same hooks in every file.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { collectOpenedPages, forgetOpenedPages, launchBrowser } from './harness';
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
  // A failed test prints what each page it opened showed: its address, its errors, the start of
  // its text (or that the page did not answer within 5 s: a hung page), and saves a screenshot in
  // test-results/. An intermittent failure is then diagnosable from the CI log alone.
  beforeEach(() => {
    collectOpenedPages();
  });
  // Then every page the test opened is closed with its context: a page left open keeps its
  // renderer process and its scripts running beside every later test of the file.
  afterEach(async (context) => {
    const pages = forgetOpenedPages();
    if (context.task.result?.state === 'fail') await reportOpenPages(context.task.name, pages);
    await Promise.all(pages.map((opened) => opened.close().catch(() => undefined)));
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

/** Resolves to `fallback` when `work` takes longer than `ms` (a hung page must not hang the report). */
async function within<T>(ms: number, work: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(fallback), ms)));
  try {
    return await Promise.race([work.catch(() => fallback), late]);
  } finally {
    clearTimeout(timer);
  }
}

async function reportOpenPages(testName: string, pages: ReturnType<typeof forgetOpenedPages>): Promise<void> {
  const dir = path.resolve('test-results');
  mkdirSync(dir, { recursive: true });
  const slug = testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
  for (const [i, { page, errors }] of pages.entries()) {
    if (page.isClosed()) continue;
    const text = await within(
      5_000,
      page.evaluate(() => document.body.innerText.slice(0, 600)),
      '(the page did not answer within 5 s)',
    );
    const shot = path.join(dir, `failed-${slug}-${i}.png`);
    const saved = await within(
      5_000,
      page.screenshot({ path: shot, fullPage: true }).then(() => true),
      false,
    );
    console.error(
      [
        `--- failure report: "${testName}", page ${i}: ${page.url()}`,
        `errors: ${errors.length ? errors.join(' | ') : 'none'}`,
        `text: ${text.replace(/\s+/g, ' ')}`,
        saved ? `screenshot: ${shot}` : 'screenshot: not taken within 5 s',
      ].join('\n'),
    );
  }
}
