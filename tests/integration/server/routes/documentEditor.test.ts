// The staff document editor's calls over the real routes (both stores): drafts per document and
// per staff person; the checker's problems at their line; publish refused with the problems while
// the live version keeps serving; publish with a change note; a version's text; restore as a new
// version that a restart serves too; the inbox drawing each request with the version it was
// answered on. Every write needs staff credentials and refuses a cross-site browser request.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_URL, otherEnquiry, repoRoot, startServer, type Json, type TestServer } from '../../support/helpers';

const TOKEN = 'document-editor-token-0123456789abcdef';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const PASSWORD = 'editor test staff password';
const API = '/api/v1/practice/documents/form/OTHER_ENQUIRY';
const ORIGINAL = readFileSync(path.join(repoRoot, 'schemas/forms/OTHER_ENQUIRY.form.json'), 'utf8');
const ORIGINAL_TITLE = (JSON.parse(ORIGINAL) as Json).schema.properties.description.title as string;
const NEW_TITLE = 'Tell us about your enquiry (new wording)';
const edited = ORIGINAL.replace(JSON.stringify(ORIGINAL_TITLE), JSON.stringify(NEW_TITLE));
// A mistake on a known line: maxLength as text.
const broken = edited.replace(/"maxLength": (\d+)/, '"maxLength": "$1"');
const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;

let server: TestServer;
let cookie: string;
const as = (headers: Record<string, string>) => ({ ...headers, 'content-type': 'application/json' });

beforeAll(async () => {
  server = await startServer({ apiToken: TOKEN, staffPassword: PASSWORD, notifications: { autoStart: false } });
  const signIn = await server.app.inject({
    method: 'POST',
    url: '/practice/sign-in',
    payload: new URLSearchParams({ password: PASSWORD, next: '/practice/forms' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const header = signIn.headers['set-cookie'];
  cookie = String(Array.isArray(header) ? header[0] : header).split(';')[0]!;
  expect(cookie).toMatch(/^gp_practice_session=/);
}, 120_000);
afterAll(async () => server?.cleanup());

describe('who may write', () => {
  it('refuses every write without staff credentials (401) and from another site (403), and a form post (415)', async () => {
    for (const [method, url] of [
      ['PUT', `${API}/draft`],
      ['POST', `${API}/check`],
      ['POST', `${API}/publish`],
      ['POST', `${API}/versions/1/restore`],
      ['DELETE', `${API}/draft`],
    ] as const) {
      const anonymous = await server.app.inject({ method, url, payload: { text: edited }, headers: { 'content-type': 'application/json' } });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const forged = await server.app.inject({ method, url, payload: { text: edited }, headers: as({ cookie, 'sec-fetch-site': 'cross-site' }) });
      expect(forged.statusCode, `${method} ${url}`).toBe(403);
      const otherOrigin = await server.app.inject({ method, url, payload: { text: edited }, headers: as({ cookie, origin: 'https://evil.example' }) });
      expect(otherOrigin.statusCode, `${method} ${url}`).toBe(403);
    }
    const formPost = await server.app.inject({
      method: 'POST',
      url: `${API}/publish`,
      payload: 'text=x',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(formPost.statusCode).toBe(415);
    // The page's restore button (an HTML form) is refused cross-site too.
    const page = await server.app.inject({
      method: 'POST',
      url: '/practice/forms/versions/form/OTHER_ENQUIRY/1/restore',
      payload: 'restore=1',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
    });
    expect(page.statusCode).toBe(403);
    expect(((await server.app.inject({ url: '/api/v1/documents/forms/OTHER_ENQUIRY' })).json() as Json).version).toBe(1);
  });
});

describe('draft, check, publish, restore', () => {
  const served = async () => (await server.app.inject({ url: '/api/v1/documents/forms/OTHER_ENQUIRY' })).json() as Json;

  it('keeps a draft per staff person', async () => {
    expect((await server.app.inject({ method: 'PUT', url: `${API}/draft`, payload: { text: broken }, headers: as({ cookie }) })).statusCode).toBe(200);
    const mine = (await server.app.inject({ url: `${API}/source`, headers: { cookie } })).json() as Json;
    expect(mine.draft.text).toBe(broken);
    expect(mine.live).toMatchObject({ version: 1, source: 'built-in' });
    // The API token's holder is another person: no draft.
    expect(((await server.app.inject({ url: `${API}/source`, headers: AUTH })).json() as Json).draft).toBeNull();
    expect((await server.app.inject({ method: 'PUT', url: `${API}/draft`, payload: { text: 42 }, headers: as({ cookie }) })).statusCode).toBe(400);
  });

  it('checks a text: each problem at its line; patients still get the live version', async () => {
    const check = (await server.app.inject({ method: 'POST', url: `${API}/check`, payload: { text: broken }, headers: as({ cookie }) })).json() as Json;
    const problem = (check.problems as Json[]).find((p) => String(p.path).endsWith('/maxLength'));
    expect(problem).toMatchObject({ message: 'must be integer', line: lineOf(broken, '"maxLength": "') });
    const syntax = (
      await server.app.inject({ method: 'POST', url: `${API}/check`, payload: { text: '{\n  "id": “x”\n}' }, headers: as({ cookie }) })
    ).json() as Json;
    expect(syntax.problems[0]).toMatchObject({ line: 2, column: 9 });
    expect((await served()).version).toBe(1);
  });

  it('refuses to publish a text with problems (422, with lines) and the live version keeps serving', async () => {
    const refused = await server.app.inject({ method: 'POST', url: `${API}/publish`, payload: { text: broken }, headers: as({ cookie }) });
    expect(refused.statusCode).toBe(422);
    expect((refused.json() as Json).problems).toContainEqual(expect.objectContaining({ message: 'must be integer', line: lineOf(broken, '"maxLength": "') }));
    expect((await served()).version).toBe(1);
  });

  it('publishes with a change note: live at once, written to the practice folder, the draft gone', async () => {
    const answer = await server.app.inject({
      method: 'POST',
      url: `${API}/publish`,
      payload: { text: edited, note: 'Clearer question' },
      headers: as({ cookie }),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ version: 2, unchanged: false });
    expect((await served()).document.schema.properties.description.title).toBe(NEW_TITLE);
    expect(readFileSync(path.join(server.dataDir, 'practice', 'forms', 'OTHER_ENQUIRY.form.json'), 'utf8')).toBe(edited);
    expect(((await server.app.inject({ url: `${API}/source`, headers: { cookie } })).json() as Json).draft).toBeNull();
    const versions = (await server.app.inject({ url: `${API}/versions`, headers: AUTH })).json() as Json[];
    expect(versions[0]).toMatchObject({ version: 2, updatedBy: 'staff', note: 'Clearer question' });
    const v1 = (await server.app.inject({ url: `${API}/versions/1`, headers: AUTH })).json() as Json;
    expect(v1.text).toBe(ORIGINAL);
  });

  it('draws each request in the inbox with the version it was answered on, and restores version 1 as version 3', async () => {
    expect((await server.app.inject({ method: 'POST', url: ADMIN_URL, payload: otherEnquiry({ description: 'Sent on version two' }) })).statusCode).toBe(201);
    const restored = await server.app.inject({ method: 'POST', url: `${API}/versions/1/restore`, headers: { cookie } });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ version: 3 });
    const now = await served();
    expect(now).toMatchObject({ version: 3, hash: ((await server.app.inject({ url: `${API}/versions/1`, headers: AUTH })).json() as Json).hash });
    expect((await server.app.inject({ method: 'POST', url: ADMIN_URL, payload: otherEnquiry({ description: 'Sent on version three' }) })).statusCode).toBe(201);

    const inbox = (await server.app.inject({ url: '/practice/inbox', headers: { cookie } })).body;
    const article = (words: string) => inbox.split('<article').find((a) => a.includes(words))!;
    expect(article('Sent on version two')).toContain(`<dt>${NEW_TITLE}</dt>`);
    expect(article('Sent on version two')).toMatch(/<dt>Form version<\/dt><dd>2<\/dd>/);
    expect(article('Sent on version three')).toContain(`<dt>${ORIGINAL_TITLE}</dt>`);
    expect(article('Sent on version three')).not.toContain(NEW_TITLE);
    // Staff pages: the design system's stylesheet, times in words in UK time.
    expect(inbox).toMatch(/<link rel="stylesheet" href="\/staff-assets\/staff-[0-9a-f]{12}\.css">/);
    expect(inbox).toMatch(/<time datetime="[^"]+">(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \d{1,2} [A-Z][a-z]+ \d{4}, \d{2}:\d{2}<\/time>/);
  });

  it('shows a version, its diff with the live one, and restores from the page (303 back to the versions)', async () => {
    const page = (await server.app.inject({ url: '/practice/forms/versions/form/OTHER_ENQUIRY/2', headers: { cookie } })).body;
    expect(page).toContain('Compared with the live version (3)');
    expect(page).toMatch(/<ins class="app-diff__line app-diff__line--added">[^<]*<span[^>]*>Added: <\/span>\+ [^<]*new wording/);
    const restore = await server.app.inject({
      method: 'POST',
      url: '/practice/forms/versions/form/OTHER_ENQUIRY/2/restore',
      payload: 'restore=1',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    });
    expect(restore.statusCode).toBe(303);
    expect(restore.headers.location).toBe('/practice/forms/versions/form/OTHER_ENQUIRY?restored=4');
    expect((await served()).document.schema.properties.description.title).toBe(NEW_TITLE);
  });

  it('a restart serves the restored version (the practice folder holds it)', async () => {
    await server.close();
    server = await startServer({ dataDir: server.dataDir, apiToken: TOKEN, staffPassword: PASSWORD, notifications: { autoStart: false } });
    expect(existsSync(path.join(server.dataDir, 'practice', 'forms', 'OTHER_ENQUIRY.form.json'))).toBe(true);
    expect((await served()).version).toBe(4);
    expect((await served()).document.schema.properties.description.title).toBe(NEW_TITLE);
  }, 120_000);
});
