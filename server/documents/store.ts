// The one source of form and pathway documents at run time. At start the server reads the
// built-in documents (schemas/forms, schemas/questionnaires) and the practice folder
// (${DATA_DIR}/practice/forms/<ID>.form.json, ${DATA_DIR}/practice/questionnaires/<id>.json: a
// practice document with a built-in id overrides it, a new id adds one), checks every one with the
// checks of `npm run schemas:check` and refuses to start on a broken one. The admin request
// re-check (server/forms.ts) and the embedded engine (server/engine/library.ts) take their
// documents from here; the patient app fetches them (server/documents/routes.ts). A reload
// re-reads both folders: a changed document that passes the checks replaces the served one as a
// new version; one that fails is refused and the previous version keeps serving.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { AdminFormsSettings } from '../../generated/types/api/admin-forms-settings';
import type { FormDocument } from '../../renderer/core/index';
import type { FormMenuEntry, WithFormMenu } from '../../common/index.js';
import type { Sql } from '../store/index.js';
import type { PathwayLibrary } from '../engine/library.js';
import type { Pathway } from '../engine/pathway.js';
import type { FormDocuments } from '../forms.js';
import { checkSources, problemLine, shownPath, type CheckOptions, type DocumentProblem, type DocumentSource } from './check.js';
import { standaloneValidator } from './validator.js';
import { pathwaySettings } from '../engine/settings.js';
import { DEMO_PATHWAY_DOCUMENTS } from '../seed.js';
import { settleVersions, syncAdminFormsMenu, syncPathwaySettings, type DocumentKind, type DocumentVersion } from './versions.js';

export type DocumentSourceKind = 'built-in' | 'practice';

export interface DocumentCheck {
  ok: boolean;
  errors: DocumentProblem[];
}

/** A document as served: what it is, where it came from, its version. */
export interface ServedDocument extends DocumentVersion {
  kind: DocumentKind;
  id: string;
  source: DocumentSourceKind;
  /** Absolute file name. */
  abs: string;
  /** The file relative to the repository (built-in) or to DATA_DIR (practice). */
  file: string;
  text: string;
  document: unknown;
}

/** One line of the staff list: the served version, and the check of the file as it was last read. */
export interface DocumentListEntry extends DocumentVersion {
  kind: DocumentKind;
  id: string;
  source: DocumentSourceKind;
  file: string;
  check: DocumentCheck;
}

export interface ReloadResult {
  kind: DocumentKind;
  id: string;
  outcome: 'added' | 'replaced' | 'unchanged' | 'refused' | 'removed';
  /** The version serving after the reload (none when a new document was refused). */
  version?: number;
  errors: DocumentProblem[];
}

/** Thrown at start when a document fails its checks: the message names each file and JSON path. */
export class DocumentsRefused extends Error {
  constructor(readonly problems: DocumentProblem[]) {
    super(
      `The server cannot start: ${problems.length} problem${problems.length === 1 ? '' : 's'} in the form and pathway documents:\n${problems.map(problemLine).join('\n')}`,
    );
    this.name = 'DocumentsRefused';
  }
}

export interface DocumentStoreOptions {
  /** The store the versions are kept in (server/store). */
  store: Sql;
  /** The repository: built-in files are named relative to it; pathways are checked against its shared sections and library. */
  root: string;
  /** The server's data folder; the practice folder is `<dataDir>/practice`. */
  dataDir: string;
  formsDir: string;
  questionnairesDirs: readonly string[];
  /** The admin forms of the contract (AdminFormType): admin forms even without a menu entry (CHANGE_OF_CONTACT_DETAILS). */
  adminFormTypes: readonly string[];
  forms: FormDocuments;
  library: PathwayLibrary;
  /** The admin-forms settings a database without them starts from (links, custom fields). */
  adminFormsDefaults: AdminFormsSettings;
  check?: CheckOptions;
  now: () => number;
}

/** JSON with object keys sorted: the same document always has the same text, whatever its layout. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    return `{${Object.keys(obj)
      .sort()
      .filter((k) => obj[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A document's hash: the first 16 hex digits of the SHA-256 of its canonical JSON. */
export function documentHash(document: unknown): string {
  return createHash('sha256').update(canonicalJson(document)).digest('hex').slice(0, 16);
}

interface Candidate extends DocumentSource {
  kind: DocumentKind;
  id: string;
  source: DocumentSourceKind;
  /** Parsed, when the text is JSON. */
  document?: unknown;
  hash: string;
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function listDir(dir: string, suffix: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(suffix))
    .sort();
}

/** Check results of identical inputs, reused: test suites start many servers on the same documents. */
const checkMemo = new Map<string, DocumentProblem[]>();

function checkCandidates(candidates: readonly Candidate[], root: string, options: CheckOptions): DocumentProblem[] {
  if (candidates.length === 0) return [];
  const hash = createHash('sha256').update(JSON.stringify([root, options, candidates.map((c) => [c.abs, c.shown, c.text])]));
  const key = hash.digest('hex');
  let problems = checkMemo.get(key);
  if (!problems) {
    problems = checkSources(candidates, root, options);
    checkMemo.set(key, problems);
  }
  return problems;
}

/** Compiled validators by document hash, kept for every version served since start (a tab may still hold an older one). */
const validatorMemo = new Map<string, string>();

const keyOf = (kind: DocumentKind, id: string) => `${kind}:${id}`;

/** What a document's version record holds besides its number and who made it live. */
const versionedOf = (c: Candidate) => ({ kind: c.kind, id: c.id, hash: c.hash, source: c.source, file: c.shown, body: c.text });

export class DocumentStore {
  private readonly served = new Map<string, ServedDocument>();
  private readonly checks = new Map<string, DocumentCheck>();
  /** Hash → form document of every version served since start (its validator is answered by hash). */
  private readonly formsByHash = new Map<string, FormDocument>();
  private readonly practiceDir: string;

  private constructor(private readonly options: DocumentStoreOptions) {
    this.practiceDir = path.join(options.dataDir, 'practice');
  }

  /** Reads and checks every document, records new versions, syncs the menu; throws DocumentsRefused on a broken one. */
  static async open(options: DocumentStoreOptions): Promise<DocumentStore> {
    const store = new DocumentStore(options);
    const candidates = store.scan();
    const problems = checkCandidates(candidates, options.root, options.check ?? {});
    if (problems.length > 0) throw new DocumentsRefused(problems);
    const at = new Date(options.now()).toISOString();
    const versions = await settleVersions(options.store, candidates.map(versionedOf), at, 'server start');
    for (const c of candidates) {
      store.serve(c, versions.get(keyOf(c.kind, c.id))!);
      store.checks.set(keyOf(c.kind, c.id), { ok: true, errors: [] });
    }
    await store.syncMenu();
    return store;
  }

  /** The practice folder (forms/ and questionnaires/ inside). */
  get folder(): string {
    return this.practiceDir;
  }

  /** Every document the folders hold now, one per kind and id (a practice one over a built-in one). */
  private scan(): Candidate[] {
    const { root, dataDir, formsDir, questionnairesDirs } = this.options;
    const byKey = new Map<string, Candidate>();
    const add = (kind: DocumentKind, source: DocumentSourceKind, abs: string, id: string) => {
      let text: string;
      try {
        text = readFileSync(abs, 'utf8');
      } catch {
        return; // gone between the listing and the read: as if never there
      }
      const document = parseOrUndefined(text);
      const hash = document === undefined ? createHash('sha256').update(text).digest('hex').slice(0, 16) : documentHash(document);
      // Relative to the repository or the data folder; a folder elsewhere (tests) by its full name.
      const relative = source === 'practice' ? shownPath(abs, dataDir) : shownPath(abs, root);
      const shown = relative.startsWith('..') ? abs : relative;
      byKey.set(keyOf(kind, id), { kind, id, source, abs, shown, text, ...(document !== undefined ? { document } : {}), hash });
    };
    for (const f of listDir(formsDir, '.form.json')) add('form', 'built-in', path.join(formsDir, f), f.slice(0, -'.form.json'.length));
    for (const dir of questionnairesDirs) for (const f of listDir(dir, '.json')) add('pathway', 'built-in', path.join(dir, f), f.slice(0, -'.json'.length));
    const practiceForms = path.join(this.practiceDir, 'forms');
    const practicePathways = path.join(this.practiceDir, 'questionnaires');
    for (const f of listDir(practiceForms, '.form.json')) add('form', 'practice', path.join(practiceForms, f), f.slice(0, -'.form.json'.length));
    for (const f of listDir(practicePathways, '.json')) add('pathway', 'practice', path.join(practicePathways, f), f.slice(0, -'.json'.length));
    return [...byKey.values()];
  }

  /** Makes a checked candidate the served version: the admin re-check and the engine see it at once. */
  private serve(c: Candidate, version: DocumentVersion): void {
    const served: ServedDocument = { kind: c.kind, id: c.id, source: c.source, abs: c.abs, file: c.shown, text: c.text, document: c.document, ...version };
    this.served.set(keyOf(c.kind, c.id), served);
    if (c.kind === 'form') {
      const doc = c.document as FormDocument;
      this.formsByHash.set(c.hash, doc);
      this.options.forms.set(doc, { id: c.id, version: version.version, hash: c.hash });
    } else {
      this.options.library.put(c.document as Pathway);
    }
  }

  /** Writes the admin-forms settings' menu from the served forms (a practice's explicit disable kept). */
  async syncMenu(): Promise<void> {
    const menus: Array<{ id: string; menu: FormMenuEntry }> = [];
    for (const d of this.served.values()) {
      const menu = d.kind === 'form' ? (d.document as FormDocument & WithFormMenu).menu : undefined;
      if (menu) menus.push({ id: d.id, menu });
    }
    await syncAdminFormsMenu(this.options.store, menus, this.options.adminFormsDefaults);
    // A practice pathway joins the search and the lists (the built-in ones are written at seeding, server/seeding.ts).
    const practicePathways = [...this.served.values()].filter((d) => d.kind === 'pathway' && d.source === 'practice').map((d) => d.document as Pathway);
    // …and leaves them again when its file is gone (the built-in lists come back).
    if (practicePathways.length > 0 || this.practicePathwaysListed) {
      const byId = new Map(DEMO_PATHWAY_DOCUMENTS.map((p) => [p.guidelineId, p]));
      for (const p of practicePathways) byId.set(p.guidelineId, p);
      await syncPathwaySettings(this.options.store, pathwaySettings([...byId.values()]));
    }
    this.practicePathwaysListed = practicePathways.length > 0;
  }

  private practicePathwaysListed = false;

  /**
   * Re-reads both folders. Each changed document is checked: passing, it becomes the served one
   * (version + 1, recorded with `user` and the time); failing, it is refused and the previous
   * version keeps serving. A document whose file is gone stops serving. Then the menu is synced
   * again.
   */
  async reload(user: string): Promise<ReloadResult[]> {
    // One reload at a time: two at once would both number the same change.
    const run = this.reloading.then(() => this.reloadNow(user));
    this.reloading = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  private reloading: Promise<void> = Promise.resolve();

  private async reloadNow(user: string): Promise<ReloadResult[]> {
    const candidates = this.scan();
    const changed = candidates.filter((c) => this.served.get(keyOf(c.kind, c.id))?.hash !== c.hash);
    const problems = checkCandidates(changed, this.options.root, this.options.check ?? {});
    const at = new Date(this.options.now()).toISOString();
    const results: ReloadResult[] = [];
    for (const c of candidates) {
      const key = keyOf(c.kind, c.id);
      const before = this.served.get(key);
      if (!changed.includes(c)) {
        results.push({ kind: c.kind, id: c.id, outcome: 'unchanged', version: before!.version, errors: [] });
        this.checks.set(key, { ok: true, errors: [] });
        continue;
      }
      const errors = problems.filter((p) => p.file === c.shown);
      if (errors.length === 0 && c.kind === 'form') {
        try {
          compiledValidator(c.hash, c.document as FormDocument);
        } catch (error) {
          errors.push({ file: c.shown, path: '/schema', message: `the schema cannot be compiled: ${(error as Error).message}` });
        }
      }
      this.checks.set(key, { ok: errors.length === 0, errors });
      if (errors.length > 0) {
        results.push({ kind: c.kind, id: c.id, outcome: 'refused', ...(before ? { version: before.version } : {}), errors });
        continue;
      }
      // Numbered from the newest recorded (another instance may have reloaded the same change first).
      const version = (await settleVersions(this.options.store, [versionedOf(c)], at, user)).get(key)!;
      this.serve(c, version);
      results.push({ kind: c.kind, id: c.id, outcome: before ? 'replaced' : 'added', version: version.version, errors: [] });
    }
    // A document whose file is gone stops serving (a practice form leaves the menu; a removed
    // override gives way to the built-in one, which the loop above served as 'replaced').
    const present = new Set(candidates.map((c) => keyOf(c.kind, c.id)));
    for (const [key, d] of [...this.served]) {
      if (present.has(key)) continue;
      this.served.delete(key);
      this.checks.delete(key);
      if (d.kind === 'form') this.options.forms.delete(d.id);
      else this.options.library.remove(d.id);
      results.push({ kind: d.kind, id: d.id, outcome: 'removed', errors: [] });
    }
    await this.syncMenu();
    return results;
  }

  get(kind: DocumentKind, id: string): ServedDocument | undefined {
    return this.served.get(keyOf(kind, id));
  }

  /** Every served document with its last check, forms first, by id. */
  list(): DocumentListEntry[] {
    return [...this.served.values()]
      .sort((a, b) => (a.kind !== b.kind ? (a.kind === 'form' ? -1 : 1) : a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((d) => ({
        kind: d.kind,
        id: d.id,
        source: d.source,
        file: d.file,
        version: d.version,
        hash: d.hash,
        updatedAt: d.updatedAt,
        updatedBy: d.updatedBy,
        check: this.checks.get(keyOf(d.kind, d.id)) ?? { ok: true, errors: [] },
      }));
  }

  /** The validator module of a form version served since start, by its hash; undefined for an unknown hash. */
  validator(hash: string): string | undefined {
    const doc = this.formsByHash.get(hash);
    return doc ? compiledValidator(hash, doc) : undefined;
  }
}

/** Compiles (once per hash) the standalone validator module of a form document. */
function compiledValidator(hash: string, doc: FormDocument): string {
  let source = validatorMemo.get(hash);
  if (source === undefined) {
    source = standaloneValidator(doc, `// ajv standalone validator of the form document ${doc.id} (${hash}), compiled by the server.`);
    validatorMemo.set(hash, source);
  }
  return source;
}
