import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { acceptFormPosts, formField } from '../forms-urlencoded.js';
import { escapeHtml, htmlPage, safeLocalPath } from '../html.js';
import { clearStaffCookie, isStaffReturnPath, SIGN_IN_PATH, SIGN_OUT_PATH, STAFF_HOME, staffCookie } from '../staff.js';

const TITLE = 'Practice staff sign-in';

/** Where to go after signing in: a staff page asked for, else the inbox. */
function nextPath(value: unknown): string {
  const path = safeLocalPath(value, STAFF_HOME);
  return isStaffReturnPath(path) ? path : STAFF_HOME;
}

function signInPage(next: string, error?: string): string {
  const errorSummary = error
    ? `<div class="nhsuk-error-summary" aria-labelledby="error-summary-title" role="alert" tabindex="-1">
<h2 class="nhsuk-error-summary__title" id="error-summary-title">There is a problem</h2>
<ul class="nhsuk-list nhsuk-error-summary__list"><li><a href="#password">${escapeHtml(error)}</a></li></ul>
</div>`
    : '';
  return htmlPage(
    error ? `Error: ${TITLE}` : TITLE,
    `${errorSummary}
<h1>${TITLE}</h1>
<p>For the practice team only: the inbox and every practice read-back need this sign-in. Signing in lasts 30 minutes without use and 12 hours at most.</p>
<form method="post" action="${SIGN_IN_PATH}" novalidate>
<input type="hidden" name="next" value="${escapeHtml(next)}">
<div class="nhsuk-form-group${error ? ' nhsuk-form-group--error' : ''}">
<label class="nhsuk-label" for="password">Staff password</label>
${error ? `<span class="nhsuk-error-message" id="password-error"><span class="nhsuk-u-visually-hidden">Error:</span> ${escapeHtml(error)}</span>` : ''}
<input class="nhsuk-input" id="password" name="password" type="password" autocomplete="current-password" required${error ? ' aria-describedby="password-error"' : ''}>
</div>
<button class="nhsuk-button" type="submit">Sign in</button>
</form>`,
  );
}

/** Staff sign-in and sign-out (server/staff.ts has the sessions and the guard). */
export function registerStaffRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { staff } = ctx;

  app.get(SIGN_IN_PATH, async (request, reply) => {
    const next = nextPath((request.query as { next?: unknown }).next);
    if ((await staff.sessionUser(request)) !== undefined) return reply.redirect(next, 303);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(signInPage(next));
  });

  void app.register(async (scope) => {
    acceptFormPosts(scope);

    scope.post(SIGN_IN_PATH, async (request, reply) => {
      const next = nextPath(formField(request.body, 'next'));
      const password = formField(request.body, 'password');
      const answer = (status: number, error: string) =>
        reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(signInPage(next, error));
      if (password === '') return answer(400, 'Enter the staff password');
      const token = await staff.signIn(password);
      if (!token) return answer(401, 'The staff password is not right');
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
