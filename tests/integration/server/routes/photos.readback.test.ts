// Staff read-back of photos answers the contract: a request's photos and a photo's views are
// checked against schemas/api (practice-request-photos, practice-photo-views), so a field added,
// renamed or of another type in either answer fails here. On the store of the run.
import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiAjv } from '../../../../server/validation.js';
import { png } from '../../../fixtures/photos/make.js';
import { ADMIN_URL, AMELIA, expectValid, repoRoot, STAFF_AUTH, startServer, type Json, type TestServer } from '../../support/helpers.js';
import { STORE } from '../../support/postgres.js';

const ajv = createApiAjv(path.join(repoRoot, 'schemas/api'));
let server: TestServer;
let base: string;

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gp-photos-readback-'));
  mkdirSync(path.join(dataDir, 'practice', 'forms'), { recursive: true });
  copyFileSync(path.join(repoRoot, 'tests/fixtures/photos/PHOTO_ENQUIRY.form.json'), path.join(dataDir, 'practice', 'forms', 'PHOTO_ENQUIRY.form.json'));
  server = await startServer({ dataDir, notifications: { autoStart: false } });
  base = await server.app.listen({ host: '127.0.0.1', port: 0 });
}, 60_000);
afterAll(async () => server?.cleanup());

describe(`staff photo read-back (${STORE})`, () => {
  it("a request's photos and a photo's views are the contract's shapes", async () => {
    const upload = await fetch(`${base}/api/v1/triage/patient/photos?draft=draft-readback-1`, {
      method: 'POST',
      body: new Uint8Array(await png(320, 240)),
      headers: { 'content-type': 'image/png' },
    });
    expect(upload.status).toBe(201);
    const cookie = upload.headers.get('set-cookie')!.split(';')[0]!;
    const photo = (await upload.json()) as Json;
    const sent = await fetch(`${base}${ADMIN_URL}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        formType: 'PHOTO_ENQUIRY',
        triageRequestType: 'PHOTO_ENQUIRY',
        submittedDate: '2026-11-28T11:59:00.000Z',
        patient: { ...AMELIA, contactDetails: { emailAddress: 'amelia.testwell@example.com' } },
        description: 'A rash on my arm',
        photos: [photo.id],
      }),
    });
    const request = (await sent.json()) as Json;
    expect(sent.status, JSON.stringify(request)).toBe(201);

    const listed = (await (await fetch(`${base}/api/v1/practice/requests/${request.id}/photos`, { headers: STAFF_AUTH })).json()) as Json[];
    expectValid(ajv, 'practice-request-photos', listed);
    expect(listed).toEqual([expect.objectContaining({ id: photo.id, requestId: request.id, field: 'photos', url: `/api/v1/practice/photos/${photo.id}` })]);

    expect((await fetch(`${base}/api/v1/practice/photos/${photo.id}/thumbnail`, { headers: STAFF_AUTH })).status).toBe(200);
    const views = (await (await fetch(`${base}/api/v1/practice/photos/${photo.id}/views`, { headers: STAFF_AUTH })).json()) as Json;
    expectValid(ajv, 'practice-photo-views', views);
    expect(views).toEqual({ id: photo.id, views: [expect.objectContaining({ what: 'thumbnail', byUser: 'practice-api-token' })] });
  });
});
