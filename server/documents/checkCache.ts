// The document checks' results kept on disk between processes, for test runs only: every test
// file starts its own servers, and each start checks all the documents (walking every pathway's
// examples), several seconds of CPU each time on a loaded machine. With
// DOCUMENT_CHECK_CACHE_DIR set, a check whose inputs and code are byte-for-byte those of an
// earlier one answers with that one's result. The key covers everything the result depends on:
// the documents given, every file under the documents' root `schemas/` (shared sections, the
// library, widgets and meta-schemas), the options, and the source of the code that checks them
// (server/, renderer/, common/, generated/, the repository's schemas/ and package-lock.json). The
// service never sets it: a production start always checks afresh.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CODE_DIRS = ['server', 'renderer', 'common', 'generated', 'schemas'];

/** Every file under `dir` (recursively), sorted, hashed with its path into `hash`. */
function hashTree(hash: ReturnType<typeof createHash>, dir: string): void {
  if (!existsSync(dir)) return;
  const files = readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => !f.split(path.sep).includes('node_modules'))
    .sort();
  for (const f of files) {
    const abs = path.join(dir, f);
    if (!statSync(abs).isFile()) continue;
    hash.update(`\0${f}\0`).update(readFileSync(abs));
  }
}

let codeFingerprint: string | undefined;
function code(): string {
  if (codeFingerprint === undefined) {
    const hash = createHash('sha256');
    for (const dir of CODE_DIRS) hashTree(hash.update(`\0${dir}\0`), path.join(repoRoot, dir));
    const lock = path.join(repoRoot, 'package-lock.json');
    if (existsSync(lock)) hash.update(readFileSync(lock));
    codeFingerprint = hash.digest('hex');
  }
  return codeFingerprint;
}

const rootFingerprints = new Map<string, string>();
function documentsRoot(root: string): string {
  let fingerprint = rootFingerprints.get(root);
  if (fingerprint === undefined) {
    const hash = createHash('sha256');
    hashTree(hash, path.join(root, 'schemas'));
    fingerprint = hash.digest('hex');
    rootFingerprints.set(root, fingerprint);
  }
  return fingerprint;
}

/** The cache's folder, when the environment asks for one. */
function checkCacheDir(): string | undefined {
  const dir = process.env.DOCUMENT_CHECK_CACHE_DIR;
  return dir && dir.trim() !== '' ? dir : undefined;
}

/**
 * `compute()`'s result, from the disk cache when an identical check ran before (same key parts,
 * same documents root, same code), else computed and kept. Without a cache folder it is
 * `compute()`.
 */
export function cachedCheck<T>(root: string, keyParts: string, compute: () => T): T {
  const dir = checkCacheDir();
  if (!dir) return compute();
  // A root's schemas/ may change within a process (tests write documents, then reload), so it
  // is hashed at each check; the code cannot change within a process.
  rootFingerprints.delete(root);
  // The day too: example walks count ages and dates from today.
  const today = new Date().toISOString().slice(0, 10);
  const key = createHash('sha256')
    .update(today)
    .update('\0')
    .update(code())
    .update('\0')
    .update(documentsRoot(root))
    .update('\0')
    .update(keyParts)
    .digest('hex');
  const file = path.join(dir, `${key}.json`);
  if (existsSync(file)) {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as T;
    } catch {
      // A file another process is still writing cannot be read yet (it is renamed into place when
      // complete, so this is only a damaged file): computed again.
    }
  }
  const result = compute();
  mkdirSync(dir, { recursive: true });
  const tmp = `${file}.${randomUUID()}.tmp`;
  writeFileSync(tmp, JSON.stringify(result));
  renameSync(tmp, file);
  return result;
}
