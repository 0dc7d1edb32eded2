// Removals and refusals in a document's history, with who did them (docs/security.md "Staff
// sign-in and the document history"). A version records what went live (server/documents/versions.ts);
// an event records what did not, or what stopped: a changed document the checks refused (at a
// Reload, at start, at Publish) and a document whose file was removed. No patient data: the
// problems are file, JSON path and message.
import type { Sql } from '../store/index.js';
import type { DocumentKind } from './versions.js';

type DocumentEventAction = 'refused' | 'removed';

export interface DocumentEvent {
  action: DocumentEventAction;
  at: string;
  /** The staff person (their username), 'api-token', or 'server start'. */
  by: string;
  /** The version serving after it (none: nothing serves). */
  version?: number;
  /** Why, for a refusal: its problems as "path: message", the first ten. */
  detail?: string;
}

/** Records one event; call it where the refusal or the removal happens. */
export async function recordDocumentEvent(
  store: Sql,
  e: DocumentEvent & { kind: DocumentKind; id: string; problems?: ReadonlyArray<{ path: string; message: string }> },
): Promise<void> {
  const detail =
    e.detail ??
    (e.problems?.length
      ? e.problems
          .slice(0, 10)
          .map((p) => `${p.path}: ${p.message}`)
          .join('\n')
          .slice(0, 4000)
      : null);
  await store.run('INSERT INTO document_events (kind, id, action, at, by_user, version, detail) VALUES (?, ?, ?, ?, ?, ?, ?)', [
    e.kind,
    e.id,
    e.action,
    e.at,
    e.by,
    e.version ?? null,
    detail,
  ]);
}

/** Records a refusal: the document, who and when, the version still serving (if one is), and the problems. */
export async function recordRefusal(
  store: Sql,
  doc: { kind: DocumentKind; id: string },
  at: string,
  by: string,
  serving: number | undefined,
  problems: ReadonlyArray<{ path: string; message: string }>,
): Promise<void> {
  await recordDocumentEvent(store, { kind: doc.kind, id: doc.id, action: 'refused', at, by, ...(serving !== undefined ? { version: serving } : {}), problems });
}

/** Every event of one document, newest first. */
export async function documentEvents(store: Sql, kind: DocumentKind, id: string): Promise<DocumentEvent[]> {
  const rows = await store.all<{ action: DocumentEventAction; at: string; by_user: string; version: number | null; detail: string | null }>(
    'SELECT action, at, by_user, version, detail FROM document_events WHERE kind = ? AND id = ? ORDER BY at DESC, seq DESC',
    [kind, id],
  );
  return rows.map((r) => ({
    action: r.action,
    at: r.at,
    by: r.by_user,
    ...(r.version !== null ? { version: Number(r.version) } : {}),
    ...(r.detail !== null ? { detail: r.detail } : {}),
  }));
}
