// `npm run bench:search`: the symptom search (src/search/symptomSearch.ts) over the whole
// pathway library, per keystroke, in headless Chromium at 4x CPU slowdown, beside a plain
// substring filter over the same library in the same run.
//
// The library is built from schemas/questionnaires/Triage.*.json the way the practice's
// triageMapping is (label, symptom labels and synonyms, suitable-for); it is also run ten times
// over (each pathway copied with a numbered label) to show how it grows. Each keystroke is the
// text the box holds after that key of a set of patients' phrases, fed in typing order to
// BENCH_REPEAT separate searches with fresh word caches (so each keystroke's new word is
// searched cold, as in the page); the time per keystroke is their mean (the browser's clock is
// coarse); the run is made three times and each keystroke keeps its best (other work on a
// shared machine only adds time). Index build time (once per page) is reported beside it. Prints a table and writes
// bench-results/search.json (the search's times under the key `flexsearch`, its name when the search
// was built on flexsearch's Index). A measurement: it asserts nothing. To profile the same loop
// without a browser: scripts/bench-search-node.ts.
import { chromium } from 'playwright-core';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CPU_RATE = Number(process.env.BENCH_CPU_RATE ?? 4);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 20);
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

const PHRASES = [
  'my throat hurts when I swallow',
  'headahce for three days',
  'lower back pain after lifting',
  'itchy rash on my arms',
  'feeling low and anxious',
  'pain in my ear',
  'coughing a lot at night',
  'diarhea and being sick',
  'burning when I pee',
  'red sore eye',
];

function library() {
  const dir = path.join(root, 'schemas/questionnaires');
  return readdirSync(dir)
    .filter((f) => f.startsWith('Triage.') && f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')))
    .filter((d) => !d.disabled)
    .map((d) => ({
      guidelineId: d.guidelineId,
      label: d.label,
      symptoms: (d.symptoms ?? []).flatMap((s) => [s.label, ...(s.synonyms ?? [])]),
      suitableFor: d.suitableFor ?? '',
      notSuitableFor: d.notSuitableFor ?? '',
    }));
}

async function bundle() {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    // The flexsearch build the app ships (vite.config.ts; the search uses its Encoder to normalise words): the compact one, without the worker.
    resolve: { alias: [{ find: /^flexsearch$/, replacement: path.join(root, 'node_modules/flexsearch/dist/flexsearch.compact.module.min.js') }] },
    build: {
      write: false,
      minify: true,
      lib: { entry: path.join(root, 'bench/search/entry.ts'), formats: ['iife'], name: 'searchBenchBundle', fileName: 'search-bench' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
  const chunk = outputs.find((o) => o.type === 'chunk');
  if (!chunk) throw new Error('bench bundle missing');
  return chunk.code;
}

const base = library();
const tenfold = Array.from({ length: 10 }, (_, i) =>
  base.map((e) => ({ ...e, guidelineId: `${e.guidelineId}.${i}`, label: i === 0 ? e.label : `${e.label} ${i}` })),
).flat();
const code = await bundle();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
const page = await browser.newPage();
await page.setContent('<!doctype html><title>search bench</title>');
await page.addScriptTag({ content: code });
const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
const results = [];
for (const lib of [base, tenfold]) {
  results.push(await page.evaluate(([l, p, r]) => globalThis.searchBench.run(l, p, r), [lib, PHRASES, REPEAT]));
}
await browser.close();

const f = (n) => n.toFixed(3);
console.log(
  `Symptom search per keystroke, headless Chromium at ${CPU_RATE}x CPU slowdown (ms; mean of ${REPEAT} cold-cache searches per keystroke, best of 3 rounds)`,
);
console.log('pathways | keystrokes | index build | symptom search median / p95 / max | substring median / p95 / max');
for (const r of results) {
  console.log(
    `${String(r.pathways).padStart(8)} | ${String(r.keystrokes).padStart(10)} | ${f(r.buildMs).padStart(11)} | ${f(r.flexsearch.median)} / ${f(r.flexsearch.p95)} / ${f(r.flexsearch.max)} | ${f(r.substring.median)} / ${f(r.substring.p95)} / ${f(r.substring.max)}`,
  );
}
for (const r of results) console.log(`slowest keystrokes (${r.pathways} pathways): ${r.slowest.map((x) => `"${x.keystroke}" ${f(x.ms)}`).join(', ')}`);
mkdirSync(path.join(root, 'bench-results'), { recursive: true });
writeFileSync(path.join(root, 'bench-results/search.json'), JSON.stringify({ cpuRate: CPU_RATE, repeat: REPEAT, phrases: PHRASES, results }, null, 2));
