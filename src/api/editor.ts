// The staff document editor's calls (server/routes/documentEditor.ts). Same-origin JSON with the
// staff session cookie; the server refuses anything cross-site.
import { callJson } from './client';
import type { PathwayPreviewAnswer, PathwayPreviewRequest } from './documents';

export type DocumentKind = 'form' | 'pathway';

export interface Problem {
  path: string;
  message: string;
  line: number;
  column: number;
}

export interface DocumentSource {
  kind: DocumentKind;
  id: string;
  live: { version: number; hash: string; source: 'built-in' | 'practice'; file: string; text: string } | null;
  refusedFile?: string;
  draft: { text: string; updatedAt: string } | null;
}

export const EDITOR_PATHS = {
  document: (kind: DocumentKind, id: string) => `/api/v1/practice/documents/${kind}/${encodeURIComponent(id)}`,
} as const;
const base = EDITOR_PATHS.document;
const call = callJson;

export async function loadSource(kind: DocumentKind, id: string): Promise<DocumentSource> {
  const { status, body } = await call<DocumentSource & { message?: string }>(`${base(kind, id)}/source`, 'GET');
  if (status !== 200) throw new Error(body?.message ?? `The document could not be loaded (${status}).`);
  return body;
}

export async function saveDraft(kind: DocumentKind, id: string, text: string): Promise<string> {
  const { status, body } = await call<{ updatedAt: string }>(`${base(kind, id)}/draft`, 'PUT', { text });
  if (status !== 200) throw new Error(`The draft could not be saved (${status}).`);
  return body.updatedAt;
}

export async function discardDraft(kind: DocumentKind, id: string): Promise<void> {
  await call(`${base(kind, id)}/draft`, 'DELETE');
}

export async function checkText(kind: DocumentKind, id: string, text: string): Promise<Problem[]> {
  const { status, body } = await call<{ problems: Problem[]; message?: string }>(`${base(kind, id)}/check`, 'POST', { text });
  if (status !== 200) throw new Error(body?.message ?? `The check failed (${status}).`);
  return body.problems;
}

export type PublishAnswer = { ok: true; version: number; unchanged: boolean } | { ok: false; message: string; problems: Problem[] };

export async function publish(kind: DocumentKind, id: string, text: string, note: string): Promise<PublishAnswer> {
  const { status, body } = await call<{ version: number; unchanged: boolean; message: string; problems?: Problem[] }>(`${base(kind, id)}/publish`, 'POST', {
    text,
    ...(note.trim() ? { note } : {}),
  });
  if (status === 200) return { ok: true, version: body.version, unchanged: body.unchanged };
  return { ok: false, message: body?.message ?? `Not published (${status}).`, problems: body?.problems ?? [] };
}

export type DraftWalk<D> = { ok: true; document: D; answer?: PathwayPreviewAnswer } | { ok: false; message: string };

/**
 * A pathway draft walked by the engine, unsaved and unpublished: its document as the engine runs
 * it (shared sections expanded), and with `request` what the engine gives for those answers.
 */
export async function walkDraft<D>(id: string, text: string, request?: PathwayPreviewRequest): Promise<DraftWalk<D>> {
  const { status, body } = await call<{ document: D; answer?: PathwayPreviewAnswer; message?: string }>(`${base('pathway', id)}/walk`, 'POST', {
    text,
    ...request,
  });
  if (status === 200) return { ok: true, document: body.document, ...(body.answer ? { answer: body.answer } : {}) };
  return { ok: false, message: body?.message ?? `The draft could not be walked (${status}).` };
}
