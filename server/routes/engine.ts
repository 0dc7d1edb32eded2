// The guideline engine under /api/v1/fhir/r4 (server/engine), and the engine proxy
// /api/v1/engine-proxy?path=… the app sends every engine call through when `useProxy` is on.
// Contract: schemas/questionnaires/README.md; bodies: schemas/api/engine-*.schema.json.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EngineCustomDataRequest } from '../../generated/types/api/engine-custom-data-request';
import type { GuidelineExecution } from '../../generated/types/api/engine-execution';
import type { GuidelineSummary } from '../../generated/types/api/engine-guideline-summary';
import type { GuidelineSummaries } from '../../generated/types/api/engine-guidelines';
import type { EngineObservations } from '../../generated/types/api/engine-observations';
import type { EngineObservationsRequest } from '../../generated/types/api/engine-observations-request';
import type { EngineRemoveCustomDataRequest } from '../../generated/types/api/engine-remove-custom-data-request';
import type { ServerContext } from '../context.js';
import { cookieHeader, readCookie, TOKEN_PATTERN } from '../cookies.js';
import { PRACTICE_ACCESS, type ContinueBody, type CustomDataEntry, type ExecutionAccess, type Feedback, type StartBody } from '../engine/engine.js';
import { HttpError } from '../errors.js';
import type { AdviceMessageRequest } from '../../generated/types/api/advice-message-request';
import { queueAdviceMessage } from '../adviceMessage.js';
import { schemaId } from '../validation.js';
import { assertEngineServiceOpen, ENGINE_KEY_COOKIE } from '../services/index.js';
import { admitUnderExecutionCeiling } from '../engine/ceiling.js';
import { executionJson } from '../engine/executionJson.js';
import { cachedEngineKeySecret, engineKeyDigest, isIssuedEngineKey, issueEngineKey } from '../engineKeys.js';

const ENGINE_BASE = '/api/v1/fhir/r4';
const ADVICE_MESSAGE_PATH = '/api/v1/triage/patient/advice-message';
const PROXY_PATH = '/api/v1/engine-proxy';

/**
 * The engine paths the proxy forwards: /Guideline… and /GuidelineExecution… only, plain
 * segments (letters, digits, . _ ~ $ -), no "..", no encoded characters, an optional simple
 * query. Anything else (another API path, an absolute URL, //host, \, %2F…) is refused.
 */
const PROXY_TARGET = /^\/(Guideline|GuidelineExecution)(\/[A-Za-z0-9._~$-]+)*\/?(\?[A-Za-z0-9._~=&,-]*)?$/;

function proxyTargetProblem(target: unknown): string | undefined {
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

/** Passes on the engine's `Set-Cookie` for the engine key, and no other cookie it may set. */
function passEngineKey(reply: FastifyReply, setCookie: string | string[] | undefined): void {
  const keys = (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []).filter((c) => c.startsWith(`${ENGINE_KEY_COOKIE}=`));
  if (keys.length > 0) reply.header('set-cookie', keys);
}

const customDataEntries = (body: EngineCustomDataRequest): CustomDataEntry[] => (Array.isArray(body) ? body : body.customData);

/**
 * The owner digest for `$start`: the request's engine key when this practice issued it, else a
 * new one set on the answer. A key the browser chose is never adopted (server/engineKeys.ts).
 */
async function ownerForStart(ctx: ServerContext, request: FastifyRequest, reply: FastifyReply): Promise<string> {
  const secret = await cachedEngineKeySecret(ctx.store);
  let key = readCookie(request, ENGINE_KEY_COOKIE, TOKEN_PATTERN);
  if (!key || !isIssuedEngineKey(secret, key)) {
    key = issueEngineKey(secret);
    reply.header('set-cookie', cookieHeader(ENGINE_KEY_COOKIE, key, { sameSite: 'Strict', secure: ctx.isHttps(request) }));
  }
  return engineKeyDigest(key);
}

/** Who asks for an execution: staff (bearer or session) see every one, a browser its own. */
async function accessOf(ctx: ServerContext, request: FastifyRequest): Promise<ExecutionAccess> {
  if (ctx.staff.bearerValid(request) || (await ctx.staff.sessionUser(request)) !== undefined) return PRACTICE_ACCESS;
  const key = readCookie(request, ENGINE_KEY_COOKIE, TOKEN_PATTERN);
  // No key: an owner no row has, so the answer is the 404 of an unknown id.
  return { owner: key ? engineKeyDigest(key) : '' };
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Answers with the execution: the same JSON as Fastify's own serialisation, with the section's
 * document and items from text made once per loaded pathway (server/engine/executionJson.ts).
 */
function sendExecution(reply: FastifyReply, view: GuidelineExecution, code = 200): FastifyReply {
  return reply.code(code).type(JSON_TYPE).send(executionJson(view));
}

type Id = { Params: { id: string } };
/** An execution call: its id, the contract's request body, and the execution as the answer. */
type ExecutionCall<B = undefined> = Id & { Body: B; Reply: GuidelineExecution };

export function registerEngineRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerGuidelineRoutes(app, ctx);
  registerExecutionRoutes(app, ctx);
  registerAdviceMessageRoute(app, ctx);
  registerEngineProxy(app, ctx);
}

/** The pathways served, and `$start`. */
function registerGuidelineRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { engine } = ctx;
  app.get<{ Reply: GuidelineSummaries }>(`${ENGINE_BASE}/Guideline`, async () => engine.list());
  app.get<Id & { Reply: GuidelineSummary }>(`${ENGINE_BASE}/Guideline/:id`, async (request) => engine.summary(request.params.id));
  app.post<ExecutionCall<StartBody>>(`${ENGINE_BASE}/Guideline/:id/$start`, bodySchema('engine-start-request'), async (request, reply) => {
    await assertEngineServiceOpen(ctx.store);
    const owner = await ownerForStart(ctx, request, reply);
    return sendExecution(reply, await engine.start(request.params.id, request.body, owner, (tx) => admitUnderExecutionCeiling(tx, reply)), 201);
  });
}

const bodySchema = (name: string) => ({ schema: { body: { $ref: schemaId(name) } } });

/** The calls on one execution: each answers the execution as it now is (the browser that started it, or staff). */
function registerExecutionRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { engine } = ctx;
  const exec = (name: string) => `${ENGINE_BASE}/GuidelineExecution/:id/$${name}`;
  const access = (request: FastifyRequest) => accessOf(ctx, request);

  app.get<ExecutionCall>(`${ENGINE_BASE}/GuidelineExecution/:id`, async (request, reply) =>
    sendExecution(reply, await engine.get(request.params.id, await access(request))),
  );
  app.post<ExecutionCall<ContinueBody>>(exec('continue'), bodySchema('engine-continue-request'), async (request, reply) => {
    await assertEngineServiceOpen(ctx.store);
    return sendExecution(reply, await engine.continue(request.params.id, request.body, await access(request)));
  });
  app.post<ExecutionCall>(exec('stop'), async (request, reply) => sendExecution(reply, await engine.stop(request.params.id, await access(request))));
  // $finish may come without a body: none counts as {}.
  app.post<ExecutionCall<Feedback | undefined>>(exec('finish'), bodySchema('engine-finish-request'), async (request, reply) =>
    sendExecution(reply, await engine.finish(request.params.id, request.body ?? {}, await access(request))),
  );
  for (const name of ['setCustomData', 'putCustomData', 'applyCustomData']) {
    app.post<ExecutionCall<EngineCustomDataRequest>>(exec(name), bodySchema('engine-custom-data-request'), async (request, reply) =>
      sendExecution(reply, await engine.putCustomData(request.params.id, customDataEntries(request.body), await access(request))),
    );
  }
  app.post<ExecutionCall<EngineRemoveCustomDataRequest>>(exec('removeCustomData'), bodySchema('engine-remove-custom-data-request'), async (request, reply) =>
    sendExecution(reply, await engine.removeCustomData(request.params.id, request.body.keys, await access(request))),
  );
  app.post<ExecutionCall>(exec('clearCustomData'), async (request, reply) =>
    sendExecution(reply, await engine.clearCustomData(request.params.id, await access(request))),
  );
  app.post<Id & { Body: EngineObservationsRequest; Reply: EngineObservations }>(
    exec('observations'),
    bodySchema('engine-observations-request'),
    async (request) => engine.observations(request.params.id, await access(request)),
  );
}

/**
 * A pharmacy or self-care ending's advice, emailed to the patient who ran the execution (the
 * browser holding its key; another browser gets the 404 of an unknown id). Nothing goes to the practice.
 */
function registerAdviceMessageRoute(app: FastifyInstance, ctx: ServerContext): void {
  app.post<{ Body: AdviceMessageRequest }>(ADVICE_MESSAGE_PATH, bodySchema('advice-message-request'), async (request, reply) => {
    if (ctx.engineUrl) throw new HttpError(409, "The practice's own engine holds this execution: its advice cannot be sent from here");
    const execution = await ctx.engine.get(request.body.executionId, await accessOf(ctx, request));
    const queued = await ctx.store.tx((tx) => queueAdviceMessage(ctx.engine, tx, execution, request.body.emailAddress));
    return reply.code(202).send({ queued: queued.length });
  });
}

/** The engine base of ENGINE_URL, or undefined for the embedded engine (a URL other than http(s) stops the start). */
function externalEngineBaseOf(engineUrl: string | undefined): string | undefined {
  if (!engineUrl) return undefined;
  const external = new URL(engineUrl);
  if (external.protocol !== 'https:' && external.protocol !== 'http:') throw new Error(`ENGINE_URL must be an http(s) URL (got ${external.protocol})`);
  return `${external.origin}${external.pathname.replace(/\/+$/, '')}${ENGINE_BASE}`;
}

/** Answers the proxied call from the practice's own engine at `engineBase`, with the client's headers but never the practice's credentials. */
async function fromExternalEngine(
  engineBase: string,
  target: string,
  method: string,
  headers: Record<string, string>,
  payload: string | undefined,
  reply: FastifyReply,
): Promise<FastifyReply> {
  // The practice's own credentials (its API token, a staff session) are for this server only,
  // never for an engine elsewhere.
  delete headers.authorization;
  let res: Response;
  try {
    res = await fetch(`${engineBase}${target}`, {
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
}

/** /api/v1/engine-proxy?path=…: the engine paths only, to the embedded engine in process or to ENGINE_URL. */
function registerEngineProxy(app: FastifyInstance, ctx: ServerContext): void {
  const engineBase = externalEngineBaseOf(ctx.engineUrl);
  const proxy = async (request: FastifyRequest<{ Querystring: { path?: unknown } }>, reply: FastifyReply) => {
    const problem = proxyTargetProblem(request.query.path);
    if (problem) throw new HttpError(400, problem, { details: [{ path: '/path', message: problem }] });
    const target = request.query.path as string;
    const method = request.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    // A $start through the proxy counts as a $start for this client (the call itself already counted as an engine call).
    if (method === 'POST' && target.split('?')[0]!.replace(/\/+$/, '').endsWith('/$start')) await ctx.rateLimiter.check(request, reply, 'engineStart');
    const headers = forwardedHeaders(request);
    // Of the practice's cookies only the engine key goes to the engine (and a new one comes back).
    const key = readCookie(request, ENGINE_KEY_COOKIE, TOKEN_PATTERN);
    if (key) headers.cookie = `${ENGINE_KEY_COOKIE}=${key}`;
    const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
    if (engineBase) return fromExternalEngine(engineBase, target, method, headers, payload, reply);
    // The embedded engine: the same routes, in process (no socket, no second parse of the URL).
    // Marked internal: the client was counted once, on this call, not again on the engine's route.
    const res = await app.inject({
      method,
      url: `${ENGINE_BASE}${target}`,
      headers: { ...headers, ...ctx.rateLimiter.internalHeaders },
      remoteAddress: request.ip,
      ...(payload !== undefined ? { payload } : {}),
    });
    const type = res.headers['content-type'];
    if (type) reply.header('content-type', type);
    passEngineKey(reply, res.headers['set-cookie']);
    return reply.code(res.statusCode).send(res.rawPayload);
  };
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) app.route({ method, url: PROXY_PATH, handler: proxy });
}
