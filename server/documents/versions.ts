// Every database access of server/documents: the versions of the documents served, and the
// admin-forms settings synced from the forms' menu entries. Each function answers a Promise (the
// store is moving to an async interface; today they run on SQLite synchronously inside).
import type { AdminFormsSettings } from '../../generated/types/api/admin-forms-settings';
import type { FormMenuEntry } from '../../common/index.js';
import { getSetting, putSetting } from '../settingsStore.js';
import type { Sql } from '../store/index.js';
import type { PathwaySettings } from '../engine/settings.js';

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
  /** The publisher's change note (the staff editor), if any. */
  note?: string;
}

/** A recorded version with its text, as the staff pages show it. */
export interface VersionRecord extends DocumentVersion {
  source: 'built-in' | 'practice';
  file: string;
  body: string;
  note?: string;
}

/** The newest version of every document recorded, by `${kind}:${id}`. */
export async function latestVersions(store: Sql): Promise<Map<string, DocumentVersion>> {
  const rows = await store.all<{ kind: string; id: string; version: number; hash: string; updated_at: string; updated_by: string }>(
    `SELECT v.kind, v.id, v.version, v.hash, v.updated_at, v.updated_by FROM document_versions v
     JOIN (SELECT kind, id, MAX(version) AS version FROM document_versions GROUP BY kind, id) m
       ON m.kind = v.kind AND m.id = v.id AND m.version = v.version`,
  );
  return new Map(rows.map((r) => [`${r.kind}:${r.id}`, { version: r.version, hash: r.hash, updatedAt: r.updated_at, updatedBy: r.updated_by }]));
}

/** Records a new version (its number one more than the newest recorded; the caller says which). */
async function recordVersion(store: Sql, v: NewDocumentVersion): Promise<void> {
  await store.run(
    `INSERT INTO document_versions (kind, id, version, hash, source, file, body, updated_at, updated_by, note)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [v.kind, v.id, v.version, v.hash, v.source, v.file, v.body, v.updatedAt, v.updatedBy, v.note ?? null],
  );
}

/** pg_advisory_xact_lock's key for numbering document versions: instances starting or reloading together take turns. */
const VERSIONS_LOCK = 290_031;

/**
 * The version each document is served as, recording new ones: a document whose hash is the newest
 * recorded one's keeps that version (another instance, or an earlier start, recorded it), any other
 * gets the next number. One transaction, under an advisory lock on PostgreSQL, so two instances
 * starting (or reloading) together number a document's versions once.
 */
export async function settleVersions(
  store: Sql,
  docs: ReadonlyArray<Omit<NewDocumentVersion, 'version' | 'updatedAt' | 'updatedBy'>>,
  at: string,
  by: string,
  note?: string,
): Promise<Map<string, DocumentVersion>> {
  return store.tx(async (tx) => {
    if (tx.dialect === 'postgres') await tx.get('SELECT pg_advisory_xact_lock(?)', [VERSIONS_LOCK]);
    const latest = await latestVersions(tx);
    const settled = new Map<string, DocumentVersion>();
    for (const d of docs) {
      const key = `${d.kind}:${d.id}`;
      const before = latest.get(key);
      if (before && before.hash === d.hash) {
        settled.set(key, before);
        continue;
      }
      const version: DocumentVersion = { version: (before?.version ?? 0) + 1, hash: d.hash, updatedAt: at, updatedBy: by };
      await recordVersion(tx, { ...d, ...version, ...(note ? { note } : {}) });
      settled.set(key, version);
    }
    return settled;
  });
}

/** Every version of one document, newest first (with its change note when it has one). */
export async function versionHistory(store: Sql, kind: DocumentKind, id: string): Promise<Array<DocumentVersion & { note?: string }>> {
  const rows = await store.all<{ version: number; hash: string; updated_at: string; updated_by: string; note: string | null }>(
    'SELECT version, hash, updated_at, updated_by, note FROM document_versions WHERE kind = ? AND id = ? ORDER BY version DESC',
    [kind, id],
  );
  return rows.map((r) => ({ version: Number(r.version), hash: r.hash, updatedAt: r.updated_at, updatedBy: r.updated_by, ...(r.note ? { note: r.note } : {}) }));
}

/** One recorded version with its text; undefined when there is no such version. */
export async function versionRecord(store: Sql, kind: DocumentKind, id: string, version: number): Promise<VersionRecord | undefined> {
  const r = await store.get<{
    version: number;
    hash: string;
    updated_at: string;
    updated_by: string;
    note: string | null;
    source: string;
    file: string;
    body: string;
  }>('SELECT version, hash, updated_at, updated_by, note, source, file, body FROM document_versions WHERE kind = ? AND id = ? AND version = ?', [
    kind,
    id,
    version,
  ]);
  if (!r) return undefined;
  return {
    version: Number(r.version),
    hash: r.hash,
    updatedAt: r.updated_at,
    updatedBy: r.updated_by,
    source: r.source === 'built-in' ? 'built-in' : 'practice',
    file: r.file,
    body: r.body,
    ...(r.note ? { note: r.note } : {}),
  };
}

/** The settings key remembering which forms' menu entries were synced: a form not in it is new (enabled), one in it but not enabled was switched off by the practice. */
/** pg_advisory_xact_lock's key for the settings the documents rewrite: instances starting or reloading together take turns. */
const SETTINGS_SYNC_LOCK = 290_030;

const MENU_SYNCED_KEY = 'admin-forms-synced';

/**
 * Writes the admin-forms settings' `forms` (one entry per form with a menu, by order) and
 * `patientEnabledForms` from the documents: a new form is enabled; a form the practice switched
 * off (left out of patientEnabledForms) stays off; a form without a document any more leaves both.
 * The practice's links and custom fields are kept.
 */
export async function syncAdminFormsMenu(store: Sql, menus: ReadonlyArray<{ id: string; menu: FormMenuEntry }>, defaults: AdminFormsSettings): Promise<void> {
  await store.tx(async (db) => {
    // Two instances starting together take turns (read, then write).
    if (db.dialect === 'postgres') await db.get('SELECT pg_advisory_xact_lock(?)', [SETTINGS_SYNC_LOCK]);
    const settings = (await getSetting<AdminFormsSettings>(db, 'admin-forms')) ?? defaults;
    const known = new Set((await getSetting<string[]>(db, MENU_SYNCED_KEY)) ?? settings.forms.map((f) => f.type));
    const enabled = new Set(settings.patientEnabledForms);
    const sorted = [...menus].sort((a, b) => a.menu.order - b.menu.order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const forms = sorted.map(({ id, menu }) => ({
      type: id,
      label: menu.label,
      subTitle: menu.subTitle,
      requiresPatientRecord: menu.requiresPatientRecord,
      order: menu.order,
      ...(menu.reply ? { reply: { timeFrame: menu.reply.timeFrame, ...(menu.reply.sentence ? { sentence: menu.reply.sentence } : {}) } } : {}),
    }));
    const patientEnabledForms = sorted.filter(({ id }) => enabled.has(id) || !known.has(id)).map(({ id }) => id);
    await putSetting(db, 'admin-forms', { ...settings, forms, patientEnabledForms });
    await putSetting(
      db,
      MENU_SYNCED_KEY,
      sorted.map(({ id }) => id),
    );
  });
}

/**
 * Writes the settings that name pathways (the symptom search's triageMapping, the eligibility and
 * child lists, ai-led) from the pathways given: the built-in library with the practice folder's
 * pathways added or overriding, so a practice pathway is found by the search like a built-in one.
 */
export async function syncPathwaySettings(store: Sql, settings: PathwaySettings): Promise<void> {
  await store.tx(async (db) => {
    if (db.dialect === 'postgres') await db.get('SELECT pg_advisory_xact_lock(?)', [SETTINGS_SYNC_LOCK]);
    const app = await getSetting<Record<string, unknown>>(db, 'patient-app');
    if (app) await putSetting(db, 'patient-app', { ...app, triageMapping: settings.triageMapping });
    const shared = await getSetting<Record<string, unknown>>(db, 'shared');
    if (shared) await putSetting(db, 'shared', { ...shared, eligibilityGuidelines: settings.eligibilityGuidelines, childGuidelines: settings.childGuidelines });
    await putSetting(db, 'ai-led', { guidelineIds: settings.aiLedGuidelineIds });
  });
}
