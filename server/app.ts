import Fastify, { type FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ensureDiary } from './appointments/diary.js';
import { openDatabase, type Db } from './db.js';
import { claimDataDir } from './dataDirLock.js';
import { fileURLToPath } from 'node:url';
import type { ServerContext } from './context.js';
import { registerErrorHandler } from './errors.js';
import { DrainState, registerHealthRoutes } from './health.js';
import { executionLoad } from './engine/ceiling.js';
import { GuidelineEngine } from './engine/engine.js';
import { PathwayLibrary } from './engine/library.js';
import { EXECUTION_SWEEP_INTERVAL_MS, sweepExecutions } from './engine/expiry.js';
import { ADMIN_FORM_TYPE_VALUES } from '../generated/types/api/admin-form-type';
import { FormDocuments, RENDERER_CORE, type FormCore } from './forms.js';
import type { CheckOptions } from './documents/check.js';
import { DocumentStore } from './documents/store.js';
import { DEMO_ADMIN_FORMS } from './seed.js';
import { NotificationWorker, queuedSoFar, transportFromEnv, type Transport, type WorkerOptions } from './notifications/index.js';
import { ROUTE_MODULES } from './routes/index.js';
import { prunePatientSessions, SESSION_PRUNE_INTERVAL_MS } from './services/index.js';
import { limitScaleFrom, setLimitScale } from './limits.js';
import { DEFAULT_RATE_LIMITS, registerRateLimits, scaledRateLimits, type RateLimits } from './rate-limits.js';
import { allowedHostNames, frameworkErrorOptions, isHttps, registerJsonDepthLimit, registerSecurityHeaders, type SecurityOptions } from './security.js';
import { ensureStaffAccounts, registerStaffGuard, StaffAuth, TEST_PASSWORD_HASHING } from './staff.js';
import { parseStaffAccounts } from './staffAccounts.js';
import { RETENTION_SWEEP_INTERVAL_MS, retentionFrom, sweepRetention, type RetentionSwept } from './retention.js';
import { isPostgresUrl, openStore, type Sql } from './store/index.js';
import { seedDatabase } from './seeding.js';
import { createApiAjv } from './validation.js';
import { STAFF_APP_PAGE_PREFIXES } from './routes/documentPreview.js';
import { openAppPage } from './appPage.js';
import { scaledRenderBudget, type RenderBudgetLimits } from './renderBudget.js';
import { registerStaticFiles } from './staticFiles.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ServerOptions {
  /** Folder holding the SQLite file; created and seeded when new. */
  dataDir: string;
  /** postgres://… : the store is PostgreSQL (DATABASE_URL); else the SQLite file in dataDir. */
  databaseUrl?: string;
  /** Folder of the built app (`vite build` output); without it only the API is served. */
  distDir?: string;
  /** Log requests (method, path without query, status, time); never bodies. */
  logRequests?: boolean;
  /** Demo and test switches (POST /api/v1/practice/controls, /reset); off → those paths are 404. */
  controls?: boolean;
  /** Folder of the built-in form documents (default schemas/forms); the practice folder `<dataDir>/practice/forms` adds to it. */
  formsDir?: string;
  /**
   * The checks every document passes at start and reload (server/documents/check.ts). Default: all,
   * as `npm run schemas:check`; tests of the engine's own fixtures turn the clinical hierarchy off.
   */
  documentChecks?: CheckOptions;
  /** The renderer core used to re-check admin forms (default: renderer/core/index); tests may pass another. */
  formCore?: FormCore;
  /** Folders of built-in pathway documents the embedded engine serves (default: schemas/questionnaires); `<dataDir>/practice/questionnaires` adds to them. */
  questionnairesDirs?: string[];
  /** Base URL of the engine the proxy reaches (ENGINE_URL); default: the embedded engine. */
  engineUrl?: string;
  /** Bearer token the server reads ENGINE_URL's executions with to classify requests (practice credentials). Default: ENGINE_API_TOKEN. */
  engineToken?: string;
  /**
   * Bearer token for scripts and tests reading practice data (`Authorization: Bearer …`).
   * Default: PRACTICE_API_TOKEN; empty or unset → bearer access is off (staff sign in instead).
   */
  apiToken?: string;
  /** The demo staff password. Default: PRACTICE_STAFF_PASSWORD; unset → the stored one, or a generated one on first start. */
  staffPassword?: string;
  /** Staff as named people: `username:argon2-hash` entries (server/staffAccounts.ts). Default: PRACTICE_STAFF_ACCOUNTS. */
  staffAccounts?: string;
  /** Bind address (HOST): a named host is accepted in the Host header besides loopback. */
  host?: string;
  /** Public address (PUBLIC_URL, e.g. https://gp.example.org): its host is accepted; https:// → HSTS and Secure cookies. */
  publicUrl?: string;
  /** Per-minute limits per client. Default: DEFAULT_RATE_LIMITS scaled by PRACTICE_RATE_LIMIT_SCALE. */
  rateLimits?: RateLimits;
  /**
   * Multiplies the practice's caps (online bookings per patient, messages per recipient an hour;
   * server/limits.ts). Default: PRACTICE_RATE_LIMIT_SCALE, as the rate limits; tests of the caps pass 1.
   */
  limitScale?: number;
  /** Trust X-Forwarded-* from a proxy in front (Fastify's trustProxy; TRUST_PROXY). Client addresses for rate limits come from it. */
  trustProxy?: boolean | string;
  /** Serve the build's .br/.gz twins (default true); off only to compare in `npm run bench:web`. */
  precompressed?: boolean;
  /**
   * Draw the app's pages on the server (server/appPage.ts) when the build has its
   * server-side bundle (default true; SERVER_RENDERING=0 turns it off). Off: the app draws every
   * page in the browser, as before (`npm run bench:web` compares the two).
   */
  serverRendering?: boolean;
  /** Pages drawn on the server per client a minute and at once (server/renderBudget.ts); past it the client-only page. */
  renderBudget?: RenderBudgetLimits;
  /** The clock sessions expire by (ms since the epoch); tests pass their own. */
  now?: () => number;
  /**
   * Build the six-week appointment diary at start (default true). The test server passes false
   * unless a test asks: every appointment call still builds it on first use (routes/appointments.ts).
   */
  diary?: boolean;
  /**
   * Tests only: hash the staff password with argon2id at a token cost (TEST_PASSWORD_HASHING,
   * server/staff.ts) instead of the library's standard one. Never set in production.
   */
  fastPasswordHashing?: boolean;
  /** Days a request and its messages are kept (server/retention.ts). Default: RETENTION_DAYS, else 90. */
  retentionDays?: number;
  /** The notifications worker (server/notifications/README.md). */
  notifications?: {
    /** How messages leave; default from the environment (NOTIFY_API_KEY…), else the outbox. */
    transport?: Transport;
    /** Environment read when no transport is given (default process.env). */
    env?: NodeJS.ProcessEnv;
    /** false: queue only, nothing sent until someone calls worker.drain() (tests). Default true. */
    autoStart?: boolean;
    worker?: WorkerOptions;
  };
}

export interface PracticeServer {
  app: FastifyInstance;
  /**
   * The SQLite connection under the store, for tests and tools that read the file directly. Only
   * with the SQLite store: on PostgreSQL there is none, and touching it throws (use `store`).
   */
  db: Db;
  /** The store (server/store): everything the server reads and writes goes through it. */
  store: Sql;
  /** The form and pathway documents served (server/documents/store.ts). */
  documents: DocumentStore;
  /** Sends the queued notifications; stopped when the app closes. */
  notifications: NotificationWorker;
  /** Start-up problems worth printing (the notifications transport…). */
  warnings: string[];
  /** Every route as registered (method, URL pattern), whichever file added it: the fuzz test covers them all. */
  routes: Array<{ method: string; url: string }>;
  /** Deletes expired sessions (patients' and staff); runs every few minutes on its own. Answers how many. */
  pruneSessions(): Promise<number>;
  /** Deletes guideline executions past their retention (7 days after their last change); runs every hour on its own. Answers how many. */
  sweepExecutions(): Promise<number>;
  /** Deletes requests and their messages past the retention period (server/retention.ts); runs at start and every hour on its own. */
  sweepRetention(): Promise<RetentionSwept>;
  /** Set only on the start that generated the staff password: print it once, it is not stored in clear. */
  generatedStaffPassword?: string;
  /** Starts draining (server/main.ts on SIGTERM): /readyz answers 503 from now on; requests are still served until app.close(). */
  beginDrain(): void;
}

/** API paths: an unknown one is a JSON 404, never the app's HTML. */
const API_PREFIXES = ['/api/', '/nhs-login/', '/postcode/', '/practice/'];

/** `server.db` of a server on PostgreSQL: there is no SQLite connection, and using one is a mistake worth a clear message. */
function noSqliteConnection(): Db {
  return new Proxy({} as Db, {
    get(_target, key) {
      if (key === 'then') return undefined;
      throw new Error(`server.db.${String(key)}: this server's store is PostgreSQL (DATABASE_URL); read and write through server.store`);
    },
  });
}

export async function buildServer(options: ServerOptions): Promise<PracticeServer> {
  // A malformed staff list stops the start before anything is opened (it names the entry).
  parseStaffAccounts(options.staffAccounts ?? process.env.PRACTICE_STAFF_ACCOUNTS);
  const retention = options.retentionDays !== undefined ? retentionFrom(String(options.retentionDays)) : retentionFrom(process.env.RETENTION_DAYS);
  const security: SecurityOptions = {
    allowedHosts: allowedHostNames(options.host, options.publicUrl),
    publicHttps: options.publicUrl?.startsWith('https://') === true,
  };
  const app = Fastify({
    bodyLimit: 256 * 1024,
    ...frameworkErrorOptions(security),
    ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
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
  // PostgreSQL when DATABASE_URL says so; else the SQLite file in the data folder (its older migration lists run on opening).
  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL;
  const releaseDataDir = isPostgresUrl(databaseUrl) ? () => undefined : claimDataDir(options.dataDir);
  const sqlite = isPostgresUrl(databaseUrl) ? undefined : openDatabase(options.dataDir);
  const store = await openStore({ ...(sqlite ? {} : { databaseUrl }), sqlite });
  const closeDatabase = async () => {
    await store.close().catch(() => undefined);
    if (sqlite?.open) sqlite.close();
    releaseDataDir();
  };
  // The demo practice: every setting not yet stored and the demo patients when there are none (server/seeding.ts).
  try {
    await seedDatabase(store);
  } catch (error) {
    await closeDatabase();
    throw error;
  }
  // Every form and pathway document, built-in and the practice folder's, checked: a broken one stops the start here.
  const forms = new FormDocuments(ADMIN_FORM_TYPE_VALUES);
  const questionnairesDirs = options.questionnairesDirs ?? [path.join(repoRoot, 'schemas', 'questionnaires')];
  const library = new PathwayLibrary(questionnairesDirs, undefined, 'given');
  let documents: DocumentStore;
  try {
    documents = await DocumentStore.open({
      store,
      root: repoRoot,
      dataDir: options.dataDir,
      formsDir: options.formsDir ?? path.join(repoRoot, 'schemas', 'forms'),
      questionnairesDirs,
      adminFormTypes: ADMIN_FORM_TYPE_VALUES,
      forms,
      library,
      adminFormsDefaults: DEMO_ADMIN_FORMS,
      ...(options.documentChecks ? { check: options.documentChecks } : {}),
      now: options.now ?? Date.now,
    });
  } catch (error) {
    await closeDatabase();
    throw error;
  }
  setLimitScale(store, options.limitScale ?? limitScaleFrom(process.env.PRACTICE_RATE_LIMIT_SCALE));
  // The appointment diary: six weeks of slots and the demo links, before the first call.
  if (options.diary !== false) await ensureDiary(store);
  const now = options.now ?? Date.now;
  const staff = new StaffAuth({ db: store, apiToken: options.apiToken ?? process.env.PRACTICE_API_TOKEN, now });
  const pruneSessions = async () => (await staff.prune()) + (await prunePatientSessions(store, now()));
  // A failed prune (the store briefly away) leaves the rows for the next one.
  const pruneTimer = setInterval(() => void pruneSessions().catch(() => undefined), SESSION_PRUNE_INTERVAL_MS);
  pruneTimer.unref();
  await pruneSessions();
  // Guideline executions older than their retention go with their answers (server/engine/expiry.ts).
  const sweep = () => sweepExecutions(store, now());
  // A failed sweep (the store briefly away) leaves the rows for the next one.
  const sweepTimer = setInterval(() => void sweep().catch(() => undefined), EXECUTION_SWEEP_INTERVAL_MS);
  sweepTimer.unref();
  await sweep();
  // Requests and their messages past the retention period go (server/retention.ts); a failed sweep leaves them for the next.
  const sweepOld = () => sweepRetention(store, now(), retention);
  const retentionTimer = setInterval(() => void sweepOld().catch(() => undefined), RETENTION_SWEEP_INTERVAL_MS);
  retentionTimer.unref();
  await sweepOld();
  const generatedStaffPassword = await ensureStaffAccounts(
    store,
    { sharedPassword: options.staffPassword ?? process.env.PRACTICE_STAFF_PASSWORD, accounts: options.staffAccounts ?? process.env.PRACTICE_STAFF_ACCOUNTS },
    options.fastPasswordHashing === true ? TEST_PASSWORD_HASHING : undefined,
  );
  const warnings: string[] = [];
  const chosen = options.notifications?.transport
    ? { transport: options.notifications.transport, warnings: [] }
    : transportFromEnv(options.notifications?.env ?? process.env);
  warnings.push(...chosen.warnings);
  const notifications = new NotificationWorker(store, chosen.transport, options.notifications?.worker);
  app.addHook('onClose', async () => {
    clearInterval(pruneTimer);
    clearInterval(sweepTimer);
    clearInterval(retentionTimer);
    // The round in progress finishes and records its sends before the database closes.
    await notifications.stop();
    await store.close();
    if (sqlite?.open) sqlite.close();
    releaseDataDir();
  });
  // A stored submission (or booking…) queues its messages in its own transaction: look at the queue
  // as soon as it is answered rather than at the next poll, and only when something was queued (a
  // worker round reads the queue: after every questionnaire answer it cost the engine's calls).
  let queuedSeen = queuedSoFar();
  app.addHook('onResponse', async () => {
    const queued = queuedSoFar();
    if (queued === queuedSeen) return;
    queuedSeen = queued;
    notifications.wake();
  });

  // Every API schema compiled once, here; route bodies refer to them by $id.
  const ajv = createApiAjv(path.join(repoRoot, 'schemas', 'api'));
  app.setValidatorCompiler(({ schema }) => ajv.compile(schema));
  // JSON only: any other content type on a call with a body is 415 (the form posts add their own parser in their scope).
  app.removeContentTypeParser('text/plain');
  registerJsonDepthLimit(app);
  const formCore = options.formCore ?? RENDERER_CORE;
  const engine = new GuidelineEngine(store, library);
  const baseCtx: Omit<ServerContext, 'rateLimiter'> = {
    store,
    ajv,
    forms,
    formCore,
    documents,
    controls: options.controls === true,
    engine,
    ...(options.engineUrl ? { engineUrl: options.engineUrl } : {}),
    ...((options.engineToken ?? process.env.ENGINE_API_TOKEN) ? { engineToken: options.engineToken ?? process.env.ENGINE_API_TOKEN } : {}),
    staff,
    isHttps: (request) => isHttps(request, security),
    now,
    publicOrigin: (request) =>
      options.publicUrl ? new URL(options.publicUrl).origin : `${isHttps(request, security) ? 'https' : 'http'}://${request.headers.host ?? 'localhost'}`,
  };

  const routes: Array<{ method: string; url: string }> = [];
  app.addHook('onRoute', (route) => {
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) routes.push({ method: String(method), url: route.url ?? '' });
  });
  // Order matters: these hooks stand in front of every route registered after them.
  registerSecurityHeaders(app, security);
  registerErrorHandler(app);
  registerStaffGuard(app, staff);
  const rateLimiter = registerRateLimits(app, store, options.rateLimits ?? scaledRateLimits(DEFAULT_RATE_LIMITS, process.env.PRACTICE_RATE_LIMIT_SCALE));
  const ctx: ServerContext = { ...baseCtx, rateLimiter };
  for (const register of ROUTE_MODULES) await register(app, ctx);
  // /healthz and /readyz (server/health.ts): outside every limit group, exempt from the Host check.
  const drain = new DrainState();
  registerHealthRoutes(app, store, drain, undefined, async () => ({ executions: await executionLoad(store) }));

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
    for (const prefix of STAFF_APP_PAGE_PREFIXES)
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

  if (options.notifications?.autoStart !== false) app.addHook('onReady', async () => notifications.start());
  return {
    app,
    db: sqlite ?? noSqliteConnection(),
    store,
    documents,
    notifications,
    warnings,
    routes,
    pruneSessions,
    sweepExecutions: sweep,
    sweepRetention: sweepOld,
    beginDrain: () => drain.begin(),
    ...(generatedStaffPassword ? { generatedStaffPassword } : {}),
  };
}
