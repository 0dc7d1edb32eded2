import type Ajv from 'ajv';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GuidelineEngine } from './engine/engine.js';
import type { LiveDocuments } from './documents/liveDocuments.js';
import type { FormCore, FormDocuments } from './forms.js';
import type { RateLimiter } from './rate-limits.js';
import type { StaffAuth } from './staff.js';
import type { Sql } from './store/types.js';

/** What every route module gets. */
export interface ServerContext {
  /** The store (server/store): SQLite by default, PostgreSQL with DATABASE_URL. `store.ping()` answers readiness. */
  store: Sql;
  ajv: Ajv;
  forms: FormDocuments;
  formCore: FormCore;
  /** Every form and pathway document served, with versions, checks and reload (server/documents). */
  documents: LiveDocuments;
  /** Demo and test switches (/api/v1/practice/controls) are on. */
  controls: boolean;
  /** The embedded guideline engine (server/engine). */
  engine: GuidelineEngine;
  /** Where the engine proxy sends calls: undefined = the embedded engine; else a base URL (ENGINE_URL). */
  engineUrl?: string;
  /** Practice credentials (a bearer token) the server reads ENGINE_URL's executions with (ENGINE_API_TOKEN). */
  engineToken?: string;
  /** Staff sessions and bearer access (server/staff.ts); the guard itself is already on every /practice/* path. */
  staff: StaffAuth;
  /** Whether this request was served over HTTPS: cookies get `Secure`. */
  isHttps(request: FastifyRequest): boolean;
  /** The clock sessions expire by (tests pass their own). */
  now(): number;
  /** The public origin of links in messages: PUBLIC_URL's origin, else the address the request came to (its Host is already checked). */
  publicOrigin(request: FastifyRequest): string;
  /** The per-client rate limits (server/rate-limits.ts): the engine proxy counts the call it forwards. */
  rateLimiter: RateLimiter;
}

/**
 * A file under server/routes that registers its calls. Add a new one (booking, guideline
 * engine…) to ROUTE_MODULES in server/routes/index.ts.
 */
export type RouteModule = (app: FastifyInstance, ctx: ServerContext) => void | Promise<void>;
