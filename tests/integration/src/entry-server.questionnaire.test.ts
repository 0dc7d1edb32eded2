// The questionnaire's section drawn on the server (src/entry-server.tsx, src/flows/triage/drawnSection.ts):
// a reload of /triage/questionnaire?section=<id>&execution=<id> by the browser that started the
// execution carries the section's questions in the HTML and the execution in the data block; the
// same address with another browser's engine key, a forged key or none is drawn as before (no
// section, nothing of the execution in the page), and so is an address whose section is not the
// current one.
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

const START = `/api/v1/engine-proxy?path=${encodeURIComponent('/Guideline/Triage.SoreThroat/$start')}`;

/** A browser starting the sore-throat questionnaire: its engine-key cookie and the execution. */
async function startAsBrowser(): Promise<{ cookie: string; execution: { identifier: string; section: { id: string; number: number; document: unknown } } }> {
  const started = await server.app.inject({ method: 'POST', url: START, payload: { patient: { dateOfBirth: '1985-04-12', sexAtBirth: 'female' } } });
  expect(started.statusCode).toBe(201);
  const key = /^gp_engine_key=([0-9a-f]{64});/.exec(String(started.headers['set-cookie']))?.[1];
  expect(key).toBeDefined();
  return { cookie: `gp_engine_key=${key}`, execution: started.json() };
}

/** The server's own GET under one browser's cookie, as server/appPage.ts answers the render. */
const fetchAs = (cookie: string | undefined) => async (path: string) => {
  const answer = await server.app.inject({ url: path, headers: cookie ? { cookie } : {} });
  if (answer.statusCode !== 200) throw new Error(`${path}: ${answer.statusCode}`);
  return answer.json() as unknown;
};

/** The section's first question (the ones after it may wait on its answer), which the drawn page shows. */
function questionTitles(document: unknown): string[] {
  const schema = (document as { schema: { properties: Record<string, { title?: string }> } }).schema;
  const first = Object.values(schema.properties)[0]?.title;
  return typeof first === 'string' ? [first] : [];
}

const decoded = (html: string) => html.replaceAll('<!-- -->', '').replaceAll('&#x27;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&');

describe('the questionnaire drawn on the server', () => {
  it('the browser that started it: the section in the HTML and the execution in the data block, a patient page', async () => {
    const { cookie, execution } = await startAsBrowser();
    const url = `/triage/questionnaire?section=${encodeURIComponent(execution.section.id)}&execution=${execution.identifier}`;
    const page = await render(url, fetchAs(cookie));
    const titles = questionTitles(execution.section.document);
    expect(titles).toHaveLength(1);
    for (const title of titles) expect(decoded(page.html)).toContain(title);
    expect(page.html).toMatch(/<form noValidate="" aria-label="[^"]+"><div class="app-schema-form__fields">/);
    expect(page.html).toContain('Selected option');
    expect(page.html).toContain('Sore throat');
    expect(page.html).not.toContain('Preparing information');
    expect(page.data['#questionnaire']).toMatchObject({ execution: { identifier: execution.identifier, section: { id: execution.section.id } } });
    expect(page.personal).toBe(true);
    expect(page.title).toBe(`Your GP practice - Sore throat — page ${execution.section.number}`);
    expect(page.errors).toEqual([]);
  });

  it('another browser, a forged key or none: drawn as before, nothing of the execution in the page', async () => {
    const { execution } = await startAsBrowser();
    const other = await startAsBrowser();
    const url = `/triage/questionnaire?section=${encodeURIComponent(execution.section.id)}&execution=${execution.identifier}`;
    for (const cookie of [other.cookie, `gp_engine_key=${'ab'.repeat(32)}`, undefined]) {
      const page = await render(url, fetchAs(cookie));
      expect(page.data['#questionnaire']).toBeUndefined();
      expect(JSON.stringify(page.data)).not.toContain(execution.identifier);
      for (const title of questionTitles(execution.section.document)) expect(decoded(page.html)).not.toContain(title);
      expect(page.html).toContain('Preparing information');
      expect(page.html).not.toContain('app-schema-form');
      expect(page.personal).toBe(false);
    }
  });

  it('an address whose section is not the current one, or without the execution, is drawn as before', async () => {
    const { cookie, execution } = await startAsBrowser();
    for (const url of [
      `/triage/questionnaire?section=not-this-one&execution=${execution.identifier}`,
      `/triage/questionnaire?section=${encodeURIComponent(execution.section.id)}`,
      `/triage/questionnaire?section=${encodeURIComponent(execution.section.id)}&execution=..%2F..%2Fsettings`,
    ]) {
      const page = await render(url, fetchAs(cookie));
      expect(page.data['#questionnaire']).toBeUndefined();
      expect(page.personal).toBe(false);
    }
  });
});
