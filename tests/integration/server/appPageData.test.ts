// The settings parts a server-drawn page leaves out (server/appPageData.ts): the page's data block
// names a content-addressed file that holds them, which the server sends compressed and cacheable
// for good; a name it cannot vouch for is a JSON 404. A stand-in for the server-side bundle (as in
// appPage.test.ts) leaves out the clinic set's `about`, as src/entry-server.tsx leaves out the
// pathway lists; `deferredParts` is the same split from the settings as they are now.
import { brotliDecompressSync } from 'node:zlib';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../../server/rate-limits';
import { startServer, type TestServer } from '../support/helpers';

const INDEX = `<!doctype html>
<html lang="en-GB">
  <head><title>Your GP practice</title></head>
  <body>
    <div id="root"><p>Initialising</p></div><!--/app-root-->
    <script type="module" src="/assets/index-AbC.js"></script>
  </body>
</html>
`;

const ENTRY = `const CLINIC = '/api/v1/settings/clinic';
function split(clinic) {
  const { name, ...rest } = clinic;
  return { embedded: { name }, deferred: { [CLINIC]: rest } };
}
export async function deferredParts(fetchJson) {
  return split(await fetchJson(CLINIC)).deferred;
}
export async function render(url, fetchJson) {
  const { embedded, deferred } = split(await fetchJson(CLINIC));
  return { html: '<h1>' + embedded.name + '</h1>', data: { [CLINIC]: embedded }, deferred: url === '/search' ? undefined : deferred, title: undefined, errors: [] };
}
`;

let dist: string;
let server: TestServer;
let restarted: TestServer;
beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'gp-app-page-data-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, 'ssr'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'assets', 'index-AbC.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'ssr', 'entry-server.js'), ENTRY);
  server = await startServer({ distDir: dist });
  // Another instance (or this one after a restart): it has drawn no page yet.
  restarted = await startServer({ distDir: dist });
});
afterAll(async () => {
  await server.cleanup();
  await restarted.cleanup();
  rmSync(dist, { recursive: true, force: true });
});

const dataBlock = (html: string) =>
  JSON.parse(/<script type="application\/json" id="app-data">(.*?)<\/script>/.exec(html)?.[1] ?? 'null') as Record<string, unknown>;

describe('the parts a drawn page left out', () => {
  it('the page names them by content; the file is compressed, cacheable for good, and holds exactly what was left out', async () => {
    const clinic = (await server.app.inject({ url: '/api/v1/settings/clinic' })).json<Record<string, unknown>>();
    expect(Object.keys(clinic).length).toBeGreaterThan(1);
    const data = dataBlock((await server.app.inject({ url: '/' })).body);
    const marker = data['#deferred'] as { url: string; paths: string[] };
    expect(marker.paths).toEqual(['/api/v1/settings/clinic']);
    expect(marker.url).toMatch(/^\/app-data\/[A-Za-z0-9_-]{22}\.json$/);
    // The same settings, the same name: a second page (another patient's) names the same file.
    expect((dataBlock((await server.app.inject({ url: '/emergency-symptoms' })).body)['#deferred'] as { url: string }).url).toBe(marker.url);

    const file = await server.app.inject({ url: marker.url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.headers['content-encoding']).toBe('br');
    const { name, ...rest } = clinic;
    expect(JSON.parse(brotliDecompressSync(file.rawPayload).toString())).toEqual({ '/api/v1/settings/clinic': rest });
    expect(data['/api/v1/settings/clinic']).toEqual({ name });
  });

  it('a page drawn with everything names no file', async () => {
    expect(dataBlock((await server.app.inject({ url: '/search' })).body)).not.toHaveProperty('#deferred');
  });

  it('another instance that drew no page still serves the file while the settings are the same', async () => {
    const data = dataBlock((await server.app.inject({ url: '/' })).body);
    const file = await restarted.app.inject({ url: (data['#deferred'] as { url: string }).url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/app-data/AAAAAAAAAAAAAAAAAAAAAA.json', '/app-data/nothing', '/app-data/..%2Findex.html'])('%s: a JSON 404 no cache keeps', async (url) => {
    const file = await server.app.inject({ url });
    expect(file.statusCode).toBe(404);
    expect(file.headers['content-type']).toContain('application/json');
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.json<{ message: string }>().message).toMatch(/^No such file: \/app-data\//);
  });

  it('made-up names from one client count towards its API allowance (each makes the server read and hash the settings)', async () => {
    const limited = await startServer({ distDir: dist, rateLimits: { ...DEFAULT_RATE_LIMITS } });
    try {
      const ask = (i: number, remoteAddress = '192.0.2.61') => limited.app.inject({ url: `/app-data/${String(i).padStart(22, 'A')}.json`, remoteAddress });
      for (let i = 0; i < DEFAULT_RATE_LIMITS.api; i++) expect((await ask(i)).statusCode, `request ${i + 1}`).toBe(404);
      expect((await ask(DEFAULT_RATE_LIMITS.api)).statusCode).toBe(429);
      // Another client is not affected.
      expect((await ask(0, '192.0.2.62')).statusCode).toBe(404);
    } finally {
      await limited.cleanup();
    }
  });
});
