// Drafts of the staff document editor: one unsaved text per document and per staff person, so a
// half-finished edit survives closing the tab. A draft is never served and never checked until
// it is published (server/routes/documentEditor.ts); publishing it deletes it.
import type { Sql } from '../store/index.js';
import type { DocumentKind } from './versions.js';

export interface Draft {
  text: string;
  updatedAt: string;
}

export async function getDraft(store: Sql, kind: DocumentKind, id: string, username: string): Promise<Draft | undefined> {
  const row = await store.get<{ body: string; updated_at: string }>('SELECT body, updated_at FROM document_drafts WHERE kind = ? AND id = ? AND username = ?', [
    kind,
    id,
    username,
  ]);
  return row ? { text: row.body, updatedAt: row.updated_at } : undefined;
}

export async function putDraft(store: Sql, kind: DocumentKind, id: string, username: string, text: string, at: string): Promise<void> {
  await store.run(
    `INSERT INTO document_drafts (kind, id, username, body, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (kind, id, username) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at`,
    [kind, id, username, text, at],
  );
}

export async function deleteDraft(store: Sql, kind: DocumentKind, id: string, username: string): Promise<void> {
  await store.run('DELETE FROM document_drafts WHERE kind = ? AND id = ? AND username = ?', [kind, id, username]);
}
