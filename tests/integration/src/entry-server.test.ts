// The server's render of a page (src/entry-server.tsx) against a real server's settings: a page that
// does not search (home, the emergency check) carries neither the symptom search's pathway list
// nor the child pathways in its data block, and is drawn without them; the pages that search carry
// them. What was left out is returned apart (server/appPage.ts serves it as /app-data/<hash>.json).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '../../../src/entry-server';
import { startServer, type TestServer } from '../support/helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.cleanup();
});

const PATIENT_APP = '/api/v1/settings/patient-app';
const SHARED = '/api/v1/settings/shared';

async function fetchJson(path: string): Promise<unknown> {
  const answer = await server.app.inject({ url: path });
  if (answer.statusCode !== 200) throw new Error(`${path}: ${answer.statusCode}`);
  return answer.json();
}

describe('what a server-drawn page embeds of the settings', () => {
  it('the home page: every set, less the pathway lists, which come back apart', async () => {
    const patientApp = (await fetchJson(PATIENT_APP)) as Record<string, unknown>;
    const shared = (await fetchJson(SHARED)) as Record<string, unknown>;
    // The demo practice has both lists, so leaving them out is a real saving.
    expect(Object.keys(patientApp.triageMapping as object).length).toBeGreaterThan(10);
    expect((shared.childGuidelines as unknown[]).length).toBeGreaterThan(3);

    const page = await render('/', fetchJson);
    const text = JSON.stringify(page.data);
    expect(text).not.toContain('"triageMapping"');
    expect(text).not.toContain('"childGuidelines"');
    // Everything else of those sets is there (the page draws with it), and the other sets whole.
    const { triageMapping, ...patientAppRest } = patientApp;
    const { childGuidelines, ...sharedRest } = shared;
    expect(page.data[PATIENT_APP]).toEqual(patientAppRest);
    expect(page.data[SHARED]).toEqual(sharedRest);
    expect(page.data['/api/v1/settings/clinic']).toEqual(await fetchJson('/api/v1/settings/clinic'));
    expect(page.deferred).toEqual({ [PATIENT_APP]: { triageMapping }, [SHARED]: { childGuidelines } });
    expect(text.length).toBeLessThan(20_000);
    expect(page.html.replaceAll('<!-- -->', '')).toContain('<h1>Welcome to Riverside Medical Practice online services</h1>');
  });

  it('the emergency check embeds no pathway list either', async () => {
    const page = await render('/emergency-symptoms?next=%2Ftriage', fetchJson);
    expect(JSON.stringify(page.data)).not.toContain('"triageMapping"');
    expect(page.deferred).toBeDefined();
  });

  it.each(['/triage', '/triage/patient-details?guideline=x', '/child-request/menu', '/Triage/'])(
    '%s, a page that reads them, embeds them whole',
    async (url) => {
      const page = await render(url, fetchJson);
      expect(page.data[PATIENT_APP]).toEqual(await fetchJson(PATIENT_APP));
      expect(page.data[SHARED]).toEqual(await fetchJson(SHARED));
      expect(page.deferred).toBeUndefined();
    },
  );
});
