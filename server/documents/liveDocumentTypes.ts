// LiveDocuments' types: what is served, listed, refused, published and reloaded, and the
// store's options (server/documents/liveDocuments.ts).
import type { AdminFormsSettings } from '../../generated/types/api/admin-forms-settings';
import type { Sql } from '../store/index.js';
import type { PathwayLibrary } from '../engine/library.js';
import type { FormDocuments } from '../forms.js';
import type { CheckOptions, DocumentProblem } from './check.js';
import type { DocumentKind, DocumentVersion } from './versions.js';

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
  /** False for a document whose file was refused and that has no good version to serve (version 0). */
  live: boolean;
  /** A practice document with the id of a built-in one, which it replaces. */
  overrides: boolean;
}

/** A document refused at start: its problems, and the version from the history serving instead (none: not served). */
export interface StartRefusal {
  kind: DocumentKind;
  id: string;
  file: string;
  errors: DocumentProblem[];
  serving?: { version: number; file: string };
}

/** What publishing a text did: the version now live, or the problems that refused it. */
export type PublishResult = { ok: true; version: number; unchanged: boolean } | { ok: false; errors: DocumentProblem[] };

export interface ReloadResult {
  kind: DocumentKind;
  id: string;
  outcome: 'added' | 'replaced' | 'unchanged' | 'refused' | 'removed';
  /** The version serving after the reload (none when a new document was refused). */
  version?: number;
  errors: DocumentProblem[];
}

export interface LiveDocumentsOptions {
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
