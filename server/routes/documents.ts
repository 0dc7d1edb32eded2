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
//     the version history: server/routes/documentVersions.ts; the editor's calls: server/routes/documentEditor.ts
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { HttpError } from '../errors.js';
import { registerStaffAssets } from '../staffPage.js';
import { changedBy, ID } from '../documents/params.js';
import { FORMS_PAGE, formsPage } from '../documents/formsPage.js';

const DOCUMENTS_API = '/api/v1/documents';

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
function followInterval(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.DOCUMENTS_FOLLOW_MS;
  if (raw === undefined || raw === '') return 5_000;
  if (!/^\d{1,7}$/.test(raw)) throw new Error(`DOCUMENTS_FOLLOW_MS must be a whole number of milliseconds (found "${raw}")`);
  return Number(raw);
}

/** On PostgreSQL, looks every so often for versions another instance made live, and serves them (LiveDocuments.follow). */
function followOtherInstances(app: FastifyInstance, ctx: ServerContext): void {
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
}

/** The documents' calls for patients and staff and the Forms page (its version history and the editor's calls are registered beside it). */
export function registerDocumentRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { documents } = ctx;
  followOtherInstances(app, ctx);

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

  app.get(FORMS_PAGE, async (_request, reply) => {
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(formsPage(documents.list()));
  });

  registerStaffAssets(app);
}
