// How the server sends the app's page (server/appPage.ts) and the build's files
// (server/staticFiles.ts), with a stand-in for the server-side bundle so no build is needed: the
// rendered HTML goes in #root, the answers it used in the JSON data block, the fetch preloads are
// dropped; a render that fails (or none) leaves index.html as it is.
import { brotliDecompressSync } from 'node:zlib';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type TestServer } from '../support/helpers';

const INDEX = `<!doctype html>
<html lang="en-GB">
  <head><title>Your GP practice</title></head>
  <body>
    <div id="root"><p>Initialising</p></div><!--/app-root-->
    <link rel="preload" as="fetch" crossorigin href="/api/v1/settings/clinic" />
    <link rel="preload" as="fetch" crossorigin href="/api/v1/settings/shared" />
    <link rel="preload" as="fetch" crossorigin href="/nhs-login/is-logged-in" />
    <script type="module" src="/assets/index-AbC.js"></script>
  </body>
</html>
`;

// The stand-in asks for the clinic settings through the server, as src/entry-server.tsx does, and
// fails on /broken (as a component reading the browser's window would, outside any boundary);
// /slow waits for the test to open a gate, so renders can be held in flight.
const ENTRY = `export async function render(url, fetchJson) {
  if (url.startsWith('/broken')) throw new Error('window is not defined');
  if (url.startsWith('/slow')) { globalThis.__atGate = (globalThis.__atGate ?? 0) + 1; await globalThis.__renderGate; }
  const clinic = await fetchJson('/api/v1/settings/clinic');
  if (url.startsWith('/personal')) return { html: '<main><h1>Your answers</h1></main>', data: { '#questionnaire': { section: 1 } }, errors: [], personal: true };
  return { html: '<main><h1>' + clinic.name + '</h1></main>', data: { '/api/v1/settings/clinic': clinic }, title: 'Your GP practice - Drawn', errors: [] };
}
`;

let dist: string;
let server: TestServer;
let clientOnly: TestServer;
let budgeted: TestServer;
beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'gp-app-page-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, 'ssr'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dist, 'assets', 'index-AbC.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'ssr', 'entry-server.js'), ENTRY);
  server = await startServer({ distDir: dist });
  clientOnly = await startServer({ distDir: dist, serverRendering: false });
  budgeted = await startServer({ distDir: dist, renderBudget: { perMinute: 3, concurrent: 2 } });
});
afterAll(async () => {
  await server.cleanup();
  await clientOnly.cleanup();
  await budgeted.cleanup();
  rmSync(dist, { recursive: true, force: true });
});

const dataBlock = (html: string) => JSON.parse(/<script type="application\/json" id="app-data">(.*?)<\/script>/.exec(html)?.[1] ?? 'null') as unknown;

describe('the app page drawn on the server', () => {
  it('carries the HTML in #root, the answers in the data block, the title, and drops the fetch preloads', async () => {
    const page = await server.app.inject({ url: '/admin-request?x=1' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<div id="root"><main><h1>Riverside Medical Practice</h1></main></div>');
    expect(page.body).not.toContain('Initialising');
    expect(page.body).toContain('<title>Your GP practice - Drawn</title>');
    const clinic = await server.app.inject({ url: '/api/v1/settings/clinic' });
    expect(dataBlock(page.body)).toEqual({ '/api/v1/settings/clinic': clinic.json() });
    // The answers are in the page: index.html's fetch preloads would ask again.
    expect(page.body).not.toContain('rel="preload" as="fetch"');
    // The CSP is the strict one: the only script is the bundle, the data block is not executable.
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
    expect(page.body.match(/<script\b[^>]*>/g)).toEqual([
      '<script type="application/json" id="app-data">',
      '<script type="module" src="/assets/index-AbC.js">',
    ]);
  });

  it('is compressed for a browser that accepts brotli, and private when the browser sends cookies', async () => {
    const page = await server.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, br', cookie: 'gp_engine_key=abc' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(String(page.headers.vary)).toContain('Accept-Encoding');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<h1>Riverside Medical Practice</h1>');
  });

  it("a page carrying a patient's questionnaire is no-store, whatever the browser sent", async () => {
    for (const headers of [{ 'accept-encoding': 'br' }, { 'accept-encoding': 'gzip', cookie: 'gp_engine_key=abc' }, {}]) {
      const page = await server.app.inject({ url: '/personal', headers });
      expect(page.headers['cache-control']).toBe('no-store');
    }
  });

  it('falls back to index.html as it is when the render fails, and with server rendering off', async () => {
    for (const [s, url] of [
      [server, '/broken'],
      [clientOnly, '/admin-request'],
    ] as const) {
      const page = await s.app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe(INDEX);
    }
  });

  it('never serves the server-side bundle (its path is just another page of the app), and a missing bundle is a JSON 404', async () => {
    const bundle = await server.app.inject({ url: '/ssr/entry-server.js' });
    expect(bundle.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(bundle.body).not.toContain('export async function render');
    const missing = await server.app.inject({ url: '/assets/index-Missing.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/json');
  });

  it('sends a build file from memory with an ETag, and 304 when the browser has it', async () => {
    const first = await server.app.inject({ url: '/favicon.svg' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/svg+xml');
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    const again = await server.app.inject({ url: '/favicon.svg', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const head = await server.app.inject({ method: 'HEAD', url: '/assets/index-AbC.js' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('the render budget (server/renderBudget.ts): past it the page is served client-only, never refused', () => {
  const drawn = (body: string) => body.includes('<h1>Riverside Medical Practice</h1>');

  it("draws a client's first pages of the minute, then serves it index.html; another client (or /64) is still drawn", async () => {
    const bodies: string[] = [];
    // Two addresses of one IPv6 /64 are one client.
    for (const remoteAddress of ['2001:db8:1:2::a', '2001:db8:1:2::b', '2001:db8:1:2::c', '2001:db8:1:2::d']) {
      const page = await budgeted.app.inject({ url: '/', remoteAddress });
      expect(page.statusCode).toBe(200);
      bodies.push(page.body);
    }
    expect(bodies.map(drawn)).toEqual([true, true, true, false]);
    expect(bodies[3]).toBe(INDEX);
    const other = await budgeted.app.inject({ url: '/', remoteAddress: '198.51.100.7' });
    expect(drawn(other.body)).toBe(true);
  });

  it('draws at most `concurrent` pages at once: one more is served client-only while they are in flight', async () => {
    const gate = globalThis as { __renderGate?: Promise<void>; __atGate?: number };
    let open!: () => void;
    gate.__renderGate = new Promise<void>((resolve) => (open = resolve));
    gate.__atGate = 0;
    try {
      const held = [budgeted.app.inject({ url: '/slow', remoteAddress: '203.0.113.1' }), budgeted.app.inject({ url: '/slow', remoteAddress: '203.0.113.2' })];
      // Both renders are in flight, waiting at the gate: a third client's page is not drawn.
      await vi.waitFor(() => expect(gate.__atGate).toBe(2));
      const third = await budgeted.app.inject({ url: '/', remoteAddress: '203.0.113.3' });
      expect(third.statusCode).toBe(200);
      expect(third.body).toBe(INDEX);
      open();
      const pages = await Promise.all(held);
      expect(pages.map((p) => drawn(p.body))).toEqual([true, true]);
      // The budget is given back when a render ends: the third client is drawn now.
      const after = await budgeted.app.inject({ url: '/', remoteAddress: '203.0.113.4' });
      expect(drawn(after.body)).toBe(true);
    } finally {
      open();
      delete gate.__renderGate;
      delete gate.__atGate;
    }
  });
});
