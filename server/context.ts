import type Ajv from 'ajv';
import type { FastifyInstance } from 'fastify';
import type { Db } from './db.js';
import type { GuidelineEngine } from './engine/engine.js';
import type { FormCore, FormDocuments } from './forms.js';

/** What every route module gets. */
export interface ServerContext {
  db: Db;
  ajv: Ajv;
  forms: FormDocuments;
  formCore: FormCore;
  /** Demo and test switches (/api/v1/practice/controls) are on. */
  controls: boolean;
  /** The embedded guideline engine (server/engine). */
  engine: GuidelineEngine;
  /** Where the engine proxy sends calls: undefined = the embedded engine; else a base URL (ENGINE_URL). */
  engineUrl?: string;
}

/**
 * A file under server/routes that registers its calls. Add a new one (booking, guideline
 * engine…) to ROUTE_MODULES in server/routes/index.ts.
 */
export type RouteModule = (app: FastifyInstance, ctx: ServerContext) => void | Promise<void>;
