// Photos in the store (migration 0009-photos): uploads bound to a photo key and a draft, attached
// to a request when it is sent, deleted unattached after a few hours or with their request.
import { createHash, randomBytes } from 'node:crypto';
import { HttpError } from '../errors.js';
import { LONG_WINDOW_BUCKET_PREFIX } from '../rate-limits.js';
import type { Sql } from '../store/types.js';
import type { ProcessedPhoto } from './image.js';
import { PHOTO_LIMITS, photoCounts } from './limits.js';

/** A photo's id: `ph_` and 32 hex characters (random, so one id tells nothing of another). */
export const PHOTO_ID_PATTERN = /^ph_[0-9a-f]{32}$/;
/** The request being built, as the page names it (a random id it makes once per form). */
export const DRAFT_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

const HOUR_MS = 60 * 60_000;
const CLIENT_BUCKET = `${LONG_WINDOW_BUCKET_PREFIX}photo-upload`;
const ALL_BUCKET = `${LONG_WINDOW_BUCKET_PREFIX}photo-upload-all`;
const ALL_CLIENT = '*';

export function keyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** One more upload in the hour's count of (bucket, client); answers the count and when the hour began. */
async function countHour(store: Sql, bucket: string, client: string, now: number): Promise<{ n: number; start: number }> {
  const expired = now - HOUR_MS;
  const row = await store.get<{ n: number; window_start: number }>(
    `INSERT INTO rate_limit_windows (bucket, client, window_start, n) VALUES (?, ?, ?, 1)
     ON CONFLICT (bucket, client) DO UPDATE SET
       n = CASE WHEN rate_limit_windows.window_start <= ? THEN 1 ELSE rate_limit_windows.n + 1 END,
       window_start = CASE WHEN rate_limit_windows.window_start <= ? THEN ? ELSE rate_limit_windows.window_start END
     RETURNING n, window_start`,
    [bucket, client, now, expired, expired, now],
  );
  return { n: Number(row?.n ?? 1), start: Number(row?.window_start ?? now) };
}

function minutesLeft(start: number, now: number): number {
  return Math.max(1, Math.ceil((start + HOUR_MS - now) / 60_000));
}

/**
 * Counts an upload against the hourly limits before any work is done on it (so refused files
 * count too: a flood of junk is still a flood). Throws 429 past the client's or everyone's.
 */
export async function countUpload(store: Sql, client: string, now: number): Promise<void> {
  const limits = photoCounts(store);
  const mine = await countHour(store, CLIENT_BUCKET, client, now);
  if (mine.n > limits.perClientPerHour)
    throw new HttpError(
      429,
      `Too many photos sent from this device: at most ${limits.perClientPerHour} an hour. Try again in ${minutesLeft(mine.start, now)} minutes.`,
    );
  const all = await countHour(store, ALL_BUCKET, ALL_CLIENT, now);
  if (all.n > limits.allPerHour)
    throw new HttpError(
      429,
      `We are receiving too many photos just now. Try again in ${minutesLeft(all.start, now)} minutes, or send your request without photos.`,
    );
}

export interface StoredUpload {
  id: string;
  width: number;
  height: number;
  size: number;
}

/**
 * Stores a processed photo as an unattached upload of (key, draft), in one transaction that
 * first checks the draft holds fewer than perRequest photos and the unattached uploads of
 * everyone stay under the byte ceiling.
 */
export async function insertUpload(store: Sql, owner: { keyHash: string; draft: string }, photo: ProcessedPhoto, now: number): Promise<StoredUpload> {
  const id = `ph_${randomBytes(16).toString('hex')}`;
  const size = photo.image.length + photo.thumbnail.length;
  return store.tx(async (tx) => {
    if (tx.dialect === 'postgres') await tx.get('SELECT pg_advisory_xact_lock(?::bigint)', [PHOTO_INSERT_LOCK]);
    const inDraft = await tx.get<{ n: number }>('SELECT COUNT(*) AS n FROM photos WHERE key_hash = ? AND draft = ? AND request_id IS NULL', [
      owner.keyHash,
      owner.draft,
    ]);
    if (Number(inDraft?.n ?? 0) >= PHOTO_LIMITS.perRequest)
      throw new HttpError(409, `You can send up to ${PHOTO_LIMITS.perRequest} photos with one request. Remove one to add another.`);
    const held = await tx.get<{ total: number | null }>('SELECT SUM(size) AS total FROM photos WHERE request_id IS NULL');
    if (Number(held?.total ?? 0) + size > PHOTO_LIMITS.unattachedBytesCeiling)
      throw new HttpError(503, 'We cannot take more photos just now. Try again later, or send your request without photos.');
    await tx.run(
      `INSERT INTO photos (id, key_hash, draft, created_at, width, height, size, sha256, image, thumbnail)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        owner.keyHash,
        owner.draft,
        now,
        photo.width,
        photo.height,
        size,
        createHash('sha256').update(photo.image).digest('hex'),
        photo.image,
        photo.thumbnail,
      ],
    );
    return { id, width: photo.width, height: photo.height, size };
  });
}

/** pg_advisory_xact_lock key serialising photo inserts across instances (the draft and ceiling counts). */
const PHOTO_INSERT_LOCK = 290_041;

/** The key holder's own unattached upload (its thumbnail, or that it exists); undefined otherwise. */
export async function ownUpload(store: Sql, id: string, hash: string): Promise<{ thumbnail: Buffer } | undefined> {
  const row = await store.get<{ thumbnail: Buffer }>('SELECT thumbnail FROM photos WHERE id = ? AND key_hash = ? AND request_id IS NULL', [id, hash]);
  return row ? { thumbnail: Buffer.from(row.thumbnail) } : undefined;
}

/** Removes the key holder's unattached upload; answers whether there was one. */
export async function removeUpload(store: Sql, id: string, hash: string): Promise<boolean> {
  return (await store.run('DELETE FROM photos WHERE id = ? AND key_hash = ? AND request_id IS NULL', [id, hash])).changes === 1;
}

/** A photo reference of a request's answers: the question it answers and the photo's id. */
export interface PhotoRef {
  field: string;
  id: string;
}

/**
 * Attaches the photos a request refers to (inside its transaction): each must be an unattached
 * upload of this photo key. Anything else is a 422 and the whole request is refused, so a
 * request never refers to a photo that is not its own or not there.
 */
export async function attachPhotos(tx: Sql, requestId: string, refs: readonly PhotoRef[], hash: string | undefined, now: number): Promise<void> {
  if (refs.length === 0) return;
  if (refs.length > PHOTO_LIMITS.perRequest)
    throw new HttpError(422, `A request can carry at most ${PHOTO_LIMITS.perRequest} photos; this one refers to ${refs.length}.`);
  for (const [position, ref] of refs.entries()) {
    const changed = hash
      ? (
          await tx.run('UPDATE photos SET request_id = ?, field = ?, position = ?, attached_at = ? WHERE id = ? AND key_hash = ? AND request_id IS NULL', [
            requestId,
            ref.field,
            position,
            now,
            ref.id,
            hash,
          ])
        ).changes
      : 0;
    if (changed !== 1)
      throw new HttpError(422, `A photo of this request is no longer available (it may have been removed, or kept too long unsent). Add the photo again.`, {
        details: [{ path: `/${ref.field}`, message: `photo ${ref.id} is not an upload of this browser waiting to be sent` }],
      });
  }
}

/** Deletes uploads never attached within unattachedKeptMs; answers how many. */
export async function sweepUnattached(store: Sql, now: number): Promise<number> {
  return (await store.run('DELETE FROM photos WHERE request_id IS NULL AND created_at < ?', [now - PHOTO_LIMITS.unattachedKeptMs])).changes;
}

/** Photos whose request is gone some other way than the retention sweep (the demo reset): answers how many. */
export async function sweepDetached(store: Sql): Promise<number> {
  return (await store.run('DELETE FROM photos WHERE request_id IS NOT NULL AND request_id NOT IN (SELECT id FROM requests)')).changes;
}

export interface PhotoInfo {
  id: string;
  requestId: string;
  field: string | null;
  width: number;
  height: number;
  sha256: string;
}

/** An attached photo's bytes (the picture or its thumbnail) for staff; undefined when there is none. */
export async function staffPhoto(store: Sql, id: string, what: 'image' | 'thumbnail'): Promise<(PhotoInfo & { bytes: Buffer }) | undefined> {
  const column = what === 'image' ? 'image' : 'thumbnail';
  const row = await store.get<{ id: string; request_id: string; field: string | null; width: number; height: number; sha256: string; bytes: Buffer }>(
    `SELECT id, request_id, field, width, height, sha256, ${column} AS bytes FROM photos WHERE id = ? AND request_id IS NOT NULL`,
    [id],
  );
  if (!row) return undefined;
  return {
    id: row.id,
    requestId: row.request_id,
    field: row.field,
    width: Number(row.width),
    height: Number(row.height),
    sha256: row.sha256,
    bytes: Buffer.from(row.bytes),
  };
}

/** The photos of a request, in the order its answers give them. */
export async function requestPhotos(store: Sql, requestId: string): Promise<PhotoInfo[]> {
  const rows = await store.all<{ id: string; request_id: string; field: string | null; width: number; height: number; sha256: string }>(
    'SELECT id, request_id, field, width, height, sha256 FROM photos WHERE request_id = ? ORDER BY position',
    [requestId],
  );
  return rows.map((r) => ({ id: r.id, requestId: r.request_id, field: r.field, width: Number(r.width), height: Number(r.height), sha256: r.sha256 }));
}

/** One audit row per time staff opened a photo. */
export async function recordView(
  store: Sql,
  photo: { id: string; requestId: string },
  what: 'image' | 'thumbnail',
  byUser: string,
  now: number,
): Promise<void> {
  await store.run('INSERT INTO photo_views (photo_id, request_id, what, by_user, at) VALUES (?, ?, ?, ?, ?)', [photo.id, photo.requestId, what, byUser, now]);
}

export async function photoViews(store: Sql, photoId: string): Promise<Array<{ what: string; byUser: string; at: number }>> {
  const rows = await store.all<{ what: string; by_user: string; at: number }>('SELECT what, by_user, at FROM photo_views WHERE photo_id = ? ORDER BY seq', [
    photoId,
  ]);
  return rows.map((r) => ({ what: r.what, byUser: r.by_user, at: Number(r.at) }));
}
