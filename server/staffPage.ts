// The practice staff's server-drawn pages (the inbox, the Forms page, the versions): the NHS
// design system's own stylesheet (nhsuk-frontend, the CSS the app is built from), an NHS header
// with the staff pages' links, and times in words in UK time. Kept apart from server/html.ts, which
// draws the patients' plain pages.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';
import { escapeHtml } from './html.js';

const STAFF_ASSETS = '/staff-assets';
const require = createRequire(import.meta.url);
const nhsukDir = path.join(path.dirname(require.resolve('nhsuk-frontend/package.json')), 'dist', 'nhsuk');

/** The few rules of our own: the diff's lines, code blocks, the header's sign-out button. */
const OWN_CSS = `
.app-staff-header__signout { margin: 0; }
.app-staff-header__signout .nhsuk-button { margin: 0; }
.app-code { white-space: pre; overflow-x: auto; font-family: monospace; font-size: 14px; line-height: 1.4; background: #f0f4f5; border: 1px solid #d8dde0; padding: 12px; max-height: 40em; }
.app-diff__line { display: block; }
.app-diff__line--added { background: #cce2d8; }
.app-diff__line--removed { background: #f6d7d2; text-decoration: line-through; }
.app-table-wrap { overflow-x: auto; }
.app-request { padding: 16px 24px; }
.app-request.emergency { border-left: 8px solid #d5281b; }
.app-request dt { font-weight: 600; margin-top: 8px; }
.app-request dd { margin-left: 0; }
`;

let stylesheet: { name: string; text: string } | undefined;

/** nhsuk-frontend's compiled CSS without its web fonts (the CSP allows fonts only from here), images from here, and ours. */
function staffStylesheet(): { name: string; text: string } {
  if (!stylesheet) {
    const nhsuk = readFileSync(path.join(nhsukDir, 'nhsuk-frontend.min.css'), 'utf8')
      .replace(/@font-face\{[^}]*\}/g, '')
      .replace(/url\(\/assets\/images\//g, `url(${STAFF_ASSETS}/images/`);
    const text = `${nhsuk}\n${OWN_CSS}`;
    stylesheet = { name: `staff-${createHash('sha256').update(text).digest('hex').slice(0, 12)}.css`, text };
  }
  return stylesheet;
}

/** The stylesheet and the design system's icons, for anyone (no patient data): they sit outside /practice. */
export function registerStaffAssets(app: FastifyInstance): void {
  app.get(`${STAFF_ASSETS}/:file`, async (request, reply) => {
    const { file } = request.params as { file: string };
    const css = staffStylesheet();
    if (file !== css.name) throw new HttpError(404, `No such stylesheet: ${file}`);
    return reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=31536000, immutable').send(css.text);
  });
  app.get(`${STAFF_ASSETS}/images/:file`, async (request, reply) => {
    const { file } = request.params as { file: string };
    if (!/^[a-z0-9-]+\.svg$/.test(file)) throw new HttpError(404, `No such image: ${file}`);
    let svg: string;
    try {
      svg = readFileSync(path.join(nhsukDir, 'assets', 'images', file), 'utf8');
    } catch {
      throw new HttpError(404, `No such image: ${file}`);
    }
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
  });
}

const LINKS: ReadonlyArray<{ href: string; text: string }> = [
  { href: '/practice/inbox', text: 'Inbox' },
  { href: '/practice/forms', text: 'Forms and pathways' },
];

/** A staff page: the design system's stylesheet, a header with the staff links and Sign out, the body in the page's width. */
export function staffPage(title: string, body: string, current?: string): string {
  const links = LINKS.map(
    (l) =>
      `<li class="nhsuk-header__navigation-item"><a class="nhsuk-header__navigation-link" href="${l.href}"${l.href === current ? ' aria-current="page"' : ''}>${escapeHtml(l.text)}</a></li>`,
  ).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – Practice staff</title>
<link rel="stylesheet" href="${STAFF_ASSETS}/${staffStylesheet().name}">
</head>
<body>
<a class="nhsuk-skip-link" href="#main-content">Skip to main content</a>
<header class="nhsuk-header" role="banner">
<div class="nhsuk-header__container nhsuk-width-container">
<div class="nhsuk-header__service"><a class="nhsuk-header__service-name" href="/practice/inbox">Practice staff</a></div>
<form class="app-staff-header__signout" method="post" action="/practice/sign-out"><button class="nhsuk-button nhsuk-button--reverse nhsuk-button--small" type="submit">Sign out</button></form>
</div>
<nav class="nhsuk-header__navigation" aria-label="Staff pages">
<div class="nhsuk-header__navigation-container nhsuk-width-container">
<ul class="nhsuk-header__navigation-list">${links}</ul>
</div>
</nav>
</header>
<div class="nhsuk-width-container">
<main class="nhsuk-main-wrapper" id="main-content">
${body}
</main>
</div>
</body>
</html>
`;
}

const LONDON = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An ISO instant in words, in UK time: "Saturday 28 November 2026, 11:53"; anything else as given. */
function staffDateTime(iso: string): string {
  const d = new Date(iso);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(iso) || Number.isNaN(d.getTime())) return iso;
  const part = (type: Intl.DateTimeFormatPartTypes) => LONDON.formatToParts(d).find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')}`;
}

/** A <time> in words with the instant in its datetime. */
export const staffTime = (iso: string): string => `<time datetime="${escapeHtml(iso)}">${escapeHtml(staffDateTime(iso))}</time>`;

/** An NHS tag: red for refused, orange for overridden, grey for removed or not live, green for live. */
export const tag = (text: string, colour: 'red' | 'orange' | 'grey' | 'green' | 'blue' | 'white'): string =>
  `<strong class="nhsuk-tag nhsuk-tag--${colour}">${escapeHtml(text)}</strong>`;
