import Fastify, { type FastifyInstance } from 'fastify';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDiary } from './appointments/diary.js';
import { registerAppPages } from './appPages.js';
import { openAppStorage } from './appStorage.js';
import type { ServerContext } from './context.js';
import type { Db } from './db.js';
import { registerErrorHandler } from './errors.js';
import { DrainState, registerHealthRoutes } from './health.js';
import { startHousekeeping } from './services/housekeeping.js';
import { executionLoad } from './engine/ceiling.js';
import { GuidelineEngine } from './engine/engine.js';
import { RENDERER_CORE } from './forms.js';
import { NotificationWorker, queuedSoFar, transportFromEnv } from './notifications/index.js';
import { STAFF_APP_PAGE_PREFIXES } from './routes/documentPreview.js';
import { ROUTE_MODULES } from './routes/index.js';
import { limitScaleFrom, setLimitScale } from './limits.js';
import { DEFAULT_RATE_LIMITS, registerRateLimits, scaledRateLimits } from './rate-limits.js';
import { allowedHostNames, frameworkErrorOptions, isHttps, registerJsonDepthLimit, registerSecurityHeaders, type SecurityOptions } from './security.js';
import type { PracticeServer, ServerOptions } from './serverOptions.js';
import { ensureStaffAccounts, registerStaffGuard, StaffAuth, TEST_PASSWORD_HASHING } from './staff.js';
import { parseStaffAccounts } from './staffAccounts.js';
import { retentionFrom } from './retention.js';
import type { Sql } from './store/index.js';
import { createApiAjv } from './validation.js';

export type { PracticeServer, ServerOptions } from './serverOptions.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `server.db` of a server on PostgreSQL: there is no SQLite connection, and using one is a mistake worth a clear message. */
function noSqliteConnection(): Db {
  return new Proxy({} as Db, {
    get(_target, key) {
      if (key === 'then') return undefined;
      throw new Error(`server.db.${String(key)}: this server's store is PostgreSQL (DATABASE_URL); read and write through server.store`);
    },
  });
}

/** The Fastify instance: body limit, framework errors as the security options want them, and a log without query strings. */
function createFastify(options: ServerOptions, security: SecurityOptions): FastifyInstance {
  return Fastify({
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
}

/** The notifications worker on the transport the options or the environment choose, woken when a response queued something. */
function notificationWorker(
  app: FastifyInstance,
  store: Sql,
  options: ServerOptions['notifications'],
): { notifications: NotificationWorker; warnings: string[] } {
  const warnings: string[] = [];
  const chosen = options?.transport ? { transport: options.transport, warnings: [] } : transportFromEnv(options?.env ?? process.env);
  warnings.push(...chosen.warnings);
  const notifications = new NotificationWorker(store, chosen.transport, options?.worker);
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
  return { notifications, warnings };
}

/** The practice server: its store and documents opened, its timers and worker started, every route registered (not yet listening). */
export async function buildServer(options: ServerOptions): Promise<PracticeServer> {
  // A malformed staff list stops the start before anything is opened (it names the entry).
  parseStaffAccounts(options.staffAccounts ?? process.env.PRACTICE_STAFF_ACCOUNTS);
  const retention = options.retentionDays !== undefined ? retentionFrom(String(options.retentionDays)) : retentionFrom(process.env.RETENTION_DAYS);
  const security: SecurityOptions = {
    allowedHosts: allowedHostNames(options.host, options.publicUrl),
    publicHttps: options.publicUrl?.startsWith('https://') === true,
  };
  const app = createFastify(options, security);
  const { store, sqlite, releaseDataDir, forms, library, documents } = await openAppStorage(options, repoRoot);
  setLimitScale(store, options.limitScale ?? limitScaleFrom(process.env.PRACTICE_RATE_LIMIT_SCALE));
  // The appointment diary: six weeks of slots and the demo links, before the first call.
  if (options.diary !== false) await ensureDiary(store);
  const now = options.now ?? Date.now;
  const staff = new StaffAuth({ db: store, apiToken: options.apiToken ?? process.env.PRACTICE_API_TOKEN, now });
  const housekeeping = await startHousekeeping(store, staff, now, retention);
  const generatedStaffPassword = await ensureStaffAccounts(
    store,
    { sharedPassword: options.staffPassword ?? process.env.PRACTICE_STAFF_PASSWORD, accounts: options.staffAccounts ?? process.env.PRACTICE_STAFF_ACCOUNTS },
    options.fastPasswordHashing === true ? TEST_PASSWORD_HASHING : undefined,
  );
  const { notifications, warnings } = notificationWorker(app, store, options.notifications);
  app.addHook('onClose', async () => {
    housekeeping.stop();
    // The round in progress finishes and records its sends before the database closes.
    await notifications.stop();
    await store.close();
    if (sqlite?.open) sqlite.close();
    releaseDataDir();
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

  await registerAppPages(app, options, rateLimiter, STAFF_APP_PAGE_PREFIXES);

  if (options.notifications?.autoStart !== false) app.addHook('onReady', async () => notifications.start());
  return {
    app,
    db: sqlite ?? noSqliteConnection(),
    store,
    documents,
    notifications,
    warnings,
    routes,
    pruneSessions: housekeeping.pruneSessions,
    sweepExecutions: housekeeping.sweepExecutions,
    sweepRetention: housekeeping.sweepRetention,
    beginDrain: () => drain.begin(),
    ...(generatedStaffPassword ? { generatedStaffPassword } : {}),
  };
}
