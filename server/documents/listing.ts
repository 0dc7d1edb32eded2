import { keyOf } from './candidates.js';
import type { DocumentFolders } from './folders.js';
import type { DocumentCheck, DocumentListEntry, DocumentSourceKind, ServedDocument } from './liveDocumentTypes.js';
import type { DocumentKind } from './versions.js';

/** A document whose file was refused with no good version to serve: listed, never served. */
export interface UnservedDocument {
  kind: DocumentKind;
  id: string;
  source: DocumentSourceKind;
  file: string;
  hash: string;
}

/** Every served document with its last check, forms first, by id; then the refused ones never served. */
export function documentList(
  served: readonly ServedDocument[],
  unserved: readonly UnservedDocument[],
  checks: ReadonlyMap<string, DocumentCheck>,
  folders: DocumentFolders,
): DocumentListEntry[] {
  return [...served]
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
      check: checks.get(keyOf(d.kind, d.id)) ?? { ok: true, errors: [] },
      live: true,
      overrides: d.source === 'practice' && folders.builtInPath(d.kind, d.id) !== undefined,
    }))
    .concat(
      unserved.map((u) => ({
        ...u,
        version: 0,
        updatedAt: '',
        updatedBy: '',
        check: checks.get(keyOf(u.kind, u.id)) ?? { ok: false, errors: [] },
        live: false,
        overrides: u.source === 'practice' && folders.builtInPath(u.kind, u.id) !== undefined,
      })),
    );
}
