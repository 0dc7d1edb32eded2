// Shared helpers for end-to-end tests: Debian's Chromium through playwright-core, an axe-core
// check and a recorder of CSP violations. Every e2e file uses these.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AxeResults, RunOptions } from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * The address of the e2e build's chunk that holds `module` (a path from the repository's root,
 * e.g. 'src/flows/admin/AdminMenuPage.tsx'): lazy chunks are named by their hash alone
 * (vite.config.ts), so a test that holds one back finds it in the build's source maps, which the
 * build keeps in build-sourcemaps/dist-e2e/.
 */
export function chunkHolding(module: string): string {
  const maps = path.resolve(import.meta.dirname, '../../build-sourcemaps/dist-e2e/assets');
  const found = readdirSync(maps)
    .filter((file) => file.endsWith('.js.map'))
    .filter((file) =>
      (JSON.parse(readFileSync(path.join(maps, file), 'utf8')) as { sources: string[] }).sources.some((source) => source.endsWith(`/${module}`)),
    );
  if (found.length !== 1) throw new Error(`chunkHolding: ${found.length} chunks of the e2e build hold ${module}`);
  return `/assets/${found[0]!.replace(/\.map$/, '')}`;
}

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** This worker's own server (tests/e2e/global-setup.ts starts one per worker; VITEST_POOL_ID is 1…maxWorkers). */
export function baseURL(): string {
  const urls = inject('baseURLs');
  const worker = Math.max(1, Number(process.env.VITEST_POOL_ID ?? '1'));
  return urls[(worker - 1) % urls.length]!;
}

/** This worker's server's data folder (DATA_DIR): the practice folder is its practice/ (docs/architecture.md). */
export function dataDir(): string {
  const dirs = inject('dataDirs');
  const worker = Math.max(1, Number(process.env.VITEST_POOL_ID ?? '1'));
  return dirs[(worker - 1) % dirs.length]!;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

export interface CspViolation {
  directive: string;
  blockedURI: string;
  sample: string;
  source: string;
}

const DEFAULT_VIEWPORT = { width: 1024, height: 768 };

export interface TestPage {
  page: Page;
  /** Closes the page and, unless it is the test's page in the file's warm context, its context. */
  close(): Promise<void>;
  /** CSP violations seen by the page since it opened (across navigations). */
  cspViolations(): Promise<CspViolation[]>;
  /** Uncaught errors and console errors seen since the page opened. */
  errors: string[];
}

/**
 * Opens a page that records every `securitypolicyviolation` event. The recorder is injected
 * by the browser driver before any page script, so the page's own CSP does not block it, and
 * it keeps its list in sessionStorage so violations survive full-page navigations.
 */
/**
 * The pages opened by the test running now (from its beforeEach hooks to its end), for the failure
 * report and to be closed after it (tests/e2e/use-browser.ts). Pages a file opens in beforeAll are
 * not collected: they live for the whole file.
 */
const openedThisTest: TestPage[] = [];
let collecting = false;

/** From now until forgetOpenedPages, opened pages belong to the test that is starting. */
export function collectOpenedPages(): void {
  collecting = true;
  warmPageOpened = false;
}

/**
 * The first page a test opens (at the default size) opens in its file's one warm context, with
 * every cookie cleared first: as a fresh browser to the server and the app (which keeps nothing
 * but cookies and the tab's own sessionStorage: no localStorage, no IndexedDB, no service
 * worker), but with the HTTP cache of the tests before it, so the app's scripts and styles are
 * not fetched and compiled again for every test (about 15 % of Chromium's time per journey). A
 * test's other pages, pages of another size and pages opened outside a test each get a context of
 * their own, as two browsers would.
 */
const warmContexts = new WeakMap<Browser, BrowserContext>();
let warmPageOpened = false;

async function warmContext(browser: Browser, viewport: { width: number; height: number }): Promise<BrowserContext> {
  let context = warmContexts.get(browser);
  if (!context) {
    const created = await browser.newContext({ baseURL: baseURL(), viewport });
    created.on('close', () => {
      if (warmContexts.get(browser) === created) warmContexts.delete(browser);
    });
    warmContexts.set(browser, created);
    context = created;
  }
  await context.clearCookies();
  return context;
}

/** Forgets the pages of the test that just ended and hands them over. */
export function forgetOpenedPages(): TestPage[] {
  collecting = false;
  return openedThisTest.splice(0, openedThisTest.length);
}

export async function openPage(browser: Browser, options: { viewport?: { width: number; height: number } } = {}): Promise<TestPage> {
  const viewport = options.viewport ?? DEFAULT_VIEWPORT;
  const warm = collecting && !warmPageOpened && options.viewport === undefined;
  if (warm) warmPageOpened = true;
  const context = warm ? await warmContext(browser, viewport) : await browser.newContext({ baseURL: baseURL(), viewport });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const key = '__cspViolations';
    document.addEventListener('securitypolicyviolation', (event) => {
      const seen = JSON.parse(sessionStorage.getItem(key) ?? '[]') as unknown[];
      seen.push({
        directive: event.effectiveDirective,
        blockedURI: event.blockedURI,
        sample: event.sample,
        source: `${event.sourceFile}:${event.lineNumber}`,
      });
      sessionStorage.setItem(key, JSON.stringify(seen));
    });
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  const opened: TestPage = {
    page,
    close: () => (warm ? page.close() : context.close()),
    errors,
    cspViolations: async () => page.evaluate(() => JSON.parse(sessionStorage.getItem('__cspViolations') ?? '[]') as CspViolation[]),
  };
  if (collecting) openedThisTest.push(opened);
  return opened;
}

export interface AxeViolationSummary {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/** axe-core's browser build, read once per worker and put into a page when it has none. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core with the WCAG 2.2 A/AA tags; returns the violations in a readable form. Only
 * violations are collected (`resultTypes`). axe runs in the page itself, put there through the
 * driver (which the page's CSP does not govern) once per document: @axe-core/playwright's
 * `analyze()` opened a blank page for every check to finish its run in, which cost about a
 * second of Chromium per check. That split exists for pages with frames; the app draws none, and a
 * page that has one is refused here rather than half checked.
 */
export async function axeViolations(page: Page): Promise<AxeViolationSummary[]> {
  const frames = page.frames().length;
  if (frames > 1) throw new Error(`axeViolations: ${page.url()} has ${frames - 1} child frame(s); this check runs axe in the main frame only`);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = { runOnly: { type: 'tag', values: AXE_TAGS }, resultTypes: ['violations'] };
  const results = await page.evaluate(
    (runOptions) => (window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } }).axe.run(document, runOptions),
    options,
  );
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(' ')),
  }));
}
