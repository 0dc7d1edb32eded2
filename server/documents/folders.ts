// The folders documents are read from: the built-in ones (schemas/forms, schemas/questionnaires)
// and the practice folder (<DATA_DIR>/practice/forms, …/questionnaires), where Publish writes.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { shownPath } from './check.js';
import { candidateOf, keyOf, listDir, type Candidate } from './candidates.js';
import type { DocumentSourceKind, LiveDocumentsOptions } from './liveDocumentTypes.js';
import type { DocumentKind } from './versions.js';

export class DocumentFolders {
  /** The practice folder (forms/ and questionnaires/ inside). */
  readonly practiceDir: string;

  constructor(private readonly options: Pick<LiveDocumentsOptions, 'root' | 'dataDir' | 'formsDir' | 'questionnairesDirs'>) {
    this.practiceDir = path.join(options.dataDir, 'practice');
  }

  /** The documents to serve, and the built-in documents a practice file overrides (by key). */
  scanAll(): { candidates: Candidate[]; builtIns: Map<string, Candidate> } {
    const { root, dataDir, formsDir, questionnairesDirs } = this.options;
    const byKey = new Map<string, Candidate>();
    const builtIns = new Map<string, Candidate>();
    const add = (kind: DocumentKind, source: DocumentSourceKind, abs: string, id: string) => {
      let text: string;
      try {
        text = readFileSync(abs, 'utf8');
      } catch {
        return; // gone between the listing and the read: as if never there
      }
      const candidate = candidateOf(kind, id, source, abs, text);
      // Relative to the repository or the data folder; a folder elsewhere (tests) by its full name.
      const relative = source === 'practice' ? shownPath(abs, dataDir) : shownPath(abs, root);
      candidate.shown = relative.startsWith('..') ? abs : relative;
      const key = keyOf(kind, id);
      if (source === 'practice' && byKey.get(key)?.source === 'built-in') builtIns.set(key, byKey.get(key)!);
      byKey.set(key, candidate);
    };
    for (const f of listDir(formsDir, '.form.json')) add('form', 'built-in', path.join(formsDir, f), f.slice(0, -'.form.json'.length));
    for (const dir of questionnairesDirs) for (const f of listDir(dir, '.json')) add('pathway', 'built-in', path.join(dir, f), f.slice(0, -'.json'.length));
    for (const f of listDir(this.practicePath('form'), '.form.json'))
      add('form', 'practice', path.join(this.practicePath('form'), f), f.slice(0, -'.form.json'.length));
    for (const f of listDir(this.practicePath('pathway'), '.json'))
      add('pathway', 'practice', path.join(this.practicePath('pathway'), f), f.slice(0, -'.json'.length));
    return { candidates: [...byKey.values()], builtIns };
  }

  /** The practice folder of a kind of document, or one document's file in it. */
  practicePath(kind: DocumentKind, id?: string): string {
    const dir = path.join(this.practiceDir, kind === 'form' ? 'forms' : 'questionnaires');
    return id === undefined ? dir : path.join(dir, kind === 'form' ? `${id}.form.json` : `${id}.json`);
  }

  /** The built-in file of a document, if the repository has one (a practice one with its id overrides it). */
  builtInPath(kind: DocumentKind, id: string): string | undefined {
    const { formsDir, questionnairesDirs } = this.options;
    const files = kind === 'form' ? [path.join(formsDir, `${id}.form.json`)] : questionnairesDirs.map((dir) => path.join(dir, `${id}.json`));
    return files.find((f) => existsSync(f));
  }
}
