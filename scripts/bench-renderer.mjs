// `npm run bench:renderer`: our SchemaForm against plain @rjsf/core in headless Chromium at 4x
// CPU slowdown, on generated single-page forms of 300 and 1000 fields (bench/generate.ts), and on
// a nested one (BENCH_SHAPES=nested): 20 groups of ten fields and a 50-item "add another" list of
// three text fields per item, where typing goes into item 25's name and the reveals sit inside groups.
//
// It builds the bench pages (bench/vite.config.ts) to a temporary directory, serves them on a
// free loopback port WITHOUT a CSP (rjsf's default ajv validator needs eval), and for each
// renderer × size measures:
//   - first render: navigation start → the first paint after the form's first commit
//     (median of FIRST_RENDER_RUNS loads);
//   - typing: 30 keystrokes in a text field, each waited for to its paint;
//   - clicking: 20 clicks on yes/no questions that reveal a required detail field
//     (Yes then No on four of them in turn), each waited for to its paint.
// Latency per interaction = input event timeStamp → after the next paint (bench/measure.ts).
// Event Timing (durationThreshold 16 ms, 8 ms granularity) is recorded beside it.
// Prints a table and writes bench-results/renderer.json. A measurement: it asserts nothing.
import { chromium } from 'playwright-core';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, readdirSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SIZES = (process.env.BENCH_SIZES ?? '300,1000').split(',').filter(Boolean).map(Number);
// flat: the SIZES forms; nested: the form of groups and a list (run once, whatever SIZES says).
const SHAPES = (process.env.BENCH_SHAPES ?? 'flat,nested').split(',');
// ours: SchemaForm with the app's NHS stylesheet (as shipped); ours-unstyled: the same without
// any stylesheet, like the rjsf page (rjsf's default theme has no CSS of its own); vanilla: the
// same fields drawn once with plain DOM calls (no framework, unstyled), the browser's floor.
const RENDERERS = (process.env.BENCH_RENDERERS ?? 'ours,ours-unstyled,rjsf,vanilla').split(',');
// Experiments, run only when BENCH_RENDERERS names them: ours-nohas (the NHS stylesheet without
// its :has() rules), ours-noreq (no required fields, so no paragraph before the fields),
// ours-cv (content-visibility: auto on every field group).
const PAGES = {
  ours: 'ours.html?',
  'ours-unstyled': 'ours.html?css=0&',
  'ours-nohas': 'ours.html?css=nohas&',
  'ours-noreq': 'ours.html?req=0&',
  'ours-cv': 'ours.html?css=cv&',
  rjsf: 'rjsf.html?',
  vanilla: 'vanilla.html?',
};
const CPU_RATE = Number(process.env.BENCH_CPU_RATE ?? 4);
const FIRST_RENDER_RUNS = Number(process.env.BENCH_FIRST_RENDER_RUNS ?? 3);
const KEYSTROKES = 30;
const CLICKS = 20;
const WARMUP_KEYS = 5;
const PAUSE_MS = 30;
const STEP_TIMEOUT_MS = 20_000;
const PROFILE = process.env.BENCH_PROFILE === '1';
const DEADLINE = Date.now() + Number(process.env.BENCH_DEADLINE_S ?? 290) * 1000;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Element ids of a field's first input / an option in each renderer, by the field's path (`g01.f0010`, `medicines.24.name`). */
const flatId = (path) => path.replace(/\./g, '_');
const ids = {
  ours: { field: (name) => `field-${name}`, yes: (name) => `field-${name}`, no: (name) => `field-${name}-2` },
  rjsf: { field: (name) => `root_${flatId(name)}`, yes: (name) => `root_${flatId(name)}-0`, no: (name) => `root_${flatId(name)}-1` },
};
ids['ours-unstyled'] = ids.ours;
ids['ours-nohas'] = ids.ours;
ids['ours-noreq'] = ids.ours;
ids['ours-cv'] = ids.ours;
ids.vanilla = { field: (name) => `v_${flatId(name)}`, yes: (name) => `v_${flatId(name)}-0`, no: (name) => `v_${flatId(name)}-1` };
const byId = (id) => `[id="${id}"]`;

const name = (i) => `f${String(i + 1).padStart(4, '0')}`; // as bench/generate.ts fieldName
const group = (i) => `g${String(Math.floor(i / 10) + 1).padStart(2, '0')}`; // groupName: ten fields a group
/** What each shape types into and clicks: a text field, the revealing yes/no questions (warm-up ones apart). */
const TARGETS = {
  flat: { text: name(0), reveals: [9, 19, 29, 39].map(name), warmup: [49, 59].map(name) },
  nested: {
    text: 'medicines.24.name',
    reveals: [9, 19, 29, 39].map((i) => `${group(i)}.${name(i)}`),
    warmup: [49, 59].map((i) => `${group(i)}.${name(i)}`),
  },
};

const MIME = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.map': 'application/json' };

function serve(dir) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const file = path.join(dir, path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(dir)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': MIME[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function withTimeout(promise, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out: ${what}`)), STEP_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function quantile(values, q) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  // Nearest rank.
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1];
}

function summarise(interactions, events, window) {
  const latency = interactions.map((i) => i.end - i.start);
  const inputDelay = interactions.map((i) => i.handlerStart - i.start);
  const processing = interactions.map((i) => i.handlerEnd - i.handlerStart);
  const rendering = interactions.map((i) => i.end - i.handlerEnd);
  const app = interactions.map((i) => i.app);
  // Event Timing: the longest entry of each interaction; interactions with no entry were < 16 ms.
  const byInteraction = new Map();
  for (const e of events) {
    if (e.interactionId <= 0 || e.startTime < window.from || e.startTime > window.to) continue;
    byInteraction.set(e.interactionId, Math.max(byInteraction.get(e.interactionId) ?? 0, e.duration));
  }
  const eventTiming = [...byInteraction.values()];
  const padded = [...eventTiming, ...Array(Math.max(0, interactions.length - eventTiming.length)).fill(0)];
  const r = (x) => Math.round(x * 10) / 10;
  return {
    count: interactions.length,
    median: r(quantile(latency, 0.5)),
    p95: r(quantile(latency, 0.95)),
    max: r(Math.max(...latency)),
    breakdownMedian: {
      inputDelay: r(quantile(inputDelay, 0.5)),
      processing: r(quantile(processing, 0.5)),
      app: r(quantile(app, 0.5)),
      rendering: r(quantile(rendering, 0.5)),
    },
    eventTiming: {
      // 0 stands for "no entry, under 16 ms".
      interactionsOver16: eventTiming.length,
      median: quantile(padded, 0.5),
      p95: quantile(padded, 0.95),
    },
    samples: latency.map(r),
  };
}

async function benchEvaluate(page, fn, arg) {
  return withTimeout(page.evaluate(fn, arg), 'page evaluate');
}

async function measured(page, count, act) {
  await act();
  await benchEvaluate(page, (n) => window.__bench.waitFor(n), count);
  await sleep(PAUSE_MS);
}

/** Main-thread time of the renderer by trace event name, per interaction (BENCH_PROFILE=1). */
const TRACE_NAMES = [
  'RunTask',
  'EventDispatch',
  'FunctionCall',
  'MinorGC',
  'MajorGC',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'UpdateLayer',
  'Commit',
  'HitTest',
  'ParseHTML',
];
async function profiled(browser, page, count, fn) {
  if (!PROFILE) {
    await fn();
    return undefined;
  }
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8'] });
  await fn();
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
  const events = trace.traceEvents ?? trace;
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const busy = new Map();
  for (const e of events)
    if (e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`)) busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
  const main = [...busy.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const totals = Object.fromEntries(TRACE_NAMES.map((n) => [n, 0]));
  for (const e of events) {
    if (`${e.pid}:${e.tid}` !== main) continue;
    if (e.name in totals && e.ph === 'X') totals[e.name] += e.dur ?? 0;
  }
  return Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, Math.round(v / count / 100) / 10]));
}

async function exists(page, id) {
  return page.evaluate((i) => document.getElementById(i) !== null, id);
}

async function run(browser, base, renderer, n, shape) {
  const { text: TEXT_FIELD, reveals: REVEALS, warmup: WARMUP_REVEALS } = TARGETS[shape];
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${base}/blank.html`);
  const cdp = await context.newCDPSession(page);
  const spin = () =>
    page.evaluate(() => {
      const t = performance.now();
      let x = 0;
      for (let i = 0; i < 3e6; i += 1) x += Math.sqrt(i);
      return [performance.now() - t, x];
    });
  await spin();
  const [plain] = await spin();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
  const [slowed] = await spin();

  const url = `${base}/${PAGES[renderer]}${shape === 'nested' ? 'shape=nested&' : ''}n=${n}`;
  const firstRenders = [];
  let inputs = 0;
  for (let k = 0; k < FIRST_RENDER_RUNS; k += 1) {
    await page.goto(url);
    await withTimeout(
      page.waitForFunction(() => window.__bench?.marks.painted !== undefined, undefined, { polling: 100, timeout: STEP_TIMEOUT_MS }),
      'first render',
    );
    const marks = await page.evaluate(() => window.__bench.marks);
    firstRenders.push(marks.painted);
    inputs = marks.fields;
  }
  const id = ids[renderer];

  // Typing.
  await page.evaluate((i) => document.getElementById(i)?.focus(), id.field(TEXT_FIELD));
  let count = 0;
  const warmup = 'abcde'.slice(0, WARMUP_KEYS);
  // The list item's name starts filled in: the caret may be at either end.
  await page.evaluate((i) => {
    const input = document.getElementById(i);
    if (input instanceof HTMLInputElement) input.setSelectionRange(input.value.length, input.value.length);
  }, id.field(TEXT_FIELD));
  const before = await page.evaluate((i) => document.getElementById(i)?.value ?? '', id.field(TEXT_FIELD));
  for (const ch of warmup) await measured(page, ++count, () => page.keyboard.type(ch));
  await page.evaluate(() => window.__bench.reset());
  count = 0;
  const typingFrom = await page.evaluate(() => performance.now());
  const text = 'the quick brown fox jumps over the lazy dog'.slice(0, KEYSTROKES);
  const typingTrace = await profiled(browser, page, KEYSTROKES, async () => {
    for (const ch of text) await measured(page, ++count, () => page.keyboard.type(ch));
  });
  const typed = await page.evaluate((i) => document.getElementById(i)?.value, id.field(TEXT_FIELD));
  await sleep(200);
  const typingTo = await page.evaluate(() => performance.now());
  const typingInteractions = await page.evaluate(() => window.__bench.interactions);

  // Clicking yes/no questions that reveal a required detail field.
  await page.evaluate(() => document.activeElement instanceof HTMLElement && document.activeElement.blur());
  count = 0;
  await page.evaluate(() => window.__bench.reset());
  for (const q of WARMUP_REVEALS) {
    await measured(page, ++count, () => page.click(byId(id.yes(q))));
    await measured(page, ++count, () => page.click(byId(id.no(q))));
  }
  await page.evaluate(() => window.__bench.reset());
  count = 0;
  const clickingFrom = await page.evaluate(() => performance.now());
  const behaviour = [];
  const clickingTrace = await profiled(browser, page, CLICKS, async () => {
    for (let k = 0; k < CLICKS; k += 1) {
      const q = REVEALS[k % REVEALS.length];
      const yes = Math.floor(k / REVEALS.length) % 2 === 0;
      // Scroll first (not part of the interaction), and let the frames it causes be drawn (a page
      // that skips off-screen fields draws the ones scrolled into view), then click.
      await page.locator(byId(yes ? id.yes(q) : id.no(q))).scrollIntoViewIfNeeded();
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(undefined)))));
      await sleep(PAUSE_MS);
      await measured(page, ++count, () => page.click(byId(yes ? id.yes(q) : id.no(q))));
      behaviour.push((await exists(page, id.field(`${q}_detail`))) === yes);
    }
  });
  await sleep(200);
  const clickingTo = await page.evaluate(() => performance.now());
  const clickingInteractions = await page.evaluate(() => window.__bench.interactions);
  const events = await page.evaluate(() => window.__bench.events);
  const eventTimingSupported = await page.evaluate(() => window.__bench.eventTimingSupported);
  await context.close();

  return {
    renderer,
    fields: shape === 'nested' ? 'nested' : n,
    inputs,
    throttle: { rate: CPU_RATE, observed: Math.round((slowed / plain) * 10) / 10 },
    firstRender: { median: Math.round(quantile(firstRenders, 0.5)), runs: firstRenders.map(Math.round) },
    typing: summarise(typingInteractions, events, { from: typingFrom, to: typingTo }),
    clicking: summarise(clickingInteractions, events, { from: clickingFrom, to: clickingTo }),
    ...(PROFILE
      ? { trace: { note: 'main-thread ms per interaction by trace event (nested events overlap)', typing: typingTrace, clicking: clickingTrace } }
      : {}),
    checks: {
      typedTextArrived: typed === before + warmup + text,
      revealBehavedAsExpected: behaviour.every(Boolean),
      eventTimingSupported,
      pageErrors: errors,
    },
  };
}

function jsBytes(dir) {
  const out = {};
  for (const f of readdirSync(path.join(dir, 'assets'))) {
    if (f.endsWith('.js') || f.endsWith('.css')) out[f] = statSync(path.join(dir, 'assets', f)).size;
  }
  return out;
}

function pad(s, w) {
  return String(s).padStart(w);
}

function printTable(results) {
  const et = (v) => (v === 0 ? '<16' : String(v));
  const header = ['renderer', 'fields', 'first render', 'typing med', 'typing p95', 'click med', 'click p95', 'ET type med', 'ET click med'];
  const widths = [18, 7, 13, 11, 11, 10, 10, 12, 13];
  const line = (cells) => cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : pad(c, widths[i]))).join(' ');
  console.log(
    `\nms; latency = input → next paint (median / p95 of ${KEYSTROKES} keystrokes, ${CLICKS} clicks); ET = Event Timing duration (8 ms steps, "<16" = no entry)`,
  );
  console.log(line(header));
  for (const r of results) {
    console.log(
      line([
        r.renderer,
        r.fields,
        r.firstRender.median,
        r.typing.median,
        r.typing.p95,
        r.clicking.median,
        r.clicking.p95,
        et(r.typing.eventTiming.median),
        et(r.clicking.eventTiming.median),
      ]),
    );
  }
  const ratio = (a, b) => (b > 0 ? (a / b).toFixed(2) : 'n/a');
  for (const n of new Set(results.map((r) => r.fields))) {
    const rjsf = results.find((r) => r.renderer === 'rjsf' && r.fields === n);
    for (const ours of results.filter((r) => r.renderer !== 'rjsf' && r.renderer !== 'vanilla' && r.fields === n)) {
      if (!rjsf) continue;
      console.log(
        line([
          `${ours.renderer}/rjsf`,
          n,
          ratio(ours.firstRender.median, rjsf.firstRender.median),
          ratio(ours.typing.median, rjsf.typing.median),
          ratio(ours.typing.p95, rjsf.typing.p95),
          ratio(ours.clicking.median, rjsf.clicking.median),
          ratio(ours.clicking.p95, rjsf.clicking.p95),
          '',
          '',
        ]),
      );
    }
  }
  console.log(
    '\nmedian breakdown, ms (input delay / event handling (app = the page handlers of input, or of click through the change after it: render + commit) / style+layout+paint+frame wait):',
  );
  for (const r of results) {
    const b = (s) => `${s.breakdownMedian.inputDelay} / ${s.breakdownMedian.processing} (app ${s.breakdownMedian.app}) / ${s.breakdownMedian.rendering}`;
    console.log(
      `  ${r.renderer.padEnd(13)} ${pad(r.fields, 5)}  typing ${b(r.typing)}   clicking ${b(r.clicking)}   (throttle observed ${r.throttle.observed}x, ${r.inputs} inputs)`,
    );
  }
  if (PROFILE) {
    console.log('\nmain-thread ms per interaction from a Chromium trace (nested: FunctionCall is inside EventDispatch; RunTask is all):');
    for (const r of results) {
      for (const phase of ['typing', 'clicking']) {
        const t = r.trace?.[phase] ?? {};
        console.log(
          `  ${r.renderer.padEnd(13)} ${pad(r.fields, 5)} ${phase.padEnd(8)} ${Object.entries(t)
            .filter(([, v]) => v > 0)
            .map(([k, v]) => `${k} ${v}`)
            .join(', ')}`,
        );
      }
    }
  }
  const bad = results.filter((r) => !r.checks.typedTextArrived || !r.checks.revealBehavedAsExpected || r.checks.pageErrors.length > 0);
  for (const r of bad) console.log(`  NOTE ${r.renderer} ${r.fields}: ${JSON.stringify(r.checks)}`);
}

// BENCH_PAGES=<dir>: serve bench pages built earlier (a copy of an earlier build of the same
// bench/vite.config.ts) instead of building the working tree, to measure code as it was before a change.
const prebuilt = process.env.BENCH_PAGES ? path.resolve(process.env.BENCH_PAGES) : undefined;
const outDir = prebuilt ?? mkdtempSync(path.join(os.tmpdir(), 'bench-renderer-'));
let server;
let browser;
try {
  if (prebuilt) console.log(`serving the bench pages built in ${prebuilt}`);
  else {
    console.log('building bench pages…');
    await build({ configFile: path.join(root, 'bench/vite.config.ts'), logLevel: 'warn', build: { outDir } });
  }
  server = await serve(outDir);
  const address = server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
  console.log(`Chromium ${browser.version()}, ${os.cpus().length} CPUs, CPU throttling ${CPU_RATE}x, pages on ${base}`);
  const results = [];
  const runs = [...(SHAPES.includes('flat') ? SIZES.map((n) => ['flat', n]) : []), ...(SHAPES.includes('nested') ? [['nested', 0]] : [])];
  for (const [shape, n] of runs) {
    for (const renderer of RENDERERS) {
      const label = shape === 'nested' ? 'nested' : n;
      if (Date.now() > DEADLINE) {
        console.log(`deadline reached: skipping ${renderer} ${label}`);
        continue;
      }
      const started = Date.now();
      const result = await run(browser, base, renderer, n, shape);
      results.push(result);
      console.log(`  ${renderer} ${label}: done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
  }
  printTable(results);
  mkdirSync(path.join(root, 'bench-results'), { recursive: true });
  const file = path.join(root, 'bench-results/renderer.json');
  writeFileSync(
    file,
    `${JSON.stringify({ date: new Date().toISOString(), chromium: browser.version(), cpus: os.cpus().length, cpuRate: CPU_RATE, node: process.version, assets: jsBytes(outDir), results }, null, 2)}\n`,
  );
  console.log(`\nwrote ${path.relative(root, file)}`);
} finally {
  await browser?.close();
  server?.close();
  if (!prebuilt) rmSync(outDir, { recursive: true, force: true });
}
