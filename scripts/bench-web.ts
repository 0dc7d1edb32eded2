// `npm run bench:web`: how the built app loads on a slow phone. Headless Chromium (playwright-core,
// Chrome DevTools Protocol) with the "slow 4G" profile (150 ms round trip, 1.6 Mbps down,
// 750 kbps up) and 4x CPU slowdown, cold cache each load. Pages: the home page, the admin menu,
// the symptom search, one admin form (OTHER_ENQUIRY) and a questionnaire's first section (sore
// throat); all but home are reached at full speed first (the emergency symptoms screen, the
// patient-details steps: the flow state a reload finds), then reloaded cold and measured.
// Each page is loaded BENCH_RUNS times (default 3, median reported) from two servers on the same
// build in the same run, alternating: as shipped (drawn on the server, server/appPage.ts) and
// client-only (the same build with server rendering off: the app draws the page in the browser).
// Prints bytes transferred, requests (all, and started before the first paint), JavaScript bytes,
// largest contentful paint (LCP), cumulative layout shift (CLS) and total blocking time (TBT: long
// tasks' time over 50 ms, from the first paint until the network is idle); writes
// bench-results/web.json. Asserts nothing. Served over plain HTTP from 127.0.0.1, which Chromium
// treats as a secure origin: it asks for brotli, as over HTTPS (bytes include each response's
// HTTP/1.1 headers, about 0.8 kB apiece); the last column adds up the same scripts' brotli files.
// BENCH_DIST=<dir> measures another build (e.g. one made from an earlier commit) instead of dist/.
// BENCH_PAGES=home,admin menu,… measures only those pages. BENCH_SHIFTS=1 prints each layout
// shift with what moved (element, top and height before -> after, in CSS pixels).
// BENCH_SHEET_IN_HEAD=1 adds a third server: drawn on the server, its style sheet left in the head
// (no inline critical CSS), to measure what inlining wins in the same run.
// BENCH_REQUESTS=1 prints each response of a measured load: its bytes, type and path.
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildServer } from '../server/app';
import { DEFAULT_RATE_LIMITS, scaledRateLimits } from '../server/rate-limits';
// @ts-expect-error -- plain ESM helper shared with npm start, no type declarations
import { buildAppIfNeeded } from './app-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1000 * 1000) / 8, uploadThroughput: (750 * 1000) / 8 };
const CPU_SLOWDOWN = 4;
const DIST = process.env.BENCH_DIST ? path.resolve(process.env.BENCH_DIST) : path.join(root, 'dist');

interface Load {
  bytes: number;
  /** Requests started before the first contentful paint (the page's own document included). */
  requestsBeforePaint: number;
  cls: number;
  tbtMs: number;
  jsBytes: number;
  lcpMs: number;
  /** The largest contentful paint's element: tag, class and the start of its text. */
  lcpElement: string;
  requests: number;
  /** The page's scripts as brotli (what HTTPS browsers get; Chromium asks plain-HTTP servers for gzip only). */
  jsBrotliBytes: number;
}

type Variant = 'shipped' | 'client-only' | 'sheet-in-head';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function startServer(serverRendering: boolean, criticalCss = true) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gp-bench-web-'));
  const { app } = await buildServer({
    dataDir,
    distDir: DIST,
    serverRendering,
    criticalCss,
    staffPassword: 'bench-only',
    rateLimits: scaledRateLimits(DEFAULT_RATE_LIMITS, '1000'),
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, close: async () => (await app.close(), rmSync(dataDir, { recursive: true, force: true })) };
}

type Which = 'home' | 'admin menu' | 'search' | 'admin form' | 'questionnaire';
const PAGES: readonly Which[] = ['home', 'admin menu', 'search', 'admin form', 'questionnaire'];

/** Opens a journey's page as a deep link and passes the emergency symptoms screen it meets first. */
async function passEmergencyCheck(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('button', { name: 'I have none of these', exact: true }).click();
  await page.waitForURL((u) => u.pathname !== '/emergency-symptoms');
}

/** The patient-details steps at full speed (so the flow state is in sessionStorage). */
async function giveDetails(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Continue without logging in' }).click();
  await page.getByRole('heading', { name: 'Your details' }).waitFor();
  await page.locator('#field-dateOfBirth').fill('12');
  await page.locator('#field-dateOfBirth-month').fill('4');
  await page.locator('#field-dateOfBirth-year').fill('1985');
  await page.getByLabel('Female', { exact: true }).check();
  await page.getByLabel(/^First name/).fill('Amelia');
  await page.getByLabel(/^Last name/).fill('Testwell');
  await page.getByRole('textbox', { name: /^Postcode/ }).fill('LS1 4AP');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { name: 'Your contact details' }).waitFor();
  await page.getByLabel(/^Email address/).fill('amelia.testwell@example.com');
  await page.getByLabel(/^Which phone number should the practice call/).fill('07400 123456');
  await page.getByLabel('This is my own number').check();
  await page.getByLabel(/^I have read how my information is used/).check();
  await page.getByRole('button', { name: 'Next' }).click();
}

/** Reaches the page to measure at full speed (home needs nothing); the measured load is a cold reload of it. */
async function reach(page: Page, base: string, which: Which): Promise<void> {
  if (which === 'admin menu') await passEmergencyCheck(page, `${base}/admin-request`);
  if (which === 'search') await passEmergencyCheck(page, `${base}/triage`);
  if (which === 'admin form') {
    await passEmergencyCheck(page, `${base}/admin-request/form?request=OTHER_ENQUIRY`);
    await giveDetails(page);
    await page.waitForURL((u) => u.pathname === '/admin-request/form');
  }
  if (which === 'questionnaire') {
    await passEmergencyCheck(page, `${base}/triage`);
    await page.getByRole('searchbox').fill('sore throat');
    await page.getByRole('searchbox').press('Enter');
    await page.getByTestId('search-results').getByRole('link', { name: 'Sore throat', exact: true }).click();
    await giveDetails(page);
    // The address names the execution once the section is shown: the reload the server can draw.
    await page.waitForURL((u) => u.pathname === '/triage/questionnaire' && u.searchParams.has('execution'));
  }
  if (which !== 'home') await page.getByRole('heading', { level: 1 }).waitFor();
}

async function measure(browser: Browser, base: string, which: Which): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as {
      __lcp: number;
      __lcpElement: string;
      __cls: number;
      __shifts: string[];
      __long: Array<{ start: number; duration: number }>;
    };
    w.__lcp = 0;
    w.__shifts = [];
    w.__lcpElement = '';
    w.__cls = 0;
    w.__long = [];
    new PerformanceObserver((list) => {
      type Shift = PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: Array<{ node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }>;
      };
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        w.__cls += entry.value;
        // What moved, where from and to: the trace that names a shift's cause (BENCH_SHIFTS=1 prints it).
        const moved = (entry.sources ?? []).map((source) => {
          const node = source.node;
          const element = node instanceof Element ? node : node?.parentElement;
          const classes = element?.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : '';
          const id = element?.id ? `#${element.id}` : '';
          // Inline, no named helper: tsx wraps named functions in a __name() call the page does not have.
          const [before, after] = [source.previousRect, source.currentRect].map((r) => `${Math.round(r.y)}+${Math.round(r.height)}`);
          return `<${element?.tagName.toLowerCase() ?? '?'}${id}${classes}> y ${before} -> ${after}`;
        });
        w.__shifts.push(`${entry.startTime.toFixed(0)} ms ${entry.value.toFixed(3)}: ${moved.join('; ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__long.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        w.__lcp = entry.startTime;
        const element = (entry as PerformanceEntry & { element?: Element | null }).element;
        const classes = element?.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : '';
        const text = (element?.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
        w.__lcpElement = element ? `<${element.tagName.toLowerCase()}${classes}> "${text}"` : '(removed element)';
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await reach(page, base, which);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const types = new Map<string, string>();
  let bytes = 0;
  let jsBytes = 0;
  let requests = 0;
  const scripts = new Set<string>();
  const urls = new Map<string, string>();
  cdp.on('Network.responseReceived', (e: { requestId: string; type: string; response: { url: string } }) => {
    types.set(e.requestId, e.type);
    urls.set(e.requestId, new URL(e.response.url).pathname);
    if (e.type === 'Script') scripts.add(new URL(e.response.url).pathname);
  });
  cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
    bytes += e.encodedDataLength;
    requests++;
    if (types.get(e.requestId) === 'Script') jsBytes += e.encodedDataLength;
    if (process.env.BENCH_REQUESTS)
      console.log(`    ${(e.encodedDataLength / 1000).toFixed(1).padStart(6)} kB ${types.get(e.requestId) ?? '?'} ${urls.get(e.requestId) ?? '?'}`);
  });
  if (which === 'home') await page.goto(base, { waitUntil: 'networkidle' });
  else await page.reload({ waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  const { lcpMs, lcpElement, cls, tbtMs, requestsBeforePaint, shifts } = await page.evaluate(() => {
    const w = window as unknown as {
      __lcp: number;
      __lcpElement: string;
      __cls: number;
      __shifts: string[];
      __long: Array<{ start: number; duration: number }>;
    };
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.POSITIVE_INFINITY;
    const tbt = w.__long.filter((t) => t.start + t.duration > fcp).reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
    const before = performance.getEntriesByType('resource').filter((r) => r.startTime < fcp).length + 1;
    return { lcpMs: w.__lcp, lcpElement: w.__lcpElement, cls: w.__cls, tbtMs: tbt, requestsBeforePaint: before, shifts: w.__shifts };
  });
  if (process.env.BENCH_SHIFTS) for (const shift of shifts) console.log(`    layout shift at ${shift}`);
  await context.close();
  const jsBrotliBytes = [...scripts].reduce((sum, p) => {
    const br = path.join(DIST, `${p}.br`);
    return sum + (existsSync(br) ? statSync(br).size : 0);
  }, 0);
  return { bytes, jsBytes, lcpMs, lcpElement, requests, jsBrotliBytes, cls, tbtMs, requestsBeforePaint };
}

async function main() {
  if (!process.env.BENCH_DIST) (buildAppIfNeeded as () => void)();
  // BENCH_SHEET_IN_HEAD=1 adds the page drawn on the server with its whole style sheet in the head
  // (no inline critical CSS, server/criticalCss.ts): what inlining wins, in the same run.
  const sheetInHead = process.env.BENCH_SHEET_IN_HEAD === '1';
  const servers: Record<Variant, Awaited<ReturnType<typeof startServer>> | undefined> = {
    shipped: await startServer(true),
    'client-only': await startServer(false),
    'sheet-in-head': sheetInHead ? await startServer(true, false) : undefined,
  };
  const order: Variant[] = sheetInHead ? ['shipped', 'client-only', 'sheet-in-head'] : ['shipped', 'client-only'];
  const pages = process.env.BENCH_PAGES ? (process.env.BENCH_PAGES.split(',') as Which[]) : PAGES;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'],
  });
  const results: Record<string, Record<string, Load[]>> = {};
  try {
    for (const which of pages) {
      for (let run = 0; run < RUNS; run++) {
        // Alternate the two servers so drift on a shared machine hits both alike.
        for (const variant of run % 2 === 0 ? order : [...order].reverse()) {
          const load = await measure(browser, servers[variant]!.url, which);
          ((results[which] ??= {})[variant] ??= []).push(load);
          console.log(
            `  ${which.padEnd(13)} ${variant.padEnd(13)} run ${run + 1}: ${(load.bytes / 1000).toFixed(1)} kB, JS ${(load.jsBytes / 1000).toFixed(1)} kB, LCP ${load.lcpMs.toFixed(0)} ms, CLS ${load.cls.toFixed(3)}, TBT ${load.tbtMs.toFixed(0)} ms ${load.lcpElement}`,
          );
        }
      }
    }
  } finally {
    await browser.close();
    for (const server of Object.values(servers)) await server?.close();
  }
  console.log(`\nslow 4G (150 ms RTT, 1.6 Mbps down) + ${CPU_SLOWDOWN}x CPU, cold cache, median of ${RUNS}:`);
  console.log('| page | served | transferred | JavaScript | requests (before paint) | LCP | CLS | TBT | JS as brotli |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  const summary: Record<string, unknown> = {};
  for (const [which, variants] of Object.entries(results)) {
    for (const [variant, loads] of Object.entries(variants)) {
      const row = {
        bytes: median(loads.map((l) => l.bytes)),
        jsBytes: median(loads.map((l) => l.jsBytes)),
        requests: median(loads.map((l) => l.requests)),
        lcpMs: median(loads.map((l) => l.lcpMs)),
        requestsBeforePaint: median(loads.map((l) => l.requestsBeforePaint)),
        cls: median(loads.map((l) => l.cls)),
        tbtMs: median(loads.map((l) => l.tbtMs)),
        jsBrotliBytes: median(loads.map((l) => l.jsBrotliBytes)),
      };
      summary[`${which}/${variant}`] = { ...row, runs: loads };
      console.log(
        `| ${which} | ${variant} | ${(row.bytes / 1000).toFixed(1)} kB | ${(row.jsBytes / 1000).toFixed(1)} kB | ${row.requests} (${row.requestsBeforePaint}) | ${(row.lcpMs / 1000).toFixed(2)} s | ${row.cls.toFixed(3)} | ${row.tbtMs.toFixed(0)} ms | ${(row.jsBrotliBytes / 1000).toFixed(1)} kB |`,
      );
    }
  }
  // Same machine, same run: the ratio holds when the machine's load moves both.
  for (const which of Object.keys(results)) {
    const lcp = (variant: string) => median((results[which]?.[variant] ?? []).map((l) => l.lcpMs));
    console.log(`${which}: LCP drawn on the server / client-only = ${(lcp('shipped') / lcp('client-only')).toFixed(2)}`);
    if (sheetInHead)
      console.log(`${which}: LCP drawn on the server / drawn with the sheet in the head = ${(lcp('shipped') / lcp('sheet-in-head')).toFixed(2)}`);
  }
  mkdirSync(path.join(root, 'bench-results'), { recursive: true });
  writeFileSync(
    path.join(root, 'bench-results', 'web.json'),
    `${JSON.stringify({ date: new Date().toISOString(), profile: { ...SLOW_4G, cpuSlowdown: CPU_SLOWDOWN }, runs: RUNS, summary }, null, 2)}\n`,
  );
}

await main();
