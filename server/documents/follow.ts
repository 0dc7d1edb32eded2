// Instances sharing a PostgreSQL database share the version history; each serves from its own
// memory and folder. These are the two halves of keeping up with the others (the store's
// `follow`, on a timer, and its start): the newer versions to serve, and the practice files a
// start must not mistake for newer ones.
import { readFileSync, statSync } from 'node:fs';
import type { FormDocument } from '../../renderer/core/index';
import type { Sql } from '../store/index.js';
import { candidateOf, checkCandidates, compiledValidator, splitKey, writeWhole, type Candidate } from './candidates.js';
import type { CheckOptions } from './check.js';
import { documentEvents } from './events.js';
import type { DocumentFolders } from './folders.js';
import { latestVersions, versionRecord, type DocumentKind, type DocumentVersion } from './versions.js';

/** A version recorded by another instance, checked here and ready to serve. */
export interface NewerVersion {
  key: string;
  kind: DocumentKind;
  id: string;
  candidate: Candidate;
  version: DocumentVersion;
}

/**
 * Every recorded version newer than the one served here (`servedVersion` by key), as a candidate
 * that passes this instance's checks; one that fails them (instances running different code) is
 * left out.
 */
export async function newerVersions(
  store: Sql,
  folders: DocumentFolders,
  root: string,
  check: CheckOptions,
  servedVersion: (key: string) => number | undefined,
): Promise<NewerVersion[]> {
  const out: NewerVersion[] = [];
  for (const [key, latest] of await latestVersions(store)) {
    const before = servedVersion(key);
    if (before !== undefined && before >= latest.version) continue;
    const [kind, id] = splitKey(key);
    const record = await versionRecord(store, kind, id, latest.version);
    const builtIn = folders.builtInPath(kind, id);
    if (!record || (record.source === 'built-in' && !builtIn)) continue;
    const abs = record.source === 'practice' ? folders.practicePath(kind, id) : builtIn!;
    const candidate: Candidate = { ...candidateOf(kind, id, record.source, abs, record.body), shown: record.file };
    if (candidate.document === undefined || checkCandidates([candidate], root, check).length > 0) continue;
    if (kind === 'form') {
      try {
        compiledValidator(candidate.hash, candidate.document as FormDocument);
      } catch {
        continue;
      }
    }
    out.push({ key, kind, id, candidate, version: latest });
  }
  return out;
}

/**
 * On a shared database, before this instance reads its folders: each practice version another
 * instance made live while this one was down is written into this practice folder; else this
 * start would record the older file here as a newer version and undo it everywhere. Left alone:
 * a file changed here after that version (a hand edit this start should check), and a document
 * removed since (a 'removed' event after its version).
 */
export async function catchUpPracticeFolder(store: Sql, folders: DocumentFolders): Promise<void> {
  for (const [key, latest] of await latestVersions(store)) {
    const [kind, id] = splitKey(key);
    const abs = folders.practicePath(kind, id);
    let local: { text: string; modified: number } | undefined;
    try {
      local = { text: readFileSync(abs, 'utf8'), modified: statSync(abs).mtimeMs };
    } catch {
      local = undefined;
    }
    if (local && (candidateOf(kind, id, 'practice', abs, local.text).hash === latest.hash || local.modified > Date.parse(latest.updatedAt))) continue;
    const record = await versionRecord(store, kind, id, latest.version);
    if (!record || record.source !== 'practice') continue;
    const newest = (await documentEvents(store, kind, id))[0];
    if (newest?.action === 'removed' && newest.at >= latest.updatedAt) continue;
    writeWhole(abs, record.body);
  }
}
