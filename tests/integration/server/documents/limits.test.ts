// A practice document can never take the service down nor grow what every patient downloads: a
// 200,000-deep file, a file over 1 MB and a link to another site written as //host are each
// refused at Reload (200 with the file's refusal, the JSON path named) and at start (the server
// comes up, naming the file), while the last good version keeps being served. Over the server's
// own Reload and document calls, as the practice uses them.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_DEPTH } from '../../../../server/documents/limits';
import { repoRoot, startServer, type TestServer } from '../../support/helpers';

const TOKEN = 'document-limits-test-token-0123456789abcdef';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const CHILD = 'CHILD_EMERGENCY_0_12_WEEKS';
const builtIn = readFileSync(path.join(repoRoot, 'schemas', 'forms', `${CHILD}.form.json`), 'utf8');

interface ReloadResult {
  id: string;
  outcome: string;
  errors: Array<{ file?: string; path: string; message: string }>;
}

const start = (dataDir?: string) => startServer({ apiToken: TOKEN, notifications: { autoStart: false }, ...(dataDir ? { dataDir } : {}) });

async function reload(server: TestServer, id: string): Promise<ReloadResult> {
  const answer = await server.app.inject({ method: 'POST', url: '/api/v1/practice/documents/reload', headers: AUTH });
  expect(answer.statusCode, answer.body.slice(0, 500)).toBe(200);
  expect(answer.body.length).toBeLessThan(100_000);
  const result = (answer.json() as { results: ReloadResult[] }).results.find((r) => r.id === id);
  expect(result).toBeDefined();
  return result!;
}

async function servedText(server: TestServer, id: string): Promise<string> {
  const answer = await server.app.inject({ url: `/api/v1/documents/forms/${id}` });
  expect(answer.statusCode).toBe(200);
  return answer.body;
}

describe('document limits at Reload and at start', () => {
  let server: TestServer;
  afterAll(async () => server?.cleanup());

  it('a 200,000-deep file, a 2 MB file and a //host link are refused with their path; the good version serves; a restart with them comes up', async () => {
    server = await start();
    const forms = path.join(server.dataDir, 'practice', 'forms');
    mkdirSync(forms, { recursive: true });
    const file = path.join(forms, `${CHILD}.form.json`);
    const before = await servedText(server, CHILD);

    writeFileSync(file, `{"id": "${CHILD}", "schema": {"properties": {"a": ${'['.repeat(200_000)}${']'.repeat(200_000)}}}}`);
    const deep = await reload(server, CHILD);
    expect(deep.outcome).toBe('refused');
    expect(deep.errors[0]!.message).toContain(`more than ${MAX_DOCUMENT_DEPTH} levels deep`);
    expect(deep.errors[0]!.path.startsWith('/schema/properties/a/0/0/')).toBe(true);

    writeFileSync(file, builtIn.replace(/}\s*$/, `, "padding": "${'x'.repeat(2_000_000)}" }`));
    const big = await reload(server, CHILD);
    expect(big.outcome).toBe('refused');
    expect(big.errors[0]!.message).toContain('at most 1 MB');

    writeFileSync(file, builtIn.replace('"https://www.nhs.uk/baby/health/"', '"//evil.example/phish"'));
    const link = await reload(server, CHILD);
    expect(link.outcome).toBe('refused');
    expect(link.errors.some((e) => e.path.endsWith('/href'))).toBe(true);

    // Patients still get the version from before, not the refused ones.
    const during = await servedText(server, CHILD);
    expect(during).toBe(before);
    expect(during).not.toContain('evil.example');

    // Down and up again with the deep file in the folder: the server starts, names the file and serves the good version.
    writeFileSync(file, `{"id": "${CHILD}", "schema": {"properties": {"a": ${'['.repeat(200_000)}${']'.repeat(200_000)}}}}`);
    await server.close();
    server = await start(server.dataDir);
    const refused = server.documents.refusedAtStart.find((r) => r.id === CHILD);
    expect(refused?.file).toBe(`practice/forms/${CHILD}.form.json`);
    expect(refused?.errors[0]?.message).toContain(`more than ${MAX_DOCUMENT_DEPTH} levels deep`);
    expect(await servedText(server, CHILD)).toBe(before);
  }, 180_000);
});
