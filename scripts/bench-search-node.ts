// The symptom search's per-keystroke loop of `npm run bench:search`, in plain Node (no browser, no
// CPU slowdown), for profiling: `node --cpu-prof --import tsx scripts/bench-search-node.ts`.
// The same library (schemas/questionnaires/Triage.*.json, once and ten times over), the same
// patients' phrases typed key by key, each run with fresh word caches. Prints the median, p95 and
// max per keystroke. A measurement: it asserts nothing.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { SymptomSearch, type SearchEntry } from '../src/search/symptomSearch';

const root = path.resolve(import.meta.dirname, '..');
const REPEAT = Number(process.env.BENCH_REPEAT ?? 20);
const SCALES = (process.env.BENCH_SCALES ?? '1,10').split(',').map(Number);
export const PHRASES = [
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

function library(): SearchEntry[] {
  const dir = path.join(root, 'schemas/questionnaires');
  return readdirSync(dir)
    .filter((f) => f.startsWith('Triage.') && f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Record<string, unknown> & { symptoms?: Array<{ label: string; synonyms?: string[] }> })
    .filter((d) => !d.disabled)
    .map((d) => ({
      guidelineId: String(d.guidelineId),
      label: String(d.label),
      symptoms: (d.symptoms ?? []).flatMap((s) => [s.label, ...(s.synonyms ?? [])]),
      suitableFor: typeof d.suitableFor === 'string' ? d.suitableFor : '',
      notSuitableFor: typeof d.notSuitableFor === 'string' ? d.notSuitableFor : '',
    }));
}

const base = library();
const keys = PHRASES.flatMap((p) => Array.from({ length: p.length }, (_, i) => p.slice(0, i + 1)));
const at = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
for (const scale of SCALES) {
  const lib = Array.from({ length: scale }, (_, i) =>
    base.map((e) => ({ ...e, guidelineId: `${e.guidelineId}.${i}`, label: i === 0 ? e.label : `${e.label} ${i}` })),
  ).flat();
  let start = performance.now();
  new SymptomSearch(lib);
  const buildMs = performance.now() - start;
  const warm = new SymptomSearch(lib);
  for (const k of keys) warm.search(k);
  const best = keys.map(() => Infinity);
  for (let round = 0; round < 3; round++) {
    const instances = Array.from({ length: REPEAT }, () => new SymptomSearch(lib));
    keys.forEach((k, i) => {
      start = performance.now();
      for (const s of instances) s.search(k);
      best[i] = Math.min(best[i]!, (performance.now() - start) / REPEAT);
    });
  }
  const sorted = [...best].sort((a, b) => a - b);
  const slowest = keys
    .map((k, i) => [k, best[i]!] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3);
  console.log(
    `${lib.length} pathways: build ${buildMs.toFixed(1)} ms; per keystroke median ${at(sorted, 0.5).toFixed(3)} / p95 ${at(sorted, 0.95).toFixed(3)} / max ${sorted.at(-1)!.toFixed(3)} ms; slowest ${slowest.map(([k, ms]) => `"${k}" ${ms.toFixed(2)}`).join(', ')}`,
  );
}
