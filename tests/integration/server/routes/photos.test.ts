// Photos over real HTTP, on the store of this run (SQLite in `integration`, PostgreSQL in
// `integration-pg`): every dangerous file is refused with a clear 4xx and leaves nothing stored;
// a good photo is stored re-encoded with no metadata, attached to the request that refers to it,
// read back by staff only (each view recorded), and deleted unattached after its hours or with
// its request.
import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_LIMITS } from '../../../../server/photos/limits.js';
import { sweepUnattached } from '../../../../server/photos/store.js';
import { retentionFrom } from '../../../../server/retention.js';
import { ADMIN_URL, AMELIA, repoRoot, STAFF_AUTH, startServer, type Json, type TestServer } from '../../support/helpers.js';
import { HEIC_HEADER, jpegWithGps, PDF, png, pngBomb, polyglot, SVG_WITH_SCRIPT, truncatedJpeg, webp } from '../../../fixtures/photos/make.js';
import { heicBomb, heicWithGps, truncatedHeic } from '../../../fixtures/photos/heic.js';
import { STORE } from '../../support/postgres.js';

const UPLOAD = '/api/v1/triage/patient/photos';
let server: TestServer;
let base: string;
// The server's clock starts at the real time: a stored request's received time is the real clock's
// (server/storedRequests.ts), and the retention sweep below moves this clock 91 days on from it. A
// fixed date here went stale a day later (the request, stamped with the real date, was then
// younger than 90 days on the moved clock).
let clock = Date.now();

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gp-photos-test-'));
  mkdirSync(path.join(dataDir, 'practice', 'forms'), { recursive: true });
  copyFileSync(path.join(repoRoot, 'tests/fixtures/photos/PHOTO_ENQUIRY.form.json'), path.join(dataDir, 'practice', 'forms', 'PHOTO_ENQUIRY.form.json'));
  server = await startServer({ dataDir, notifications: { autoStart: false }, now: () => clock });
  base = await server.app.listen({ host: '127.0.0.1', port: 0 });
}, 60_000);
afterAll(async () => server?.cleanup());

const storedPhotos = async () => Number((await server.store.get<{ n: number }>('SELECT COUNT(*) AS n FROM photos'))?.n ?? 0);

/** A browser of its own: it keeps the photo key cookie the first upload sets. */
function browser() {
  let cookie: string | undefined;
  const draft = `draft-${Math.random().toString(36).slice(2, 12)}`;
  const call = async (method: string, url: string, body?: BodyInit, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${url}`, { method, body, headers: { ...(cookie ? { cookie } : {}), ...headers } });
    const set = response.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0];
    return response;
  };
  return {
    draft,
    call,
    upload: (bytes: Buffer, type = 'image/jpeg', headers: Record<string, string> = {}) =>
      call('POST', `${UPLOAD}?draft=${draft}`, new Uint8Array(bytes), { 'content-type': type, ...headers }),
    cookie: () => cookie,
  };
}

const photoEnquiry = (photos: string[]) => ({
  formType: 'PHOTO_ENQUIRY',
  triageRequestType: 'PHOTO_ENQUIRY',
  submittedDate: '2026-11-28T11:59:00.000Z',
  patient: { ...AMELIA, contactDetails: { emailAddress: 'amelia.testwell@example.com' } },
  description: 'A rash on my arm',
  ...(photos.length > 0 ? { photos } : {}),
});

describe(`photos on ${STORE}`, () => {
  describe('refused, each with a clear 4xx, and nothing stored', () => {
    const cases: Array<[string, () => Promise<Buffer> | Buffer, string, number, RegExp]> = [
      ['a polyglot (a JPEG with a web page after it)', polyglot, 'image/jpeg', 422, /web page code/],
      ['an SVG with a script', () => SVG_WITH_SCRIPT, 'image/svg+xml', 415, /JPEG, PNG, HEIC or WebP.*SVG/],
      ['a PNG decompression bomb (400 million pixels in 50 kB)', () => pngBomb(), 'image/png', 422, /too big to open \(more than 50 million pixels\)/],
      ['a truncated JPEG', truncatedJpeg, 'image/jpeg', 422, /could not be opened.*damaged or only partly sent/],
      ['a PDF named photo.jpg and sent as image/jpeg', () => PDF, 'image/jpeg', 415, /This file is a PDF document/],
      ['a HEIC header with no picture after it', () => HEIC_HEADER, 'image/heic', 422, /could not be opened.*damaged or only partly sent/],
      ['a truncated HEIC', truncatedHeic, 'image/heic', 422, /could not be opened.*damaged or only partly sent/],
      ['a HEIC bomb (declaring 20,000 x 20,000 pixels)', () => heicBomb(), 'image/heic', 422, /too big to open \(more than 50 million pixels\)/],
      ['an empty body', () => Buffer.alloc(0), 'image/jpeg', 400, /No photo was sent/],
    ];
    for (const [name, make, type, status, message] of cases) {
      it(name, async () => {
        const before = await storedPhotos();
        const response = await browser().upload(await make(), type, { 'x-file-name': 'photo.jpg' });
        const body = (await response.json()) as Json;
        expect(response.status, JSON.stringify(body)).toBe(status);
        expect(body.message).toMatch(message);
        expect(await storedPhotos()).toBe(before);
      });
    }

    it('a 50 MB file: 413 before it is read (its length declared), and sent without a length too', async () => {
      const before = await storedPhotos();
      const big = Buffer.alloc(50 * 1024 * 1024, 0xff);
      big.set([0xff, 0xd8, 0xff, 0xe0]);
      const declared = await browser().upload(big);
      expect(declared.status).toBe(413);
      expect(((await declared.json()) as Json).message).toMatch(/too large\. The most we accept is 10 MB/);
      // Streamed in chunks with no Content-Length: the body limit stops it at 10 MB.
      let sentChunks = 0;
      const streamed = await fetch(`${base}${UPLOAD}?draft=draft-streamed`, {
        method: 'POST',
        body: new ReadableStream<Uint8Array>({
          pull(controller) {
            if (sentChunks === 50) controller.close();
            else controller.enqueue(big.subarray(sentChunks * 1024 * 1024, ++sentChunks * 1024 * 1024));
          },
        }),
        duplex: 'half',
        headers: { 'content-type': 'application/octet-stream' },
      } as RequestInit).catch((error: unknown) => error);
      // Either the server's 413 arrives, or it closed the connection once past the limit: never stored.
      if (streamed instanceof Response) expect(streamed.status).toBe(413);
      expect(await storedPhotos()).toBe(before);
    });

    it('an upload without the request being built (draft) is 400', async () => {
      const response = await fetch(`${base}${UPLOAD}`, { method: 'POST', body: new Uint8Array(await png()) });
      expect(response.status).toBe(400);
      expect(((await response.json()) as Json).message).toMatch(/draft/);
    });
  });

  describe('a good photo', () => {
    it('is stored re-encoded as a JPEG of at most 2,048 px with no metadata; staff read it back, the view recorded', async () => {
      const patient = browser();
      const original = await jpegWithGps(3000, 2000);
      expect((await sharp(original).metadata()).exif).toBeDefined();
      const up = await patient.upload(original);
      const created = (await up.json()) as Json;
      expect(up.status, JSON.stringify(created)).toBe(201);
      expect(created.id).toMatch(/^ph_[0-9a-f]{32}$/);
      expect(up.headers.get('set-cookie')).toMatch(/^gp_photo_key=[0-9a-f]{64}; Path=\/; HttpOnly; SameSite=Strict/);
      const second = (await (await patient.upload(await png(), 'application/octet-stream')).json()) as Json;
      const third = (await (await patient.upload(await webp(), 'text/plain')).json()) as Json;
      expect(second.id).toMatch(/^ph_/);

      // The patient sees their own thumbnail while it waits; another browser does not, nor does anyone once sent.
      const thumb = await patient.call('GET', `${UPLOAD}/${created.id}/thumbnail`);
      expect(thumb.status).toBe(200);
      expect(thumb.headers.get('content-type')).toBe('image/jpeg');
      expect((await browser().call('GET', `${UPLOAD}/${created.id}/thumbnail`)).status).toBe(404);
      // Removed by the patient: gone.
      expect((await patient.call('DELETE', `${UPLOAD}/${third.id}`)).status).toBe(204);
      expect((await patient.call('GET', `${UPLOAD}/${third.id}/thumbnail`)).status).toBe(404);

      // Only photo ids: anything else in a photos answer is refused by the form's own check.
      const junk = await patient.call('POST', ADMIN_URL, JSON.stringify(photoEnquiry(['<img src=x>'])), { 'content-type': 'application/json' });
      expect(junk.status).toBe(400);
      // Someone else's browser cannot attach the patient's photo.
      const thief = await browser().call('POST', ADMIN_URL, JSON.stringify(photoEnquiry([created.id])), { 'content-type': 'application/json' });
      expect(thief.status, await thief.clone().text()).toBe(422);
      expect(((await thief.json()) as Json).message).toMatch(/no longer available/);

      const sent = await patient.call('POST', ADMIN_URL, JSON.stringify(photoEnquiry([created.id, second.id])), { 'content-type': 'application/json' });
      const request = (await sent.json()) as Json;
      expect(sent.status, JSON.stringify(request)).toBe(201);
      // Once sent, the patient's own link to it is closed.
      expect((await patient.call('GET', `${UPLOAD}/${created.id}/thumbnail`)).status).toBe(404);

      // Staff only.
      expect((await fetch(`${base}/api/v1/practice/photos/${created.id}`)).status).toBe(401);
      const listed = (await (await fetch(`${base}/api/v1/practice/requests/${request.id}/photos`, { headers: STAFF_AUTH })).json()) as Json[];
      expect(listed.map((p) => p.id)).toEqual([created.id, second.id]);
      expect(listed[0]).toMatchObject({ field: 'photos', width: 2048, height: 1365 });
      const full = await fetch(`${base}/api/v1/practice/photos/${created.id}`, { headers: STAFF_AUTH });
      expect(full.status).toBe(200);
      expect(full.headers.get('content-type')).toBe('image/jpeg');
      expect(full.headers.get('content-disposition')).toBe(`inline; filename="${created.id}.jpg"`);
      expect(full.headers.get('x-content-type-options')).toBe('nosniff');
      expect(full.headers.get('cache-control')).toBe('private, no-store');
      expect(full.headers.get('content-security-policy')).toBe("default-src 'none'; img-src 'self'; sandbox");
      const bytes = Buffer.from(await full.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 2048, height: 1365 });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(bytes.toString('latin1')).not.toMatch(/GpsTestCam|SN998877|Exif/);
      // The PNG came back a JPEG too.
      expect(
        (await sharp(Buffer.from(await (await fetch(`${base}/api/v1/practice/photos/${second.id}`, { headers: STAFF_AUTH })).arrayBuffer())).metadata()).format,
      ).toBe('jpeg');
      // The inbox shows the thumbnails beside their question, each opening the full picture.
      const inbox = await (await fetch(`${base}/practice/inbox`, { headers: STAFF_AUTH })).text();
      expect(inbox).toContain(
        `<a href="/api/v1/practice/photos/${created.id}"><img src="/api/v1/practice/photos/${created.id}/thumbnail" alt="Photo 1 of 2: open the full picture" width="160"></a>`,
      );
      const views = (await (await fetch(`${base}/api/v1/practice/photos/${created.id}/views`, { headers: STAFF_AUTH })).json()) as Json;
      expect(views.views).toEqual([{ what: 'image', byUser: 'practice-api-token', at: clock }]);

      // The request carries the ids, never the bytes.
      const stored = (await (await fetch(`${base}/api/v1/practice/requests`, { headers: STAFF_AUTH })).json()) as Json[];
      expect(stored.find((r) => r.id === request.id)?.body.photos).toEqual([created.id, second.id]);

      // A photo attaches once: sending it again with another request is refused.
      const again = await patient.call('POST', ADMIN_URL, JSON.stringify(photoEnquiry([created.id])), { 'content-type': 'application/json' });
      expect(again.status).toBe(422);

      // Retention: the request and its photos and their views go together.
      const photosBefore = await storedPhotos();
      clock += 91 * 24 * 60 * 60_000;
      try {
        const swept = await server.sweepRetention();
        expect(swept.photos).toBeGreaterThanOrEqual(2);
        expect(swept.photoViews).toBeGreaterThanOrEqual(1);
        expect((await fetch(`${base}/api/v1/practice/photos/${created.id}`, { headers: STAFF_AUTH })).status).toBe(404);
        expect(await storedPhotos()).toBeLessThanOrEqual(photosBefore - 2);
      } finally {
        clock -= 91 * 24 * 60 * 60_000;
      }
      expect(retentionFrom(undefined).requestDays).toBe(90);
    });

    it('a HEIC (an iPhone photo) is stored as a re-encoded JPEG with no metadata; staff read it back', async () => {
      const patient = browser();
      const original = heicWithGps();
      // The fixture does carry the metadata that must go.
      expect(original.toString('latin1')).toMatch(/GpsTestCam/);
      const up = await patient.upload(original, 'image/heic', { 'x-file-name': 'IMG_0001.HEIC' });
      const created = (await up.json()) as Json;
      expect(up.status, JSON.stringify(created)).toBe(201);
      const sent = await patient.call('POST', ADMIN_URL, JSON.stringify(photoEnquiry([created.id])), { 'content-type': 'application/json' });
      const request = (await sent.json()) as Json;
      expect(sent.status, JSON.stringify(request)).toBe(201);
      const listed = (await (await fetch(`${base}/api/v1/practice/requests/${request.id}/photos`, { headers: STAFF_AUTH })).json()) as Json[];
      expect(listed).toEqual([expect.objectContaining({ id: created.id, width: 320, height: 240 })]);
      const full = await fetch(`${base}/api/v1/practice/photos/${created.id}`, { headers: STAFF_AUTH });
      expect(full.status).toBe(200);
      expect(full.headers.get('content-type')).toBe('image/jpeg');
      const bytes = Buffer.from(await full.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(bytes.toString('latin1')).not.toMatch(/GpsTestCam|SN998877|Exif|ftyp/);
      // The pixels are the picture's own (red 200, 60, 60), decoded, not a blank.
      const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
      expect(Math.abs(data[0]! - 200)).toBeLessThan(16);
      expect(Math.abs(data[1]! - 60)).toBeLessThan(16);
      expect(Math.abs(data[2]! - 60)).toBeLessThan(16);
    });

    it('at most 5 per request being built: the sixth is 409', async () => {
      const patient = browser();
      const small = await png(64, 64);
      for (let i = 0; i < PHOTO_LIMITS.perRequest; i++) expect((await patient.upload(small)).status).toBe(201);
      const sixth = await patient.upload(small);
      expect(sixth.status).toBe(409);
      expect(((await sixth.json()) as Json).message).toMatch(/up to 5 photos/);
    });

    it('never sent: deleted after its hours by the sweep', async () => {
      const patient = browser();
      const up = (await (await patient.upload(await png(64, 64))).json()) as Json;
      expect(await sweepUnattached(server.store, clock)).toBe(0);
      expect((await patient.call('GET', `${UPLOAD}/${up.id}/thumbnail`)).status).toBe(200);
      const swept = await sweepUnattached(server.store, clock + PHOTO_LIMITS.unattachedKeptMs + 1);
      expect(swept).toBeGreaterThanOrEqual(1);
      expect((await patient.call('GET', `${UPLOAD}/${up.id}/thumbnail`)).status).toBe(404);
    });
  });
});
