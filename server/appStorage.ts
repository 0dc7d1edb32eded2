import path from 'node:path';
import { claimDataDir } from './dataDirLock.js';
import { openDatabase, type Db } from './db.js';
import { LiveDocuments } from './documents/liveDocuments.js';
import { PathwayLibrary } from './engine/library.js';
import { FormDocuments } from './forms.js';
import { ADMIN_FORM_TYPE_VALUES } from '../generated/types/api/admin-form-type';
import { DEMO_ADMIN_FORMS } from './seed.js';
import { seedDatabase } from './seeding.js';
import type { ServerOptions } from './serverOptions.js';
import { isPostgresUrl, openStore, type Sql } from './store/index.js';

/** What the server reads and writes: the store (and the SQLite file under it), and the documents it serves. */
export interface AppStorage {
  store: Sql;
  /** The SQLite connection, when the store is the SQLite file. */
  sqlite: Db | undefined;
  /** Lets another server open the data folder once this one has closed. */
  releaseDataDir: () => void;
  forms: FormDocuments;
  library: PathwayLibrary;
  documents: LiveDocuments;
}

/**
 * Opens the store, seeds the demo practice and opens every document. A failure on the way (a
 * broken document, a store that cannot be seeded) closes what was opened, then throws.
 */
export async function openAppStorage(options: ServerOptions, repoRoot: string): Promise<AppStorage> {
  // PostgreSQL when DATABASE_URL says so; else the SQLite file in the data folder (its older migration lists run on opening).
  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL;
  const releaseDataDir = isPostgresUrl(databaseUrl) ? () => undefined : claimDataDir(options.dataDir);
  const sqlite = isPostgresUrl(databaseUrl) ? undefined : openDatabase(options.dataDir);
  const store = await openStore({ ...(sqlite ? {} : { databaseUrl }), sqlite });
  const closeDatabase = async () => {
    await store.close().catch(() => undefined);
    if (sqlite?.open) sqlite.close();
    releaseDataDir();
  };
  // The demo practice: every setting not yet stored and the demo patients when there are none (server/seeding.ts).
  try {
    await seedDatabase(store);
  } catch (error) {
    await closeDatabase();
    throw error;
  }
  // Every form and pathway document, built-in and the practice folder's, checked: a broken one stops the start here.
  const forms = new FormDocuments(ADMIN_FORM_TYPE_VALUES);
  const questionnairesDirs = options.questionnairesDirs ?? [path.join(repoRoot, 'schemas', 'questionnaires')];
  const library = new PathwayLibrary(questionnairesDirs, undefined, 'given');
  let documents: LiveDocuments;
  try {
    documents = await LiveDocuments.open({
      store,
      root: repoRoot,
      dataDir: options.dataDir,
      formsDir: options.formsDir ?? path.join(repoRoot, 'schemas', 'forms'),
      questionnairesDirs,
      adminFormTypes: ADMIN_FORM_TYPE_VALUES,
      forms,
      library,
      adminFormsDefaults: DEMO_ADMIN_FORMS,
      ...(options.documentChecks ? { check: options.documentChecks } : {}),
      now: options.now ?? Date.now,
    });
  } catch (error) {
    await closeDatabase();
    throw error;
  }
  return { store, sqlite, releaseDataDir, forms, library, documents };
}
