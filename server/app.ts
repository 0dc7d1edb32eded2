import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { openDatabase, type Db } from './db.js';
import { registerSecurityHeaders } from './security.js';
import { registerSettingsRoutes } from './routes/settings.js';

export interface ServerOptions {
  /** Folder holding the SQLite file; created and seeded when new. */
  dataDir: string;
  /** Folder of the built app (`vite build` output); without it only the API is served. */
  distDir?: string;
  /** Log requests (method, path without query, status, time); never bodies. */
  logRequests?: boolean;
}

export interface PracticeServer {
  app: FastifyInstance;
  db: Db;
}

/** API paths: an unknown one is a JSON 404, never the app's HTML. */
const API_PREFIXES = ['/api/', '/nhs-login/', '/postcode/', '/practice/'];

export async function buildServer(options: ServerOptions): Promise<PracticeServer> {
  const app = Fastify({
    bodyLimit: 256 * 1024,
    logger: options.logRequests
      ? {
          level: 'info',
          // Query strings can carry patient details (names, dates of birth): log the path only.
          serializers: {
            req: (req) => ({ method: req.method, path: String(req.url).split('?')[0] }),
            res: (res) => ({ statusCode: res.statusCode }),
          },
        }
      : false,
  });
  const db = openDatabase(options.dataDir);
  app.addHook('onClose', async () => db.close());

  registerSecurityHeaders(app);
  registerSettingsRoutes(app, db);

  const distDir = options.distDir;
  const hasApp = distDir !== undefined && existsSync(path.join(distDir, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: ['index.html'],
      // Hashed bundles never change; index.html must always be fetched afresh.
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((p) => urlPath.startsWith(p));
    if (!isApi && hasApp && (request.method === 'GET' || request.method === 'HEAD')) {
      // Client-side routes (and the app's own 404 page) are drawn by the app.
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: `No such resource: ${request.method} ${urlPath}` });
  });

  return { app, db };
}
