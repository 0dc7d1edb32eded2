// What a practice configurer does, against a running server and nothing
// else — copy a new form document into the practice folder, reload as staff, see it in the menu,
// send it, read it back; a broken version is refused with its file and JSON path while the old
// one keeps serving. No rebuild, no code change. (The browser version is tests/e2e.)
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSetting, putSetting } from '../../../../server/settingsStore';
import { AMELIA, repoRoot, startServer, type TestServer } from '../../support/helpers';

const TOKEN = 'configurer-test-token-0123456789abcdef';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const SOURCE = path.join(path.dirname(new URL(import.meta.url).pathname), '../../support/practice-folder', 'MEDICAL_RECORDS.form.json');
const FILE = 'practice/forms/MEDICAL_RECORDS.form.json';
const ADMIN_URL = '/api/v1/triage/patient/admin/request';

interface AdminFormsSettings {
  forms: Array<{ type: string; label: string; subTitle: string; requiresPatientRecord: boolean; order?: number; reply?: { timeFrame: string } }>;
  patientEnabledForms: string[];
}
interface ReloadAnswer {
  results: Array<{ kind: string; id: string; outcome: string; version?: number; errors: Array<{ file: string; path: string; message: string }> }>;
}

const request = (overrides: Record<string, unknown> = {}) => ({
  formType: 'MEDICAL_RECORDS',
  triageRequestType: 'MEDICAL_RECORDS',
  submittedDate: '2025-10-01T09:30:00Z',
  patient: AMELIA,
  which: 'PART',
  details: 'Blood test results from 2023',
  ...overrides,
});

describe('a practice configurer adds a form without a developer', () => {
  let server: TestServer;
  let practiceForms: string;
  const target = () => path.join(practiceForms, 'MEDICAL_RECORDS.form.json');
  const reload = async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/v1/practice/documents/reload', headers: AUTH });
    expect(response.statusCode).toBe(200);
    return response.json() as ReloadAnswer;
  };
  const served = async () =>
    (await server.app.inject({ url: '/api/v1/documents/forms/MEDICAL_RECORDS' })).json() as {
      version: number;
      hash: string;
      document: { schema: { properties: { details: { maxLength: number } } } };
    };
  const settings = async () => (await server.app.inject({ url: '/api/v1/settings/admin-forms' })).json() as AdminFormsSettings;
  const stored = async () =>
    (await server.app.inject({ url: '/api/v1/practice/requests', headers: AUTH })).json() as Array<{ formType: string; body: Record<string, unknown> }>;

  beforeAll(async () => {
    server = await startServer({ apiToken: TOKEN, notifications: { autoStart: false } });
    practiceForms = path.join(server.dataDir, 'practice', 'forms');
  });
  afterAll(async () => server.cleanup());

  it('a running server does not know the form before it is copied and reloaded', async () => {
    expect((await server.app.inject({ url: '/api/v1/documents/forms/MEDICAL_RECORDS' })).statusCode).toBe(404);
    expect((await settings()).forms.map((f) => f.type)).not.toContain('MEDICAL_RECORDS');
    const refused = await server.app.inject({ method: 'POST', url: ADMIN_URL, payload: request() });
    expect(refused.statusCode).toBe(400);
  });

  it('copy the file, press Reload (staff only): the form is added, in the menu and enabled, and its validator served', async () => {
    mkdirSync(practiceForms, { recursive: true });
    copyFileSync(SOURCE, target());
    // Reload is staff-only: without credentials it is refused and nothing changes.
    expect((await server.app.inject({ method: 'POST', url: '/api/v1/practice/documents/reload' })).statusCode).toBe(401);
    expect((await server.app.inject({ url: '/api/v1/documents/forms/MEDICAL_RECORDS' })).statusCode).toBe(404);

    const { results } = await reload();
    expect(results.filter((r) => r.outcome !== 'unchanged')).toEqual([{ kind: 'form', id: 'MEDICAL_RECORDS', outcome: 'added', version: 1, errors: [] }]);
    const menu = await settings();
    expect(menu.forms.find((f) => f.type === 'MEDICAL_RECORDS')).toEqual({
      type: 'MEDICAL_RECORDS',
      label: 'Copy of your medical records',
      subTitle: 'Ask for a copy of all or part of your GP record',
      requiresPatientRecord: true,
      order: 15,
      reply: { timeFrame: 'within one month' },
    });
    // Placed by its order: after Repeat prescription (10), before Fit note (20).
    expect(menu.forms.map((f) => f.type).slice(0, 3)).toEqual(['REPEAT_PRESCRIPTION', 'MEDICAL_RECORDS', 'FIT_NOTE']);
    expect(menu.patientEnabledForms).toContain('MEDICAL_RECORDS');

    const doc = await server.app.inject({ url: '/api/v1/documents/forms/MEDICAL_RECORDS' });
    const body = doc.json() as { id: string; version: number; hash: string; validator: string };
    expect(body).toMatchObject({ id: 'MEDICAL_RECORDS', version: 1, validator: `/api/v1/documents/validators/${body.hash}.js` });
    expect(doc.headers.etag).toBe(`"${body.hash}"`);
    const validator = await server.app.inject({ url: body.validator });
    expect(validator.statusCode).toBe(200);
    expect(validator.headers['content-type']).toMatch(/^text\/javascript/);
    expect(validator.body).not.toMatch(/new Function|\beval\(|require\(/);
    expect(validator.body).toContain('export default');
  });

  it('a patient sends it; staff read it back with the version it was answered on', async () => {
    const sent = await server.app.inject({ method: 'POST', url: ADMIN_URL, payload: request() });
    expect(sent.statusCode).toBe(201);
    // The server checks it against the document: the details are required when "Part" is chosen…
    const missing = await server.app.inject({ method: 'POST', url: ADMIN_URL, payload: request({ details: undefined }) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ details: [{ path: '/details', message: 'Enter which part of your record you need.' }] });
    // …and hidden (never stored) when "All" is.
    expect((await server.app.inject({ method: 'POST', url: ADMIN_URL, payload: request({ which: 'ALL' }) })).statusCode).toBe(201);

    const { hash } = await served();
    const [all, part] = await stored();
    expect(part).toMatchObject({
      formType: 'MEDICAL_RECORDS',
      body: { which: 'PART', details: 'Blood test results from 2023', documentVersion: { id: 'MEDICAL_RECORDS', version: 1, hash } },
    });
    expect(all!.body).toMatchObject({ which: 'ALL' });
    expect(all!.body).not.toHaveProperty('details');
    // Patient data only with staff credentials.
    expect((await server.app.inject({ url: '/api/v1/practice/requests' })).statusCode).toBe(401);
  });

  it("the confirmation email names the form's menu label and its own reply time (menu.reply.timeFrame)", async () => {
    const patient = { ...AMELIA, contactDetails: { emailAddress: 'amelia.testwell@example.com' } };
    expect((await server.app.inject({ method: 'POST', url: ADMIN_URL, payload: request({ patient }) })).statusCode).toBe(201);
    await server.notifications.drain();
    const outbox = (await server.app.inject({ url: '/api/v1/practice/outbox', headers: AUTH })).json() as Array<{ channel: string; body: string }>;
    const email = outbox.find((m) => m.channel === 'EMAIL')!;
    expect(email.body).toContain('Copy of your medical records');
    expect(email.body).toContain('The practice will reply within one month.');
    expect(email.body).not.toContain('48 hours');
  });

  it('a broken version is refused with its file and JSON path; the old one keeps serving and sends still work', async () => {
    const before = await served();
    const broken = JSON.parse(readFileSync(SOURCE, 'utf8')) as { schema: { properties: { details: Record<string, unknown> } }; rules: Record<string, unknown> };
    broken.schema.properties.details.maxLength = 20;
    broken.rules.details = { enableWhen: [{ question: 'whichPart', operator: 'EQ', answer: 'PART' }] };
    writeFileSync(target(), JSON.stringify(broken, null, 2));

    const { results } = await reload();
    const refused = results.find((r) => r.id === 'MEDICAL_RECORDS')!;
    expect(refused).toMatchObject({ kind: 'form', outcome: 'refused', version: 1 });
    expect(refused.errors.length).toBeGreaterThan(0);
    expect(refused.errors[0]).toMatchObject({ file: FILE, path: '/rules/details/enableWhen/0/question' });
    expect(refused.errors[0]!.message).toContain('whichPart');

    // Still version 1, same hash, same limit; a 21-character answer is still accepted.
    expect(await served()).toEqual(before);
    const sent = await server.app.inject({ method: 'POST', url: ADMIN_URL, payload: request({ details: 'Results from 2021 to 2023' }) });
    expect(sent.statusCode).toBe(201);
    expect((await stored())[0]!.body.documentVersion).toEqual({ id: 'MEDICAL_RECORDS', version: 1, hash: before.hash });

    // The staff list shows the file's problem against the version still serving.
    const list = (await server.app.inject({ url: '/api/v1/practice/documents', headers: AUTH })).json() as {
      documents: Array<{ kind: string; id: string; source: string; file: string; version: number; check: { ok: boolean; errors: unknown[] } }>;
    };
    expect(list.documents.find((d) => d.id === 'MEDICAL_RECORDS')).toMatchObject({
      kind: 'form',
      source: 'practice',
      file: FILE,
      version: 1,
      check: { ok: false },
    });
    // And so does the Forms page (staff only: signed out, it is the sign-in page).
    const signedOut = await server.app.inject({ url: '/practice/forms' });
    expect(signedOut.statusCode).toBe(303);
    expect(signedOut.headers.location).toBe('/practice/sign-in?next=%2Fpractice%2Fforms');
    expect(
      (
        await server.app.inject({
          method: 'POST',
          url: '/practice/forms/reload',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'reload=1',
        })
      ).statusCode,
    ).toBe(401);
    const page = await server.app.inject({ url: '/practice/forms', headers: AUTH });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('/rules/details/enableWhen/0/question');
    expect(page.body).toContain('href="/practice/forms/preview/form/MEDICAL_RECORDS"');
  });

  it('a fixed version replaces it as version 2, recorded with who and when', async () => {
    const fixed = JSON.parse(readFileSync(SOURCE, 'utf8')) as { schema: { properties: { details: Record<string, unknown> } } };
    fixed.schema.properties.details.maxLength = 500;
    writeFileSync(target(), JSON.stringify(fixed));
    // Pressed on the Forms page this time (an HTML form post).
    const pressed = await server.app.inject({
      method: 'POST',
      url: '/practice/forms/reload',
      headers: { ...AUTH, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'reload=1',
    });
    expect(pressed.statusCode).toBe(200);
    expect(pressed.body).toContain('Reload results');
    expect(pressed.body).toMatch(
      /MEDICAL_RECORDS<\/code><\/td>\s*<td class="nhsuk-table__cell"><strong class="nhsuk-tag nhsuk-tag--green">Replaced<\/strong> \(version 2 serving\)/,
    );
    expect((await served()).document.schema.properties.details.maxLength).toBe(500);
    const versions = (await server.app.inject({ url: '/api/v1/practice/documents/form/MEDICAL_RECORDS/versions', headers: AUTH })).json() as Array<{
      version: number;
      updatedBy: string;
      updatedAt: string;
    }>;
    expect(versions.map((v) => [v.version, v.updatedBy])).toEqual([
      [2, 'api-token'],
      [1, 'api-token'],
    ]);
    expect(Number.isNaN(Date.parse(versions[0]!.updatedAt))).toBe(false);
    expect((await server.app.inject({ url: '/api/v1/practice/documents/form/MEDICAL_RECORDS/versions' })).statusCode).toBe(401);
  });

  it("keeps a practice's own switch-off through reloads and restarts; an existing database gains a new form on restart", async () => {
    const current = (await getSetting<AdminFormsSettings>(server.store, 'admin-forms'))!;
    await putSetting(server.store, 'admin-forms', { ...current, patientEnabledForms: current.patientEnabledForms.filter((t) => t !== 'MEDICAL_RECORDS') });
    await reload();
    expect((await settings()).patientEnabledForms).not.toContain('MEDICAL_RECORDS');

    const second = JSON.parse(readFileSync(SOURCE, 'utf8')) as { id: string; menu: { label: string; order: number } };
    second.id = 'GUN_LICENCE';
    second.menu = { ...second.menu, label: 'Firearms licence', order: 95 };
    writeFileSync(path.join(practiceForms, 'GUN_LICENCE.form.json'), JSON.stringify(second));
    await server.close();
    server = { ...(await startServer({ apiToken: TOKEN, dataDir: server.dataDir })), cleanup: server.cleanup };
    const menu = await settings();
    expect(menu.forms.map((f) => f.type)).toEqual(expect.arrayContaining(['MEDICAL_RECORDS', 'GUN_LICENCE']));
    expect(menu.patientEnabledForms).toContain('GUN_LICENCE');
    expect(menu.patientEnabledForms).not.toContain('MEDICAL_RECORDS');
    // Versions carry on across the restart.
    expect((await served()).version).toBe(2);
  });

  it('a form whose file is deleted stops serving at the next reload: out of the menu, its document gone, sends refused', async () => {
    rmSync(target());
    rmSync(path.join(practiceForms, 'GUN_LICENCE.form.json'));
    const { results } = await reload();
    expect(results.filter((r) => r.outcome !== 'unchanged').sort((a, b) => (a.id < b.id ? -1 : 1))).toEqual([
      { kind: 'form', id: 'GUN_LICENCE', outcome: 'removed', errors: [] },
      { kind: 'form', id: 'MEDICAL_RECORDS', outcome: 'removed', errors: [] },
    ]);
    expect((await server.app.inject({ url: '/api/v1/documents/forms/MEDICAL_RECORDS' })).statusCode).toBe(404);
    const menu = await settings();
    expect(menu.forms.map((f) => f.type)).not.toEqual(expect.arrayContaining(['MEDICAL_RECORDS']));
    expect(menu.forms.map((f) => f.type)).not.toEqual(expect.arrayContaining(['GUN_LICENCE']));
    expect(menu.patientEnabledForms).not.toContain('GUN_LICENCE');
    expect(menu.forms.map((f) => f.type)).toContain('REPEAT_PRESCRIPTION');
    expect((await server.app.inject({ method: 'POST', url: ADMIN_URL, payload: request() })).statusCode).toBe(400);
    // The staff list no longer shows them.
    const list = (await server.app.inject({ url: '/api/v1/practice/documents', headers: AUTH })).json() as { documents: Array<{ id: string }> };
    expect(list.documents.map((d) => d.id)).not.toContain('MEDICAL_RECORDS');
  });
});

describe('a practice overrides a built-in pathway', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ apiToken: TOKEN });
  });
  afterAll(async () => server.cleanup());

  it('copied into practice/questionnaires and reloaded, it replaces the built-in one for the engine, the preview and the search', async () => {
    const builtIn = (await server.app.inject({ url: '/api/v1/documents/pathways/Triage.Headache' })).json() as { version: number; document: { label: string } };
    expect(builtIn.document.label).toBe('Headache or migraine');
    const doc = JSON.parse(readFileSync(path.join(repoRoot, 'schemas/questionnaires/Triage.Headache.json'), 'utf8')) as { label: string };
    doc.label = 'Headache (practice wording)';
    mkdirSync(path.join(server.dataDir, 'practice', 'questionnaires'), { recursive: true });
    writeFileSync(path.join(server.dataDir, 'practice', 'questionnaires', 'Triage.Headache.json'), JSON.stringify(doc));

    // Two staff press Reload at once: the change is made live once, as one new version.
    const [first, second] = await Promise.all([1, 2].map(() => server.app.inject({ method: 'POST', url: '/api/v1/practice/documents/reload', headers: AUTH })));
    expect([first!.statusCode, second!.statusCode]).toEqual([200, 200]);
    const { results } = first!.json() as ReloadAnswer;
    expect(results.filter((r) => r.outcome !== 'unchanged')).toEqual([
      { kind: 'pathway', id: 'Triage.Headache', outcome: 'replaced', version: builtIn.version + 1, errors: [] },
    ]);
    expect((second!.json() as ReloadAnswer).results.filter((r) => r.outcome !== 'unchanged')).toEqual([]);
    const served = (await server.app.inject({ url: '/api/v1/documents/pathways/Triage.Headache' })).json() as { document: { label: string } };
    expect(served.document.label).toBe('Headache (practice wording)');
    const guidelines = (await server.app.inject({ url: '/api/v1/fhir/r4/Guideline' })).json() as unknown;
    expect(JSON.stringify(guidelines)).toContain('Headache (practice wording)');
    const app = (await server.app.inject({ url: '/api/v1/settings/patient-app' })).json() as { triageMapping: Record<string, { label: string }> };
    expect(app.triageMapping['Triage.Headache']!.label).toBe('Headache (practice wording)');
    const list = (await server.app.inject({ url: '/api/v1/practice/documents', headers: AUTH })).json() as {
      documents: Array<{ id: string; source: string; file: string }>;
    };
    expect(list.documents.find((d) => d.id === 'Triage.Headache')).toMatchObject({ source: 'practice', file: 'practice/questionnaires/Triage.Headache.json' });
  });

  it('deleting the override gives the built-in pathway back at the next reload, in the engine, the search and the list', async () => {
    rmSync(path.join(server.dataDir, 'practice', 'questionnaires', 'Triage.Headache.json'));
    const answer = await server.app.inject({ method: 'POST', url: '/api/v1/practice/documents/reload', headers: AUTH });
    const { results } = answer.json() as ReloadAnswer;
    expect(results.filter((r) => r.outcome !== 'unchanged')).toEqual([
      { kind: 'pathway', id: 'Triage.Headache', outcome: 'replaced', version: expect.any(Number) as number, errors: [] },
    ]);
    const served = (await server.app.inject({ url: '/api/v1/documents/pathways/Triage.Headache' })).json() as { document: { label: string } };
    expect(served.document.label).toBe('Headache or migraine');
    const app = (await server.app.inject({ url: '/api/v1/settings/patient-app' })).json() as { triageMapping: Record<string, { label: string }> };
    expect(app.triageMapping['Triage.Headache']!.label).toBe('Headache or migraine');
    const list = (await server.app.inject({ url: '/api/v1/practice/documents', headers: AUTH })).json() as { documents: Array<{ id: string; source: string }> };
    expect(list.documents.find((d) => d.id === 'Triage.Headache')).toMatchObject({ source: 'built-in' });
  });

  it('a practice pathway of its own leaves the engine and the search when its file is deleted', async () => {
    const doc = JSON.parse(readFileSync(path.join(repoRoot, 'schemas/questionnaires/Triage.Headache.json'), 'utf8')) as {
      guidelineId: string;
      label: string;
      symptoms: Array<{ label: string; guid: string }>;
    };
    const id = 'Triage.HeadachePractice';
    // Its own search words and symptom ids: a synonym belongs to one pathway.
    const symptoms = doc.symptoms.map((symptom, i) => ({
      ...symptom,
      label: `Practice headache ${i}`,
      guid: `00000000-0000-4000-8000-00000000000${i}`,
      synonyms: [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `practice head pain ${i} ${n}`),
    }));
    writeFileSync(
      path.join(server.dataDir, 'practice', 'questionnaires', `${id}.json`),
      JSON.stringify({ ...doc, guidelineId: id, label: 'Headache (practice pathway)', symptoms }),
    );
    const added = (await (await server.app.inject({ method: 'POST', url: '/api/v1/practice/documents/reload', headers: AUTH })).json()) as ReloadAnswer;
    expect(added.results.filter((r) => r.outcome !== 'unchanged')).toEqual([expect.objectContaining({ id, outcome: 'added' })]);
    const mapping = async () =>
      ((await server.app.inject({ url: '/api/v1/settings/patient-app' })).json() as { triageMapping: Record<string, unknown> }).triageMapping;
    expect(Object.keys(await mapping())).toContain(id);

    rmSync(path.join(server.dataDir, 'practice', 'questionnaires', `${id}.json`));
    const removed = (await (await server.app.inject({ method: 'POST', url: '/api/v1/practice/documents/reload', headers: AUTH })).json()) as ReloadAnswer;
    expect(removed.results.filter((r) => r.outcome !== 'unchanged')).toEqual([{ kind: 'pathway', id, outcome: 'removed', errors: [] }]);
    expect((await server.app.inject({ url: `/api/v1/documents/pathways/${id}` })).statusCode).toBe(404);
    expect(Object.keys(await mapping())).not.toContain(id);
    expect(Object.keys(await mapping())).toContain('Triage.Headache');
  });
});

describe('start-up with a broken document: refused, never down', () => {
  const brokenData = () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gp-configurer-'));
    mkdirSync(path.join(dataDir, 'practice', 'forms'), { recursive: true });
    const doc = readFileSync(SOURCE, 'utf8').replace('"maxLength": 300', '"maxLength": "300"');
    writeFileSync(path.join(dataDir, 'practice', 'forms', 'MEDICAL_RECORDS.form.json'), doc);
    return dataDir;
  };

  it('buildServer starts; the never-live document is refused with its file and JSON path and not served', async () => {
    const server = await startServer({ dataDir: brokenData(), apiToken: TOKEN, notifications: { autoStart: false } });
    try {
      expect(server.documents.refusedAtStart).toEqual([
        expect.objectContaining({
          kind: 'form',
          id: 'MEDICAL_RECORDS',
          file: FILE,
          errors: expect.arrayContaining([{ file: FILE, path: '/schema/properties/details/maxLength', message: 'must be integer' }]) as unknown,
        }),
      ]);
      expect(server.documents.refusedAtStart[0]!.serving).toBeUndefined();
      expect((await server.app.inject({ url: '/api/v1/documents/forms/MEDICAL_RECORDS' })).statusCode).toBe(404);
      // The rest of the service is up: the built-in forms and the patient pages' settings.
      expect((await server.app.inject({ url: '/api/v1/documents/forms/OTHER_ENQUIRY' })).statusCode).toBe(200);
      const list = (await server.app.inject({ url: '/api/v1/practice/documents', headers: AUTH })).json() as {
        documents: Array<{ id: string; live: boolean; check: { ok: boolean } }>;
      };
      expect(list.documents.find((d) => d.id === 'MEDICAL_RECORDS')).toMatchObject({ live: false, check: { ok: false } });
    } finally {
      await server.cleanup();
    }
  });

  it('npm start (server/main.ts) names the file and path loudly and runs all the same', async () => {
    const dataDir = brokenData();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'server/main.ts')], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', PRACTICE_STAFF_PASSWORD: 'configurer-test-password' },
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          if (stdout.includes('is running at')) resolve();
        });
        child.on('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)));
      });
      expect(stderr).toContain(`REFUSED: the form MEDICAL_RECORDS in ${FILE} fails its checks; it has no good version, so it is not served.`);
      expect(stderr).toContain(`${FILE}: /schema/properties/details/maxLength: must be integer`);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
