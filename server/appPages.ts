import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { openAppPage } from './appPage.js';
import type { RateLimiter } from './rate-limits.js';
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

  app.setNotFoundHandler(async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((p) => urlPath.startsWith(p));
    // A missing bundle is a 404, never the app page (a stale tab would run HTML as a script).
    const isAsset = urlPath.startsWith('/assets/');
    if (!isApi && !isAsset && page && (request.method === 'GET' || request.method === 'HEAD')) {
      // Client-side routes (and the app's own 404 page): drawn on the server, then by the app.
      const { body, personal } = await page.html(request);
      const { payload, encoding } = page.encode(body, request.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
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
