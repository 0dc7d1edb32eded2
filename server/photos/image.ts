// Every accepted photo is decoded and written anew (libvips through sharp): what is stored is
// pixels we produced, a JPEG of bounded size with no metadata at all (no EXIF location, no camera
// serial, no comment, no trailing data), never the bytes the patient's device sent.
import sharp, { type Metadata, type Sharp } from 'sharp';
import { HttpError } from '../errors.js';
import { acceptedFormat, PHOTO_MESSAGES } from './content.js';
import { decodeHeic } from './heic.js';
import { PHOTO_LIMITS } from './limits.js';

// One decode at a time per picture and no cache: the server shares its cores with every patient.
sharp.concurrency(1);
sharp.cache(false);

export interface ProcessedPhoto {
  image: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
}

let decoding = 0;
const waiting: Array<() => void> = [];

/** At most decodingAtOnce pictures decoded together; a short queue waits; past it, 503 (try again). */
async function withDecoder<T>(fn: () => Promise<T>): Promise<T> {
  if (decoding >= PHOTO_LIMITS.decodingAtOnce) {
    if (waiting.length >= PHOTO_LIMITS.decodingQueue) throw new HttpError(503, 'Too many photos are being sent just now. Try again in a few seconds.');
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else decoding++;
  try {
    return await fn();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else decoding--;
  }
}

/**
 * Checks the file by content, then decodes it (refusing a truncated or broken file and one whose
 * header declares more than maxPixels, before any pixel is decoded), turns it upright by its
 * orientation tag, shrinks it to maxSide and writes a JPEG and a thumbnail without metadata.
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  const format = acceptedFormat(input);
  if (input.length > PHOTO_LIMITS.maxFileBytes) throw new HttpError(413, PHOTO_MESSAGES.tooLarge(PHOTO_LIMITS.maxFileBytes / (1024 * 1024)));
  return withDecoder(async () => {
    let open: () => Sharp;
    if (format === 'heic') {
      // Decoded by libheif (heic.ts) after the same pixel check; libheif has already turned it upright.
      const pixels = await decodeHeic(input);
      open = () => sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 4 } });
    } else {
      open = () => sharp(input, { limitInputPixels: PHOTO_LIMITS.maxPixels, failOn: 'truncated', animated: false });
      let meta: Metadata;
      try {
        // The header only (no pixel is decoded), without the pixel limit, so a bomb is named as one.
        meta = await sharp(input, { limitInputPixels: false, failOn: 'none' }).metadata();
      } catch {
        throw new HttpError(422, PHOTO_MESSAGES.unreadable);
      }
      // The header must agree with the first bytes (a WebP header over something else is no WebP).
      if (meta.format !== format) throw new HttpError(422, PHOTO_MESSAGES.unreadable);
      const width = meta.width ?? 0;
      const height = meta.height ?? 0;
      if (width < 1 || height < 1) throw new HttpError(422, PHOTO_MESSAGES.unreadable);
      if (width * height > PHOTO_LIMITS.maxPixels) throw new HttpError(422, PHOTO_MESSAGES.tooManyPixels(PHOTO_LIMITS.maxPixels / 1_000_000));
    }
    try {
      // Decoded once to a bounded size; both outputs come from it. sharp writes no metadata unless asked.
      const upright = await open()
        .rotate()
        .resize({ width: PHOTO_LIMITS.maxSide, height: PHOTO_LIMITS.maxSide, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const raw = { raw: { width: upright.info.width, height: upright.info.height, channels: upright.info.channels } } as const;
      const image = await sharp(upright.data, raw).jpeg({ quality: 85 }).toBuffer();
      const thumbnail = await sharp(upright.data, raw)
        .resize({ width: PHOTO_LIMITS.thumbnailSide, height: PHOTO_LIMITS.thumbnailSide, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 75 })
        .toBuffer();
      return { image, thumbnail, width: upright.info.width, height: upright.info.height };
    } catch {
      throw new HttpError(422, PHOTO_MESSAGES.unreadable);
    }
  });
}
