// Every database access of server/documents: the versions of the documents served, and the
// admin-forms settings synced from the forms' menu entries. Each function answers a Promise (the
// store is moving to an async interface; today they run on SQLite synchronously inside).
import type { AdminFormsSettings } from '../../generated/types/api/admin-forms-settings';
import type { FormMenuEntry } from '../../renderer/core/index';
import { readSetting, writeSetting, type Db } from '../db.js';

export type DocumentKind = 'form' | 'pathway';

export interface DocumentVersion {
  version: number;
  hash: string;
  updatedAt: string;
  updatedBy: string;
}

export interface NewDocumentVersion extends DocumentVersion {
  kind: DocumentKind;
  id: string;
  source: 'built-in' | 'practice';
  file: string;
  /** The document's text as read. */
  body: string;
}

/** The newest version of every document recorded, by `${kind}:${id}`. */
export async function latestVersions(db: Db): Promise<Map<string, DocumentVersion>> {
  const rows = db
    .prepare(
      `SELECT v.kind, v.id, v.version, v.hash, v.updated_at, v.updated_by FROM document_versions v
       JOIN (SELECT kind, id, MAX(version) AS version FROM document_versions GROUP BY kind, id) m
         ON m.kind = v.kind AND m.id = v.id AND m.version = v.version`,
    )
    .all() as Array<{ kind: string; id: string; version: number; hash: string; updated_at: string; updated_by: string }>;
  return new Map(rows.map((r) => [`${r.kind}:${r.id}`, { version: r.version, hash: r.hash, updatedAt: r.updated_at, updatedBy: r.updated_by }]));
}

/** Records a new version (its number one more than the newest recorded; the caller says which). */
export async function recordVersion(db: Db, v: NewDocumentVersion): Promise<void> {
  db.prepare(
    `INSERT INTO document_versions (kind, id, version, hash, source, file, body, updated_at, updated_by)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(v.kind, v.id, v.version, v.hash, v.source, v.file, v.body, v.updatedAt, v.updatedBy);
}

/** Every version of one document, newest first. */
export async function versionHistory(db: Db, kind: DocumentKind, id: string): Promise<DocumentVersion[]> {
  const rows = db
    .prepare('SELECT version, hash, updated_at, updated_by FROM document_versions WHERE kind = ? AND id = ? ORDER BY version DESC')
    .all(kind, id) as Array<{ version: number; hash: string; updated_at: string; updated_by: string }>;
  return rows.map((r) => ({ version: r.version, hash: r.hash, updatedAt: r.updated_at, updatedBy: r.updated_by }));
}

/** The settings key remembering which forms' menu entries were synced: a form not in it is new (enabled), one in it but not enabled was switched off by the practice. */
export const MENU_SYNCED_KEY = 'admin-forms-synced';

/**
 * Writes the admin-forms settings' `forms` (one entry per form with a menu, by order) and
 * `patientEnabledForms` from the documents: a new form is enabled; a form the practice switched
 * off (left out of patientEnabledForms) stays off; a form without a document any more leaves both.
 * The practice's links and custom fields are kept.
 */
export async function syncAdminFormsMenu(db: Db, menus: ReadonlyArray<{ id: string; menu: FormMenuEntry }>, defaults: AdminFormsSettings): Promise<void> {
  db.transaction(() => {
    const settings = readSetting<AdminFormsSettings>(db, 'admin-forms') ?? defaults;
    const known = new Set(readSetting<string[]>(db, MENU_SYNCED_KEY) ?? settings.forms.map((f) => f.type));
    const enabled = new Set(settings.patientEnabledForms);
    const sorted = [...menus].sort((a, b) => a.menu.order - b.menu.order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const forms = sorted.map(({ id, menu }) => ({
      type: id,
      label: menu.label,
      subTitle: menu.subTitle,
      requiresPatientRecord: menu.requiresPatientRecord,
      order: menu.order,
      ...(menu.reply ? { reply: { timeFrame: menu.reply.timeFrame } } : {}),
    }));
    const patientEnabledForms = sorted.filter(({ id }) => enabled.has(id) || !known.has(id)).map(({ id }) => id);
    writeSetting(db, 'admin-forms', { ...settings, forms, patientEnabledForms });
    writeSetting(db, MENU_SYNCED_KEY, sorted.map(({ id }) => id));
  })();
}
