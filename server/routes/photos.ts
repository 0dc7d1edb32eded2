import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PracticePhotoViews } from '../../generated/types/api/practice-photo-views';
import type { PracticeRequestPhotos } from '../../generated/types/api/practice-request-photos';
import type { ServerContext } from '../context.js';
import { cookieHeader, readCookie, TOKEN_PATTERN } from '../cookies.js';
import { HttpError } from '../errors.js';
import { clientKey } from '../identity.js';
import { PHOTO_MESSAGES } from '../photos/content.js';
import { PHOTO_KEY_COOKIE, photoKeyHashOf } from '../photos/key.js';
import { processPhoto } from '../photos/image.js';
import { PHOTO_LIMITS } from '../photos/limits.js';
import {
  countUpload,
  DRAFT_PATTERN,
  insertUpload,
  keyHash,
  ownUpload,
  PHOTO_ID_PATTERN,
  photoViews,
  recordView,
  removeUpload,
  requestPhotos,
  staffPhoto,
  sweepDetached,
  sweepUnattached,
} from '../photos/store.js';

const PHOTO_UPLOAD_PATH = '/api/v1/triage/patient/photos';

/** How often uploads never sent are deleted (they are kept PHOTO_LIMITS.unattachedKeptMs). */
const PHOTO_SWEEP_INTERVAL_MS = 15 * 60_000;

/**
 * A picture as a response: a JPEG we wrote, named as one, that no browser will sniff into anything
 * else or run in the page's origin (a sandbox with nothing allowed), and that no shared cache keeps.
 */
function sendPicture(reply: FastifyReply, bytes: Buffer, filename: string) {
  return reply
    .type('image/jpeg')
    .header('content-disposition', `inline; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .header('x-photo-csp', '1')
    .send(bytes);
}

function photoIdParam(request: FastifyRequest): string {
  const id = (request.params as { id?: string }).id ?? '';
  if (!PHOTO_ID_PATTERN.test(id)) throw new HttpError(404, 'No such photo');
  return id;
}

/**
 * Photos (README "Photos"): the patient's uploads as they are chosen, each checked by content,
 * re-encoded without metadata and stored unattached until the request that refers to them is
 * sent; the practice's staff read them, each view recorded.
 */
export async function registerPhotoRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  startPhotoSweep(app, ctx);
  await app.register(async (scope) => {
    photoScope(scope);
    registerPatientPhotoRoutes(scope, ctx);
    registerStaffPhotoRoutes(scope, ctx);
  });
}

/** Deletes, every PHOTO_SWEEP_INTERVAL_MS, the uploads never sent and the photos of deleted requests. */
function startPhotoSweep(app: FastifyInstance, { store, now }: ServerContext): void {
  const sweep = async () => {
    await sweepUnattached(store, now());
    await sweepDetached(store);
  };
  // A failed sweep (the store briefly away) leaves the rows for the next one.
  const timer = setInterval(() => void sweep().catch(() => undefined), PHOTO_SWEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

/** The photo routes' own scope: raw uploads, and the strictest policy on every picture sent. */
function photoScope(scope: FastifyInstance): void {
  // The upload's body is the file itself, whatever type the browser names (it is never believed).
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PHOTO_LIMITS.maxFileBytes }, (_request, body, done) => done(null, body));
  // A picture answer gets the strictest policy: nothing it could load or run, even opened on its own.
  scope.addHook('onSend', async (_request, reply, payload) => {
    if (reply.getHeader('x-photo-csp') !== undefined) {
      reply.removeHeader('x-photo-csp');
      reply.header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox");
    }
    return payload;
  });
}

/** The patient's side: upload, see the own thumbnail, remove, while the photo waits to be sent. */
function registerPatientPhotoRoutes(scope: FastifyInstance, ctx: ServerContext): void {
  const { store, now } = ctx;
  scope.post(
    PHOTO_UPLOAD_PATH,
    {
      // Too large is said before a byte is read when the length is declared.
      onRequest: async (request) => {
        const length = Number(request.headers['content-length']);
        if (Number.isFinite(length) && length > PHOTO_LIMITS.maxFileBytes)
          throw new HttpError(413, PHOTO_MESSAGES.tooLarge(PHOTO_LIMITS.maxFileBytes / (1024 * 1024)));
      },
    },
    async (request, reply) => {
      const draft = (request.query as { draft?: unknown } | undefined)?.draft;
      if (typeof draft !== 'string' || !DRAFT_PATTERN.test(draft))
        throw new HttpError(400, 'querystring/draft must name the request being built (8 to 64 letters, digits, - or _)');
      await countUpload(store, clientKey(request.ip), now());
      const body = request.body;
      const input = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
      const photo = await processPhoto(input);
      let key = readCookie(request, PHOTO_KEY_COOKIE, TOKEN_PATTERN);
      if (!key) {
        key = randomBytes(32).toString('hex');
        reply.header('set-cookie', cookieHeader(PHOTO_KEY_COOKIE, key, { sameSite: 'Strict', secure: ctx.isHttps(request) }));
      }
      const stored = await insertUpload(store, { keyHash: keyHash(key), draft }, photo, now());
      return reply.code(201).send({
        id: stored.id,
        width: stored.width,
        height: stored.height,
        thumbnailUrl: `${PHOTO_UPLOAD_PATH}/${stored.id}/thumbnail`,
      });
    },
  );

  // The patient's own thumbnail, while the photo waits to be sent (after that, staff only).
  scope.get(`${PHOTO_UPLOAD_PATH}/:id/thumbnail`, async (request, reply) => {
    const id = photoIdParam(request);
    const hash = photoKeyHashOf(request);
    const own = hash ? await ownUpload(store, id, hash) : undefined;
    if (!own) throw new HttpError(404, 'No such photo waiting to be sent from this browser');
    return sendPicture(reply, own.thumbnail, `${id}-thumbnail.jpg`);
  });

  scope.delete(`${PHOTO_UPLOAD_PATH}/:id`, async (request, reply) => {
    const id = photoIdParam(request);
    const hash = photoKeyHashOf(request);
    if (!hash || !(await removeUpload(store, id, hash))) throw new HttpError(404, 'No such photo waiting to be sent from this browser');
    return reply.code(204).send();
  });
}

/** The practice's side: every picture and thumbnail, each view recorded, and the views of each. */
function registerStaffPhotoRoutes(scope: FastifyInstance, ctx: ServerContext): void {
  const { store, now } = ctx;
  // Staff (the staff guard stands in front of every /api/v1/practice path): each view recorded with who.
  const viewer = async (request: FastifyRequest) =>
    (await ctx.staff.sessionUser(request)) ?? (ctx.staff.bearerValid(request) ? 'practice-api-token' : 'unknown');
  for (const what of ['image', 'thumbnail'] as const) {
    scope.get(what === 'image' ? '/api/v1/practice/photos/:id' : '/api/v1/practice/photos/:id/thumbnail', async (request, reply) => {
      const id = photoIdParam(request);
      const photo = await staffPhoto(store, id, what);
      if (!photo) throw new HttpError(404, 'No such photo');
      await recordView(store, photo, what, await viewer(request), now());
      return sendPicture(reply, photo.bytes, what === 'image' ? `${id}.jpg` : `${id}-thumbnail.jpg`);
    });
  }
  scope.get<{ Reply: PracticePhotoViews }>('/api/v1/practice/photos/:id/views', async (request) => {
    const id = photoIdParam(request);
    // The column holds what recordView wrote: 'image' or 'thumbnail'.
    const views: PracticePhotoViews['views'] = (await photoViews(store, id)).map((v) => ({ ...v, what: v.what === 'image' ? 'image' : 'thumbnail' }));
    return { id, views };
  });
  scope.get<{ Reply: PracticeRequestPhotos }>('/api/v1/practice/requests/:requestId/photos', async (request) => {
    const requestId = (request.params as { requestId: string }).requestId;
    const photos = await requestPhotos(store, requestId);
    return photos.map((p) => ({
      ...p,
      url: `/api/v1/practice/photos/${p.id}`,
      thumbnailUrl: `/api/v1/practice/photos/${p.id}/thumbnail`,
    }));
  });
}
