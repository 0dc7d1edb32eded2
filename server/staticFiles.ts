import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The built app's files (favicon, hashed bundles, style sheets), read into memory once at start
 * and sent from there. With @fastify/static every request cost a stat, an open, a read and a
 * close (a CPU profile of `/favicon.svg` under autocannon: the file system calls were most of the
 * request); the build never changes while the server runs, so none of that is needed.
 * docs/benchmarks.md "API: where a request's time goes".
 */

const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.jpg': 'image/jpeg',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

interface StaticFile {
  type: string;
  etag: string;
  cacheControl: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

export interface StaticOptions {
  /** Send the build's .br/.gz twins to browsers that accept them (default true); off only to compare in bench:web. */
  precompressed: boolean;
  /** Paths (relative to the folder, "/"-separated) never served: the app page and the server-side bundle. */
  exclude: (relative: string) => boolean;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** The encoding to send: brotli, then gzip, when Accept-Encoding allows it (a q=0 refuses). */
export function pickEncoding(header: string | undefined, file: Pick<StaticFile, 'br' | 'gzip'>): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    if (name) accepted.add(name.trim());
  }
  if (file.br && (accepted.has('br') || accepted.has('*'))) return 'br';
  if (file.gzip && (accepted.has('gzip') || accepted.has('*'))) return 'gzip';
  return undefined;
}

/** Every file under `root` by its URL path ("/assets/index-AbCd.js"), with its compressed twins. */
export function loadStaticFiles(root: string, options: StaticOptions): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const all = new Set(filesUnder(root));
  for (const full of all) {
    if (full.endsWith('.br') || full.endsWith('.gz') || full.endsWith('.map')) continue;
    const relative = path.relative(root, full).split(path.sep).join('/');
    if (options.exclude(relative)) continue;
    const identity = readFileSync(full);
    const file: StaticFile = {
      type: TYPES[path.extname(full).toLowerCase()] ?? 'application/octet-stream',
      etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
      // Hashed bundles never change; anything else (the favicon) is checked each time (a 304 when unchanged).
      cacheControl: relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      identity,
    };
    if (options.precompressed) {
      if (all.has(`${full}.br`)) file.br = readFileSync(`${full}.br`);
      if (all.has(`${full}.gz`)) file.gzip = readFileSync(`${full}.gz`);
    }
    files.set(`/${relative}`, file);
  }
  return files;
}

function send(file: StaticFile, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.header('content-type', file.type).header('cache-control', file.cacheControl).header('etag', file.etag);
  // The body depends on Accept-Encoding (a .br or .gz twin, or the file): caches must key on it.
  if (file.br || file.gzip) reply.header('vary', 'Accept-Encoding');
  if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
  const encoding = pickEncoding(request.headers['accept-encoding'], file);
  const body = encoding === 'br' ? file.br! : encoding === 'gzip' ? file.gzip! : file.identity;
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(body);
}

/**
 * One GET (and HEAD) route per file of the build, answered from memory. A path that is not a file
 * falls through to the not-found handler (the app's page for a client-side route, a 404 for a
 * missing bundle). Files added to the folder after the start are not served: build, then start.
 */
export function registerStaticFiles(app: FastifyInstance, root: string, options: StaticOptions): number {
  const files = loadStaticFiles(root, options);
  for (const [url, file] of files) app.get(url, (request, reply) => send(file, request, reply));
  return files.size;
}
