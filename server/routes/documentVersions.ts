// The documents' version history for staff: the versions and history calls, the Forms page's
// version pages, and restoring a version (behind the /practice staff guard, as every staff call).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { HttpError } from '../errors.js';
import { acceptFormPosts } from '../forms-urlencoded.js';
import { documentEvents } from '../documents/events.js';
import { FORMS_PAGE, formsPage, versionPage, versionsPage, versionsPath } from '../documents/formsPage.js';
import { changedBy, ID, kindOf } from '../documents/params.js';
import { versionHistory, versionRecord } from '../documents/versions.js';

const html = (reply: FastifyReply, page: string) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);

/** The version history's calls and pages, and the Forms page's own form posts (Reload, restore). */
export function registerVersionRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { documents } = ctx;
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
}
