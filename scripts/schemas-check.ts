// `npm run schemas:check [-- --root <dir>] [files…]`: tells a practice configurer exactly what is
// wrong with a form document — file, JSON path, what was expected. The checks themselves are in
// server/documents/check.ts (the server runs the same ones on every document it loads); the list
// of what is checked is at the top of that file. Across the whole forms folder (adminFormProblems
// below): every form type of the contract's enum has a document with a menu entry. Run without
// file names, it also runs `codegen --check`: a stale generated/ is a problem too.
// Prints one line per problem, `file: /json/path: what is wrong`, and exits 1 when there is any;
// otherwise prints "N documents checked, no problems".
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { allFiles, checkFiles as checkDocumentFiles, formFiles, type CheckOptions, type CheckResult } from '../server/documents/check';
import { parseJson } from '../server/documents/json-parse';

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

/** Form types of the enum that are steps sent alongside another request, never picked from the menu. */
export const NOT_ON_MENU: readonly string[] = ['CHANGE_OF_CONTACT_DETAILS'];

/**
 * Across the whole forms folder: every value of the form-type enum
 * (schemas/api/admin-form-type.schema.json, the built-in forms the contract names) has a form
 * document and — but for the steps of NOT_ON_MENU, sent alongside another request — a menu entry
 * (the document's `menu` key). A form with a menu entry need not be in the enum: forms are data
 * (a practice adds one with a JSON file; the API accepts any loaded admin form).
 */
export function adminFormProblems(root: string, forms: readonly string[]): string[] {
  const enumFile = 'schemas/api/admin-form-type.schema.json';
  let values: string[] = [];
  const parsed = existsSync(path.join(root, enumFile)) ? parseJson(readFileSync(path.join(root, enumFile), 'utf8')) : undefined;
  if (!parsed) return [];
  if (!parsed.ok) return [`${enumFile}: line ${parsed.line}, column ${parsed.column}: ${parsed.message}`];
  const list = (parsed.value as { enum?: unknown }).enum;
  if (Array.isArray(list)) values = list.filter((v): v is string => typeof v === 'string');
  const docs = new Map<string, { file: string; menu: boolean }>();
  for (const abs of forms) {
    const p = parseJson(readFileSync(abs, 'utf8'));
    const file = path.relative(root, abs).split(path.sep).join('/');
    // A broken file (a pasted curly quote…) is reported on its own, with its line and column; its
    // form type has a document all the same (its file), so the enum check does not say it has none.
    if (!p.ok || !p.value || typeof p.value !== 'object') {
      docs.set(path.basename(abs, '.form.json'), { file, menu: true });
      continue;
    }
    const doc = p.value as { id?: unknown; menu?: unknown };
    if (typeof doc.id !== 'string') continue;
    docs.set(doc.id, { file, menu: doc.menu !== undefined && doc.menu !== null });
  }
  const out: string[] = [];
  values.forEach((v, i) => {
    const d = docs.get(v);
    if (!d) out.push(`${enumFile}: /enum/${i}: the form type "${v}" has no form document (expected schemas/forms/${v}.form.json)`);
    else if (!d.menu && !NOT_ON_MENU.includes(v)) {
      out.push(
        `${d.file}: /menu: the admin form "${v}" has no menu entry: patients could never pick it (add "menu": { "label", "subTitle", "requiresPatientRecord" })`,
      );
    }
  });
  return out;
}

/**
 * `npm run codegen -- --check` in a child process (codegen imports this module, so it cannot be
 * imported back): generated/ lines that are stale, missing or stray, one problem each.
 */
export function staleGenerated(root: string): Promise<string[]> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'scripts/codegen.ts'), '--check', '--root', root], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d: string) => (stderr += d));
    child.on('close', (code) => {
      if (code === 0) return resolve([]);
      const lines = stderr.split('\n').filter((l) => /^generated\/\S+: /.test(l));
      resolve(
        lines.length
          ? lines.map((l) => `${l} — run npm run codegen`)
          : [`generated/: npm run codegen -- --check failed: ${stderr.trim().split('\n').pop() ?? `exit code ${String(code)}`}`],
      );
    });
  });
}

/** The server's checks of each file, plus — when the whole forms folder is among them — adminFormProblems. */
export function checkFiles(files: readonly string[], root: string = repoRoot, options: CheckOptions = {}): CheckResult {
  const result = checkDocumentFiles(files, root, options);
  const forms = formFiles(root);
  const absFiles = new Set(files.map((f) => path.resolve(root, f)));
  if (forms.length && forms.every((f) => absFiles.has(f))) result.problems.push(...adminFormProblems(root, forms));
  return result;
}

export async function main(argv: readonly string[]): Promise<number> {
  const { root, files } = parseArgs(argv);
  // The whole set (no files named): generated/ must match the documents too.
  const stale = files.length ? Promise.resolve([]) : staleGenerated(root);
  const targets = files.length ? files : allFiles(root);
  const result = checkFiles(targets, root);
  const problems = [...result.problems, ...(await stale)];
  const { checked } = result;
  if (problems.length) {
    for (const p of problems) console.error(p);
    console.error(`${problems.length} problem${problems.length === 1 ? '' : 's'} in ${checked} document${checked === 1 ? '' : 's'}`);
    return 1;
  }
  console.log(`${checked} document${checked === 1 ? '' : 's'} checked, no problems`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exitCode = 1;
    },
  );
}
