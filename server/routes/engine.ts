// The guideline engine under /api/v1/fhir/r4 (server/engine), and the engine proxy
// /api/v1/engine-proxy?path=… the app sends every engine call through when `useProxy` is on.
// Contract: schemas/questionnaires/README.md; bodies: schemas/api/engine-*.schema.json.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EngineCustomDataRequest } from '../../generated/types/api/engine-custom-data-request';
import type { EngineRemoveCustomDataRequest } from '../../generated/types/api/engine-remove-custom-data-request';
import type { ServerContext } from '../context.js';
import { cookieHeader, readCookie, TOKEN_PATTERN } from '../cookies.js';
import { PRACTICE_ACCESS, type ContinueBody, type CustomDataEntry, type ExecutionAccess, type Feedback, type StartBody } from '../engine/engine.js';
import { HttpError } from '../errors.js';
import type { AdviceMessageRequest } from '../../generated/types/api/advice-message-request';
import { queueAdviceMessage } from '../adviceMessage.js';
import { schemaId } from '../validation.js';
import { assertServiceOpen, ENGINE_KEY_COOKIE } from '../services/index.js';
import { admitUnderExecutionCeiling } from '../engine/ceiling.js';
import { cachedEngineKeySecret, isIssuedEngineKey, issueEngineKey } from '../engineKeys.js';

export const ENGINE_BASE = '/api/v1/fhir/r4';
export const ADVICE_MESSAGE_PATH = '/api/v1/triage/patient/advice-message';
export const PROXY_PATH = '/api/v1/engine-proxy';

/**
 * The engine paths the proxy forwards: /Guideline… and /GuidelineExecution… only, plain
 * segments (letters, digits, . _ ~ $ -), no "..", no encoded characters, an optional simple
 * query. Anything else (another API path, an absolute URL, //host, \, %2F…) is refused.
 */
const PROXY_TARGET = /^\/(Guideline|GuidelineExecution)(\/[A-Za-z0-9._~$-]+)*\/?(\?[A-Za-z0-9._~=&,-]*)?$/;

export function proxyTargetProblem(target: unknown): string | undefined {
  if (typeof target !== 'string' || target === '') return 'querystring/path is required: the engine path, e.g. /Guideline';
  if (target.length > 500) return 'querystring/path is too long';
  if (
    !PROXY_TARGET.test(target) ||
    target
      .split('?')[0]!
      .split('/')
      .some((seg) => seg === '.' || seg === '..')
  ) {
    return `querystring/path must be an engine path starting /Guideline or /GuidelineExecution (got ${JSON.stringify(target.slice(0, 100))})`;
  }
  return undefined;
}

/** Request headers not passed on: hop-by-hop ones, and the practice's own cookie. */
const DROPPED_HEADERS = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'proxy-authorization',
  'proxy-connection',
  'cookie',
  'accept-encoding',
]);

function forwardedHeaders(request: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(request.headers)) {
    if (DROPPED_HEADERS.has(k.toLowerCase()) || v === undefined) continue;
    out[k] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

const digest = (key: string) => createHash('sha256').update(key).digest('hex');

/** Passes on the engine's `Set-Cookie` for the engine key, and no other cookie it may set. */
function passEngineKey(reply: FastifyReply, setCookie: string | string[] | undefined): void {
  const keys = (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []).filter((c) => c.startsWith(`${ENGINE_KEY_COOKIE}=`));
  if (keys.length > 0) reply.header('set-cookie', keys);
}

const customDataEntries = (body: EngineCustomDataRequest): CustomDataEntry[] => (Array.isArray(body) ? body : body.customData);

export function registerEngineRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { engine } = ctx;
  const id = (request: FastifyRequest<{ Params: { id: string } }>) => request.params.id;
  /**
   * The owner digest for `$start`: the request's engine key when this practice issued it, else a
   * new one set on the answer. A key the browser chose is never adopted (server/engineKeys.ts).
   */
  const ownerForStart = async (request: FastifyRequest, reply: FastifyReply): Promise<string> => {
    const secret = await cachedEngineKeySecret(ctx.store);
    let key = readCookie(request, ENGINE_KEY_COOKIE, TOKEN_PATTERN);
    if (!key || !isIssuedEngineKey(secret, key)) {
      key = issueEngineKey(secret);
      reply.header('set-cookie', cookieHeader(ENGINE_KEY_COOKIE, key, { sameSite: 'Strict', secure: ctx.isHttps(request) }));
    }
    return digest(key);
  };
  /** Who asks for an execution: staff (bearer or session) see every one, a browser its own. */
  const access = async (request: FastifyRequest): Promise<ExecutionAccess> => {
    if (ctx.staff.bearerValid(request) || (await ctx.staff.sessionUser(request)) !== undefined) return PRACTICE_ACCESS;
    const key = readCookie(request, ENGINE_KEY_COOKIE, TOKEN_PATTERN);
    // No key: an owner no row has, so the answer is the 404 of an unknown id.
    return { owner: key ? digest(key) : '' };
  };
  const exec = (name: string) => `${ENGINE_BASE}/GuidelineExecution/:id/$${name}`;
  const body = (name: string) => ({ schema: { body: { $ref: schemaId(name) } } });

  app.get(`${ENGINE_BASE}/Guideline`, async () => engine.list());
  type Id = { Params: { id: string } };
  app.get<Id>(`${ENGINE_BASE}/Guideline/:id`, async (request) => engine.summary(id(request)));

  app.post<Id & { Body: StartBody }>(`${ENGINE_BASE}/Guideline/:id/$start`, body('engine-start-request'), async (request, reply) => {
    await assertServiceOpen(ctx.store, 'medical');
    const owner = await ownerForStart(request, reply);
    return reply.code(201).send(await engine.start(id(request), request.body, owner, (tx) => admitUnderExecutionCeiling(tx, reply)));
  });

  app.get<Id>(`${ENGINE_BASE}/GuidelineExecution/:id`, async (request) => engine.get(id(request), await access(request)));

  app.post<Id & { Body: ContinueBody }>(exec('continue'), body('engine-continue-request'), async (request) => {
    await assertServiceOpen(ctx.store, 'medical');
    return engine.continue(id(request), request.body, await access(request));
  });
  app.post<Id>(exec('stop'), async (request) => engine.stop(id(request), await access(request)));
  // $finish may come without a body: none counts as {}.
  app.post<Id & { Body: Feedback | undefined }>(exec('finish'), body('engine-finish-request'), async (request) =>
    engine.finish(id(request), request.body ?? {}, await access(request)),
  );
  for (const name of ['setCustomData', 'putCustomData', 'applyCustomData']) {
    app.post<Id & { Body: EngineCustomDataRequest }>(exec(name), body('engine-custom-data-request'), async (request) =>
      engine.putCustomData(id(request), customDataEntries(request.body), await access(request)),
    );
  }
  app.post<Id & { Body: EngineRemoveCustomDataRequest }>(exec('removeCustomData'), body('engine-remove-custom-data-request'), async (request) =>
    engine.removeCustomData(id(request), request.body.keys, await access(request)),
  );
  app.post<Id>(exec('clearCustomData'), async (request) => engine.clearCustomData(id(request), await access(request)));
  app.post<Id>(exec('observations'), body('engine-observations-request'), async (request) => engine.observations(id(request), await access(request)));

  // A pharmacy or self-care ending's advice, emailed to the patient who ran the execution (the
  // browser holding its key; another browser gets the 404 of an unknown id). Nothing goes to the practice.
  app.post<{ Body: AdviceMessageRequest }>(ADVICE_MESSAGE_PATH, { schema: { body: { $ref: schemaId('advice-message-request') } } }, async (request, reply) => {
    if (ctx.engineUrl) throw new HttpError(409, "The practice's own engine holds this execution: its advice cannot be sent from here");
    const execution = await engine.get(request.body.executionId, await access(request));
    const queued = await ctx.store.tx((tx) => queueAdviceMessage(engine, tx, execution, request.body.emailAddress));
    return reply.code(202).send({ queued: queued.length });
  });

  // ---------------------------------------------------------------- the proxy
  let external: URL | undefined;
  if (ctx.engineUrl) {
    external = new URL(ctx.engineUrl);
    if (external.protocol !== 'https:' && external.protocol !== 'http:') throw new Error(`ENGINE_URL must be an http(s) URL (got ${external.protocol})`);
  }
  const engineBase = external ? `${external.origin}${external.pathname.replace(/\/+$/, '')}${ENGINE_BASE}` : undefined;

  const proxy = async (request: FastifyRequest, reply: FastifyReply) => {
    const target = (request.query as { path?: unknown }).path;
    const problem = proxyTargetProblem(target);
    if (problem) throw new HttpError(400, problem, { details: [{ path: '/path', message: problem }] });
    const method = request.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    // A $start through the proxy counts as a $start for this client (the call itself already counted as an engine call).
    if (method === 'POST' && (target as string).split('?')[0]!.replace(/\/+$/, '').endsWith('/$start'))
      await ctx.rateLimiter.check(request, reply, 'engineStart');
    const headers = forwardedHeaders(request);
    // Of the practice's cookies only the engine key goes to the engine (and a new one comes back).
    const key = readCookie(request, ENGINE_KEY_COOKIE, TOKEN_PATTERN);
    if (key) headers.cookie = `${ENGINE_KEY_COOKIE}=${key}`;
    const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
    if (!engineBase) {
      // The embedded engine: the same routes, in process (no socket, no second parse of the URL).
      // Marked internal: the client was counted once, on this call, not again on the engine's route.
      const res = await app.inject({
        method,
        url: `${ENGINE_BASE}${target as string}`,
        headers: { ...headers, ...ctx.rateLimiter.internalHeaders },
        remoteAddress: request.ip,
        ...(payload !== undefined ? { payload } : {}),
      });
      const type = res.headers['content-type'];
      if (type) reply.header('content-type', type);
      passEngineKey(reply, res.headers['set-cookie']);
      return reply.code(res.statusCode).send(res.rawPayload);
    }
    // The practice's own credentials (its API token, a staff session) are for this server only,
    // never for an engine elsewhere.
    delete headers.authorization;
    let res: Response;
    try {
      res = await fetch(`${engineBase}${target as string}`, {
        method,
        headers,
        ...(payload !== undefined ? { body: payload } : {}),
        redirect: 'manual',
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new HttpError(timedOut ? 504 : 502, timedOut ? 'The guideline engine did not answer in time' : 'The guideline engine could not be reached');
    }
    const type = res.headers.get('content-type');
    if (type) reply.header('content-type', type);
    passEngineKey(reply, res.headers.getSetCookie());
    return reply.code(res.status).send(Buffer.from(await res.arrayBuffer()));
  };
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) app.route({ method, url: PROXY_PATH, handler: proxy });
}
