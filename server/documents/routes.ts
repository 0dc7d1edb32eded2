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
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { HttpError } from '../errors.js';
import { acceptFormPosts } from '../forms-urlencoded.js';
import { escapeHtml, htmlPage } from '../html.js';
import { SIGN_OUT_PATH, STAFF_USERNAME } from '../staff.js';
import type { DocumentListEntry, ReloadResult } from './store.js';
import { versionHistory, type DocumentKind } from './versions.js';

export const DOCUMENTS_API = '/api/v1/documents';
export const FORMS_PAGE = '/practice/forms';
/** The preview of one document as the patient sees it (drawn by the app). */
export const previewPath = (kind: DocumentKind, id: string) => `${FORMS_PAGE}/preview/${kind}/${encodeURIComponent(id)}`;

const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
const HASH_FILE = /^([0-9a-f]{16})\.js$/;

function kindOf(value: string): DocumentKind {
  if (value === 'form' || value === 'pathway') return value;
  throw new HttpError(404, `No such document kind: ${value} (form or pathway)`);
}

/** Who made a change: the signed-in staff member, or the API token's holder. */
async function changedBy(ctx: ServerContext, request: FastifyRequest): Promise<string> {
  return (await ctx.staff.sessionUser(request)) ?? (ctx.staff.bearerValid(request) ? 'api-token' : STAFF_USERNAME);
}

/** A document answer with its ETag: the hash; a matching If-None-Match is 304. */
function sendDocument(request: FastifyRequest, reply: FastifyReply, hash: string, body: unknown) {
  const etag = `"${hash}"`;
  reply.header('etag', etag).header('cache-control', 'no-cache');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.send(body);
}

export function registerDocumentRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { documents } = ctx;

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

  app.get(FORMS_PAGE, async (_request, reply) => {
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(formsPage(documents.list()));
  });

  void app.register(async (scope) => {
    acceptFormPosts(scope);
    scope.post(`${FORMS_PAGE}/reload`, async (request, reply) => {
      const results = await documents.reload(await changedBy(ctx, request));
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(formsPage(documents.list(), results));
    });
  });
}

const KIND_LABEL: Record<DocumentKind, string> = { form: 'Form', pathway: 'Pathway' };

function errorList(errors: ReadonlyArray<{ file: string; path: string; message: string }>): string {
  return `<ul class="nhsuk-list nhsuk-list--bullet">${errors
    .map((e) => `<li><code>${escapeHtml(e.file)}</code>${e.path ? ` <code>${escapeHtml(e.path)}</code>` : ''}: ${escapeHtml(e.message)}</li>`)
    .join('')}</ul>`;
}

const OUTCOME_TEXT: Record<ReloadResult['outcome'], string> = {
  added: 'Added',
  replaced: 'Replaced',
  unchanged: 'Unchanged',
  refused: 'Refused: the previous version keeps serving',
  removed: 'Removed: its file is gone, so it no longer serves',
};

function resultsHtml(results: readonly ReloadResult[]): string {
  const changed = results.filter((r) => r.outcome !== 'unchanged');
  const refused = changed.filter((r) => r.outcome === 'refused');
  const summary =
    changed.length === 0
      ? 'No document has changed since the last reload.'
      : `${changed.length} document${changed.length === 1 ? '' : 's'} changed: ${changed.length - refused.length} now live, ${refused.length} refused.`;
  const rows = changed.map(
    (r) => `<tr class="nhsuk-table__row">
<td class="nhsuk-table__cell">${KIND_LABEL[r.kind]}</td>
<td class="nhsuk-table__cell"><code>${escapeHtml(r.id)}</code></td>
<td class="nhsuk-table__cell">${escapeHtml(OUTCOME_TEXT[r.outcome])}${r.version !== undefined ? ` (version ${r.version} serving)` : ''}${r.errors.length > 0 ? errorList(r.errors) : ''}</td>
</tr>`,
  );
  const table =
    rows.length > 0
      ? `<table class="nhsuk-table" id="reload-results-table">
<caption class="nhsuk-table__caption">What the reload did</caption>
<thead class="nhsuk-table__head"><tr class="nhsuk-table__row"><th class="nhsuk-table__header" scope="col">Kind</th><th class="nhsuk-table__header" scope="col">Document</th><th class="nhsuk-table__header" scope="col">Outcome</th></tr></thead>
<tbody class="nhsuk-table__body">
${rows.join('\n')}
</tbody>
</table>`
      : '';
  const card = refused.length > 0 ? 'nhsuk-card--care nhsuk-card--care--urgent' : '';
  return `<section class="nhsuk-card ${card}" id="reload-results" aria-labelledby="reload-results-heading">
<div class="nhsuk-card__content">
<h2 class="nhsuk-card__heading" id="reload-results-heading" role="status">Reload results</h2>
<p>${escapeHtml(summary)}</p>
${table}
</div>
</section>`;
}

/** The staff "Forms" page: every document, its check, source and version, a Preview link, and Reload. */
export function formsPage(list: readonly DocumentListEntry[], results?: readonly ReloadResult[]): string {
  const rows = list.map(
    (d) => `<tr class="nhsuk-table__row" data-kind="${d.kind}" data-id="${escapeHtml(d.id)}">
<td class="nhsuk-table__cell">${KIND_LABEL[d.kind]}</td>
<td class="nhsuk-table__cell"><code>${escapeHtml(d.id)}</code><br><span class="nhsuk-body-s">${escapeHtml(d.file)}</span></td>
<td class="nhsuk-table__cell">${d.source === 'practice' ? 'Practice folder' : 'Built in'}</td>
<td class="nhsuk-table__cell">Version ${d.version}<br><span class="nhsuk-body-s">${escapeHtml(d.updatedAt)} by ${escapeHtml(d.updatedBy)}</span></td>
<td class="nhsuk-table__cell">${d.check.ok ? 'No problems' : `<strong>Problems in the file (not live):</strong>${errorList(d.check.errors)}`}</td>
<td class="nhsuk-table__cell"><a href="${previewPath(d.kind, d.id)}">Preview<span class="nhsuk-u-visually-hidden"> ${escapeHtml(d.id)}</span></a></td>
</tr>`,
  );
  const problems = list.filter((d) => !d.check.ok).length;
  const body = `<h1>Forms and pathways</h1>
<form method="post" action="${SIGN_OUT_PATH}"><button class="nhsuk-button nhsuk-button--secondary" type="submit">Sign out</button></form>
<p>Every form and pathway document the service uses now: built in, or from the practice folder (<code>practice/forms</code> and <code>practice/questionnaires</code> in the server's data folder). To change one, add or edit its JSON file there, then press Reload documents. A document with problems is refused and the version shown keeps serving.</p>
${results ? resultsHtml(results) : ''}
<form method="post" action="${FORMS_PAGE}/reload">
<input type="hidden" name="reload" value="1">
<button class="nhsuk-button" type="submit">Reload documents</button>
</form>
<p>${list.length} documents, ${problems === 0 ? 'all live with no problems' : `${problems} with problems in the file`}.</p>
<table class="nhsuk-table" id="documents-table">
<caption class="nhsuk-table__caption">Documents</caption>
<thead class="nhsuk-table__head"><tr class="nhsuk-table__row"><th class="nhsuk-table__header" scope="col">Kind</th><th class="nhsuk-table__header" scope="col">Document</th><th class="nhsuk-table__header" scope="col">Source</th><th class="nhsuk-table__header" scope="col">Version</th><th class="nhsuk-table__header" scope="col">Check</th><th class="nhsuk-table__header" scope="col">Preview</th></tr></thead>
<tbody class="nhsuk-table__body">
${rows.join('\n')}
</tbody>
</table>`;
  return htmlPage('Forms and pathways', body);
}
