// Two server instances on one PostgreSQL database, each with its own practice folder: a version
// published (or restored) on one is served by the other within the follow interval, written to the
// other's practice folder too, and an instance that was down while a version was published starts
// serving it rather than recording its older file as a newer version (which would undo the
// publish everywhere). On SQLite one process serves a data folder: nothing to follow, skipped.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, startServer, type Json, type TestServer } from '../../support/helpers.js';
import { freshPostgresDatabase, STORE } from '../../support/postgres.js';

const TOKEN = 'instances-token-0123456789abcdef';
const AUTH = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
const API = '/api/v1/practice/documents/form/OTHER_ENQUIRY';
const ORIGINAL = readFileSync(path.join(repoRoot, 'schemas/forms/OTHER_ENQUIRY.form.json'), 'utf8');
const ORIGINAL_TITLE = (JSON.parse(ORIGINAL) as Json).schema.properties.description.title as string;
const titled = (title: string) => ORIGINAL.replace(JSON.stringify(ORIGINAL_TITLE), JSON.stringify(title));

describe.skipIf(STORE !== 'postgres')('documents across instances on one PostgreSQL database', () => {
  let db: { url: string; drop(): Promise<void> };
  let a: TestServer;
  let b: TestServer;
  const start = (dataDir?: string) =>
    startServer({ databaseUrl: db.url, apiToken: TOKEN, notifications: { autoStart: false }, ...(dataDir ? { dataDir } : {}) });
  const served = async (server: TestServer) => (await server.app.inject({ url: '/api/v1/documents/forms/OTHER_ENQUIRY' })).json() as Json;
  const title = async (server: TestServer) => ((await served(server)).document as Json).schema.properties.description.title as string;
  const practiceFile = (server: TestServer) => readFileSync(path.join(server.dataDir, 'practice', 'forms', 'OTHER_ENQUIRY.form.json'), 'utf8');

  beforeAll(async () => {
    // Quicker than the default 5 s, so the test waits less; the mechanism is the same timer.
    process.env.DOCUMENTS_FOLLOW_MS = '250';
    db = await freshPostgresDatabase();
    a = await start();
    b = await start();
  }, 180_000);
  afterAll(async () => {
    delete process.env.DOCUMENTS_FOLLOW_MS;
    await a?.cleanup();
    await b?.cleanup();
    await db?.drop();
  });

  it('serves on one instance what was published on the other, and written to its own practice folder', async () => {
    expect((await served(b)).version).toBe(1);
    const published = await a.app.inject({ method: 'POST', url: `${API}/publish`, payload: { text: titled('Published on A') }, headers: AUTH });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ version: 2 });
    await expect.poll(() => title(b), { timeout: 30_000, interval: 100 }).toBe('Published on A');
    expect((await served(b)).version).toBe(2);
    expect(practiceFile(b)).toBe(titled('Published on A'));
  });

  it('follows a restore the other way, and records no version of its own for it', async () => {
    const restored = await b.app.inject({ method: 'POST', url: `${API}/versions/1/restore`, headers: { authorization: AUTH.authorization } });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ version: 3 });
    await expect.poll(() => title(a), { timeout: 30_000, interval: 100 }).toBe(ORIGINAL_TITLE);
    expect((await served(a)).version).toBe(3);
    const versions = (await a.app.inject({ url: `${API}/versions`, headers: AUTH })).json() as Json[];
    expect(versions.map((v) => v.version)).toEqual([3, 2, 1]);
  });

  it('an instance down while a version was published serves it at its start, without undoing it', async () => {
    await b.close();
    const published = await a.app.inject({ method: 'POST', url: `${API}/publish`, payload: { text: titled('Published while B was down') }, headers: AUTH });
    expect(published.json()).toMatchObject({ version: 4 });
    // B's folder still holds version 3's text.
    expect(practiceFile(b)).toBe(ORIGINAL);
    b = await start(b.dataDir);
    expect(await title(b)).toBe('Published while B was down');
    expect((await served(b)).version).toBe(4);
    expect(await title(a)).toBe('Published while B was down');
    const versions = (await a.app.inject({ url: `${API}/versions`, headers: AUTH })).json() as Json[];
    expect(versions.map((v) => v.version)).toEqual([4, 3, 2, 1]);
  }, 180_000);
});
