// A document that fails its checks never takes the service down. At start it is
// refused and the last good version from the version history serves (on both stores: the history
// is in the store); a never-live new one is not served; an override with no good history gives way
// to the built-in document. A pathway's examples are checks too: one that no longer holds refuses
// the pathway at Reload and at start.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot, startServer, type TestServer } from '../../support/helpers';

const TOKEN = 'never-down-test-token-0123456789abcdef';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const SOURCE = path.join(path.dirname(new URL(import.meta.url).pathname), '../../support/practice-folder', 'MEDICAL_RECORDS.form.json');
const FILE = 'practice/forms/MEDICAL_RECORDS.form.json';
const PATHWAY = 'Triage.Headache';

interface Served {
  version: number;
  document: { schema: { properties: { details: { maxLength: number } } } };
}
interface Listed {
  kind: string;
  id: string;
  live: boolean;
  version: number;
  source: string;
  check: { ok: boolean; errors: Array<{ file: string; path: string; message: string }> };
}

const start = (dataDir?: string) => startServer({ apiToken: TOKEN, notifications: { autoStart: false }, ...(dataDir ? { dataDir } : {}) });
const served = async (server: TestServer) => (await server.app.inject({ url: '/api/v1/documents/forms/MEDICAL_RECORDS' })).json() as Served;
const listed = async (server: TestServer, id: string) =>
  ((await server.app.inject({ url: '/api/v1/practice/documents', headers: AUTH })).json() as { documents: Listed[] }).documents.find((d) => d.id === id);
const reload = async (server: TestServer) =>
  (
    (await server.app.inject({ method: 'POST', url: '/api/v1/practice/documents/reload', headers: AUTH })).json() as {
      results: Array<{ id: string; outcome: string; version?: number; errors: Array<{ path: string; message: string }> }>;
    }
  ).results;

describe('a restart with a broken file in the practice folder', () => {
  let server: TestServer;
  afterAll(async () => server?.cleanup());

  it('serves the last good version from the history, says why, and shows it as refused', async () => {
    server = await start();
    const forms = path.join(server.dataDir, 'practice', 'forms');
    mkdirSync(forms, { recursive: true });
    const good = readFileSync(SOURCE, 'utf8');
    writeFileSync(path.join(forms, 'MEDICAL_RECORDS.form.json'), good);
    await reload(server);
    // Version 2: the last good one, a longer limit.
    writeFileSync(path.join(forms, 'MEDICAL_RECORDS.form.json'), good.replace('"maxLength": 300', '"maxLength": 400'));
    expect((await reload(server)).find((r) => r.id === 'MEDICAL_RECORDS')).toMatchObject({ outcome: 'replaced', version: 2 });
    await server.close();

    // Broken while the server was down (an edit on disk), then a restart on the same data (and database).
    writeFileSync(path.join(forms, 'MEDICAL_RECORDS.form.json'), good.replace('"maxLength": 300', '"maxLength": "300"'));
    // A brand-new form, broken, never live; and a broken override of a built-in form.
    writeFileSync(path.join(forms, 'NEVER_LIVE.form.json'), '{ "id": "NEVER_LIVE", ');
    writeFileSync(path.join(forms, 'OTHER_ENQUIRY.form.json'), '{ “id”: "OTHER_ENQUIRY" }');
    server = await start(server.dataDir);

    const now = await served(server);
    expect(now.version).toBe(2);
    expect(now.document.schema.properties.details.maxLength).toBe(400);
    const refused = server.documents.refusedAtStart.find((r) => r.id === 'MEDICAL_RECORDS');
    expect(refused).toMatchObject({ file: FILE, serving: { version: 2 } });
    expect(refused?.errors).toContainEqual({ file: FILE, path: '/schema/properties/details/maxLength', message: 'must be integer' });
    expect(await listed(server, 'MEDICAL_RECORDS')).toMatchObject({ live: true, version: 2, check: { ok: false } });

    // The never-live one is not served at all, but listed as refused.
    expect((await server.app.inject({ url: '/api/v1/documents/forms/NEVER_LIVE' })).statusCode).toBe(404);
    expect(await listed(server, 'NEVER_LIVE')).toMatchObject({ live: false, version: 0, check: { ok: false } });
    expect(server.documents.refusedAtStart.find((r) => r.id === 'NEVER_LIVE')?.serving).toBeUndefined();

    // The broken override: the built-in form (its recorded version) serves.
    const other = (await server.app.inject({ url: '/api/v1/documents/forms/OTHER_ENQUIRY' })).json() as { document: { title: string } };
    expect(other.document.title).toBe(JSON.parse(readFileSync(path.join(repoRoot, 'schemas/forms/OTHER_ENQUIRY.form.json'), 'utf8')).title);
    expect(server.documents.refusedAtStart.find((r) => r.id === 'OTHER_ENQUIRY')?.errors[0]?.message).toMatch(/line 1, column 3/);

    // A patient can still send the served version.
    const sent = await server.app.inject({
      method: 'POST',
      url: '/api/v1/triage/patient/admin/request',
      payload: {
        formType: 'MEDICAL_RECORDS',
        triageRequestType: 'MEDICAL_RECORDS',
        submittedDate: '2025-10-01T09:30:00Z',
        patient: { firstName: 'Amelia', lastName: 'Testwell', dateOfBirth: '1985-04-12', sexAtBirth: 'female', postCode: 'LS1 4AP' },
        which: 'PART',
        details: 'x'.repeat(350),
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);

    // The Forms page flags the refusals.
    const page = (await server.app.inject({ url: '/practice/forms', headers: AUTH })).body;
    expect(page).toMatch(/data-id="MEDICAL_RECORDS"[\s\S]*?nhsuk-tag--red[^>]*>Refused</);
    expect(page).toMatch(/data-id="NEVER_LIVE"[\s\S]*?Not live/);

    // Fixed and reloaded: the next version goes live.
    writeFileSync(path.join(forms, 'MEDICAL_RECORDS.form.json'), good);
    expect((await reload(server)).find((r) => r.id === 'MEDICAL_RECORDS')).toMatchObject({ outcome: 'replaced', version: 3 });
  }, 180_000);
});

describe('pathway examples are checks', () => {
  let server: TestServer;
  afterAll(async () => server?.cleanup());

  it('an example that no longer holds refuses the pathway at Reload and at start, naming the example', async () => {
    server = await start();
    const doc = JSON.parse(readFileSync(path.join(repoRoot, 'schemas/questionnaires', `${PATHWAY}.json`), 'utf8')) as {
      examples: Array<{ name: string; expectTopReferral?: string }>;
      label: string;
    };
    const index = doc.examples.findIndex((e) => e.expectTopReferral === 'ref-ae' || e.expectTopReferral === 'ref-emergency');
    expect(index).toBeGreaterThanOrEqual(0);
    const broken = structuredClone(doc);
    broken.label = 'Headache (changed)';
    broken.examples[index]!.expectTopReferral = 'ref-routine';
    const dir = path.join(server.dataDir, 'practice', 'questionnaires');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `${PATHWAY}.json`), JSON.stringify(broken, null, 2));
    const result = (await reload(server)).find((r) => r.id === PATHWAY);
    expect(result?.outcome).toBe('refused');
    expect(result?.errors).toContainEqual(
      expect.objectContaining({
        path: `/examples/${index}`,
        message: expect.stringContaining('expects the top referral ref-routine but the engine gives') as unknown,
      }),
    );
    const label = async () =>
      ((await server.app.inject({ url: `/api/v1/documents/pathways/${PATHWAY}` })).json() as { document: { label: string } }).document.label;
    expect(await label()).toBe(doc.label);

    await server.close();
    server = await start(server.dataDir);
    expect(server.documents.refusedAtStart.find((r) => r.id === PATHWAY)?.errors.map((e) => e.path)).toContain(`/examples/${index}`);
    expect(await label()).toBe(doc.label);
  }, 180_000);
});
