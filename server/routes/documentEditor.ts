// The staff document editor's calls (the page is src/staff-editor, drawn by the app at
// /practice/forms/edit/:kind/:id). Behind the staff guard like every /api/v1/practice call; the
// writes are JSON (a cross-site HTML form cannot send it) and pass the same-site check of
// server/security.ts, with the SameSite=Strict staff cookie.
//   GET    /api/v1/practice/documents/:kind/:id/source   the live text, and this staff person's draft
//   PUT    /api/v1/practice/documents/:kind/:id/draft    { text } keeps the draft (per document, per person)
//   DELETE /api/v1/practice/documents/:kind/:id/draft    throws it away
//   POST   /api/v1/practice/documents/:kind/:id/check    { text } → the checker's problems, each at its line
//   POST   /api/v1/practice/documents/:kind/:id/publish  { text, note? } → live as a new version, or 422 with the problems
//   POST   /api/v1/practice/documents/pathway/:id/walk   { text, answers?, patient? } → the draft as the engine runs it
//          ({ document }, shared sections expanded) and, given a patient, what the engine gives ({ answer }); nothing stored
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { HttpError } from '../errors.js';
import { repoRoot, type DocumentProblem } from '../documents/check.js';
import { loadDraftPathway } from '../documents/draftWalk.js';
import { deleteDraft, getDraft, putDraft } from '../documents/drafts.js';
import { jsonLocator } from '../documents/lines.js';
import { changedBy, ID, kindOf } from '../documents/params.js';
import { previewPathway } from '../engine/preview.js';
import { previewRequestOf } from '../services/index.js';
import type { DocumentKind } from '../documents/versions.js';

const API = '/api/v1/practice/documents/:kind/:id';
/** The longest change note kept. */
const MAX_NOTE = 500;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The problems of a text with the line and column each JSON path is at. */
function problemsAtLines(text: string, problems: readonly DocumentProblem[]) {
  const locate = jsonLocator(text);
  return problems.map((p) => {
    // A syntax error already names its line and column in its message.
    const syntax = /^line (\d+), column (\d+): /.exec(p.message);
    const at = syntax ? { line: Number(syntax[1]), column: Number(syntax[2]) } : locate(p.path);
    return { path: p.path, message: p.message, ...at };
  });
}

function textOf(body: unknown): string {
  if (!isObj(body) || typeof body.text !== 'string') throw new HttpError(400, 'body/text: must be the document as a string of JSON');
  return body.text;
}

export function registerEditorRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { documents, store } = ctx;
  const target = (request: FastifyRequest): { kind: DocumentKind; id: string } => {
    const { kind, id } = request.params as { kind: string; id: string };
    const k = kindOf(kind);
    if (!ID.test(id)) throw new HttpError(404, `No ${k} document ${id}`);
    return { kind: k, id };
  };
  /** Only documents the service knows (served, or refused and never live): the editor changes, it does not invent ids. */
  const known = (request: FastifyRequest) => {
    const t = target(request);
    if (!documents.get(t.kind, t.id) && documents.refusedText(t.kind, t.id) === undefined) throw new HttpError(404, `No ${t.kind} document ${t.id}`);
    return t;
  };

  app.get(`${API}/source`, async (request, reply) => {
    const { kind, id } = known(request);
    const live = documents.get(kind, id);
    const draft = await getDraft(store, kind, id, await changedBy(ctx, request));
    const refused = documents.refusedText(kind, id);
    return reply.header('cache-control', 'no-store').send({
      kind,
      id,
      live: live ? { version: live.version, hash: live.hash, source: live.source, file: live.file, text: live.text } : null,
      ...(refused !== undefined ? { refusedFile: refused } : {}),
      draft: draft ?? null,
    });
  });

  app.put(`${API}/draft`, async (request, reply) => {
    const { kind, id } = known(request);
    const updatedAt = new Date(ctx.now()).toISOString();
    await putDraft(store, kind, id, await changedBy(ctx, request), textOf(request.body), updatedAt);
    return reply.header('cache-control', 'no-store').send({ updatedAt });
  });

  app.delete(`${API}/draft`, async (request, reply) => {
    const { kind, id } = known(request);
    await deleteDraft(store, kind, id, await changedBy(ctx, request));
    return reply.code(204).send();
  });

  app.post(`${API}/check`, async (request, reply) => {
    const { kind, id } = known(request);
    const text = textOf(request.body);
    return reply.header('cache-control', 'no-store').send({ problems: problemsAtLines(text, documents.checkText(kind, id, text)) });
  });

  app.post(`${API}/publish`, async (request, reply) => {
    const { kind, id } = known(request);
    const text = textOf(request.body);
    const rawNote = isObj(request.body) ? request.body.note : undefined;
    if (rawNote !== undefined && (typeof rawNote !== 'string' || rawNote.length > MAX_NOTE))
      throw new HttpError(400, `body/note: must be text of at most ${MAX_NOTE} characters`);
    const note = typeof rawNote === 'string' && rawNote.trim() !== '' ? rawNote.trim() : undefined;
    const user = await changedBy(ctx, request);
    const result = await documents.publish(kind, id, text, user, note);
    if (!result.ok) {
      return reply.code(422).send({
        statusCode: 422,
        error: 'Unprocessable Entity',
        message: `The ${kind} ${id} was not published: it has ${result.errors.length} problem${result.errors.length === 1 ? '' : 's'}; the live version keeps serving`,
        problems: problemsAtLines(text, result.errors),
      });
    }
    await deleteDraft(store, kind, id, user);
    return reply.header('cache-control', 'no-store').send({ kind, id, version: result.version, unchanged: result.unchanged });
  });

  // The body: the draft's text, and optionally a patient with answers to walk (checked by previewRequestOf).
  app.post<{ Body: { text?: unknown; patient?: unknown; answers?: unknown } | undefined }>(`${API}/walk`, async (request, reply) => {
    const { kind, id } = known(request);
    if (kind !== 'pathway') throw new HttpError(404, `Only a pathway draft is walked (the form ${id} is previewed in the page)`);
    const text = textOf(request.body);
    const body = request.body ?? {};
    // Answers without a patient would be walked for nobody: both or neither.
    const walk = body.patient !== undefined || body.answers !== undefined ? previewRequestOf(body) : undefined;
    const draft = loadDraftPathway(text, repoRoot);
    if ('problem' in draft) return reply.code(422).send({ statusCode: 422, error: 'Unprocessable Entity', message: draft.problem });
    let answer: ReturnType<typeof previewPathway> | undefined;
    try {
      answer = walk ? previewPathway(draft.loaded, walk.answers, walk.patient, new Date(ctx.now())) : undefined;
    } catch (error) {
      return reply.code(422).send({ statusCode: 422, error: 'Unprocessable Entity', message: `The draft cannot be walked yet: ${(error as Error).message}` });
    }
    return reply.header('cache-control', 'no-store').send({ document: draft.loaded.doc, ...(answer ? { answer } : {}) });
  });
}
