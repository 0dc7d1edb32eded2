import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deferredPartsFiles, DEFERRED_KEY } from './appPageData.js';
import { openCriticalCss } from './criticalCss.js';
import { clientKey } from './identity.js';
import { DEFAULT_RENDER_BUDGET, renderBudget, type RenderBudgetLimits } from './renderBudget.js';
import { pickEncoding } from './staticFiles.js';

/**
 * The app's page (the build's index.html), drawn on the server: the route's React tree
 * rendered to HTML with the practice's settings it needed, which travel with the page as a JSON
 * data block (`<script type="application/json" id="app-data">`, never executed, so the strict CSP
 * stays as it is); the app hydrates on top of that HTML and reads the block instead of asking for
 * the settings again (src/main.tsx). A patient whose script fails or is blocked still has the page,
 * the 999 / 111 advice and the practice's number. docs/architecture.md "Server-rendered first screens".
 *
 * The server-side bundle is the build's `ssr/entry-server.js` (vite.config.ts builds it from
 * src/entry-server.tsx beside the app). Without it, or when rendering fails, the page is the
 * build's index.html as it is, and the app draws everything in the browser.
 */

/** The id of the data block; src/main.tsx reads it. */
const APP_DATA_ID = 'app-data';

/** What src/entry-server.tsx exports. */
interface ServerEntry {
  render(
    url: string,
    fetchJson: (path: string) => Promise<unknown>,
  ): Promise<{
    html: string;
    data: Record<string, unknown>;
    deferred: Record<string, unknown> | undefined;
    title: string | undefined;
    errors: string[];
    /** The data holds a patient's answers (a questionnaire's section). */
    personal?: boolean;
  }>;
  deferredParts(fetchJson: (path: string) => Promise<unknown>): Promise<Record<string, unknown>>;
}

/** An answer the page may not carry: the settings call failed (the app asks again itself). */
class NotEmbedded extends Error {}

const SCRIPT_UNSAFE: Readonly<Record<string, string>> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** A JSON text safe inside a `<script>` element: no "<" (so no "</script>" or "<!--"), no line separators JavaScript would trip on. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => SCRIPT_UNSAFE[c]!);
}

const ROOT_OPEN = '<div id="root">';
const ROOT_END_MARK = '<!--/app-root-->';

/** Brotli at quality 6: about as quick as gzip, a fifth smaller. */
const brotli = (body: string) => brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } });

export interface AppPage {
  /**
   * The page for a GET of `request.url`: server-rendered when it can be, else the client-only page.
   * `styleHash`: the SHA-256 (base64) of the first screen's CSS the page carries inline, which
   * the page's CSP must allow (server/criticalCss.ts, server/security.ts).
   */
  html(request: FastifyRequest): Promise<{ body: string; personal: boolean; styleHash?: string }>;
  /** `body` as the browser accepts it (brotli, gzip or as is); the same page compressed once (a few are kept, never a `personal` one). */
  encode(body: string, acceptEncoding: string | undefined, personal?: boolean): { payload: Buffer | string; encoding: 'br' | 'gzip' | undefined };
  /** The build's index.html as it is: the app draws everything in the browser. */
  readonly clientOnly: string;
  readonly serverRendering: boolean;
  /** The JSON text of a deferred-parts file (`<hash>.json`) a drawn page named, if it is known (server/appPageData.ts). */
  deferredFile(name: string): Promise<string | undefined>;
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

interface AppPageOptions {
  serverRendering: boolean;
  /** Inline each drawn page's critical CSS when the build has its plan (server/criticalCss.ts). */
  criticalCss?: boolean;
  internalHeaders: Readonly<Record<string, string>>;
  log?: (message: string) => void;
  /** How many pages are drawn on the server, per client and at once (server/renderBudget.ts). */
  renderBudget?: Readonly<RenderBudgetLimits>;
}

/**
 * Reads the build's index.html and, when `serverRendering` is on and the build has it, its
 * server-side bundle. `fetchJson` answers the calls the render needs (the server's own routes,
 * in process, with the browser's cookie: the login check answers for that browser).
 */
export async function openAppPage(app: FastifyInstance, distDir: string, options: AppPageOptions): Promise<AppPage> {
  const clientOnly = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const entryFile = path.join(distDir, 'ssr', 'entry-server.js');
  const start = clientOnly.indexOf(ROOT_OPEN);
  const end = clientOnly.indexOf(ROOT_END_MARK);
  const usable = options.serverRendering && existsSync(entryFile) && start >= 0 && end > start;
  let entry: ServerEntry | undefined;
  try {
    entry = usable ? ((await import(pathToFileURL(entryFile).href)) as ServerEntry) : undefined;
  } catch (error) {
    // A bundle that cannot load leaves the app to draw its pages in the browser; the server still starts.
    options.log?.(`the server-side bundle ${entryFile} did not load: ${error instanceof Error ? error.message : String(error)}`);
  }
  const head = clientOnly.slice(0, start + ROOT_OPEN.length);
  const tail = clientOnly.slice(end + ROOT_END_MARK.length).replace(/\s*<link rel="preload" as="fetch"[^>]*>/g, '');
  const budget = renderBudget(options.renderBudget ?? DEFAULT_RENDER_BUDGET);
  const criticalCss = entry && options.criticalCss !== false ? openCriticalCss(path.dirname(entryFile), options.log) : undefined;
  const render = async (request: FastifyRequest) => {
    if (!entry) return undefined;
    // Over the budget the page is the client-only one: served, drawn by the browser.
    const release = budget.take(clientKey(request.ip));
    if (!release) return undefined;
    try {
      return await draw(entry, request);
    } finally {
      release();
    }
  };
  // A GET of one of the server's own paths, in process, with the browser's cookie when there is one.
  const fetchJson = async (p: string, request?: FastifyRequest): Promise<unknown> => {
    const cookie = request?.headers.cookie;
    const answer = await app.inject({
      method: 'GET',
      url: p,
      headers: { host: request?.headers.host ?? 'localhost', ...(cookie ? { cookie } : {}), ...options.internalHeaders },
    });
    if (answer.statusCode !== 200) throw new NotEmbedded(`${p}: ${answer.statusCode}`);
    return answer.json();
  };
  const deferredFiles = deferredPartsFiles(() => (entry ? entry.deferredParts((p) => fetchJson(p)) : Promise.resolve({})));
  const draw = async (entry: ServerEntry, request: FastifyRequest) => {
    const drawn = await entry.render(request.url, (p) => fetchJson(p, request));
    const { html, deferred, title, errors } = drawn;
    // The parts the page was drawn without: where the app finds them when a search opens.
    const data = deferred ? { ...drawn.data, [DEFERRED_KEY]: { url: deferredFiles.put(deferred), paths: Object.keys(deferred) } } : drawn.data;
    // Parts the browser draws instead (the page is still served); the path only, never the query.
    for (const error of errors) options.log?.(`server rendering of ${request.url.split('?')[0]}: a part is left to the browser (${error})`);
    // index.html's fetch preloads are for the answers the page now carries: left out (tail). One
    // the render could not answer, the app asks for itself.
    let page = `${head}${html}</div>\n    <script type="application/json" id="${APP_DATA_ID}">${jsonForScript(data)}</script>${tail}`;
    if (title) page = page.replace(/<title>[^<]*<\/title>/, `<title>${escapeText(title)}</title>`);
    // A signed-in patient's details, or their questionnaire, in the page: no cache may keep it.
    const personal = drawn.personal === true || Object.keys(data).some((p) => p.startsWith('/nhs-login/') && p !== '/nhs-login/is-logged-in');
    const critical = criticalCss?.inline(page, personal);
    return critical ? { body: critical.page, personal, styleHash: critical.styleHash } : { body: page, personal };
  };
  // The page carries the settings its first screen needs (~10 kB of JSON the app asked for in nine
  // calls before; a search page's ~110 kB with the pathway lists): compressed, a few kB more than
  // index.html. The same page for every visitor without a session, so the last few are kept.
  const encoded = new Map<string, { br?: Buffer; gzip?: Buffer }>();
  const encode = (body: string, acceptEncoding: string | undefined, personal = false) => {
    const encoding = pickEncoding(acceptEncoding, { br: Buffer.alloc(0), gzip: Buffer.alloc(0) });
    if (!encoding) return { payload: body, encoding };
    // A patient's page is nobody else's: compressed for this answer only, never kept in memory.
    if (personal) return { payload: encoding === 'br' ? brotli(body) : gzipSync(body, { level: 6 }), encoding };
    let entry = encoded.get(body);
    if (!entry) {
      if (encoded.size >= 16) encoded.delete(encoded.keys().next().value!);
      encoded.set(body, (entry = {}));
    }
    const payload = encoding === 'br' ? (entry.br ??= brotli(body)) : (entry.gzip ??= gzipSync(body, { level: 6 }));
    return { payload, encoding };
  };
  return {
    clientOnly,
    encode,
    serverRendering: entry !== undefined,
    deferredFile: (name) => deferredFiles.get(name),
    async html(request) {
      try {
        return (await render(request)) ?? { body: clientOnly, personal: false };
      } catch (error) {
        // The page still works: the app draws it in the browser.
        options.log?.(`server rendering of ${request.url.split('?')[0]} failed: ${error instanceof Error ? error.message : String(error)}`);
        return { body: clientOnly, personal: false };
      }
    },
  };
}
