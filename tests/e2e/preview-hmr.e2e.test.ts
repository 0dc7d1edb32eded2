import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from './use-browser';
import { root } from './form-filler';

// `npm run dev`'s preview page: a configurer edits a document's JSON and sees it at once.
// The test works on a temporary fixture document of its own, removed afterwards.
const ID = 'FIXTURE_HMR_PROBE';
const file = path.join(root, 'schemas/fixtures/forms', `${ID}.form.json`);
const source = readFileSync(path.join(root, 'schemas/fixtures/forms/FIXTURE_TEXT.form.json'), 'utf8');

let vite: ViteDevServer;
const browser = useBrowser();
beforeAll(async () => {
  const doc = JSON.parse(source) as { id: string };
  writeFileSync(file, JSON.stringify({ ...doc, id: ID }, null, 2));
  vite = await createServer({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'silent', server: { port: 0, host: '127.0.0.1' } });
  await vite.listen();
});
afterAll(async () => {
  rmSync(file, { force: true });
  await vite?.close();
});

describe('preview page in the dev server', () => {
  it('redraws an edited document without a reload and keeps the answers', async () => {
    const address = vite.resolvedUrls?.local[0];
    expect(address).toBeDefined();
    const page = await browser.newPage();
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.goto(new URL(`/_preview/${ID}`, address).toString());
    const form = page.locator('.app-schema-form');
    const box = form.getByRole('textbox').first();
    await box.waitFor({ timeout: 60_000 });
    await box.fill('typed before the edit');
    // The configurer renames the question (its label) and the page.
    const doc = JSON.parse(readFileSync(file, 'utf8')) as {
      pages: Array<{ title: string; fields: string[] }>;
      schema: { properties: Record<string, { title?: string }> };
    };
    const field = doc.pages[0]!.fields[0]!;
    doc.schema.properties[field]!.title = 'Renamed question';
    doc.pages[0]!.title = 'Edited while the preview was open';
    writeFileSync(file, JSON.stringify(doc, null, 2));
    await form.getByRole('heading', { name: 'Edited while the preview was open' }).waitFor({ timeout: 30_000 });
    await form.getByRole('textbox', { name: /^Renamed question/ }).waitFor({ timeout: 10_000 });
    expect(await form.getByRole('textbox', { name: /^Renamed question/ }).inputValue()).toBe('typed before the edit');
    expect(loads).toBe(1);
  });
});
