import { candidateOf, checkCandidates, keyOf, versionedOf, type Candidate } from './candidates.js';
import type { LiveDocumentsOptions } from './liveDocumentTypes.js';
import { latestVersions, settleVersions, versionRecord, type DocumentVersion } from './versions.js';

/** What serves in place of a refused file: the newest recorded version if it still passes, else the built-in one it overrides. */
export async function lastGood(
  options: LiveDocumentsOptions,
  refused: Candidate,
  builtIn: Candidate | undefined,
  at: string,
): Promise<{ candidate: Candidate; version: DocumentVersion } | undefined> {
  const { store, root, check } = options;
  const latest = (await latestVersions(store)).get(keyOf(refused.kind, refused.id));
  const record = latest ? await versionRecord(store, refused.kind, refused.id, latest.version) : undefined;
  if (latest && record) {
    const abs = record.source === 'built-in' && builtIn ? builtIn.abs : refused.abs;
    const candidate: Candidate = { ...candidateOf(refused.kind, refused.id, record.source, abs, record.body), shown: record.file };
    if (candidate.document !== undefined && checkCandidates([candidate], root, check ?? {}).length === 0) return { candidate, version: latest };
  }
  if (builtIn && checkCandidates([builtIn], root, check ?? {}).length === 0) {
    const version = (await settleVersions(store, [versionedOf(builtIn)], at, 'server start')).get(keyOf(builtIn.kind, builtIn.id))!;
    return { candidate: builtIn, version };
  }
  return undefined;
}
