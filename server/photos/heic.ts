// HEIC/HEIF (an iPhone's "High Efficiency" photos): sharp's prebuilt libvips has no HEVC decoder,
// so these are decoded by libheif compiled to WebAssembly (heic-decode), then written anew by
// sharp exactly as every other photo. The container is read first and each picture's declared
// size checked against the same pixel limit before any pixel is decoded.
import type heicDecode from 'heic-decode';
import { HttpError } from '../errors.js';
import { PHOTO_MESSAGES } from './content.js';
import { PHOTO_LIMITS } from './limits.js';

export interface DecodedPixels {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel. */
  data: Buffer;
}

// Loaded on the first HEIC only: the decoder is a few megabytes of WebAssembly.
let decoder: Promise<typeof heicDecode> | undefined;
const loadDecoder = () => (decoder ??= import('heic-decode').then((m) => m.default));

export async function decodeHeic(input: Buffer): Promise<DecodedPixels> {
  const decode = await loadDecoder();
  let images: Awaited<ReturnType<typeof decode.all>>;
  try {
    images = await decode.all({ buffer: new Uint8Array(input.buffer, input.byteOffset, input.length) });
  } catch {
    throw new HttpError(422, PHOTO_MESSAGES.unreadable);
  }
  try {
    const first = images[0];
    if (!first) throw new HttpError(422, PHOTO_MESSAGES.unreadable);
    const { width, height } = first;
    if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) throw new HttpError(422, PHOTO_MESSAGES.unreadable);
    if (width * height > PHOTO_LIMITS.maxPixels) throw new HttpError(422, PHOTO_MESSAGES.tooManyPixels(PHOTO_LIMITS.maxPixels / 1_000_000));
    let pixels;
    try {
      pixels = await first.decode();
    } catch {
      throw new HttpError(422, PHOTO_MESSAGES.unreadable);
    }
    if (pixels.width !== width || pixels.height !== height || pixels.data.length !== width * height * 4) throw new HttpError(422, PHOTO_MESSAGES.unreadable);
    return { width, height, data: Buffer.from(pixels.data.buffer, pixels.data.byteOffset, pixels.data.length) };
  } finally {
    images.dispose();
  }
}
