// The server-rendered page's data block and the static files from memory (server/appPage.ts,
// server/staticFiles.ts): what a browser could misread if they broke.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonForScript } from '../../../server/appPage';
import { loadStaticFiles, pickEncoding } from '../../../server/staticFiles';

describe('the data block (jsonForScript)', () => {
  it('cannot end its <script> element or open a comment, and parses back to the same value', () => {
    const value = { name: '</script><script>alert(1)</script>', note: '<!-- x -->', amp: 'a & b', lines: 'one\u2028two\u2029' };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('pickEncoding', () => {
  const both = { br: Buffer.from('b'), gzip: Buffer.from('g') };
  it('prefers brotli, then gzip, and honours q=0 and a file without twins', () => {
    expect(pickEncoding('gzip, deflate, br', both)).toBe('br');
    expect(pickEncoding('gzip', both)).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip', both)).toBe('gzip');
    expect(pickEncoding('identity', both)).toBeUndefined();
    expect(pickEncoding(undefined, both)).toBeUndefined();
    expect(pickEncoding('br', {})).toBeUndefined();
  });
});

describe('loadStaticFiles', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gp-static-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, 'ssr'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html>');
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg/>');
  writeFileSync(path.join(dir, 'assets', 'app-AbC.js'), 'console.log(1)');
  writeFileSync(path.join(dir, 'assets', 'app-AbC.js.br'), 'brotli');
  writeFileSync(path.join(dir, 'assets', 'app-AbC.js.map'), '{}');
  writeFileSync(path.join(dir, 'ssr', 'entry-server.js'), 'export {}');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('serves the build but never the excluded page, the server bundle, source maps or the twins as files of their own', () => {
    const files = loadStaticFiles(dir, { precompressed: true, exclude: (r) => r === 'index.html' || r.startsWith('ssr/') });
    expect([...files.keys()].sort()).toEqual(['/assets/app-AbC.js', '/favicon.svg']);
    const script = files.get('/assets/app-AbC.js')!;
    expect(script.cacheControl).toBe('public, max-age=31536000, immutable');
    expect(script.type).toBe('text/javascript; charset=utf-8');
    expect(String(script.br)).toBe('brotli');
    expect(script.gzip).toBeUndefined();
    expect(files.get('/favicon.svg')!.cacheControl).toBe('no-cache');
    expect(files.get('/favicon.svg')!.etag).toMatch(/^"[\w-]{27}"$/);
  });

  it('leaves the twins out when precompressed files are off', () => {
    const files = loadStaticFiles(dir, { precompressed: false, exclude: () => false });
    expect(files.get('/assets/app-AbC.js')!.br).toBeUndefined();
  });
});
