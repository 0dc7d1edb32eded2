import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { ServerContext } from '../context.js';
import { cookieHeader, readCookie, TOKEN_PATTERN } from '../cookies.js';
import type { Sql } from '../store/types.js';
import { getSetting } from '../settingsStore.js';
import { HttpError } from '../errors.js';
import { acceptFormPosts, formField } from '../forms-urlencoded.js';
import { escapeHtml, htmlPage, safeLocalPath } from '../html.js';
import { ENGINE_KEY_COOKIE, SESSION_ABSOLUTE_MS, SESSION_COOKIE, sessionPatientId } from '../services/index.js';
import { findPatientById, normalisePostcode, recordAsPatient } from '../patients.js';
import { DEMO_LOGIN_PATIENT_ID } from '../seedPatients.js';

/** Well-formed UK postcodes that the demo postcode directory does not know (the app asks "Postcode not found"). */
const UNKNOWN_POSTCODES = ['ZZ99 9ZZ', 'AB1 0XX', 'LS99 9ZZ'];
const UK_POSTCODE = /^(GIR ?0AA|[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2})$/i;
const UNKNOWN = new Set(UNKNOWN_POSTCODES.map(normalisePostcode));

/** true for a well-formed UK postcode the directory knows, false for unknown or malformed ones. */
function postcodeExists(raw: string): boolean {
  const trimmed = raw.trim();
  if (!UK_POSTCODE.test(trimmed)) return false;
  return !UNKNOWN.has(normalisePostcode(trimmed));
}

async function loginEnabled(db: Sql): Promise<boolean> {
  return (await getSetting<{ nhsLogin?: { enabled?: boolean } }>(db, 'shared'))?.nhsLogin?.enabled === true;
}

/** Signing out forgets the session and the browser's engine key (its questionnaires are no longer readable from here). */
function clearCookie(reply: FastifyReply, secure: boolean): void {
  reply.header('set-cookie', [
    cookieHeader(SESSION_COOKIE, '', { sameSite: 'Lax', secure, maxAgeSeconds: 0 }),
    cookieHeader(ENGINE_KEY_COOKIE, '', { sameSite: 'Strict', secure, maxAgeSeconds: 0 }),
  ]);
}

/** Postcode check and the simulated national login (schemas/api/README.md, "Login and postcode"). */
export function registerLoginRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/postcode/:postcode/exists', async (request) => postcodeExists((request.params as { postcode: string }).postcode));

  app.get(
    '/nhs-login/is-logged-in',
    async (request) => (await loginEnabled(ctx.store)) && (await sessionPatientId(ctx.store, request, ctx.now())) !== undefined,
  );

  const signedIn = async (request: FastifyRequest) => {
    const patientId = (await loginEnabled(ctx.store)) ? await sessionPatientId(ctx.store, request, ctx.now()) : undefined;
    const record = patientId ? await findPatientById(ctx.store, patientId) : undefined;
    if (!record) throw new HttpError(401, 'Unauthorised access');
    return record;
  };

  app.get('/nhs-login/user-info', async (request) => {
    const record = await signedIn(request);
    return {
      email: record.email ?? '',
      ...(record.mobile ? { phone_number: record.mobile } : {}),
      given_name: record.firstName,
      family_name: record.lastName,
      birthdate: record.dateOfBirth,
      nhs_number: record.nhsNumber,
    };
  });

  app.get('/nhs-login/epr/patient', async (request) => recordAsPatient(await signedIn(request)));

  // The simulated login provider's page. A plain form POST: no script runs under the CSP.
  app.get('/nhs-login/authorize', async (request, reply) => {
    if (!(await loginEnabled(ctx.store))) throw new HttpError(403, 'NHS login is not enabled for this practice');
    const q = request.query as { redirect?: unknown; tenantId?: unknown; cancelUri?: unknown };
    const redirect = safeLocalPath(q.redirect);
    const cancel = safeLocalPath(q.cancelUri ?? q.redirect);
    const user = await findPatientById(ctx.store, DEMO_LOGIN_PATIENT_ID);
    const name = user ? `${user.firstName} ${user.lastName}` : 'the demo user';
    const body = `<h1>Sign in with NHS login (simulated)</h1>
<p>This is the demo practice's stand-in for the NHS login service. No password is needed.</p>
<form method="post" action="/nhs-login/authorize">
<input type="hidden" name="redirect" value="${escapeHtml(redirect)}">
<input type="hidden" name="tenantId" value="${escapeHtml(typeof q.tenantId === 'string' ? q.tenantId : '')}">
<button type="submit">Continue as ${escapeHtml(name)}</button>
</form>
<p><a href="${escapeHtml(cancel)}">Cancel and go back</a></p>`;
    return reply.type('text/html; charset=utf-8').send(htmlPage('Sign in with NHS login (simulated)', body));
  });

  // The form POST is urlencoded: parse that content type in this scope only, so every JSON call
  // elsewhere still refuses it with 415.
  void app.register(async (scope) => {
    acceptFormPosts(scope);
    scope.post('/nhs-login/authorize', async (request, reply) => {
      if (!(await loginEnabled(ctx.store))) throw new HttpError(403, 'NHS login is not enabled for this practice');
      const id = randomBytes(32).toString('hex');
      const now = new Date(ctx.now()).toISOString();
      await ctx.store.run('INSERT INTO sessions (id, patient_id, created_at, last_seen_at) VALUES (?, ?, ?, ?)', [id, DEMO_LOGIN_PATIENT_ID, now, now]);
      reply.header(
        'set-cookie',
        cookieHeader(SESSION_COOKIE, id, { sameSite: 'Lax', secure: ctx.isHttps(request), maxAgeSeconds: SESSION_ABSOLUTE_MS / 1000 }),
      );
      return reply.redirect(safeLocalPath(formField(request.body, 'redirect')), 303);
    });
  });

  // Sign-out changes state, so it is a POST (the app's Logout submits a form to /signout with
  // targetPath and tenantId), refused cross-site like every POST (server/security.ts): a link or
  // an image on another site can no longer sign the patient out. GET only offers the button.
  void app.register(async (scope) => {
    acceptFormPosts(scope);
    scope.post('/signout', async (request, reply) => {
      const id = readCookie(request, SESSION_COOKIE, TOKEN_PATTERN);
      if (id) await ctx.store.run('DELETE FROM sessions WHERE id = ?', [id]);
      clearCookie(reply, ctx.isHttps(request));
      return reply.redirect(safeLocalPath((request.query as { targetPath?: unknown }).targetPath), 303);
    });
  });
  app.get('/signout', async (request, reply) => {
    const q = request.query as { targetPath?: unknown; tenantId?: unknown };
    const target = safeLocalPath(q.targetPath);
    const action = `/signout?${new URLSearchParams({ targetPath: target, ...(typeof q.tenantId === 'string' && q.tenantId !== '' ? { tenantId: q.tenantId } : {}) }).toString()}`;
    const body = `<h1>Sign out</h1>
<p>Sign out of NHS login on this device.</p>
<form method="post" action="${escapeHtml(action)}">
<button type="submit">Sign out</button>
</form>
<p><a href="${escapeHtml(target)}">Go back without signing out</a></p>`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(htmlPage('Sign out', body));
  });
}
