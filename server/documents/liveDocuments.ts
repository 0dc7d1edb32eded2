// The one source of form and pathway documents at run time. At start the server reads the
// built-in documents (schemas/forms, schemas/questionnaires) and the practice folder
// (${DATA_DIR}/practice/forms/<ID>.form.json, ${DATA_DIR}/practice/questionnaires/<id>.json: a
// practice document with a built-in id overrides it, a new id adds one) and checks every one with
// the checks of `npm run schemas:check`. A broken one never stops the service: it is refused, and
// the last good version from the version history serves instead (a new one never live is not
// served at all); the start names each refusal (server/main.ts) and the Forms page shows it. The admin request
// re-check (server/forms.ts) and the embedded engine (server/engine/library.ts) take their
// documents from here; the patient app fetches them (server/routes/documents.ts). A reload
// re-reads both folders: a changed document that passes the checks replaces the served one as a
// new version; one that fails is refused and the previous version keeps serving. Instances sharing
// a PostgreSQL database follow each other's versions (`follow`, on a timer: server/routes/documents.ts).
// Its parts: candidates.ts (a document as read; checks and validators memoised), folders.ts (the
// folders read), follow.ts (the other instances' versions), fallback.ts (what serves for a refused
// file), listing.ts (the staff list), menus.ts (the menus and lists the documents feed),
// liveDocumentTypes.ts (the types).
import { readFileSync } from 'node:fs';
import type { FormDocument } from '../../renderer/core/index';
import type { Pathway } from '../engine/pathway.js';
import { shownPath, type DocumentProblem } from './check.js';
import { recordDocumentEvent, recordRefusal } from './events.js';
import { DocumentFolders } from './folders.js';
import { catchUpPracticeFolder, newerVersions } from './follow.js';
import { candidateOf, checkCandidates, compiledValidator, keyOf, schemaCompileProblems, versionedOf, writeWhole, type Candidate } from './candidates.js';
import { lastGood } from './fallback.js';
import { documentList, type UnservedDocument } from './listing.js';
import { syncDocumentMenus } from './menus.js';
import type { DocumentCheck, DocumentListEntry, LiveDocumentsOptions, PublishResult, ReloadResult, ServedDocument, StartRefusal } from './liveDocumentTypes.js';
import { settleVersions, type DocumentKind, type DocumentVersion } from './versions.js';

export type { DocumentCheck, DocumentListEntry, LiveDocumentsOptions, PublishResult, ReloadResult, ServedDocument, StartRefusal } from './liveDocumentTypes.js';
export { canonicalJson, documentHash } from './candidates.js';

export class LiveDocuments {
  private readonly served = new Map<string, ServedDocument>();
  private readonly checks = new Map<string, DocumentCheck>();
  /** Hash → form document of every version served since start (its validator is answered by hash). */
  private readonly formsByHash = new Map<string, FormDocument>();
  /** Documents whose file was refused with no good version to serve: listed, never served. */
  private readonly unserved = new Map<string, UnservedDocument>();
  /** The documents refused at start (server/main.ts prints them). */
  readonly refusedAtStart: StartRefusal[] = [];
  private readonly folders: DocumentFolders;

  private constructor(private readonly options: LiveDocumentsOptions) {
    this.folders = new DocumentFolders(options);
  }

  /**
   * Reads and checks every document, records new versions, syncs the menu. A document failing its
   * checks is refused: the last good version from the history serves in its place (re-checked),
   * else the built-in document it overrides, else nothing; `refusedAtStart` says which.
   */
  static async open(options: LiveDocumentsOptions): Promise<LiveDocuments> {
    const store = new LiveDocuments(options);
    if (options.store.dialect === 'postgres') await catchUpPracticeFolder(options.store, store.folders);
    const { candidates, builtIns } = store.folders.scanAll();
    const problems = checkCandidates(candidates, options.root, options.check ?? {});
    const good = candidates.filter((c) => !problems.some((p) => p.file === c.shown));
    const at = new Date(options.now()).toISOString();
    const versions = await settleVersions(options.store, good.map(versionedOf), at, 'server start');
    for (const c of good) {
      store.serve(c, versions.get(keyOf(c.kind, c.id))!);
      store.checks.set(keyOf(c.kind, c.id), { ok: true, errors: [] });
    }
    for (const c of candidates.filter((x) => !good.includes(x))) {
      const key = keyOf(c.kind, c.id);
      const errors = problems.filter((p) => p.file === c.shown);
      store.checks.set(key, { ok: false, errors });
      const fallback = await lastGood(options, c, builtIns.get(key), at);
      if (fallback) store.serve(fallback.candidate, fallback.version);
      else store.unserved.set(key, { kind: c.kind, id: c.id, source: c.source, file: c.shown, hash: c.hash });
      store.refusedAtStart.push({
        kind: c.kind,
        id: c.id,
        file: c.shown,
        errors,
        ...(fallback ? { serving: { version: fallback.version.version, file: fallback.candidate.shown } } : {}),
      });
      await recordRefusal(options.store, c, at, 'server start', fallback?.version.version, errors);
    }
    await store.syncMenu();
    return store;
  }

  /** The practice folder (forms/ and questionnaires/ inside). */
  get folder(): string {
    return this.folders.practiceDir;
  }

  /** The practice folder of a kind of document, or one document's file in it. */
  practicePath(kind: DocumentKind, id?: string): string {
    return this.folders.practicePath(kind, id);
  }

  /** Every document the folders hold now, one per kind and id (a practice one over a built-in one). */
  private scan(): Candidate[] {
    return this.folders.scanAll().candidates;
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
    this.practicePathwaysListed = await syncDocumentMenus(this.options, [...this.served.values()], this.practicePathwaysListed);
  }

  private practicePathwaysListed = false;

  /**
   * Re-reads both folders. Each changed document is checked: passing, it becomes the served one
   * (version + 1, recorded with `user` and the time); failing, it is refused and the previous
   * version keeps serving. A document whose file is gone stops serving. Then the menu is synced
   * again.
   */
  async reload(user: string): Promise<ReloadResult[]> {
    return this.inTurn(() => this.reloadNow(user));
  }

  private reloading: Promise<void> = Promise.resolve();

  /** Reload, Publish and follow take turns: two at once would both number the same change. */
  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const run = this.reloading.then(work);
    this.reloading = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

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
      if (errors.length === 0) errors.push(...schemaCompileProblems(c));
      this.checks.set(key, { ok: errors.length === 0, errors });
      if (errors.length > 0) {
        if (!before) this.unserved.set(key, { kind: c.kind, id: c.id, source: c.source, file: c.shown, hash: c.hash });
        results.push({ kind: c.kind, id: c.id, outcome: 'refused', ...(before ? { version: before.version } : {}), errors });
        await recordRefusal(this.options.store, c, at, user, before?.version, errors);
        continue;
      }
      this.unserved.delete(key);
      // Numbered from the newest recorded (another instance may have reloaded the same change first).
      const version = (await settleVersions(this.options.store, [versionedOf(c)], at, user)).get(key)!;
      this.serve(c, version);
      results.push({ kind: c.kind, id: c.id, outcome: before ? 'replaced' : 'added', version: version.version, errors: [] });
    }
    // A document whose file is gone stops serving (a practice form leaves the menu; a removed
    // override gives way to the built-in one, which the loop above served as 'replaced').
    const present = new Set(candidates.map((c) => keyOf(c.kind, c.id)));
    for (const key of [...this.unserved.keys()]) if (!present.has(key)) this.unserved.delete(key);
    for (const [key, d] of [...this.served]) {
      if (present.has(key)) continue;
      this.served.delete(key);
      this.checks.delete(key);
      if (d.kind === 'form') this.options.forms.delete(d.id);
      else this.options.library.remove(d.id);
      results.push({ kind: d.kind, id: d.id, outcome: 'removed', errors: [] });
      await recordDocumentEvent(this.options.store, { kind: d.kind, id: d.id, action: 'removed', at, by: user });
    }
    await this.syncMenu();
    return results;
  }

  /**
   * Publishes a text as the document (the staff editor, a restore): checked as a file in the
   * practice folder would be; passing, it is written there (so a restart serves it too) and
   * becomes the next version, recorded with `user`, the time and the note; failing, nothing changes.
   */
  async publish(kind: DocumentKind, id: string, text: string, user: string, note?: string): Promise<PublishResult> {
    return this.inTurn(() => this.publishNow(kind, id, text, user, note));
  }

  /** The checks a text gets as this document's file in the practice folder: the same as a Reload's. */
  checkText(kind: DocumentKind, id: string, text: string): DocumentProblem[] {
    return this.checked(kind, id, text).errors;
  }

  private checked(kind: DocumentKind, id: string, text: string): { candidate: Candidate; errors: DocumentProblem[] } {
    const abs = this.practicePath(kind, id);
    const candidate = candidateOf(kind, id, 'practice', abs, text);
    const relative = shownPath(abs, this.options.dataDir);
    candidate.shown = relative.startsWith('..') ? abs : relative;
    const errors = checkCandidates([candidate], this.options.root, this.options.check ?? {}).slice();
    if (errors.length === 0) errors.push(...schemaCompileProblems(candidate));
    return { candidate, errors };
  }

  /** The text of a document's file that was refused and never served (for the editor to fix), if there is one. */
  refusedText(kind: DocumentKind, id: string): string | undefined {
    if (!this.unserved.has(keyOf(kind, id))) return undefined;
    try {
      return readFileSync(this.practicePath(kind, id), 'utf8');
    } catch {
      return undefined;
    }
  }

  private async publishNow(kind: DocumentKind, id: string, text: string, user: string, note?: string): Promise<PublishResult> {
    const { candidate, errors } = this.checked(kind, id, text);
    const abs = candidate.abs;
    const key = keyOf(kind, id);
    const before = this.served.get(key);
    if (errors.length > 0) {
      const at = new Date(this.options.now()).toISOString();
      await recordRefusal(this.options.store, { kind, id }, at, user, before?.version, errors);
      return { ok: false, errors };
    }
    writeWhole(abs, text);
    if (before?.hash === candidate.hash && before.source === 'practice') {
      this.checks.set(key, { ok: true, errors: [] });
      return { ok: true, version: before.version, unchanged: true };
    }
    const at = new Date(this.options.now()).toISOString();
    const version = (await settleVersions(this.options.store, [versionedOf(candidate)], at, user, note)).get(key)!;
    this.serve(candidate, version);
    this.checks.set(key, { ok: true, errors: [] });
    this.unserved.delete(key);
    await this.syncMenu();
    return { ok: true, version: version.version, unchanged: false };
  }

  /**
   * Catches up with versions another instance made live (several instances share one PostgreSQL
   * database, and so the version history, but each serves from its own memory). A recorded version
   * newer than the one served here is checked again and served; a practice one is also written to
   * this instance's practice folder, so a Reload or a restart here keeps it rather than recording
   * the older file as a newer version. One that fails this instance's checks (instances running
   * different code) is left, and the served version keeps serving. Runs in turn with Reload and
   * Publish. Answers what changed.
   */
  async follow(): Promise<ReloadResult[]> {
    return this.inTurn(() => this.followNow());
  }

  private async followNow(): Promise<ReloadResult[]> {
    const { store, root, check } = this.options;
    const results: ReloadResult[] = [];
    for (const { key, kind, id, candidate, version } of await newerVersions(store, this.folders, root, check ?? {}, (k) => this.served.get(k)?.version)) {
      const before = this.served.get(key);
      if (candidate.source === 'practice') writeWhole(candidate.abs, candidate.text);
      this.serve(candidate, version);
      this.checks.set(key, { ok: true, errors: [] });
      this.unserved.delete(key);
      results.push({ kind, id, outcome: before ? 'replaced' : 'added', version: version.version, errors: [] });
    }
    if (results.length > 0) await this.syncMenu();
    return results;
  }

  get(kind: DocumentKind, id: string): ServedDocument | undefined {
    return this.served.get(keyOf(kind, id));
  }

  /** Every served document with its last check, forms first, by id. */
  list(): DocumentListEntry[] {
    return documentList([...this.served.values()], [...this.unserved.values()], this.checks, this.folders);
  }

  /** The validator module of a form version served since start, by its hash; undefined for an unknown hash. */
  validator(hash: string): string | undefined {
    const doc = this.formsByHash.get(hash);
    return doc ? compiledValidator(hash, doc) : undefined;
  }
}
