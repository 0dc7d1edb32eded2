import { hash, verify, type Options as HashOptions } from '@node-rs/argon2';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { cookieHeader, readCookie, TOKEN_PATTERN } from './cookies.js';
import type { Sql } from './store/types.js';
import { errorBody } from './errors.js';
import { parseStaffAccounts, removeSharedAccount, SHARED_STAFF_ACCOUNT, syncStaffAccounts } from './staffAccounts.js';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, sessionLive } from './sessions.js';

/**
 * Practice staff access (README.md "Practice staff sign-in"): every `/practice/*` page and
 * every `/api/v1/practice/*` call needs a staff session (cookie from /practice/sign-in) or,
 * only when PRACTICE_API_TOKEN is set, `Authorization: Bearer <token>`.
 */
export const STAFF_COOKIE = 'gp_practice_session';
/** The shared staff account (PRACTICE_STAFF_PASSWORD); named people are in server/staffAccounts.ts. */
export const STAFF_USERNAME = SHARED_STAFF_ACCOUNT;
export const SIGN_IN_PATH = '/practice/sign-in';
export const SIGN_OUT_PATH = '/practice/sign-out';
/** Where staff land after signing in when no (staff) page was asked for. */
export const STAFF_HOME = '/practice/inbox';

/** Paths under the staff prefixes that anyone may reach: signing in, and signing out (also once expired). */
const PUBLIC_STAFF_PATHS = new Set([SIGN_IN_PATH, SIGN_OUT_PATH]);

/** True for every page and call that needs staff credentials, whoever registered it. */
function isStaffPath(path: string): boolean {
  return path === '/practice' || path.startsWith('/practice/') || path === '/api/v1/practice' || path.startsWith('/api/v1/practice/');
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Whether `path` (with query) is a staff page worth returning to after sign-in. */
export function isStaffReturnPath(path: string): boolean {
  return path.startsWith('/practice/') && !path.startsWith(SIGN_IN_PATH) && !path.startsWith(SIGN_OUT_PATH);
}

/**
 * A token argon2id cost for test servers only (ServerOptions.fastPasswordHashing): 1 MiB, one pass.
 * The standard cost (the library's default, 19 MiB and two passes) stays for every real start;
 * verify() reads the cost from the stored hash, so either hash signs in the same way.
 */
export const TEST_PASSWORD_HASHING: Readonly<HashOptions> = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

/**
 * Makes sure the staff account has a password: PRACTICE_STAFF_PASSWORD when given (re-hashed
 * when it changed, which also ends every staff session), else the stored one, else a new random
 * one. Returns the password only when it was generated now, for the caller to print once.
 */
export async function ensureStaffPassword(db: Sql, fromEnv: string | undefined, hashing?: Readonly<HashOptions>): Promise<string | undefined> {
  const row = await db.get<{ password_hash: string }>('SELECT password_hash FROM staff_accounts WHERE username = ?', [STAFF_USERNAME]);
  const store = async (password: string) => {
    const passwordHash = await hash(password, hashing ? { ...hashing } : undefined);
    await db.tx(async (tx) => {
      await tx.run(
        'INSERT INTO staff_accounts (username, password_hash, updated_at) VALUES (?, ?, ?) ON CONFLICT(username) DO UPDATE SET password_hash = excluded.password_hash, updated_at = excluded.updated_at',
        [STAFF_USERNAME, passwordHash, new Date().toISOString()],
      );
      await tx.run('DELETE FROM staff_sessions WHERE username = ?', [STAFF_USERNAME]);
    });
  };
  if (fromEnv !== undefined && fromEnv !== '') {
    if (!row || !(await verify(row.password_hash, fromEnv))) await store(fromEnv);
    return undefined;
  }
  if (row) return undefined;
  const generated = randomBytes(18).toString('base64url');
  await store(generated);
  return generated;
}

/**
 * The staff accounts at start: the named people of PRACTICE_STAFF_ACCOUNTS (`accounts`, checked
 * first: a malformed list stops the start), then the shared account as ensureStaffPassword says,
 * unless named accounts are given without a shared password: then the shared account is removed
 * and nothing is generated. Answers a generated shared password, as ensureStaffPassword.
 */
export async function ensureStaffAccounts(
  db: Sql,
  given: { sharedPassword: string | undefined; accounts: string | undefined },
  hashing?: Readonly<HashOptions>,
): Promise<string | undefined> {
  const named = parseStaffAccounts(given.accounts);
  await syncStaffAccounts(db, named, new Date().toISOString());
  if (named.length > 0 && (given.sharedPassword === undefined || given.sharedPassword === '')) {
    await removeSharedAccount(db);
    return undefined;
  }
  return ensureStaffPassword(db, given.sharedPassword, hashing);
}

let decoy: Promise<string> | undefined;
/** A hash of a random password, verified against for a username that has no account. */
function decoyHash(): Promise<string> {
  decoy ??= hash(randomBytes(18).toString('base64url'));
  return decoy;
}

export interface StaffAuthOptions {
  db: Sql;
  /** PRACTICE_API_TOKEN; undefined or empty → bearer access is off. */
  apiToken: string | undefined;
  now: () => number;
}

export class StaffAuth {
  private readonly db: Sql;
  private readonly tokenDigest: Buffer | undefined;
  private readonly now: () => number;

  constructor(options: StaffAuthOptions) {
    this.db = options.db;
    this.tokenDigest = options.apiToken ? sha256(options.apiToken) : undefined;
    this.now = options.now;
  }

  /** True only when bearer access is on and the request carries exactly that token. */
  bearerValid(request: FastifyRequest): boolean {
    if (!this.tokenDigest) return false;
    const header = request.headers.authorization;
    if (typeof header !== 'string') return false;
    const match = /^Bearer ([\x21-\x7e]{1,512})$/i.exec(header.trim());
    return match !== null && timingSafeEqual(sha256(match[1]!), this.tokenDigest);
  }

  /**
   * Checks `username`'s password (the shared account's when none is named) against its stored
   * argon2 hash; on success a new session token. An unknown username costs the same verification
   * as a known one, so the time taken does not tell which names exist.
   */
  async signIn(password: string, username: string = STAFF_USERNAME): Promise<string | undefined> {
    if (password === '' || password.length > 1024) return undefined;
    const row = await this.db.get<{ password_hash: string }>('SELECT password_hash FROM staff_accounts WHERE username = ?', [username]);
    let ok = false;
    try {
      ok = await verify(row?.password_hash ?? (await decoyHash()), password);
    } catch {
      ok = false;
    }
    if (!ok || !row) return undefined;
    const token = randomBytes(32).toString('hex');
    const now = this.now();
    await this.db.run('INSERT INTO staff_sessions (token_hash, username, created_at, last_seen_at) VALUES (?, ?, ?, ?)', [
      sha256(token).toString('hex'),
      username,
      now,
      now,
    ]);
    return token;
  }

  /** The session's user when the cookie names a live session (and marks it used); expired ones are deleted. */
  async sessionUser(request: FastifyRequest): Promise<string | undefined> {
    const token = readCookie(request, STAFF_COOKIE, TOKEN_PATTERN);
    if (!token) return undefined;
    const key = sha256(token).toString('hex');
    const row = await this.db.get<{ username: string; created_at: number; last_seen_at: number }>(
      'SELECT username, created_at, last_seen_at FROM staff_sessions WHERE token_hash = ?',
      [key],
    );
    if (!row) return undefined;
    const now = this.now();
    if (!sessionLive(row.created_at, row.last_seen_at, now)) {
      await this.db.run('DELETE FROM staff_sessions WHERE token_hash = ?', [key]);
      return undefined;
    }
    await this.db.run('UPDATE staff_sessions SET last_seen_at = ? WHERE token_hash = ?', [now, key]);
    return row.username;
  }

  async signOut(request: FastifyRequest): Promise<void> {
    const token = readCookie(request, STAFF_COOKIE, TOKEN_PATTERN);
    if (token) await this.db.run('DELETE FROM staff_sessions WHERE token_hash = ?', [sha256(token).toString('hex')]);
  }

  /** Deletes expired staff sessions; answers how many. */
  async prune(): Promise<number> {
    const now = this.now();
    return (await this.db.run('DELETE FROM staff_sessions WHERE created_at <= ? OR last_seen_at <= ?', [now - SESSION_ABSOLUTE_MS, now - SESSION_IDLE_MS]))
      .changes;
  }
}

/** The request's path as the router sees it: the matched route's pattern, else the decoded URL path. */
function routedPath(request: FastifyRequest): string {
  const routeUrl = request.routeOptions.url;
  if (typeof routeUrl === 'string') return routeUrl;
  const raw = request.url.split('?')[0] ?? '/';
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // keep the raw path: it still starts with the same prefix
  }
  return decoded.replace(/\/{2,}/g, '/');
}

/**
 * The door: one onRequest hook on the root, so it covers every `/practice/*` and
 * `/api/v1/practice/*` route whatever file registers it, and unknown paths under them too.
 * Pages send a signed-out visitor to the sign-in page; API calls answer 401.
 */
export function registerStaffGuard(app: FastifyInstance, auth: StaffAuth): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const path = routedPath(request);
    if (!isStaffPath(path) || PUBLIC_STAFF_PATHS.has(path)) return;
    if (auth.bearerValid(request) || (await auth.sessionUser(request)) !== undefined) return;
    const isApi = path.startsWith('/api/');
    if (!isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      const back = request.url;
      const target = isStaffReturnPath(back) ? `${SIGN_IN_PATH}?next=${encodeURIComponent(back)}` : SIGN_IN_PATH;
      return reply.code(303).header('cache-control', 'no-store').redirect(target, 303);
    }
    return reply
      .code(401)
      .header('www-authenticate', 'Bearer realm="practice"')
      .send(errorBody(401, 'Practice staff sign-in needed: sign in at /practice/sign-in, or send Authorization: Bearer with the practice API token'));
  });
}

export function staffCookie(token: string, secure: boolean): string {
  return cookieHeader(STAFF_COOKIE, token, { sameSite: 'Strict', secure, maxAgeSeconds: SESSION_ABSOLUTE_MS / 1000 });
}

export function clearStaffCookie(secure: boolean): string {
  return cookieHeader(STAFF_COOKIE, '', { sameSite: 'Strict', secure, maxAgeSeconds: 0 });
}
