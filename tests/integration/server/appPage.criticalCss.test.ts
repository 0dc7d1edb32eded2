// A drawn page's first-screen CSS inline (server/criticalCss.ts): with a stand-in build (index.html,
// a style sheet, its plan compiled as the build compiles it, a stand-in server-side bundle), the page
// carries the sheet's rules its own elements can match in one <style> ahead of the sheet, which is held
// back (media="print", switched on by the app) with a <noscript> copy; the CSP allows that exact
// text by its hash and nothing else inline. Pages the server does not draw, a build without a plan and
// a server with the option off send the sheet as index.html has it.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WHOLE_STYLE_SHEET_ATTRIBUTE } from '../../../common/pageStyle';
import { CRITICAL_CSS_PLAN_FILE } from '../../../server/criticalCss';
import { compileCriticalCssPlan } from '../../../server/criticalCssPlan';
import { startServer, type TestServer } from '../support/helpers';

const SHEET = '/assets/style-T3st.css';
const SHEET_TAG = `<link rel="stylesheet" crossorigin href="${SHEET}">`;
const INDEX = `<!doctype html>
<html lang="en-GB">
  <head>
    <title>Your GP practice</title>
    <script type="module" crossorigin src="/assets/index-AbC.js"></script>
    ${SHEET_TAG}
  </head>
  <body>
    <div id="root"><p>Initialising</p></div><!--/app-root-->
  </body>
</html>
`;

// Rules for what the drawn pages hold (h1, .app-drawn, the personal page's .app-answers), and for
// what they never do (.app-never, a descendant rule whose ancestor is absent), in the sheet's order.
const CSS = [
  'h1{margin:0}',
  '.app-drawn{color:#005eb8}',
  '.app-never{color:#d5281b}',
  '.app-absent .app-drawn{font-weight:600}',
  '@media (min-width:40.0625em){.app-drawn{padding:8px}}',
  '.app-answers{border:1px solid #d8dde0}',
].join('\n');

const ENTRY = `export async function render(url, fetchJson) {
  if (url.startsWith('/broken')) throw new Error('window is not defined');
  const clinic = await fetchJson('/api/v1/settings/clinic');
  if (url.startsWith('/personal')) return { html: '<main><h1 class="app-answers">Your answers</h1></main>', data: { '#questionnaire': { section: 1 } }, errors: [], personal: true };
  return { html: '<main><h1 class="app-drawn">' + clinic.name + '</h1></main>', data: {}, errors: [] };
}
`;

const dirs: string[] = [];
/** A stand-in build: index.html, the sheet, the server-side bundle and (unless `plan` says otherwise) the plan. */
function build(plan: 'compiled' | 'none' | 'unreadable' = 'compiled'): string {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'gp-critical-css-'));
  dirs.push(dist);
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, 'ssr'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'assets', 'index-AbC.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'assets', 'style-T3st.css'), CSS);
  writeFileSync(path.join(dist, 'ssr', 'entry-server.js'), ENTRY);
  const planFile = path.join(dist, 'ssr', CRITICAL_CSS_PLAN_FILE);
  if (plan === 'compiled') writeFileSync(planFile, JSON.stringify(compileCriticalCssPlan(CSS, SHEET)));
  if (plan === 'unreadable') writeFileSync(planFile, '{"href": "/assets/style-T3st.css", "plan": ');
  return dist;
}

let server: TestServer;
let others: TestServer[] = [];
beforeAll(async () => {
  server = await startServer({ distDir: build() });
});
afterAll(async () => {
  for (const s of [server, ...others]) await s.cleanup();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The page's inline CSS, and what its CSP's style-src allows. */
function inline(page: { body: string; headers: Record<string, unknown> }) {
  const styles = [...page.body.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
  const csp = String(page.headers['content-security-policy']);
  const styleSrc = /(?:^|; )style-src ([^;]*)/.exec(csp)?.[1];
  return { styles, styleSrc, csp };
}
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe("a drawn page's first-screen CSS", () => {
  it('is inline ahead of the whole sheet, which is held back for the app with a <noscript> copy; the CSP allows exactly that text', async () => {
    const page = await server.app.inject({ url: '/' });
    expect(page.statusCode).toBe(200);
    const { styles, styleSrc, csp } = inline(page);
    expect(styles).toHaveLength(1);
    const css = styles[0]!;
    // The rules the page's elements can match, in the sheet's order; none of the others.
    expect(css).toContain('h1{margin:0}');
    expect(css).toContain('.app-drawn{color:#005eb8}');
    expect(css).toMatch(/@media \(min-width:\s*40\.0625em\)\s*\{\s*\.app-drawn\{padding:8px\}\s*\}/);
    expect(css.indexOf('h1{')).toBeLessThan(css.indexOf('.app-drawn{'));
    expect(css).not.toContain('app-never');
    expect(css).not.toContain('app-answers');
    // Allowed by its hash alone: never inline style in general, and the rest of the policy as strict as before.
    expect(styleSrc).toBe(`'self' ${sha256(css)}`);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("script-src 'self';");
    expect(page.headers['x-inline-style-sha256']).toBeUndefined();
    // The inline rules first, then the sheet held back (the app switches it on), then the copy for a browser without scripts.
    const held = `<link rel="stylesheet" media="print" ${WHOLE_STYLE_SHEET_ATTRIBUTE} crossorigin href="${SHEET}">`;
    const head = page.body.slice(0, page.body.indexOf('</head>'));
    expect(head.indexOf('<style>')).toBeGreaterThan(-1);
    expect(head.indexOf('<style>')).toBeLessThan(head.indexOf(held));
    expect(head.indexOf(held)).toBeLessThan(head.indexOf(`<noscript>${SHEET_TAG}</noscript>`));
    // No other copy of the sheet: one that applied at once would hold back the first paint again.
    expect(page.body.split(SHEET_TAG)).toHaveLength(2);
  });

  it("is worked out for each page's own elements, a patient's page too (no-store), and compressed as the page is", async () => {
    const personal = await server.app.inject({ url: '/personal', headers: { 'accept-encoding': 'br' } });
    expect(personal.headers['cache-control']).toBe('no-store');
    const body = brotliDecompressSync(personal.rawPayload).toString();
    const { styles, styleSrc } = inline({ body, headers: personal.headers });
    expect(styles[0]).toContain('.app-answers{border:1px solid #d8dde0}');
    expect(styles[0]).not.toContain('.app-drawn');
    expect(styleSrc).toBe(`'self' ${sha256(styles[0]!)}`);
    // Drawn again for another visitor: the same text, the same hash.
    const [a, b] = await Promise.all([server.app.inject({ url: '/' }), server.app.inject({ url: '/admin-request' })]);
    expect(inline(a).styleSrc).toBe(inline(b).styleSrc);
  });

  it('is left out of every other answer: a page the server could not draw, the API, a build file', async () => {
    for (const url of ['/broken', '/api/v1/settings/clinic', '/assets/index-AbC.js']) {
      const answer = await server.app.inject({ url });
      expect(answer.statusCode, url).toBe(200);
      expect(inline(answer).styleSrc, url).toBe("'self'");
      if (url === '/broken') expect(answer.body).toBe(INDEX);
    }
  });

  it('is not there with server rendering off, the option off, a build without a plan or with an unreadable one: the sheet stays in the head', async () => {
    others = await Promise.all([
      startServer({ distDir: build(), serverRendering: false }),
      startServer({ distDir: build(), criticalCss: false }),
      startServer({ distDir: build('none') }),
      startServer({ distDir: build('unreadable') }),
    ]);
    for (const [i, s] of others.entries()) {
      const page = await s.app.inject({ url: '/' });
      expect(page.statusCode, `server ${i}`).toBe(200);
      expect(inline(page).styles, `server ${i}`).toEqual([]);
      expect(inline(page).styleSrc, `server ${i}`).toBe("'self'");
      expect(page.body, `server ${i}`).toContain(`    ${SHEET_TAG}\n  </head>`);
      expect(page.body, `server ${i}`).not.toContain('media="print"');
    }
  });
});
