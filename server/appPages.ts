import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { openAppPage } from './appPage.js';
import { APP_DATA_PREFIX } from './appPageData.js';
import type { RateLimiter } from './rate-limits.js';
import { INLINE_STYLE_HASH_HEADER } from './security.js';
import { scaledRenderBudget } from './renderBudget.js';
import type { ServerOptions } from './serverOptions.js';
import { registerStaticFiles } from './staticFiles.js';

/** API paths: an unknown one is a JSON 404, never the app's HTML. */
const API_PREFIXES = ['/api/', '/nhs-login/', '/postcode/', '/practice/'];

/**
 * The built app (when `distDir` holds one): its files, its pages drawn on the server, the staff
 * preview pages, and the answer to every path no route took (the app's page, or a JSON 404).
 */
export async function registerAppPages(
  app: FastifyInstance,
  options: ServerOptions,
  rateLimiter: RateLimiter,
  /** The staff preview pages' paths (server/routes/documentPreview.ts). */
  staffAppPagePrefixes: readonly string[],
): Promise<void> {
  const distDir = options.distDir;
  const hasApp = distDir !== undefined && existsSync(path.join(distDir, 'index.html'));
  // The build's files from memory (server/staticFiles.ts); the app page itself is drawn below.
  if (hasApp) {
    registerStaticFiles(app, distDir, {
      precompressed: options.precompressed !== false,
      exclude: (relative) => relative === 'index.html' || relative.startsWith('ssr/'),
    });
  }
  const page = hasApp
    ? await openAppPage(app, distDir, {
        serverRendering: options.serverRendering ?? process.env.SERVER_RENDERING !== '0',
        criticalCss: options.criticalCss !== false,
        internalHeaders: rateLimiter.internalHeaders,
        log: (message) => app.log.warn(message),
        renderBudget: options.renderBudget ?? scaledRenderBudget(process.env.PRACTICE_RATE_LIMIT_SCALE),
      })
    : undefined;

  // The staff preview pages are drawn by the app. A route of their own, so the staff
  // guard (which reads the route's pattern) stands in front of them like every /practice page.
  if (page)
    for (const prefix of staffAppPagePrefixes)
      app.get(`${prefix}*`, (_request, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page.clientOnly));

  // The settings parts a drawn page left out, by content (server/appPageData.ts): kept for good.
  if (page?.serverRendering)
    app.get<{ Params: { file: string } }>(`${APP_DATA_PREFIX}:file`, async (request, reply) => {
      const json = await page.deferredFile(request.params.file);
      if (json === undefined)
        return reply
          .code(404)
          .header('cache-control', 'no-store')
          .send({ statusCode: 404, error: 'Not Found', message: `No such file: ${APP_DATA_PREFIX}${request.params.file}` });
      const { payload, encoding } = page.encode(json, request.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      return reply
        .type('application/json; charset=utf-8')
        .header('vary', 'Accept-Encoding')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(payload);
    });

  app.setNotFoundHandler(async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((p) => urlPath.startsWith(p));
    // A missing bundle is a 404, never the app page (a stale tab would run HTML as a script).
    const isAsset = urlPath.startsWith('/assets/');
    if (!isApi && !isAsset && page && (request.method === 'GET' || request.method === 'HEAD')) {
      // Client-side routes (and the app's own 404 page): drawn on the server, then by the app.
      const { body, personal, styleHash } = await page.html(request);
      const { payload, encoding } = page.encode(body, request.headers['accept-encoding'], personal);
      if (encoding) reply.header('content-encoding', encoding);
      if (styleHash) reply.header(INLINE_STYLE_HASH_HEADER, styleHash);
      // The page depends on the browser's cookies (the login check): only the browser keeps it,
      // and asks again each time (a return visit transfers the HTML only; the bundles are cached).
      return reply
        .type('text/html; charset=utf-8')
        .header('vary', 'Accept-Encoding, Cookie')
        .header('cache-control', personal ? 'no-store' : request.headers.cookie ? 'private, no-cache' : 'no-cache')
        .send(payload);
    }
    return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: `No such resource: ${request.method} ${urlPath}` });
  });
}
