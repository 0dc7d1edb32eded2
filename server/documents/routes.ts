// The documents' calls (contract: docs/architecture.md "Documents at run time"):
//   patients (no credentials, no patient data)
//     GET  /api/v1/documents/forms/:id              { id, version, hash, document, validator }
//     GET  /api/v1/documents/validators/<hash>.js   the form's ajv standalone validator (ES module)
//     GET  /api/v1/documents/pathways/:id           { id, version, hash, document }
//   staff (behind the /practice staff guard: sign-in or the bearer token)
//     GET  /api/v1/practice/documents               every document with its source, version and check
//     POST /api/v1/practice/documents/reload        re-read both folders (broken never replaces working)
//     GET  /api/v1/practice/documents/:kind/:id/versions
//     GET  /practice/forms, POST /practice/forms/reload   the staff "Forms" page and its Reload button
//     GET  /practice/forms/versions/:kind/:id[/:version], POST …/:version/restore   versions, diff, restore
//     the editor's calls: server/documents/editorRoutes.ts
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { HttpError } from '../errors.js';
import { acceptFormPosts } from '../forms-urlencoded.js';
import { registerStaffAssets } from '../staffPage.js';
import { registerEditorRoutes } from './editorRoutes.js';
import { changedBy, ID, kindOf } from './params.js';
import { FORMS_PAGE, formsPage, versionPage, versionsPage, versionsPath } from './formsPage.js';
import { documentEvents } from './events.js';
import { versionHistory, versionRecord } from './versions.js';

export { FORMS_PAGE, previewPath } from './formsPage.js';
export const DOCUMENTS_API = '/api/v1/documents';

const HASH_FILE = /^([0-9a-f]{16})\.js$/;

/** A document answer with its ETag: the hash; a matching If-None-Match is 304. */
function sendDocument(request: FastifyRequest, reply: FastifyReply, hash: string, body: unknown) {
  const etag = `"${hash}"`;
  reply.header('etag', etag).header('cache-control', 'no-cache');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.send(body);
}

/**
 * How often an instance on PostgreSQL looks for versions another instance published (Publish,
 * restore, Reload there): DOCUMENTS_FOLLOW_MS, default 5 seconds; 0 turns it off. On SQLite one
 * process serves the folder, so there is nothing to follow.
 */
export function followInterval(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.DOCUMENTS_FOLLOW_MS;
  if (raw === undefined || raw === '') return 5_000;
  if (!/^\d{1,7}$/.test(raw)) throw new Error(`DOCUMENTS_FOLLOW_MS must be a whole number of milliseconds (found "${raw}")`);
  return Number(raw);
}

export function registerDocumentRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { documents } = ctx;
  const every = followInterval();
  if (ctx.store.dialect === 'postgres' && every > 0) {
    let closing = false;
    const timer = setInterval(() => {
      documents.follow().then(
        (changes) => {
          for (const c of changes) app.log.info({ kind: c.kind, id: c.id, version: c.version }, 'document version published by another instance now served');
        },
        (error: unknown) => closing || app.log.warn({ err: error }, 'could not look for document versions published by another instance'),
      );
    }, every);
    timer.unref();
    app.addHook('onClose', async () => {
      closing = true;
      clearInterval(timer);
    });
  }

  app.get(`${DOCUMENTS_API}/forms/:id`, async (request, reply) => {
    const { id } = request.params as { id: string };
    const served = ID.test(id) ? documents.get('form', id) : undefined;
    if (!served) throw new HttpError(404, `No form document ${id}`);
    return sendDocument(request, reply, served.hash, {
      id: served.id,
      version: served.version,
      hash: served.hash,
      document: served.document,
      validator: `${DOCUMENTS_API}/validators/${served.hash}.js`,
    });
  });

  app.get(`${DOCUMENTS_API}/validators/:file`, async (request, reply) => {
    const { file } = request.params as { file: string };
    const hash = HASH_FILE.exec(file)?.[1];
    const source = hash ? documents.validator(hash) : undefined;
    if (source === undefined) throw new HttpError(404, `No validator ${file}`);
    return reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=31536000, immutable').send(source);
  });

  app.get(`${DOCUMENTS_API}/pathways/:id`, async (request, reply) => {
    const { id } = request.params as { id: string };
    const served = ID.test(id) ? documents.get('pathway', id) : undefined;
    const loaded = served ? ctx.engine.library.get(id) : undefined;
    if (!served || !loaded) throw new HttpError(404, `No pathway document ${id}`);
    return sendDocument(request, reply, served.hash, { id: served.id, version: served.version, hash: served.hash, document: loaded.doc });
  });

  app.get('/api/v1/practice/documents', async (_request, reply) => {
    return reply.header('cache-control', 'no-store').send({ documents: documents.list() });
  });

  app.post('/api/v1/practice/documents/reload', async (request, reply) => {
    const results = await documents.reload(await changedBy(ctx, request));
    return reply.header('cache-control', 'no-store').send({ results });
  });

  app.get('/api/v1/practice/documents/:kind/:id/versions', async (request, reply) => {
    const { kind, id } = request.params as { kind: string; id: string };
    const k = kindOf(kind);
    if (!ID.test(id)) throw new HttpError(404, `No ${k} document ${id}`);
    const versions = await versionHistory(ctx.store, k, id);
    if (versions.length === 0) throw new HttpError(404, `No ${k} document ${id}`);
    return reply.header('cache-control', 'no-store').send(versions);
  });

  // The whole history: versions, refusals and removals, newest first, each with who (server/documents/events.ts).
  app.get('/api/v1/practice/documents/:kind/:id/history', async (request, reply) => {
    const { kind, id } = request.params as { kind: string; id: string };
    const k = kindOf(kind);
    if (!ID.test(id)) throw new HttpError(404, `No ${k} document ${id}`);
    const versions = (await versionHistory(ctx.store, k, id)).map((v) => ({ action: 'version' as const, at: v.updatedAt, by: v.updatedBy, ...v }));
    const events = await documentEvents(ctx.store, k, id);
    if (versions.length === 0 && events.length === 0) throw new HttpError(404, `No ${k} document ${id}`);
    const entries = [...versions, ...events].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
    return reply.header('cache-control', 'no-store').send(entries);
  });

  app.get(FORMS_PAGE, async (_request, reply) => {
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(formsPage(documents.list()));
  });

  /** The kind and id of a document with recorded versions, else 404. */
  const versioned = async (params: unknown) => {
    const { kind, id } = params as { kind: string; id: string };
    const k = kindOf(kind);
    if (!ID.test(id)) throw new HttpError(404, `No ${k} document ${id}`);
    const versions = await versionHistory(ctx.store, k, id);
    if (versions.length === 0) throw new HttpError(404, `No ${k} document ${id}`);
    return { kind: k, id, versions };
  };
  const versionNumber = (params: unknown) => {
    const raw = (params as { version: string }).version;
    if (!/^[1-9][0-9]{0,8}$/.test(raw)) throw new HttpError(404, `No version ${raw}: a version is a whole number from 1`);
    return Number(raw);
  };
  const html = (reply: FastifyReply, page: string) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);

  app.get(`${FORMS_PAGE}/versions/:kind/:id`, async (request, reply) => {
    const { kind, id, versions } = await versioned(request.params);
    const notice = (request.query as { restored?: string }).restored;
    return html(
      reply,
      versionsPage(
        kind,
        id,
        documents.get(kind, id)?.version,
        versions,
        notice && /^\d+$/.test(notice) ? `Restored: version ${notice} is live now.` : undefined,
      ),
    );
  });

  app.get(`${FORMS_PAGE}/versions/:kind/:id/:version`, async (request, reply) => {
    const { kind, id } = await versioned(request.params);
    const record = await versionRecord(ctx.store, kind, id, versionNumber(request.params));
    if (!record) throw new HttpError(404, `No version ${versionNumber(request.params)} of the ${kind} ${id}`);
    const live = documents.get(kind, id);
    return html(reply, versionPage(kind, id, record, live?.text, live?.version));
  });

  app.get('/api/v1/practice/documents/:kind/:id/versions/:version', async (request, reply) => {
    const { kind, id } = await versioned(request.params);
    const record = await versionRecord(ctx.store, kind, id, versionNumber(request.params));
    if (!record) throw new HttpError(404, `No version ${versionNumber(request.params)} of the ${kind} ${id}`);
    return reply.header('cache-control', 'no-store').send({ kind, id, ...record, text: record.body, body: undefined });
  });

  /** Restores a recorded version: its text published again as a new version. */
  const restore = async (request: FastifyRequest) => {
    const { kind, id } = await versioned(request.params);
    const number = versionNumber(request.params);
    const record = await versionRecord(ctx.store, kind, id, number);
    if (!record) throw new HttpError(404, `No version ${number} of the ${kind} ${id}`);
    const result = await documents.publish(kind, id, record.body, await changedBy(ctx, request), `Restored version ${number}`);
    if (!result.ok) throw new HttpError(422, `Version ${number} no longer passes the checks: ${result.errors.map((e) => `${e.path} ${e.message}`).join('; ')}`);
    return { kind, id, version: result.version };
  };
  app.post('/api/v1/practice/documents/:kind/:id/versions/:version/restore', async (request, reply) => {
    return reply.header('cache-control', 'no-store').send(await restore(request));
  });

  void app.register(async (scope) => {
    acceptFormPosts(scope);
    scope.post(`${FORMS_PAGE}/reload`, async (request, reply) => {
      const results = await documents.reload(await changedBy(ctx, request));
      return html(reply, formsPage(documents.list(), results));
    });
    scope.post(`${FORMS_PAGE}/versions/:kind/:id/:version/restore`, async (request, reply) => {
      const { kind, id, version } = await restore(request);
      return reply.redirect(`${versionsPath(kind, id)}?restored=${version}`, 303);
    });
  });

  registerStaffAssets(app);
  registerEditorRoutes(app, ctx);
}
