import type { FastifyInstance } from 'fastify';
import type { Db } from './db.js';
import type { CheckOptions } from './documents/check.js';
import type { LiveDocuments } from './documents/liveDocuments.js';
import type { FormCore } from './forms.js';
import type { NotificationWorker, Transport, WorkerOptions } from './notifications/index.js';
import type { RateLimits } from './rate-limits.js';
import type { RenderBudgetLimits } from './renderBudget.js';
import type { RetentionSwept } from './retention.js';
import type { Sql } from './store/index.js';

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
  /**
   * A drawn page carries its first screen's CSS inline and its style sheet at the end of the body
   * (server/criticalCss.ts; default true). Off only to compare in `npm run bench:web`.
   */
  criticalCss?: boolean;
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
  /** The form and pathway documents served (server/documents/liveDocuments.ts). */
  documents: LiveDocuments;
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
