// `npm run schemas:check [-- --root <dir>] [files…]`: tells a practice configurer exactly what is
// wrong with a form document — file, JSON path, what was expected. The checks themselves are in
// server/documents/check.ts (the server runs the same ones on every document it loads); the list
// of what is checked is at the top of that file.
// Prints one line per problem, `file: /json/path: what is wrong`, and exits 1 when there is any;
// otherwise prints "N documents checked, no problems".
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { allFiles, checkFiles } from '../server/documents/check';

export * from '../server/documents/check';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `--root <dir>` and file arguments. */
export function parseArgs(argv: readonly string[]): { root: string; files: string[] } {
  let root = repoRoot;
  const files: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--root') root = path.resolve(argv[++i] ?? '.');
    else if (a.startsWith('--root=')) root = path.resolve(a.slice('--root='.length));
    else files.push(path.resolve(a));
  }
  return { root, files };
}

export function main(argv: readonly string[]): number {
  const { root, files } = parseArgs(argv);
  const targets = files.length ? files : allFiles(root);
  const { checked, problems } = checkFiles(targets, root);
  if (problems.length) {
    for (const p of problems) console.error(p);
    console.error(`${problems.length} problem${problems.length === 1 ? '' : 's'} in ${checked} document${checked === 1 ? '' : 's'}`);
    return 1;
  }
  console.log(`${checked} document${checked === 1 ? '' : 's'} checked, no problems`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
