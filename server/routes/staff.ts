import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { acceptFormPosts, formField } from '../forms-urlencoded.js';
import { escapeHtml, htmlPage, safeLocalPath } from '../html.js';
import { clientKey } from '../identity.js';
import { SHARED_STAFF_ACCOUNT, STAFF_USERNAME_PATTERN } from '../staffAccounts.js';
import { StaffLockout } from '../staffLockout.js';
import { clearStaffCookie, isStaffReturnPath, SIGN_IN_PATH, SIGN_OUT_PATH, STAFF_HOME, staffCookie } from '../staff.js';

const TITLE = 'Practice staff sign-in';

/** Where to go after signing in: a staff page asked for, else the inbox. */
function nextPath(value: unknown): string {
  const path = safeLocalPath(value, STAFF_HOME);
  return isStaffReturnPath(path) ? path : STAFF_HOME;
}

/** A refusal on the sign-in page: what is wrong, and the field it is about. */
interface SignInError {
  field: 'username' | 'password';
  message: string;
}

function signInPage(next: string, username = '', error?: SignInError): string {
  const errorSummary = error
    ? `<div class="nhsuk-error-summary" aria-labelledby="error-summary-title" role="alert" tabindex="-1">
<h2 class="nhsuk-error-summary__title" id="error-summary-title">There is a problem</h2>
<ul class="nhsuk-list nhsuk-error-summary__list"><li><a href="#${error.field}">${escapeHtml(error.message)}</a></li></ul>
</div>`
    : '';
  const fieldError = (field: SignInError['field']) =>
    error?.field === field
      ? `<span class="nhsuk-error-message" id="${field}-error"><span class="nhsuk-u-visually-hidden">Error:</span> ${escapeHtml(error.message)}</span>`
      : '';
  const group = (field: SignInError['field']) => `nhsuk-form-group${error?.field === field ? ' nhsuk-form-group--error' : ''}`;
  const describedBy = (field: SignInError['field'], extra = '') => {
    const ids = [extra, error?.field === field ? `${field}-error` : ''].filter((id) => id !== '').join(' ');
    return ids ? ` aria-describedby="${ids}"` : '';
  };
  return htmlPage(
    error ? `Error: ${TITLE}` : TITLE,
    `${errorSummary}
<h1>${TITLE}</h1>
<p>For the practice team only: the inbox and every practice read-back need this sign-in. Signing in lasts 30 minutes without use and 12 hours at most.</p>
<form method="post" action="${SIGN_IN_PATH}" novalidate>
<input type="hidden" name="next" value="${escapeHtml(next)}">
<div class="${group('username')}">
<label class="nhsuk-label" for="username">Staff username</label>
<div class="nhsuk-hint" id="username-hint">Your own username. Leave it blank if your practice uses one shared staff password.</div>
${fieldError('username')}
<input class="nhsuk-input nhsuk-input--width-20" id="username" name="username" type="text" autocomplete="username" spellcheck="false" autocapitalize="none" value="${escapeHtml(username)}"${describedBy('username', 'username-hint')}>
</div>
<div class="${group('password')}">
<label class="nhsuk-label" for="password">Staff password</label>
${fieldError('password')}
<input class="nhsuk-input" id="password" name="password" type="password" autocomplete="current-password" required${describedBy('password')}>
</div>
<button class="nhsuk-button" type="submit">Sign in</button>
</form>`,
  );
}

/** Staff sign-in and sign-out (server/staff.ts has the sessions and the guard). */
export function registerStaffRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { staff } = ctx;
  const lockout = new StaffLockout(ctx.store, ctx.now);

  app.get(SIGN_IN_PATH, async (request, reply) => {
    const next = nextPath((request.query as { next?: unknown }).next);
    if ((await staff.sessionUser(request)) !== undefined) return reply.redirect(next, 303);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(signInPage(next));
  });

  void app.register(async (scope) => {
    acceptFormPosts(scope);

    scope.post(SIGN_IN_PATH, async (request, reply) => {
      const next = nextPath(formField(request.body, 'next'));
      const username = formField(request.body, 'username').trim().toLowerCase();
      const password = formField(request.body, 'password');
      const answer = (status: number, error: SignInError) =>
        reply
          .code(status)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(signInPage(next, username, error));
      if (username !== '' && !STAFF_USERNAME_PATTERN.test(username)) {
        return answer(400, { field: 'username', message: "A staff username is letters, digits, '.', '-' or '_', starting with a letter" });
      }
      if (password === '') return answer(400, { field: 'password', message: 'Enter the staff password' });
      const account = username === '' ? SHARED_STAFF_ACCOUNT : username;
      // Counted before the password is checked, per account and client: a guesser locks that
      // account from their own address, and colleagues behind it still sign in (server/staffLockout.ts).
      const client = clientKey(request.ip);
      const wait = await lockout.attempt(account, client);
      if (wait !== undefined) {
        reply.header('retry-after', String(wait));
        const minutes = Math.ceil(wait / 60);
        return answer(429, {
          field: 'password',
          message: `Too many wrong passwords for this account from this device: try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or ask a colleague`,
        });
      }
      const token = await staff.signIn(password, account);
      if (!token) {
        return answer(
          401,
          username === ''
            ? { field: 'password', message: 'The staff password is not right' }
            : { field: 'password', message: 'The username or password is not right' },
        );
      }
      await lockout.succeeded(account, client);
      reply.header('set-cookie', staffCookie(token, ctx.isHttps(request)));
      return reply.redirect(next, 303);
    });

    scope.post(SIGN_OUT_PATH, async (request: FastifyRequest, reply) => {
      await staff.signOut(request);
      reply.header('set-cookie', clearStaffCookie(ctx.isHttps(request)));
      return reply.redirect(SIGN_IN_PATH, 303);
    });
  });
}
