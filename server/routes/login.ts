import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { parse as parseQuery } from 'node:querystring';
import type { ServerContext } from '../context.js';
import type { Db } from '../db.js';
import { readSetting } from '../db.js';
import { HttpError } from '../errors.js';
import { escapeHtml, htmlPage, safeLocalPath } from '../html.js';
import { findPatientById, normalisePostcode, recordAsPatient } from '../patients.js';
import { DEMO_LOGIN_PATIENT_ID } from '../seed.js';

export const SESSION_COOKIE = 'gp_nhs_session';

/** Well-formed UK postcodes that the demo postcode directory does not know (the app asks "Postcode not found"). */
export const UNKNOWN_POSTCODES = ['ZZ99 9ZZ', 'AB1 0XX', 'LS99 9ZZ'];
const UK_POSTCODE = /^(GIR ?0AA|[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2})$/i;
const UNKNOWN = new Set(UNKNOWN_POSTCODES.map(normalisePostcode));

/** true for a well-formed UK postcode the directory knows, false for unknown or malformed ones. */
export function postcodeExists(raw: string): boolean {
  const trimmed = raw.trim();
  if (!UK_POSTCODE.test(trimmed)) return false;
  return !UNKNOWN.has(normalisePostcode(trimmed));
}

function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

function sessionPatientId(db: Db, request: FastifyRequest): string | undefined {
  const id = readCookie(request, SESSION_COOKIE);
  if (!id) return undefined;
  const row = db.prepare('SELECT patient_id FROM sessions WHERE id = ?').get(id) as { patient_id: string } | undefined;
  return row?.patient_id;
}

function loginEnabled(db: Db): boolean {
  return readSetting<{ nhsLogin?: { enabled?: boolean } }>(db, 'shared')?.nhsLogin?.enabled === true;
}

function clearCookie(reply: FastifyReply): void {
  reply.header('set-cookie', `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`);
}

/** Postcode check and the simulated national login (schemas/api/README.md, "Login and postcode"). */
export function registerLoginRoutes(app: FastifyInstance, { db }: ServerContext): void {
  app.get('/postcode/:postcode/exists', async (request) => postcodeExists((request.params as { postcode: string }).postcode));

  app.get('/nhs-login/is-logged-in', async (request) => loginEnabled(db) && sessionPatientId(db, request) !== undefined);

  const signedIn = (request: FastifyRequest) => {
    const patientId = loginEnabled(db) ? sessionPatientId(db, request) : undefined;
    const record = patientId ? findPatientById(db, patientId) : undefined;
    if (!record) throw new HttpError(401, 'Unauthorised access');
    return record;
  };

  app.get('/nhs-login/user-info', async (request) => {
    const record = signedIn(request);
    return {
      email: record.email ?? '',
      ...(record.mobile ? { phone_number: record.mobile } : {}),
      given_name: record.firstName,
      family_name: record.lastName,
      birthdate: record.dateOfBirth,
      nhs_number: record.nhsNumber,
    };
  });

  app.get('/nhs-login/epr/patient', async (request) => recordAsPatient(signedIn(request)));

  // The simulated login provider's page. A plain form POST: no script runs under the CSP.
  app.get('/nhs-login/authorize', async (request, reply) => {
    if (!loginEnabled(db)) throw new HttpError(403, 'NHS login is not enabled for this practice');
    const q = request.query as { redirect?: string; tenantId?: string; cancelUri?: string };
    const redirect = safeLocalPath(q.redirect);
    const cancel = safeLocalPath(q.cancelUri ?? q.redirect);
    const user = findPatientById(db, DEMO_LOGIN_PATIENT_ID);
    const name = user ? `${user.firstName} ${user.lastName}` : 'the demo user';
    const body = `<h1>Sign in with NHS login (simulated)</h1>
<p>This is the demo practice's stand-in for the NHS login service. No password is needed.</p>
<form method="post" action="/nhs-login/authorize">
<input type="hidden" name="redirect" value="${escapeHtml(redirect)}">
<input type="hidden" name="tenantId" value="${escapeHtml(q.tenantId ?? '')}">
<button type="submit">Continue as ${escapeHtml(name)}</button>
</form>
<p><a href="${escapeHtml(cancel)}">Cancel and go back</a></p>`;
    return reply.type('text/html; charset=utf-8').send(htmlPage('Sign in with NHS login (simulated)', body));
  });

  // The form POST is urlencoded: parse that content type in this scope only, so every JSON call
  // elsewhere still refuses it with 415.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
      done(null, parseQuery(String(body)));
    });
    scope.post('/nhs-login/authorize', async (request, reply) => {
      if (!loginEnabled(db)) throw new HttpError(403, 'NHS login is not enabled for this practice');
      const form = (request.body ?? {}) as { redirect?: unknown };
      const id = randomBytes(32).toString('hex');
      db.prepare('INSERT INTO sessions (id, patient_id, created_at) VALUES (?, ?, ?)').run(id, DEMO_LOGIN_PATIENT_ID, new Date().toISOString());
      reply.header('set-cookie', `${SESSION_COOKIE}=${id}; Path=/; HttpOnly; SameSite=Lax`);
      return reply.redirect(safeLocalPath(form.redirect), 303);
    });
  });

  app.get('/signout', async (request, reply) => {
    const id = readCookie(request, SESSION_COOKIE);
    if (id) db.prepare('DELETE FROM sessions WHERE id = ?').run(id);
    clearCookie(reply);
    return reply.redirect(safeLocalPath((request.query as { targetPath?: string }).targetPath), 303);
  });
}
