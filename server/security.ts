import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { errorBody, HttpError } from './errors.js';
import { isHealthPath } from './health.js';

const STYLE_SRC = "style-src 'self'";

/**
 * A page drawn on the server carries its first screen's CSS in one `<style>` (server/criticalCss.ts):
 * its route names that text's SHA-256 in this header, and the policy sent with the page allows
 * that text alone (`'sha256-…'`), never inline style in general. The header itself never leaves.
 */
export const INLINE_STYLE_HASH_HEADER = 'x-inline-style-sha256';
const STYLE_HASH = /^[A-Za-z0-9+/]{43}=$/;

/**
 * The Content-Security-Policy every response carries. Scripts only from our origin, never
 * inline and never eval: that is why validators are precompiled (see renderer/README.md).
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  STYLE_SRC,
  "img-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "object-src 'none'",
].join('; ');

/** Browser features the service never uses, switched off for the page and anything it embeds. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), display-capture=()';

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': PERMISSIONS_POLICY,
};

/** Sent only on answers served over HTTPS (directly, or behind a proxy when PUBLIC_URL is https://). */
const HSTS = 'max-age=31536000; includeSubDomains';

export interface SecurityOptions {
  /** Host names (no port) the Host header may carry; anything else is refused (DNS rebinding). */
  allowedHosts: ReadonlySet<string>;
  /** True when the public address is https:// (a TLS-terminating proxy in front). */
  publicHttps: boolean;
}

/** Loopback names are always accepted: a browser on the same machine, tests, the dev proxy. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The host names this server answers to: loopback, HOST when it names one address (not 0.0.0.0
 * or ::), and PUBLIC_URL's host. Lower case, without port.
 */
export function allowedHostNames(host: string | undefined, publicUrl: string | undefined): Set<string> {
  const names = new Set(LOOPBACK_HOSTS);
  if (host && host !== '0.0.0.0' && host !== '::') names.add(host.includes(':') && !host.startsWith('[') ? `[${host.toLowerCase()}]` : host.toLowerCase());
  if (publicUrl) names.add(new URL(publicUrl).hostname.toLowerCase());
  return names;
}

/** "example.org:8080" → "example.org", "[::1]:80" → "[::1]"; undefined when malformed. */
function hostName(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]\s/@]+)(?::\d{1,5})?$/.exec(header.trim());
  return match ? match[1]!.toLowerCase() : undefined;
}

/** Whether this request reached us over HTTPS (TLS here, or the public address is https://). */
export function isHttps(request: FastifyRequest, options: SecurityOptions): boolean {
  return options.publicHttps || request.protocol === 'https';
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a state-changing request a browser sent from another site (login CSRF, a no-cors
 * fetch to the demo controls): `Sec-Fetch-Site` must be same-origin (or none: typed by the
 * user), else `Origin` must name this host. Requests without either (curl, scripts, tests)
 * are not from a browser page and pass; they still need credentials where a call asks for them.
 */
function crossSiteReason(request: FastifyRequest): string | undefined {
  if (SAFE_METHODS.has(request.method)) return undefined;
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== '') {
    return site === 'same-origin' || site === 'none' ? undefined : `Sec-Fetch-Site is ${site}`;
  }
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== '') {
    if (origin === 'null') return 'Origin is null';
    let same: boolean;
    try {
      const from = new URL(origin);
      // Both through the URL parser, so "localhost:80" and "http://localhost" compare equal.
      same = from.host === new URL(`${from.protocol}//${String(request.headers.host ?? '')}`).host;
    } catch {
      return 'Origin is malformed';
    }
    if (!same) return 'Origin is another site';
  }
  return undefined;
}

/**
 * Every response: the security headers, HSTS over HTTPS, and `Cache-Control: no-store` on JSON
 * answers that set no caching of their own (they may carry patient data). Every request: the
 * Host header must be one of ours, and state-changing requests must come from our own pages.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityOptions = { allowedHosts: new Set(LOOPBACK_HOSTS), publicHttps: false }): void {
  app.addHook('onRequest', async (request) => {
    // A load balancer probes /healthz and /readyz by address, whatever HOST or PUBLIC_URL say (read-only, no patient data).
    if ((request.method === 'GET' || request.method === 'HEAD') && isHealthPath(request.url)) return;
    const name = hostName(request.headers.host);
    if (name === undefined || !options.allowedHosts.has(name)) {
      throw new HttpError(421, 'This server does not answer for that host name (set HOST or PUBLIC_URL to the address you use)');
    }
    const crossSite = crossSiteReason(request);
    if (crossSite) throw new HttpError(403, `Cross-site requests are refused (${crossSite})`);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
    const styleHash = reply.getHeader(INLINE_STYLE_HASH_HEADER);
    if (styleHash !== undefined) {
      reply.removeHeader(INLINE_STYLE_HASH_HEADER);
      if (typeof styleHash === 'string' && STYLE_HASH.test(styleHash))
        reply.header('content-security-policy', CONTENT_SECURITY_POLICY.replace(STYLE_SRC, `${STYLE_SRC} 'sha256-${styleHash}'`));
    }
    if (isHttps(request, options)) reply.header('strict-transport-security', HSTS);
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('application/json') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

/** Deepest nesting of objects and arrays allowed in a JSON body; deeper is 400 before parsing. */
const MAX_JSON_DEPTH = 32;

/**
 * Nesting depth of a JSON text, counted without parsing (strings skipped), stopping as soon as
 * it passes `limit`: no recursion, so a body nested 100,000 deep costs one linear scan.
 */
function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > limit) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}

/**
 * Replaces Fastify's JSON body parser with one that refuses bodies nested deeper than
 * MAX_JSON_DEPTH (400) before anything parses, validates or stores them, then parses with
 * Fastify's own parser (prototype-poisoning protection kept).
 */
export function registerJsonDepthLimit(app: FastifyInstance, maxDepth = MAX_JSON_DEPTH): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepthExceeds(String(body), maxDepth)) {
      done(new HttpError(400, `The body is nested too deeply (more than ${maxDepth} levels of objects and arrays)`), undefined);
      return;
    }
    void parse(request, String(body), done);
  });
}

/**
 * Fastify's own refusals, answered before any route or hook runs, in our shape and with our
 * headers: a malformed URL (`frameworkErrors`: Host check first, then a 400 that does not echo
 * the URL) and a request too malformed to parse at all (`clientErrorHandler`: written straight
 * to the socket, security headers included, no details).
 */
export function frameworkErrorOptions(options: SecurityOptions): Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> {
  const send = (request: FastifyRequest, reply: FastifyReply, status: number, message: string) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
    if (isHttps(request, options)) reply.header('strict-transport-security', HSTS);
    reply.header('cache-control', 'no-store');
    void reply.code(status).type('application/json; charset=utf-8').send(errorBody(status, message));
  };
  return {
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const name = hostName(request.headers.host);
      if (name === undefined || !options.allowedHosts.has(name)) {
        send(request, reply, 421, 'This server does not answer for that host name (set HOST or PUBLIC_URL to the address you use)');
        return;
      }
      if (error.code === 'FST_ERR_BAD_URL') send(request, reply, 400, 'The address is not a valid URL');
      else send(request, reply, 400, 'The request is not valid');
    },
    clientErrorHandler: (error: Error & { code?: string }, socket: Socket) => {
      if (error.code === 'ECONNRESET' || !socket.writable) {
        socket.destroy(error);
        return;
      }
      const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
      const body = JSON.stringify(
        errorBody(
          status,
          status === 431 ? 'The request headers are too large' : status === 408 ? 'The request took too long' : 'The request is not valid HTTP',
        ),
      );
      const headers = {
        ...SECURITY_HEADERS,
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
        'content-length': String(Buffer.byteLength(body)),
        connection: 'close',
      };
      socket.end(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${Object.entries(headers)
          .map(([k, v]) => `${k}: ${v}`)
          .join('\r\n')}\r\n\r\n${body}`,
      );
    },
  };
}
